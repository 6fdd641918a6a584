#!/usr/bin/env node
// Times a bundle import and export through the UI of the built app, on real IndexedDB in Chromium.
// Usage: npm run build && node scripts/bench-bundle.mjs 1000 100 /tmp/b.zip
//        && node scripts/bench-bundle-browser.mjs /tmp/b.zip
import { launchChromium, serveApp } from './lib/served-app.mjs';

const zipPath = process.argv[2];
if (!zipPath) throw new Error('Usage: node scripts/bench-bundle-browser.mjs bundle.zip');

const { url, stop } = await serveApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByLabel('Message', { exact: true }).waitFor();

  let start = performance.now();
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(zipPath);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.waitFor();
  const previewMs = performance.now() - start;

  start = performance.now();
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await page
    .getByRole('region', { name: 'Memory bundle' })
    .getByRole('status')
    .getByText(/^Imported/)
    .waitFor({ timeout: 300_000 });
  const applyMs = performance.now() - start;
  const status = await page
    .getByRole('region', { name: 'Memory bundle' })
    .getByRole('status')
    .textContent();

  start = performance.now();
  const downloading = page.waitForEvent('download', { timeout: 300_000 });
  await page.getByRole('button', { name: 'Export bundle' }).click();
  await downloading;
  const exportMs = performance.now() - start;

  console.log(status);
  console.log(`choose file -> preview shown (validate + plan): ${previewMs.toFixed(0)} ms`);
  console.log(`apply import (IndexedDB, staged):              ${applyMs.toFixed(0)} ms`);
  console.log(`export bundle -> download:                     ${exportMs.toFixed(0)} ms`);
} finally {
  await browser.close();
  stop();
}
