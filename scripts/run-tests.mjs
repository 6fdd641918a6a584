#!/usr/bin/env node
// Runs every test: unit tests (Vitest), the production build, then browser tests (Playwright in
// Debian's Chromium). Ends with one line "N passed, N failed" counting both.
//
// It cannot print green without having run both halves: a half that could not start, or that ran
// no test, counts as a failure and says why. The browser tests get a build folder and a free port
// of their own, so they run while `npm start` is serving the app on 4173.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
// The test build (it carries the embedder check page) never overwrites the app `npm start` serves.
const testDist = 'dist-test';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** A port nothing listens on now, chosen by the system. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

let passed = 0;
let failed = 0;
const problems = [];
const tally = (result) => {
  passed += result.passed;
  failed += result.failed;
  problems.push(...result.problems);
};

// The tiny embedding model the embedder tests load (Node and Chromium) is generated, not committed,
// and so is the tiny language model of the in-browser model tests.
if (run('node', ['scripts/make-test-model.mjs']) !== 0) {
  problems.push('could not generate the test embedding model (scripts/make-test-model.mjs)');
}
if (run('node', ['scripts/make-test-lm.mjs']) !== 0) {
  problems.push('could not generate the test language model (scripts/make-test-lm.mjs)');
}

run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
tally(readVitestReport(vitestJson));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  problems.push(
    `no Chromium at ${chromium}, so no browser test ran: install it with ` +
      '`apt-get install -y chromium` (or set CHROMIUM_PATH)',
  );
} else if (
  // MP_TEST_PAGES adds the embedder check page that the browser tests open.
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', testDist], {
    MP_TEST_PAGES: '1',
  }) !== 0
) {
  problems.push('the production build failed, so the browser tests could not run');
} else {
  const port = await freePort();
  console.log(`Browser tests: build in ${testDist}/, served on 127.0.0.1:${port}`);
  run('npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    MP_PORT: String(port),
    MP_DIST: testDist,
  });
  tally(readPlaywrightReport(playwrightJson));
}

failed += problems.length;
for (const problem of problems) console.error(`Test run failed: ${problem}.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
