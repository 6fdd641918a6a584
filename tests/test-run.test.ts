// `npm test` must never print green without having run its tests. These check the report reading
// on the shapes a broken run leaves, and run Playwright for real against a port that is taken.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import * as reports from '../scripts/test-reports.mjs';

type Result = { passed: number; failed: number; problems: string[] };
const { readPlaywrightReport, readVitestReport } = reports as {
  readPlaywrightReport: (path: string) => Result;
  readVitestReport: (path: string) => Result;
};

const dir = mkdtempSync(join(tmpdir(), 'mp-test-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const json = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

describe('test run reports', () => {
  it('a missing report is a failure that says which half did not run', () => {
    expect(readPlaywrightReport(join(dir, 'none.json')).problems).toEqual([
      expect.stringContaining('the browser tests did not start'),
    ]);
    expect(readVitestReport(join(dir, 'none.json')).problems).toEqual([
      expect.stringContaining('the unit tests did not run'),
    ]);
  });

  it('a run of zero tests is a failure, not green', () => {
    const empty = json('empty.json', {
      stats: { expected: 0, unexpected: 0, flaky: 0 },
      errors: [],
    });
    expect(readPlaywrightReport(empty)).toEqual({
      passed: 0,
      failed: 0,
      problems: ['Playwright ran no browser test'],
    });
    const none = json('vitest.json', {
      numTotalTests: 0,
      numPassedTests: 0,
      numFailedTests: 0,
      numFailedTestSuites: 0,
    });
    expect(readVitestReport(none).problems).toEqual(['Vitest ran no unit test']);
  });

  it('counts passes, failures and suites that failed to load', () => {
    const ok = json('ok.json', { stats: { expected: 5, unexpected: 1, flaky: 1 } });
    expect(readPlaywrightReport(ok)).toEqual({ passed: 6, failed: 1, problems: [] });
    const broken = json('broken.json', {
      numTotalTests: 3,
      numPassedTests: 3,
      numFailedTests: 0,
      numFailedTestSuites: 2,
    });
    expect(readVitestReport(broken)).toMatchObject({ passed: 3, failed: 2 });
  });

  it('Playwright on a port that is taken fails loudly instead of reusing the server', async () => {
    // What `npm start` looks like to it: an HTTP server answering on the port.
    const busy: Server = createServer((_, response) =>
      response.end('the app, served by npm start'),
    );
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    const out = join(dir, 'busy.json');
    try {
      // Asynchronous, so that this process's server can answer Playwright's check of the port.
      const child = spawn('npx', ['playwright', 'test', 'e2e/demo.spec.ts'], {
        env: { ...process.env, MP_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: out, CI: '' },
        stdio: 'ignore',
      });
      const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(status).not.toBe(0);
    } finally {
      busy.close();
    }
    const result = readPlaywrightReport(out);
    expect(result.passed).toBe(0);
    expect(result.problems.join('\n')).toContain(`127.0.0.1:${port} is already used`);
    expect(result.problems).toContain('Playwright ran no browser test');
  }, 60_000);
});
