#!/usr/bin/env node
// Runs a TypeScript script without tsx or ts-node: bundles it with rolldown (the bundler Vite ships
// with) into node_modules/.cache/run-ts/, leaving packages as imports so Node resolves them from
// the project, then runs the bundle with the remaining arguments.
//   node scripts/run-ts.mjs scripts/bench-locomo.ts --data ../shared/data/locomo
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { rolldown } from 'rolldown';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <script.ts> [arguments…]');
  process.exit(2);
}

const outDir = resolve('node_modules/.cache/run-ts');
mkdirSync(outDir, { recursive: true });
const outFile = join(outDir, `${basename(entry).replace(/\.[cm]?tsx?$/, '')}.mjs`);

const bundle = await rolldown({
  input: resolve(entry),
  platform: 'node',
  // Bare imports (packages, node: builtins) stay imports; only the project's own files are bundled.
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
  logLevel: 'warn',
});
await bundle.write({ file: outFile, format: 'esm', sourcemap: true });
await bundle.close();

const result = spawnSync(process.execPath, ['--enable-source-maps', outFile, ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
