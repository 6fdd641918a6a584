// Reads the JSON reports of Vitest and Playwright into counts and problems for `npm test`'s last
// line. A report that is missing, or that ran no test, is a problem: the run must not print green.
import { existsSync, readFileSync } from 'node:fs';

/** A report that is not there: no counts, and the problem that says so. */
const missing = (problem) => ({ passed: 0, failed: 0, problems: [problem] });

/** @returns {{ passed: number, failed: number, problems: string[] }} */
export function readVitestReport(path) {
  if (!existsSync(path))
    return missing(`Vitest wrote no report (${path}): the unit tests did not run`);
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const problems = [];
  let failed = report.numFailedTests;
  // A suite that fails to load has no test results but must still count as a failure.
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0)
    failed += report.numFailedTestSuites;
  if (report.numTotalTests === 0) problems.push('Vitest ran no unit test');
  return { passed: report.numPassedTests, failed, problems };
}

/** @returns {{ passed: number, failed: number, problems: string[] }} */
export function readPlaywrightReport(path) {
  if (!existsSync(path))
    return missing(`Playwright wrote no report (${path}): the browser tests did not start`);
  const { stats, errors = [] } = JSON.parse(readFileSync(path, 'utf8'));
  const passed = stats.expected + (stats.flaky ?? 0);
  const problems = errors.map(
    (error) =>
      `Playwright: ${String(error.message ?? error)
        .split('\n')[0]
        .trim()}`,
  );
  if (passed + stats.unexpected === 0) problems.push('Playwright ran no browser test');
  return { passed, failed: stats.unexpected, problems };
}
