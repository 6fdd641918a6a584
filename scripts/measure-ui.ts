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
//            --screenshots DIR (1280x720 and 1024x768 of each scenario)  --json FILE
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scenarioBundles } from './ui-scenarios';
import { STRATEGY_LIST } from '../src/core/strategies/registry';
import { runArenaToResults } from './lib/arena-ui.mjs';
import { buildApp, launchChromium, serveApp, sleep } from './lib/served-app.mjs';

const argv = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const flag = (name: string) => argv.includes(`--${name}`);
const runs = Number(option('runs', '3'));
const dist = option('dist', 'dist')!;
const port = Number(option('port', '4173'));
const only = option('only')?.split(',');
const trace = flag('trace');
const profileAt = option('profile')?.split(','); // "thread:send,facts:open"
const shotsDir = option('screenshots');
const jsonOut = option('json');
const locomoFile = resolve(
  option('locomo') ??
    ['/work/shared/data/locomo', '../shared/data/locomo']
      .map((dir) => join(dir, '26.json'))
      .find((file) => existsSync(file)) ??
    '',
);
/** Time after each action for trailing work (renders, saves) to land in its phase. */
const SETTLE_MS = 700;

const MESSAGE =
  'What is the state of the release? Please list what is left before Friday, shortly.';
/** The arena's strategies as its chooser names them. */
const STRATEGIES = STRATEGY_LIST.map((strategy) => strategy.label);

interface Task {
  start: number;
  duration: number;
}
interface PhaseResult {
  scenario: string;
  run: number;
  phase: string;
  tasks: Task[];
  /** Main-thread tasks over 50 ms from the trace: wall and thread CPU ms (--trace). */
  traced?: { wall: number; cpu: number }[];
}

if (!flag('no-build')) buildApp(dist);

const work = mkdtempSync(join(tmpdir(), 'measure-ui-'));
const bundles = await scenarioBundles();
const bundleFiles = Object.fromEntries(
  Object.entries(bundles).map(([name, bytes]) => {
    const file = join(work, `${name}.zip`);
    writeFileSync(file, bytes);
    return [name, file];
  }),
) as Record<keyof typeof bundles, string>;

const served = await serveApp({ dist, port });
const browser: Browser = await launchChromium();

type Phase = (page: Page) => Promise<void>;
interface Scenario {
  name: string;
  title: string;
  setup(page: Page): Promise<void>;
  phases: [string, Phase][];
  /** What the screenshots show (after the phases). */
  shoot?(page: Page): Promise<void>;
}

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const threadButton = (page: Page, name: RegExp) =>
  page.locator('nav.thread-list button', { hasText: name });

async function importBundle(page: Page, file: string) {
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(file);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click({ timeout: 600_000 });
  await preview.waitFor({ state: 'hidden', timeout: 300_000 });
}

// Inside the phases the script finds things with CSS selectors and plain DOM checks: Playwright's
// role and text queries walk the whole page on the main thread (accessible names of thousands of
// elements), which would be measured as the app's own stalls.

async function typeMessage(page: Page) {
  await page.locator('#message-input').click();
  await page.keyboard.type(MESSAGE, { delay: 25 });
}

async function sendMessage(page: Page) {
  const before = await page.evaluate(
    () => document.querySelectorAll('article.message.assistant').length,
  );
  await page.keyboard.press('Enter');
  // The run ends: Send is back (Stop gone) and the answer is in the conversation.
  await page.waitForFunction(
    () =>
      !document.querySelector('.composer button.stop') &&
      !!document.querySelector('.composer button[type="submit"]') &&
      !document.querySelector('article.message.streaming'),
    undefined,
    { timeout: 600_000, polling: 100 },
  );
  void before;
}

/** Wheel steps over an element (a person's scrolling), then back. */
async function wheel(page: Page, target: ReturnType<Page['locator']>, steps: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to scroll');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, dy);
    await sleep(30);
  }
}

/** Drags the scroll position like a scrollbar thumb: scrollTop in `steps` jumps to `to` (0..1). */
async function dragScroll(
  target: ReturnType<Page['locator']>,
  from: number,
  to: number,
  steps: number,
) {
  for (let i = 0; i <= steps; i++) {
    const at = from + ((to - from) * i) / steps;
    await target.evaluate((el, f) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
    }, at);
    await sleep(30);
  }
}

