#!/usr/bin/env node
// Runs every test: unit tests (Vitest), the production build, then browser tests (Playwright in
// Debian's Chromium). Ends with one line "N passed, N failed" counting both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let problems = 0;

// The tiny embedding model the embedder tests load (Node and Chromium) is generated, not committed.
if (run('node', ['scripts/make-test-model.mjs']) !== 0) {
  console.error('Could not generate the test embedding model.');
  problems++;
}

run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no test results but must still count as a failure.
  failed +=
    report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
} else problems++;

// MP_TEST_PAGES adds the embedder check page that the browser tests open.
if (run('npx', ['vite', 'build', '--logLevel', 'warn'], { MP_TEST_PAGES: '1' }) !== 0) {
  console.error('The production build failed, so the browser tests cannot run.');
  problems++;
} else {
  run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    passed += stats.expected + (stats.flaky ?? 0);
    failed += stats.unexpected;
  } else problems++;
}

failed += problems;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
