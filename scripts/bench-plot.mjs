#!/usr/bin/env node
// `npm run bench:plot`: recharts against our plot kit (issue 35), on the same data and in the same
// boxes. Four pages (bench/plot/): the arena's four figures for 10 strategies × a LoCoMo
// conversation, and the token chart of 2,000 model calls with compaction drops and event markers,
// each drawn once with recharts and once with our components. Each page is built by Vite
// (production, minified) on its own into a temp folder; its JS is gzipped (node:zlib, level 9, each
// emitted chunk), set against a page of React alone, and the chart library's share is attributed
// from the bundle's module list. Then each page is opened in headless Chromium, `--runs` times in a
// fresh context: the longest main-thread task (a PerformanceObserver for 'longtask': tasks over
// 50 ms; and a Chromium trace: the longest task of any length, wall and thread CPU) and the time to
// the frame after the last change (performance.now()) of (a) the first mount and (b) a redraw by
// the real mouse: on the arena, the pointer onto the "Tokens sent per turn" chart (its tooltip); on
// the token chart, the brush's start handle dragged to leave a 200-call window.
// Exits non-zero when a page fails to draw (no drawn <path> in its charts), its redraw shows nothing,
// or it throws, so it never prints figures of a page that did not render.
//
//   npm run bench:plot
//   npm run bench:plot -- --runs 5 --locomo ../shared/data/locomo/30.json --json out.json
//   options: --runs N (3, at most 20)  --locomo FILE (conversation 26)  --json FILE (the figures)
//            --modules (each bundle's code by package)  --keep (the built pages and data)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { launchChromium, sleep } from './lib/served-app.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const runs = Number(option('runs', '3'));
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error(`--runs must be a whole number from 1 to 20 (got ${option('runs')})`);
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'bench/plot');
const locomoFile = resolve(
  option('locomo') ??
    [
      '/work/shared/data/locomo',
      join(root, '../shared/data/locomo'),
      join(root, '../../shared/data/locomo'),
    ]
      .map((dir) => join(dir, '26.json'))
      .find((file) => existsSync(file)) ??
    '',
);
const jsonOut = option('json');
const keep = argv.includes('--keep');
const listModules = argv.includes('--modules');
if (!existsSync(locomoFile)) {
  console.error(`No LoCoMo conversation at ${locomoFile}: pass --locomo FILE`);
  process.exit(2);
}

/** The pages: which data they draw, the least drawn paths a real drawing has, their redraw. */
const PAGES = [
  { name: 'recharts-arena', library: 'recharts', chart: 'arena', minPaths: 20 },
  { name: 'kit-arena', library: 'kit', chart: 'arena', minPaths: 20 },
  { name: 'recharts-tokens', library: 'recharts', chart: 'tokens', minPaths: 7 },
  { name: 'kit-tokens', library: 'kit', chart: 'tokens', minPaths: 7 },
];
/** The token chart's redraw: the brush's window to the last this many calls. */
const WINDOW_CALLS = 200;
const CALLS = 2_000;

/** Modules of each library's share of a bundle (recharts and what it brings; d3 and our charts). */
const SHARES = {
  recharts:
    /node_modules\/(recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|es-toolkit|eventemitter3|decimal\.js-light|tiny-invariant|clsx)\//,
  kit: /node_modules\/(d3-[a-z-]+|internmap)\/|\/src\/ui\//,
  none: /^$/,
};

const kb = (bytes) => (bytes / 1024).toFixed(1);
const RECHARTS_VERSION = JSON.parse(
  readFileSync(join(root, 'node_modules/recharts/package.json'), 'utf8'),
).version;

const work = mkdtempSync(join(tmpdir(), 'bench-plot-'));
process.on('exit', () => {
  if (!keep) rmSync(work, { recursive: true, force: true });
});
const failures = [];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

console.log(
  `bench:plot — ${runs} run${runs === 1 ? '' : 's'} per page; ${cpus().length} CPUs; ${uptime()}`,
);

// ---- data --------------------------------------------------------------------------------------
const made = spawnSync(
  process.execPath,
  [
    join(root, 'scripts/run-ts.mjs'),
    'bench/plot/bench-plot-data.ts',
    locomoFile,
    join(work, 'data'),
  ],
  { cwd: root, stdio: 'inherit' },
);
if (made.status !== 0) {
  console.error('bench:plot: building the data failed');
  process.exit(1);
}

// ---- bundles -----------------------------------------------------------------------------------
const bundles = {};
// A page with no chart, only React and the harness: weighed, not opened.
for (const page of [...PAGES, { name: 'baseline', library: 'none' }]) {
  const outDir = join(work, page.name);
  const result = await build({
    configFile: false,
    root: benchDir,
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4000,
      rolldownOptions: {
        input: join(benchDir, `${page.name}.html`),
        // Our modules' top-level calls (memo(…)) would keep every component kit-charts.ts
        // re-exports in every kit page: a page holds only the modules it uses (styles kept).
        treeshake: { moduleSideEffects: (id) => !/\/(src|bench)\/.*\.tsx?$/.test(id) },
      },
    },
  });
  bundles[page.name] = sizesOf(result, page.library);
}

