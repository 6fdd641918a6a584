#!/usr/bin/env node
// The strategy arena driven in the built app (real worker, real IndexedDB, Chromium): imports each
// LoCoMo conversation through "Import transcript", ticks all ten strategies, presses "Run arena" and
// prints the time until the results table has every row and the run has ended. Prints figures;
// asserts nothing.
//   npm run build && npm run bench:arena:browser -- --data ../shared/data/locomo [--only 43]
//   (MP_DIST / MP_PORT pick another build folder and port, as for the browser tests)
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runArenaToResults } from './lib/arena-ui.mjs';
import { launchChromium, serveApp } from './lib/served-app.mjs';

const argument = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dataDir = resolve(argument('data') ?? '../shared/data/locomo');
const only = argument('only');
const port = Number(process.env.MP_PORT ?? 4173);
const dist = process.env.MP_DIST ?? 'dist';
const STRATEGIES = [
  'Deep Agents',
  'Sequential',
  'Sliding window',
  'Summarization',
  'Retrieval',
  'Memory-augmented',
  'Hierarchical',
  'Graph',
  'Compression',
  'OS-like paging',
];

const files = readdirSync(dataDir)
  .filter((f) => f.endsWith('.json') && (!only || f.startsWith(only)))
  .sort();

const { url, stop } = await serveApp({ dist, port });
const browser = await launchChromium();
try {
  console.log(
    `Arena in the built app (${dist}), all ${STRATEGIES.length} strategies, offline stand-ins (Demo provider)`,
  );
  for (const file of files) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.getByRole('button', { name: 'Arena', exact: true }).click();
    const arena = page.getByRole('region', { name: 'Arena' });
    await arena.waitFor();
    await arena.getByLabel('Import transcript').setInputFiles(join(dataDir, file));
    await arena.getByText(/turns, \d+ messages/).waitFor();
    for (const name of STRATEGIES) await arena.getByRole('checkbox', { name, exact: true }).check();
    const start = performance.now();
    await runArenaToResults(page, arena, STRATEGIES.length, { timeout: 600_000, polling: 50 });
    const table = arena.getByRole('table', { name: 'Arena results' });
    const ms = performance.now() - start;
    const rows = await table.locator('tbody tr').allInnerTexts();
    console.log(`\n## ${file}: time to the complete results table ${(ms / 1000).toFixed(2)} s`);
    for (const row of rows) console.log(`  ${row.replace(/\s+/g, ' ').trim()}`);
    const progress = await arena.getByRole('list', { name: 'Progress' }).innerText();
    console.log(
      `  replay time per strategy in the worker: ${progress
        .replace(/\s+/g, ' ')
        .replace(/ turns · done · /g, ' ')
        .trim()}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  stop();
}