async function waitForChart(page: Page) {
  await page.locator('.token-readout svg.token-plot').first().waitFor({ timeout: 300_000 });
}

/** Waits for an element by id (a message: `msg-<id>`), cheaply. */
async function waitForId(page: Page, id: string) {
  await page.waitForFunction((id) => !!document.getElementById(id), id, {
    timeout: 300_000,
    polling: 100,
  });
}

const LONG_THREAD = /^A long working thread/;

/** Imports a scenario's bundle and opens its short thread, so the phases start from a quiet page. */
async function importAndOpenShortThread(page: Page, bundle: string) {
  await importBundle(page, bundle);
  await threadButton(page, /^A short thread/).click();
  await conversation(page).getByText('Hello! How can I help?').waitFor();
  await sleep(1_000);
}

const scenarios: Scenario[] = [
  {
    name: 'thread',
    title: 'a thread of 5,000 messages (2,000 model calls)',
    async setup(page) {
      await importAndOpenShortThread(page, bundleFiles.thread);
    },
    phases: [
      [
        'open',
        async (page) => {
          await threadButton(page, LONG_THREAD).click();
          await waitForId(page, 'msg-msg_f1000');
          await waitForChart(page);
        },
      ],
      [
        'scroll',
        async (page) => {
          const region = page.locator('section.conversation');
          await wheel(page, region, 40, -400);
          await dragScroll(region, 0.9, 0, 20);
          await wheel(page, region, 20, 400);
          await dragScroll(region, 0.1, 1, 20);
        },
      ],
      ['type', typeMessage],
      ['send', sendMessage],
    ],
  },
  {
    name: 'chart',
    title: 'the token chart with 2,000 calls',
    async setup(page) {
      await importBundle(page, bundleFiles.thread);
      await threadButton(page, LONG_THREAD).click();
      await conversation(page)
        .getByText(/^Turn 1000: what/)
        .waitFor({ timeout: 300_000 });
      // The token usage panel starts hidden: "open" shows it.
      await page
        .getByRole('group', { name: 'Layout' })
        .getByRole('button', { name: 'Token usage' })
        .click();
      await sleep(1_500);
    },
    phases: [
      [
        'open',
        async (page) => {
          await page.locator('.layout-toggles button', { hasText: 'Token usage' }).click();
          await waitForChart(page);
        },
      ],
      [
        'scroll',
        async (page) => {
          // Across the plot (a tooltip per call under the pointer), a zoom with the brush, and the
          // panel scrolled to the event list and back.
          const region = page.locator('section.token-readout');
          const plot = region.locator('svg.token-plot').first();
          const box = (await plot.boundingBox())!;
          for (let i = 0; i <= 40; i++) {
            await page.mouse.move(box.x + 60 + ((box.width - 80) * i) / 40, box.y + box.height / 2);
            await sleep(30);
          }
          const traveller = region.locator('.call-brush-handle').first();
          if (await traveller.count()) {
            const t = (await traveller.boundingBox())!;
            await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
            await page.mouse.down();
            for (let i = 1; i <= 10; i++) {
              await page.mouse.move(t.x + t.width / 2 + i * 20, t.y + t.height / 2);
              await sleep(30);
            }
            await page.mouse.up();
          }
          await wheel(page, region, 10, 300);
          await wheel(page, region, 10, -300);
        },
      ],
      ['type', typeMessage],
      ['send', sendMessage],
    ],
  },
  {
    name: 'facts',
    title: 'the Facts panel with 1,000 facts',
    async setup(page) {
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByLabel('Maximum facts', { exact: true }).fill('1000');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await importAndOpenShortThread(page, bundleFiles.facts);
    },
    phases: [
      [
        'open',
        async (page) => {
          await page.locator('#tab-facts').click();
          await page.locator('[aria-label="Facts list"] li').first().waitFor();
        },
      ],
      [
        'scroll',
        async (page) => {
          const panel = page.locator('section.facts-panel');
          await wheel(page, panel, 40, 500);
          await dragScroll(panel, 1, 0, 20);
        },
      ],
      [
        'search',
        async (page) => {
          const search = page.locator('section.facts-panel input[type="search"]');
          await search.click();
          await page.keyboard.type('number 7', { delay: 25 });
          await search.fill('');
        },
      ],
      ['type', typeMessage],
      ['send', sendMessage],
    ],
  },
  {
    name: 'files',
    title: 'the Files panel with 5,000 files',
    async setup(page) {
      await importAndOpenShortThread(page, bundleFiles.files);
    },
    phases: [
      [
        'open',
        async (page) => {
          // The app opened again with the files in it: the panel lists them at start.
          await page.reload();
          await page
            .locator('.mp-files-folder-toggle[title="/logs/"]')
            .waitFor({ timeout: 300_000 });
          await page.locator('#message-input:enabled').waitFor();
        },
      ],
      [
        'scroll',
        async (page) => {
          const tree = page.locator('.mp-files-tree');
          await wheel(page, tree, 40, 600);
          await dragScroll(tree, 1, 0, 20);
        },
      ],
      ['type', typeMessage],
      ['send', sendMessage],
    ],
  },
  {
    name: 'arena',
    title: 'the arena: 10 strategies × a LoCoMo conversation, context view open',
    async setup(page) {
      await page.getByRole('button', { name: 'Arena', exact: true }).click();
      const arena = page.getByRole('region', { name: 'Arena' });
      await arena.getByLabel('Import transcript').setInputFiles(locomoFile);
      await arena.getByText(/turns, \d+ messages/).waitFor();
      for (const name of STRATEGIES)
        await arena.getByRole('checkbox', { name, exact: true }).check();
      await runArenaToResults(page, arena, STRATEGIES.length, { timeout: 900_000, polling: 200 });
      // Back to the chat: "open" comes back to the results.
      await page.getByRole('button', { name: 'Arena', exact: true }).click();
      await conversation(page).waitFor();
      await sleep(1_000);
    },
    async shoot(page) {
      // The charts, at the top of the view (the phases leave the view on the grid).
      await page
        .locator('figure[aria-label="Tokens sent per turn"]')
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    },
    phases: [
      [
        'open',
        async (page) => {
          await page.locator('.topbar-actions button', { hasText: /^Arena$/ }).click();
          const grid = page.locator('table[aria-label="Probe outcomes"]');
          await grid.waitFor({ timeout: 300_000 });
          // The context view: the Sequential strategy's context at the 8th probe (the grid, a
          // scroll box of its own, renders the rows near its view: it is brought into view first).
          await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await grid.locator('button[aria-label^="Sequential: "]').nth(8).click();
          await page.locator('section[aria-label="Context at probe"]').waitFor();
        },
      ],
      [
        'scroll',
        async (page) => {
          const main = page.locator('.arena-main');
          await wheel(page, main, 40, 400);
          await dragScroll(main, 1, 0, 20);
        },
      ],
      [
        'select',
        async (page) => {
          // Probe cells one after another: each shows another strategy's context (the grid brought
          // into view first: it renders the rows near the view).
          const grid = page.locator('table[aria-label="Probe outcomes"]');
          await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          for (const name of STRATEGIES.slice(0, 6)) {
            await grid.locator(`button[aria-label^="${name}: "]`).nth(10).click();
            await sleep(100);
          }
        },
      ],
      [
        'type',
        async (page) => {
          const field = page.locator('input[aria-label="Sliding window: Window size (turns)"]');
          await field.click();
          await page.keyboard.press('End');
          await page.keyboard.type('2', { delay: 25 });
          await page.keyboard.press('Backspace');
        },
      ],
    ],
  },
];

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
        await measureOnce(scenario, run);
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
report();

