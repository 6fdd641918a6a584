// `npm run measure:ui`: does the page ever stall? Builds the app, serves it, and drives each
// scenario of issue 21 in Chromium while a PerformanceObserver for 'longtask' (buffered) collects
// every main-thread task over 50 ms, phase by phase: open, scroll, type into the Message field,
// send (with the Demo provider). Prints, per scenario, the longest task (median and worst over the
// runs, and the phase of the worst) and the count of tasks over 50 ms; then every phase.
//
// The state is reached the way a person reaches it, as fast as possible: memory bundles the app
// imports through "Import bundle" (scripts/ui-scenarios.ts: a thread of 5,000 messages with 2,000
// model calls, 1,000 facts, 5,000 files) and, for the arena, a LoCoMo conversation through "Import
// transcript", all ten strategies run, then a probe's context opened. Each run is a fresh browser
// context (empty IndexedDB). Asserts nothing: a shared, loaded machine lengthens tasks, so read the
// median and the worst together, and use --trace to see each long task's thread CPU time beside its
// wall time (a task that waited for the CPU has far less CPU than wall), or --profile to see where
// the script time of a phase goes.
//
//   npm run measure:ui
//   npm run measure:ui -- --no-build --dist dist-test --port 4310 --runs 3 --only thread,facts
//   options: --runs N (3)  --only a,b  --locomo FILE  --trace  --profile scenario:phase
//
// The parts, in scripts/measure-ui/: options.ts (the command line), actions.ts (what a person does
// on the page), scenarios.ts (each scenario's setup and phases), measure.ts (one run: the long
// tasks of each phase), trace.ts (traces and CPU profiles), report.ts (the tables).
import type { Browser } from '@playwright/test';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenarioBundles } from './ui-scenarios';
import { buildApp, launchChromium, serveApp } from './lib/served-app.mjs';
import {
  dist,
  flag,
  jsonOut,
  locomoFile,
  only,
  port,
  profileAt,
  runs,
  shotsDir,
  trace,
} from './measure-ui/options';
import { measureOnce, type MeasureSetup, type PhaseResult } from './measure-ui/measure';
import { report } from './measure-ui/report';
import { makeScenarios, type BundleFiles } from './measure-ui/scenarios';

if (!flag('no-build')) buildApp(dist);

const work = mkdtempSync(join(tmpdir(), 'measure-ui-'));
const bundles = await scenarioBundles();
const bundleFiles = Object.fromEntries(
  Object.entries(bundles).map(([name, bytes]) => {
    const file = join(work, `${name}.zip`);
    writeFileSync(file, bytes);
    return [name, file];
  }),
) as BundleFiles;

const served = await serveApp({ dist, port });
const browser: Browser = await launchChromium();
const setup: MeasureSetup = { browser, url: served.url, runs, trace, profileAt, shotsDir, work };

const scenarios = makeScenarios(bundleFiles, locomoFile);
const results: PhaseResult[] = [];
const failures: string[] = [];
const chosen = scenarios.filter((s) => !only || only.includes(s.name));
if (chosen.some((s) => s.name === 'arena') && !existsSync(locomoFile))
  throw new Error(`No LoCoMo conversation at ${locomoFile}: pass --locomo FILE`);
console.log(
  `measure:ui — ${runs} run${runs === 1 ? '' : 's'} per scenario, Chromium ${browser.version()}, ${dist}/ on port ${port}`,
);
try {
  for (const scenario of chosen) {
    for (let run = 1; run <= runs; run++) {
      const started = Date.now();
      try {
        await measureOnce(setup, scenario, run, results);
        console.log(
          `  ${scenario.name} run ${run}: ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      } catch (error) {
        // A run that fails (a timeout on a loaded machine) is said and left out; the others count.
        failures.push(`${scenario.name} run ${run}: ${String(error).split('\n')[0]}`);
        console.log(`  ${scenario.name} run ${run} failed: ${failures.at(-1)}`);
      }
      if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ results, failures }, null, 2));
    }
  }
} finally {
  await browser.close();
  served.stop();
}
report(chosen, results, failures, { runs, trace, jsonOut });
