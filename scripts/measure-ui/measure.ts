// One measured run of a scenario: a fresh browser context (empty IndexedDB) whose every document
// records its long tasks from the start; each phase's tasks, optionally traced or profiled; the
// screenshots after the last run.

import type { Browser, BrowserContext } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from '../lib/served-app.mjs';
import type { Scenario } from './scenarios';
import { mainThreadTasks, printProfile, type CpuProfile } from './trace';

/** Time after each action for trailing work (renders, saves) to land in its phase. */
const SETTLE_MS = 700;

export interface Task {
  start: number;
  duration: number;
}
export interface PhaseResult {
  scenario: string;
  run: number;
  phase: string;
  tasks: Task[];
  /** Main-thread tasks over 50 ms from the trace: wall and thread CPU ms (--trace). */
  traced?: { wall: number; cpu: number }[];
}

/** What every run shares: the browser, the app's address and the command line's choices. */
export interface MeasureSetup {
  browser: Browser;
  url: string;
  runs: number;
  trace: boolean;
  profileAt: string[] | undefined;
  shotsDir: string | undefined;
  /** The folder for CPU profiles. */
  work: string;
}

export async function measureOnce(
  { browser, url, runs, trace, profileAt, shotsDir, work }: MeasureSetup,
  scenario: Scenario,
  run: number,
  results: PhaseResult[],
) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 720 },
  });
  // Every long task of every document, from its start (buffered).
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  await page.goto(url);
  await page.getByLabel('Message', { exact: true }).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('#message-input')?.hasAttribute('disabled'),
  );
  await scenario.setup(page);

  for (const [phase, action] of scenario.phases) {
    const profiling = !!profileAt?.includes(`${scenario.name}:${phase}`) && run === runs;
    const cdp = profiling || trace ? await context.newCDPSession(page) : undefined;
    if (profiling) {
      await cdp!.send('Profiler.enable');
      await cdp!.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp!.send('Profiler.start');
    }
    if (trace)
      await browser.startTracing(page, {
        categories: [
          'toplevel',
          'devtools.timeline',
          ...(process.env.MP_TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
    const from = await page.evaluate(() => performance.now());
    const origin = await page.evaluate(() => performance.timeOrigin);
    await action(page);
    await sleep(SETTLE_MS);
    const tasks = await page.evaluate(
      ({ from, origin }) => {
        const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
        // A reload starts a new timeline: its tasks all belong to this phase.
        const shift = origin - performance.timeOrigin;
        return w.__longTasks.filter((t) => t.start - shift >= from - 1);
      },
      { from, origin },
    );
    const result: PhaseResult = { scenario: scenario.name, run, phase, tasks };
    if (trace) {
      const buffer = await browser.stopTracing();
      if (process.env.MP_TRACE_DUMP)
        writeFileSync(join(process.env.MP_TRACE_DUMP, `${scenario.name}-${phase}.json`), buffer);
      result.traced = mainThreadTasks(buffer);
    }
    if (profiling) {
      const { profile } = (await cdp!.send('Profiler.stop')) as { profile: CpuProfile };
      const file = join(work, `${scenario.name}-${phase}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      printProfile(profile, `${scenario.name}:${phase}`, file);
    }
    await cdp?.detach();
    results.push(result);
  }

  if (shotsDir && run === runs) {
    mkdirSync(shotsDir, { recursive: true });
    await scenario.shoot?.(page);
    for (const [width, height] of [
      [1280, 720],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await sleep(800);
      await page.screenshot({ path: join(shotsDir, `${scenario.name}-${width}x${height}.png`) });
    }
  }
  await context.close();
}
