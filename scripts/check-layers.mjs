// The import rules of ARCHITECTURE.md, checked: no import circles (type imports included), and no
// import from a lower layer to a higher one. Reads every .ts / .tsx file under src (tests included
// in the circle check; test files may import across layers, as they test the whole) and prints what
// breaks the rules, and any path LAYERS lists that no longer exists. Exits 1 when something does.
//
//   node scripts/check-layers.mjs            (the report)
//   node scripts/check-layers.mjs --list     (also every import between layers, for a review)

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv.find((a) => a.startsWith('--root='))?.slice(7) ?? '.');
const LIST = process.argv.includes('--list');

/**
 * Layers, lowest first: a file may import from its own layer and the ones below it. Each entry is
 * a path prefix under src/ (longest match wins). Every path listed must exist (checked below), so
 * the list cannot go stale.
 */
const LAYERS = [
  // Shared vocabulary: text helpers, dates and times, input bounds, and the workspace contract
  // (the filesystem's interface, which the agent hands to tools and middleware).
  [
    'base',
    ['core/text/', 'core/time/', 'core/limits.ts', 'core/fs/types.ts', 'core/fs/authorship.ts'],
  ],
  ['agent', ['core/agent/']],
  ['tokens', ['core/tokens/']],
  ['providers, fs, tools', ['core/providers/', 'core/fs/', 'core/tools/']],
  ['thread', ['core/thread/']],
  ['retrieval', ['core/retrieval/']],
  // The flight recorder judges what a removal did; compaction and the strategies report to it, and
  // it imports neither.
  ['recorder', ['core/recorder/']],
  [
    'features (memory, compaction, strategies)',
    ['core/memory/', 'core/compaction/', 'core/strategies/'],
  ],
  // The Demo stands in for a model on every feature's requests: it answers each by its purpose.
  ['demo provider', ['core/providers/demo/']],
  ['settings', ['core/settings.ts']],
  ['harness', ['core/harness/']],
  // The thread session: a thread's working copy, harness, recorder, saves and fact updates.
  ['session', ['core/session/']],
  // sessions: other agents' sessions read into threads (the arena reads them as transcripts).
  [
    'arena, bundle, sessions',
    ['core/arena/', 'core/bundle/', 'core/sessions/', 'core/autopsy/', 'core/sample-workspace.ts'],
  ],
  // Workers run on their own; their clients (adapters) import their message types.
  ['workers', ['workers/']],
  // The session import's worker saves the thread it builds to IndexedDB itself (IdbThreadStore), so
  // that the page never clones or copies a 100 MB thread: a storage edge, so an adapter.
  ['adapters', ['adapters/', 'workers/session-import.worker.ts']],
  ['state', ['state/']],
  // The test pages' scripts (embedder-check, generator-check) are pages, like the UI.
  ['ui', ['ui/', 'main.tsx', 'workers/embedder-check.ts', 'workers/generator-check.ts']],
];

/** Listed paths that do not exist under src/ (a moved or deleted file left in the list). */
const missing = LAYERS.flatMap(([name, prefixes]) =>
  prefixes
    .filter((prefix) => !existsSync(join(root, 'src', prefix)))
    .map((prefix) => ({ name, prefix })),
);

function layerOf(file) {
  const path = relative(join(root, 'src'), file).replaceAll('\\', '/');
  let best;
  LAYERS.forEach(([name, prefixes], rank) => {
    for (const prefix of prefixes)
      if (path.startsWith(prefix) && (!best || prefix.length > best.prefix.length))
        best = { name, rank, prefix };
  });
  return best;
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = walk(join(root, 'src'));
const known = new Set(files);
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (known.has(candidate)) return candidate;
  return undefined;
}

const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// ---- circles: strongly connected components (Tarjan) ----
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function connect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      connect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const file of files) if (!meta.has(file)) connect(file);

// ---- upward imports ----
/** Tests, and (before issue 19) the test fixtures kept in production folders. */
const isTest = (file) => /\.test\.tsx?$|\/test-helpers\.ts$|\/test-threads\.ts$/.test(file);
const upward = [];
const between = [];
for (const [file, targets] of graph) {
  const from = layerOf(file);
  if (!from) continue;
  for (const target of targets) {
    const to = layerOf(target);
    if (!to || to.rank === from.rank) continue;
    const entry = { file, target, from, to };
    between.push(entry);
    if (to.rank > from.rank && !isTest(file)) upward.push(entry);
  }
}

const rel = (file) => relative(join(root, 'src'), file).replaceAll('\\', '/');
console.log(`${files.length} files under src; layers, lowest first:`);
LAYERS.forEach(([name], rank) => console.log(`  ${rank}. ${name}`));
console.log('');
console.log(`Import circles: ${components.length}`);
for (const component of components) console.log(`  ${component.map(rel).sort().join(' <-> ')}`);
console.log('');
console.log(
  `Upward imports (a lower layer importing a higher one; tests excluded): ${upward.length}`,
);
const byPair = new Map();
for (const entry of upward) {
  const key = `${entry.from.name} -> ${entry.to.name}`;
  byPair.set(key, [...(byPair.get(key) ?? []), entry]);
}
for (const [pair, entries] of [...byPair].sort()) {
  console.log(`  ${pair}: ${entries.length}`);
  for (const entry of entries) console.log(`    ${rel(entry.file)} -> ${rel(entry.target)}`);
}
if (LIST) {
  console.log('');
  console.log('Every import between layers:');
  for (const entry of between)
    console.log(
      `  ${entry.from.name} -> ${entry.to.name}: ${rel(entry.file)} -> ${rel(entry.target)}`,
    );
}
console.log('');
console.log(`Listed paths that do not exist: ${missing.length}`);
for (const { name, prefix } of missing) console.log(`  ${name}: src/${prefix}`);
const fixtures = files.filter((f) => /\/test-helpers\.ts$|\/test-threads\.ts$/.test(f));
console.log('');
console.log(`Test fixtures in production folders: ${fixtures.length}`);
for (const file of fixtures) console.log(`  ${rel(file)}`);
process.exit(components.length > 0 || upward.length > 0 || missing.length > 0 ? 1 : 0);
