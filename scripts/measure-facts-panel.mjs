#!/usr/bin/env node
// Measures the Facts panel with many facts in the built app: main-thread long tasks (the browser's
// `longtask` performance entries, every task over 50 ms) while opening the Facts tab, scrolling the
// list to the end and back, and searching. Prints the longest task and the count over 50 ms per
// step. memory.json gets its facts the way a person's would: through "Import bundle" (the app's
// own export with memory.json replaced), with "Maximum facts" set to the count first.
// Each run is a fresh browser context (empty IndexedDB); the table gives the median and the worst
// over the runs, since a shared machine's load lengthens tasks.
// Usage: npm run build && node scripts/measure-facts-panel.mjs [--facts 1000] [--runs 5] [--dist dist] [--port 4173]
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { sampleFacts } from './lib/sample-facts.mjs';
import { launchChromium, serveApp } from './lib/served-app.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const count = Number(option('facts', 1000));
const runs = Number(option('runs', 5));
const dist = option('dist', 'dist');
const port = Number(option('port', 4173));

const { url, stop } = await serveApp({ dist, port });
const browser = await launchChromium();
const rows = [];
let shownRows = 0;
let virtualized = '';
try {
  for (let run = 0; run < runs; run++) await measureOnce();
} finally {
  await browser.close();
  stop();
}
console.log(
  `${count.toLocaleString('en-US')} facts in memory.json, ${runs} runs; rows in the page after opening: ${shownRows}${virtualized ? ` (virtualized: ${virtualized})` : ''}`,
);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const summary = [...new Set(rows.map((r) => r.step))].map((step) => {
  const of = rows.filter((r) => r.step === step);
  const longest = of.map((r) => r.longest);
  const over = of.map((r) => r.over);
  return {
    step,
    'longest task ms (median)': median(longest),
    'longest task ms (worst)': Math.max(...longest),
    'tasks over 50 ms (median)': median(over),
    'tasks over 100 ms (all runs)': of.reduce((n, r) => n + r.over100, 0),
  };
});
console.table(summary);

async function measureOnce() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Message', { exact: true }).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('#message-input')?.hasAttribute('disabled'),
  );

  // "Maximum facts" = count (at most 1,000: the setting's ceiling).
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Maximum facts', { exact: true }).fill(String(Math.min(count, 1000)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The app's own bundle, with memory.json holding `count` facts, imported through the UI.
  const dir = mkdtempSync(join(tmpdir(), 'facts-panel-'));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export bundle' }).click();
  const exported = join(dir, 'mine.zip');
  await (await downloading).saveAs(exported);
  const entries = unzipSync(new Uint8Array(readFileSync(exported)));
  const facts = sampleFacts(count);
  const memory = new TextEncoder().encode(JSON.stringify({ version: '1.0', facts }, null, 2));
  const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
  const listed = manifest.files.find((f) => f.entry === 'files/memories/memory.json');
  if (listed) listed.size = memory.length;
  else {
    manifest.files.push({
      entry: 'files/memories/memory.json',
      size: memory.length,
      createdAt: 1,
      modifiedAt: 1,
      version: 1,
    });
    manifest.counts.files += 1;
    manifest.counts.memoryFiles += 1;
  }
  entries['files/memories/memory.json'] = memory;
  entries['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest));
  const bundle = join(dir, 'facts.zip');
  writeFileSync(bundle, zipSync(entries));
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(bundle);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await preview.waitFor({ state: 'hidden' });
  await page.waitForTimeout(1000);

  // Long tasks from here on.
  await page.evaluate(() => {
    const w = window;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const step = async (label, action) => {
    await page.evaluate(() => (window.__longTasks = []));
    const start = Date.now();
    await action();
    await page.waitForTimeout(500); // let trailing work land
    const tasks = await page.evaluate(() => window.__longTasks);
    rows.push({
      step: label,
      wall: Date.now() - start - 500,
      longest: tasks.length ? Math.round(Math.max(...tasks)) : 0,
      over: tasks.length,
      over100: tasks.filter((d) => d > 100).length,
    });
  };

  const panel = page.getByRole('region', { name: 'Facts' });
  const list = panel.getByRole('list', { name: 'Facts list' });
  await step('open the Facts tab', async () => {
    await page.getByRole('tab', { name: 'Facts' }).click();
    await list.getByRole('listitem').first().waitFor();
  });
  const shown = await list.getByRole('listitem').count();
  await step('scroll to the end and back (40 steps)', async () => {
    for (let i = 0; i < 20; i++) {
      await panel.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(16);
    }
    await panel.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(50);
    for (let i = 0; i < 20; i++) {
      await panel.evaluate((el) => el.scrollBy(0, -el.clientHeight * 3));
      await page.waitForTimeout(16);
    }
  });
  await step('search "number 7" and clear', async () => {
    await panel.getByLabel('Search facts').fill('number 7');
    await list.getByRole('listitem').first().waitFor();
    await panel.getByLabel('Search facts').fill('');
    await list.getByRole('listitem').first().waitFor();
  });
  virtualized = await page.evaluate(
    () => document.querySelector('[aria-label="Facts list"]')?.getAttribute('style') ?? '',
  );
  shownRows = shown;
  await context.close();
}
