#!/usr/bin/env node
// Measures the built app's start-up: the bytes the initial page loads (gzip) and the time from
// navigation to an interactive chat (the Message box editable), median of several cold loads.
// Usage: npm run build && node scripts/measure-startup.mjs [runs]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveApp } from './lib/served-app.mjs';

const runs = Number(process.argv[2] ?? 5);
const { url, stop } = await serveApp();
const browser = await launchChromium();
const times = [];
let files = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(); // cold: empty cache and IndexedDB
    const page = await context.newPage();
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const start = Date.now();
    await page.goto(url);
    await page.getByLabel('Message').waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => !document.querySelector('#message-input')?.hasAttribute('disabled'),
    );
    times.push(Date.now() - start);
    if (i === 0) files = [...new Set(requested)];
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}

let raw = 0;
let gzip = 0;
const rows = [];
for (const path of files) {
  const file = path === '/' ? 'dist/index.html' : `dist${path}`;
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    continue;
  }
  const z = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += z;
  rows.push(
    `  ${path.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} kB  gzip ${(z / 1024).toFixed(1).padStart(7)} kB`,
  );
}
times.sort((a, b) => a - b);
console.log('Initial page (files requested until the chat is interactive):');
console.log(rows.join('\n'));
console.log(`Total: ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip`);
console.log(
  `Load to interactive chat (${runs} cold loads): median ${times[Math.floor(times.length / 2)]} ms, min ${times[0]} ms, max ${times.at(-1)} ms`,
);
