// The measuring side of every `npm run bench:plot` page. A page fetches its data, then waits for
// scripts/bench-plot.mjs to call window.__plotBench: mount() draws the charts, arm() starts a
// redraw's clock at the next pointer or mouse event (the script then moves the real mouse), and
// settled() waits until the page has stopped changing. Each returns the time from its start to the
// frame after the last change of the page (performance.now()) and the main-thread tasks over 50 ms
// in between (a PerformanceObserver for 'longtask', buffered).
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** No change of the page for this long: the drawing is done. */
const QUIET_MS = 400;
/** A drawing that has not settled by then has failed. */
const SETTLE_LIMIT_MS = 60_000;

export interface Settled {
  /** From the start (the render call, or the first input event) to the frame after the last change. */
  ms: number;
  /** Main-thread tasks over 50 ms in that time, longest first (ms). */
  longTasks: number[];
}

/** What the page tells the script, beside the timings. */
export interface PageHooks {
  /** The element the redraw's pointer goes to (its box), or the brush handle to drag. */
  target: string;
  /** For a brush drag: the strip the handle moves along. */
  track?: string;
  /**
   * How the handle maps to the calls: its centre at its call's share of the strip ('centre', ours),
   * or its left edge over the strip less the handle's width (recharts' Brush).
   */
  handle?: 'centre' | 'edge';
  /** What the page shows now, in a line ("calls 1801–2000 in view"); '' when nothing to say. */
  describe(): string;
}

declare global {
  interface Window {
    __plotBench?: {
      hooks: PageHooks;
      mount(): Promise<Settled & { paths: number }>;
      arm(): void;
      settled(): Promise<Settled>;
    };
    __plotBenchError?: string;
  }
}

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** The time of the frame after the page's last change, kept by a MutationObserver. */
let lastFrame = 0;
let lastChange = 0;
new MutationObserver(() => {
  lastChange = performance.now();
  requestAnimationFrame(() => {
    lastFrame = performance.now();
  });
}).observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  characterData: true,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a change after `from` and then QUIET_MS without one; throws past SETTLE_LIMIT_MS. */
async function settle(from: number): Promise<Settled> {
  for (;;) {
    await sleep(50);
    const now = performance.now();
    if (now - from > SETTLE_LIMIT_MS)
      throw new Error(
        lastChange > from
          ? `the page did not settle in ${SETTLE_LIMIT_MS / 1000} s`
          : `nothing on the page changed in ${SETTLE_LIMIT_MS / 1000} s`,
      );
    if (lastChange > from && lastFrame >= lastChange && now - lastChange >= QUIET_MS) break;
  }
  const end = lastFrame;
  return {
    ms: end - from,
    longTasks: longTasks
      .filter((t) => t.start >= from - 1 && t.start <= end)
      .map((t) => t.duration)
      .sort((a, b) => b - a),
  };
}

/** Paths drawn with a real outline (a chart that failed draws none). */
function drawnPaths(root: Element): number {
  return [...root.querySelectorAll('svg path')].filter(
    (path) => (path.getAttribute('d') ?? '').length > 8,
  ).length;
}

/** Sets the page up: fetches `dataFile`, then offers the measuring hooks. */
export async function benchPage<T>(
  dataFile: string,
  draw: (data: T) => ReactNode,
  hooks: PageHooks,
): Promise<void> {
  try {
    const response = await fetch(dataFile);
    if (!response.ok) throw new Error(`${dataFile}: HTTP ${response.status}`);
    const data = (await response.json()) as T;
    const element = document.getElementById('root');
    if (!element) throw new Error('the page has no #root');
    let armedAt = 0;
    // The first pointer or mouse event after arm() starts the redraw's clock (capture, on window:
    // before the chart's own handlers).
    const onInput = () => {
      if (armedAt < 0) armedAt = performance.now();
    };
    for (const type of ['pointerdown', 'pointermove', 'mousedown', 'mousemove'])
      window.addEventListener(type, onInput, true);
    window.__plotBench = {
      hooks,
      async mount() {
        const start = performance.now();
        createRoot(element).render(draw(data));
        const settled = await settle(start);
        return { ...settled, paths: drawnPaths(element) };
      },
      arm() {
        armedAt = -1;
      },
      async settled() {
        if (armedAt < 0) throw new Error('no pointer event reached the page after arm()');
        return settle(armedAt);
      },
    };
  } catch (error) {
    window.__plotBenchError = String(error);
  }
}