/** The page's JS: every chunk gzipped (level 9), and the chart library's share. */
function sizesOf(result, library) {
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const gz = (text) => gzipSync(text, { level: 9 }).length;
  const total = chunks.reduce((n, chunk) => n + gz(chunk.code), 0);
  // Module code is the code before minification: a share is its part of the gzipped module code,
  // applied to the minified page's total (an estimate: gzip does not split by module).
  const modules = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules).map(([id, m]) => ({ id, code: m.code ?? '' })),
  );
  const share = (test) => {
    const all = gz(modules.map((m) => m.code).join('\n'));
    const part = gz(
      modules
        .filter((m) => test.test(m.id))
        .map((m) => m.code)
        .join('\n'),
    );
    return all > 0 ? Math.round((total * part) / all) : 0;
  };
  if (listModules) printModules(library, modules);
  const libraryModules = modules.filter((m) => SHARES[library].test(m.id)).length;
  if (library !== 'none' && libraryModules === 0)
    failures.push(`${library}: no module of the library in the bundle`);
  return { total, chunks: chunks.length, library: share(SHARES[library]), libraryModules };
}

/** The bundle's code by package (or our folder), largest first, before minification (--modules). */
function printModules(library, modules) {
  const byPart = new Map();
  for (const m of modules) {
    const part =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m.id)?.[1] ??
      m.id
        .replace(root + '/', '')
        .split('/')
        .slice(0, -1)
        .join('/');
    byPart.set(part, (byPart.get(part) ?? 0) + m.code.length);
  }
  console.log(`  modules of the ${library} page (KB before minification):`);
  for (const [part, bytes] of [...byPart].sort((a, b) => b[1] - a[1]))
    console.log(`    ${kb(bytes).padStart(7)}  ${part}`);
}

// ---- the pages in Chromium ---------------------------------------------------------------------
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
const ORIGIN = 'http://bench.plot';
const results = [];
const browser = await launchChromium();
const chromiumVersion = browser.version();
try {
  for (const page of PAGES) {
    for (let run = 1; run <= runs; run++) {
      try {
        results.push({ page: page.name, run, ...(await measure(page)) });
      } catch (error) {
        failures.push(`${page.name} run ${run}: ${String(error).split('\n')[0]}`);
        console.log(`  ${page.name} run ${run} failed: ${failures.at(-1)}`);
      }
    }
  }
} finally {
  await browser.close();
}