async function measureOnce(scenario: Scenario, run: number) {
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
  await page.goto(served.url);
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function report() {
  const longest = (tasks: Task[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
  const summary = chosen.map((scenario) => {
    // Runs with every phase measured (a failed run's phases still count in the phase table).
    const complete = Array.from({ length: runs }, (_, i) => i + 1).filter(
      (run) =>
        results.filter((r) => r.scenario === scenario.name && r.run === run).length ===
        scenario.phases.length,
    );
    const perRun = complete.map((run) => {
      const of = results.filter((r) => r.scenario === scenario.name && r.run === run);
      const all = of.flatMap((r) => r.tasks.map((t) => ({ ...t, phase: r.phase })));
      const worst = all.reduce((a, b) => (b.duration > a.duration ? b : a), {
        duration: 0,
        phase: '-',
        start: 0,
      });
      return {
        longest: Math.round(worst.duration),
        phase: worst.phase,
        over50: all.length,
        over100: all.filter((t) => t.duration > 100).length,
      };
    });
    const worstRun = perRun.reduce((a, b) => (b.longest > a.longest ? b : a), {
      longest: 0,
      phase: '-',
      over50: 0,
      over100: 0,
    });
    return {
      scenario: scenario.title,
      'longest ms (median)': median(perRun.map((r) => r.longest)),
      'longest ms (worst)': worstRun.longest,
      'phase of the worst': worstRun.phase,
      'tasks > 50 ms (median)': median(perRun.map((r) => r.over50)),
      'tasks > 50 ms (worst)': Math.max(0, ...perRun.map((r) => r.over50)),
      runs: perRun.length,
      'tasks > 100 ms (all runs)': perRun.reduce((n, r) => n + r.over100, 0),
    };
  });
  console.log('\nPer scenario (longest main-thread task and tasks over 50 ms, over the runs):');
  console.table(summary);
  const phases = chosen.flatMap((scenario) =>
    scenario.phases.map(([phase]) => {
      const of = results.filter((r) => r.scenario === scenario.name && r.phase === phase);
      const row: Record<string, string | number> = {
        scenario: scenario.name,
        phase,
        'longest ms (median)': median(of.map((r) => longest(r.tasks))),
        'longest ms (worst)': Math.max(0, ...of.map((r) => longest(r.tasks))),
        'tasks > 50 ms (median)': median(of.map((r) => r.tasks.length)),
      };
      if (trace) {
        const traced = of.flatMap((r) => r.traced ?? []);
        const top = traced.reduce((a, b) => (b.wall > a.wall ? b : a), { wall: 0, cpu: 0 });
        row['traced longest: wall / CPU ms'] = `${Math.round(top.wall)} / ${Math.round(top.cpu)}`;
      }
      return row;
    }),
  );
  console.log('Per phase:');
  console.table(phases);
  const load = readLoad();
  if (load) console.log(`Load average at the end: ${load}`);
  for (const failure of failures) console.log(`Failed: ${failure}`);
  if (jsonOut)
    writeFileSync(jsonOut, JSON.stringify({ summary, phases, results, failures }, null, 2));
}

function readLoad(): string | undefined {
  try {
    return spawnSync('cat', ['/proc/loadavg']).stdout.toString().split(' ').slice(0, 3).join(' ');
  } catch {
    return undefined;
  }
}

// ---- tracing: each main-thread task's wall time and thread CPU time ---------------------------

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

function mainThreadTasks(buffer: Buffer): { wall: number; cpu: number }[] {
  const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter(
      (e) =>
        /RunTask$/.test(e.name) &&
        e.ph === 'X' &&
        mains.has(`${e.pid}:${e.tid}`) &&
        (e.dur ?? 0) > 50_000,
    )
    .map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }));
}

// ---- CPU profile: where the phase's script time goes -----------------------------------------

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function printProfile(profile: CpuProfile, label: string, file: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { samples: number; wall: number }>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : frame.functionName;
    const entry = self.get(name) ?? { samples: 0, wall: 0 };
    entry.samples++;
    entry.wall += (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(name, entry);
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  const idle = self.get('(idle)')?.wall ?? 0;
  console.log(
    `\nCPU profile of ${label} (${file}): ${Math.round(total)} ms, ${Math.round(total - idle)} ms not idle; self time by function (ms, sampled every 0.5 ms; a sample delayed by a busy machine counts its whole delay):`,
  );
  console.table(
    [...self.entries()]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1].wall - a[1].wall)
      .slice(0, 25)
      .map(([name, v]) => ({ function: name, 'self ms': Math.round(v.wall), samples: v.samples })),
  );
}