async function measure(spec) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  try {
    // The built page and the data, from the temp folder (no server, no port).
    await context.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice(1);
      const file = path.endsWith('.json') ? join(work, 'data', path) : join(work, spec.name, path);
      if (!existsSync(file)) return route.fulfill({ status: 404, body: `no ${path}` });
      return route.fulfill({
        status: 200,
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
        body: readFileSync(file),
      });
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${ORIGIN}/${spec.name}.html`);
    await page.waitForFunction(() => window.__plotBench || window.__plotBenchError, undefined, {
      timeout: 120_000,
    });
    const setupError = await page.evaluate(() => window.__plotBenchError);
    if (setupError) throw new Error(setupError);
    // The load's own tasks (parsing the bundle, the data) pass first.
    await sleep(500);

    const mount = await traced(page, () => page.evaluate(() => window.__plotBench.mount()));
    if (errors.length) throw new Error(`the page threw: ${errors[0]}`);
    if (mount.paths < spec.minPaths)
      throw new Error(`drew ${mount.paths} paths (a drawing has at least ${spec.minPaths})`);

    const hooks = await page.evaluate(() => ({
      target: window.__plotBench.hooks.target,
      track: window.__plotBench.hooks.track,
      handle: window.__plotBench.hooks.handle,
    }));
    const target = await page.locator(hooks.target).first().boundingBox();
    if (!target) throw new Error(`no ${hooks.target} on the page`);
    const gesture =
      spec.chart === 'arena' ? hover(page, target) : await brushDrag(page, target, hooks);
    await gesture.prepare();
    const redraw = await traced(page, async () => {
      await page.evaluate(() => window.__plotBench.arm());
      await gesture.act();
      return page.evaluate(() => window.__plotBench.settled());
    });
    redraw.shown = await page.evaluate(() => window.__plotBench.hooks.describe());
    gesture.check(redraw.shown);
    if (errors.length) throw new Error(`the page threw: ${errors[0]}`);
    return { mount, redraw };
  } finally {
    await context.close();
  }
}

/** From beside the arena's per-turn chart onto its middle: the guide, the dots, the tooltip. */
function hover(page, chart) {
  return {
    prepare: async () => {
      await page.mouse.move(chart.x - 30, chart.y + chart.height / 2);
      await sleep(300);
    },
    act: () => page.mouse.move(chart.x + chart.width * 0.55, chart.y + chart.height * 0.45),
    check: (shown) => {
      if (!/turn/i.test(shown))
        throw new Error(`the hover showed no tooltip (${shown || 'nothing'})`);
    },
  };
}

/** The brush's start handle from the first call to the 1,801st in one move: the last 200 calls. */
async function brushDrag(page, handle, hooks) {
  const track = await page.locator(hooks.track).first().boundingBox();
  if (!track) throw new Error(`no ${hooks.track} on the page`);
  const y = handle.y + handle.height / 2;
  const from = handle.x + handle.width / 2;
  const share = (CALLS - WINDOW_CALLS) / (CALLS - 1);
  const to =
    hooks.handle === 'edge'
      ? from + (track.width - handle.width) * share
      : track.x + track.width * share;
  return {
    prepare: async () => {
      await page.mouse.move(from, y);
      await sleep(600);
    },
    act: async () => {
      await page.mouse.down();
      await page.mouse.move(to, y);
      await page.mouse.up();
    },
    check: (shown) => {
      const match = /calls (\d+)–(\d+)/.exec(shown);
      const span = match ? Number(match[2]) - Number(match[1]) + 1 : 0;
      if (Math.abs(span - WINDOW_CALLS) > WINDOW_CALLS * 0.1)
        throw new Error(`the brush left "${shown}", not a ${WINDOW_CALLS}-call window`);
    },
  };
}

/**
 * `action` under a Chromium trace: its result, with the longest main-thread task of the trace, of
 * any length, as wall and thread CPU ms (a task that waited for a core on a loaded machine has far
 * less CPU than wall).
 */
async function traced(page, action) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  let result;
  try {
    result = await action();
  } finally {
    const buffer = await browser.stopTracing();
    if (result) result.traced = longestTask(buffer);
  }
  return result;
}

function longestTask(buffer) {
  const parsed = JSON.parse(buffer.toString());
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let top = { wall: 0, cpu: 0 };
  for (const e of events)
    if (/RunTask$/.test(e.name) && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
      if ((e.dur ?? 0) / 1000 > top.wall)
        top = { wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 };
  return top;
}

// ---- report ------------------------------------------------------------------------------------
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
/** A run's longest task over 50 ms; 0 when none was that long. */
const longest = (settled) => settled.longTasks[0] ?? 0;
const ms = (n) => (Number.isNaN(n) ? '—' : n === 0 ? '<50' : String(Math.round(n)));
const rounded = (values) => String(Math.round(median(values)));
/** A phase's cells: the longest task (longtask), the trace's longest (wall / CPU), the last frame. */
function phaseCells(name, settled) {
  if (!settled.length)
    return {
      [`${name}: longest task ms`]: '—',
      [`${name}: traced wall / CPU ms`]: '—',
      [`${name}: to last frame ms`]: '—',
    };
  const longs = settled.map(longest);
  return {
    [`${name}: longest task ms`]: `${ms(median(longs))} / ${ms(Math.max(...longs))}`,
    [`${name}: traced wall / CPU ms`]: `${rounded(settled.map((s) => s.traced.wall))} / ${rounded(settled.map((s) => s.traced.cpu))}`,
    [`${name}: to last frame ms`]: rounded(settled.map((s) => s.ms)),
  };
}
const table = PAGES.map((page) => {
  const of = results.filter((r) => r.page === page.name);
  const size = bundles[page.name];
  return {
    library: page.library === 'kit' ? 'our kit' : `recharts ${RECHARTS_VERSION}`,
    chart:
      page.chart === 'arena'
        ? 'arena (10 × LoCoMo)'
        : `tokens (${CALLS.toLocaleString('en')} calls)`,
    'JS gzipped KB': kb(size.total),
    'over React alone KB': kb(size.total - bundles.baseline.total),
    'library share KB': kb(size.library),
    ...phaseCells(
      'mount',
      of.map((r) => r.mount),
    ),
    ...phaseCells(
      'redraw',
      of.map((r) => r.redraw),
    ),
    runs: of.length,
  };
});
console.log(
  `\nrecharts against the kit, ${runs} fresh runs per page. Sizes: the page's JS gzipped (level 9, all chunks), what it adds to a page of React alone (${kb(bundles.baseline.total)} KB), and the library's share of it (recharts and its dependencies; d3 and our chart components; estimated from the module list). Per phase: the longest main-thread task from Chromium's 'longtask' entries, median / worst ("<50": none reached 50 ms, the least it reports); the longest task of a trace, wall / thread CPU (medians); the time from the render call or the first input event to the frame after the last change (median).`,
);
console.log(`| ${Object.keys(table[0]).join(' | ')} |`);
console.log(
  `|${Object.keys(table[0])
    .map(() => ' --- ')
    .join('|')}|`,
);
for (const row of table) console.log(`| ${Object.values(row).join(' | ')} |`);
for (const r of results)
  if (r.run === 1) console.log(`  ${r.page}: redraw showed "${r.redraw.shown.slice(0, 60)}"`);
console.log(`Chromium ${chromiumVersion}; load average at the end: ${load()}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ table, bundles, results, failures }, null, 2));
if (keep) console.log(`Built pages and data kept in ${work}`);
for (const failure of failures) console.log(`Failed: ${failure}`);
if (failures.length) {
  console.error(`bench:plot: ${failures.length} failure(s): these figures are incomplete`);
  process.exit(1);
}
