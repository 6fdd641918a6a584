// The token chart's geometry, pure (numbers in, pixels out; no DOM): the plot area inside the
// margins and axes, the calls in view as a band of equal slots (a point at each slot's centre, a bar
// inside it), the linear y scale, which call numbers the x-axis labels, the stacked-steps paths of a
// dense chart, the call under the pointer, where the tooltip goes, and the brush's index arithmetic.
// The chart (TokenChart.tsx) draws its own SVG with these: no chart library runs on a change.

import type { Box } from './label-layout';

/** Space around the plot: the strip above it takes the lines' labels and the off-scale notes. */
export const PLOT_MARGIN = { top: 26, right: 16, bottom: 4, left: 8 } as const;
/** The y-axis: its tick labels and title, left of the plot. */
export const Y_AXIS_WIDTH = 52;
/** The x-axis: its ticks and call numbers, below the plot. */
export const X_AXIS_HEIGHT = 20;
/** A tick mark's length, and the gap between it and its label. */
export const TICK_SIZE = 6;
export const TICK_GAP = 2;
/** The widest bar, and the gap on each side of a bar within its slot (a share of the slot). */
export const MAX_BAR = 36;
export const BAR_GAP = 0.1;

/** The plot area (inside the axes) of a chart `width` × `height` pixels; never negative. */
export function plotArea(width: number, height: number): Box {
  const x = PLOT_MARGIN.left + Y_AXIS_WIDTH;
  const y = PLOT_MARGIN.top;
  return {
    x,
    y,
    width: Math.max(0, width - x - PLOT_MARGIN.right),
    height: Math.max(0, height - y - PLOT_MARGIN.bottom - X_AXIS_HEIGHT),
  };
}

/** `count` calls across the plot: each a slot of equal width, its point at the slot's centre. */
export interface Band {
  /** Width of one slot. */
  slot: number;
  /** Centre of each slot, left to right. */
  centres: number[];
}

export function bandOf(count: number, plot: Box): Band {
  if (count <= 0) return { slot: plot.width, centres: [] };
  const slot = plot.width / count;
  return { slot, centres: Array.from({ length: count }, (_, i) => plot.x + slot * (i + 0.5)) };
}

/** Width of a bar in a slot: the slot less a gap on each side, at most MAX_BAR. */
export function barWidth(slot: number): number {
  return Math.max(0, Math.min(MAX_BAR, slot * (1 - 2 * BAR_GAP)));
}

/**
 * The y scale: tokens 0..max onto the plot's bottom..top. Values above max land above the plot (the
 * chart clips them at its top edge); a scale with no height puts everything at the bottom.
 */
export function linearY(max: number, plot: Box): (tokens: number) => number {
  const bottom = plot.y + plot.height;
  if (!(max > 0)) return () => bottom;
  const perToken = plot.height / max;
  return (tokens) => bottom - tokens * perToken;
}

/** Steps between labelled call numbers: 1, 2 and 5 times a power of ten. */
function* niceCallSteps(from: number): Generator<number> {
  for (let power = 1; ; power *= 10)
    for (const m of [1, 2, 5]) if (m * power >= from) yield m * power;
}

/**
 * The call numbers the x-axis shows, and the slot of each: the multiples of a round step (1, 2, 5,
 * 10, 20, 50, …) among the calls in view, each at the slot of the point that holds it (a grouped
 * point holds its calls first to last). The step is at least `minCalls` (1 for bars; about the
 * calls in view / DENSE_TICKS on a dense chart) and larger when neighbouring labels would touch
 * (each is `measure(label)` pixels wide, centred on its slot, `gap` pixels apart at least).
 */
export function callTicks(
  points: readonly { first: number; last: number }[],
  centres: readonly number[],
  measure: (text: string) => number,
  { minCalls = 1, gap = 6 }: { minCalls?: number; gap?: number } = {},
): { index: number; call: number }[] {
  const first = points[0]?.first;
  const last = points.at(-1)?.last;
  if (first === undefined || last === undefined || last < first) return [];
  for (const step of niceCallSteps(Math.max(1, Math.ceil(minCalls)))) {
    if (step > last) break;
    const ticks: { index: number; call: number; width: number }[] = [];
    let at = 0;
    for (let call = Math.ceil(first / step) * step; call <= last; call += step) {
      while (at < points.length - 1 && points[at]!.last < call) at++;
      ticks.push({ index: at, call, width: measure(String(call)) });
    }
    let clear = true;
    for (let k = 1; k < ticks.length && clear; k++) {
      const a = ticks[k - 1]!;
      const b = ticks[k]!;
      clear = centres[b.index]! - centres[a.index]! >= (a.width + b.width) / 2 + gap;
    }
    if (clear && ticks.length) return ticks.map(({ index, call }) => ({ index, call }));
  }
  // No round step fits: the first call alone.
  return [{ index: 0, call: first }];
}

/**
 * Which of the y-axis's ticks get a label: every one when they are at least `minGap` pixels apart,
 * else every other, or the ends only (always 0 and the top, when the intervals divide evenly).
 */
export function yTickLabels(
  ticks: readonly number[],
  y: (tokens: number) => number,
  minGap = 13,
): number[] {
  const n = ticks.length;
  if (n <= 2) return [...ticks];
  const spacing = Math.abs(y(ticks[1]!) - y(ticks[0]!));
  const intervals = n - 1;
  for (let k = 1; k < intervals; k++)
    if (intervals % k === 0 && k * spacing >= minGap) return ticks.filter((_, i) => i % k === 0);
  return [ticks[0]!, ticks[n - 1]!];
}

/**
 * The area of one stacked step series: across each slot's full width at `tops[i]`, down to the
 * series below at `bases[i]` (pixels), as an SVG path; '' when there is nothing to draw.
 */
export function stepAreaPath(
  centres: readonly number[],
  slot: number,
  tops: readonly number[],
  bases: readonly number[],
): string {
  const n = centres.length;
  if (n === 0) return '';
  const half = slot / 2;
  const r = (v: number) => Math.round(v * 100) / 100;
  const parts = [`M${r(centres[0]! - half)},${r(tops[0]!)}`];
  for (let i = 0; i < n; i++) {
    if (i > 0) parts.push(`V${r(tops[i]!)}`);
    parts.push(`H${r(centres[i]! + half)}`);
  }
  // Back along the base, right to left.
  parts.push(`V${r(bases[n - 1]!)}`);
  for (let i = n - 1; i >= 0; i--) {
    if (i < n - 1) parts.push(`V${r(bases[i]!)}`);
    parts.push(`H${r(centres[i]! - half)}`);
  }
  parts.push('Z');
  return parts.join('');
}

/** The rectangles of one series' bars as one SVG path (one element for the whole series). */
export function barsPath(
  rects: readonly { x: number; y: number; width: number; height: number }[],
): string {
  const r = (v: number) => Math.round(v * 100) / 100;
  return rects
    .filter((rect) => rect.width > 0 && rect.height > 0)
    .map(
      (rect) => `M${r(rect.x)},${r(rect.y)}h${r(rect.width)}v${r(rect.height)}h${r(-rect.width)}Z`,
    )
    .join('');
}

/** A polyline through the points given (gaps already left out: the line connects across them). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  const r = (v: number) => Math.round(v * 100) / 100;
  return points.map((p, i) => `${i ? 'L' : 'M'}${r(p.x)},${r(p.y)}`).join('');
}

/**
 * The slot under the pointer (x, y in the chart's pixels): the nearest slot while the pointer is
 * over the plot or the strip above it, undefined elsewhere (over the axes, outside the chart).
 */
export function slotAt(x: number, y: number, plot: Box, count: number): number | undefined {
  if (count <= 0 || plot.width <= 0) return undefined;
  if (x < plot.x || x > plot.x + plot.width || y < 0 || y > plot.y + plot.height) return undefined;
  const index = Math.floor(((x - plot.x) / plot.width) * count);
  return Math.max(0, Math.min(count - 1, index));
}

/**
 * Where a tooltip of `size` goes for a pointer at `at` inside `bounds` (width × height): right of
 * and below the pointer by `offset`, flipped to its left or above it where it would run past the
 * right or bottom edge, never past the left or top edge.
 */
export function tooltipPosition(
  at: { x: number; y: number },
  size: { width: number; height: number },
  bounds: { width: number; height: number },
  offset = 12,
): { x: number; y: number } {
  const place = (p: number, extent: number, room: number) =>
    p + offset + extent <= room ? p + offset : Math.max(0, p - offset - extent);
  return { x: place(at.x, size.width, bounds.width), y: place(at.y, size.height, bounds.height) };
}

/** The index of `count` at a point `x` pixels along a brush track `width` pixels wide. */
export function brushIndexAt(x: number, width: number, count: number): number {
  if (count <= 1 || !(width > 0)) return 0;
  const index = Math.round((x / width) * (count - 1));
  return Math.max(0, Math.min(count - 1, index));
}

/** Where index `index` of `count` sits along the brush, as a share of its width (0..1). */
export const brushShare = (index: number, count: number) =>
  count <= 1 ? 0 : Math.max(0, Math.min(1, index / (count - 1)));

/** The calls in view: `null` for all of them (the thread's growth then stays in view). */
export type CallRange = { start: number; end: number } | null;

/** A range of indexes as the chart keeps it: in bounds, start ≤ end, and null when it is all. */
export function normalRange(start: number, end: number, count: number): CallRange {
  const last = count - 1;
  const a = Math.max(0, Math.min(last, Math.round(start)));
  const b = Math.max(a, Math.min(last, Math.round(end)));
  return a === 0 && b === last ? null : { start: a, end: b };
}

/**
 * A brush handle's value after a key press (arrows by one call, Page Up/Down by a tenth of the
 * calls, Home/End to the handle's bounds), or undefined for a key the handle does not take.
 */
export function handleKey(
  key: string,
  value: number,
  min: number,
  max: number,
  count: number,
): number | undefined {
  const page = Math.max(1, Math.round(count / 10));
  const to = (v: number) => Math.max(min, Math.min(max, v));
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return to(value - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return to(value + 1);
    case 'PageDown':
      return to(value - page);
    case 'PageUp':
      return to(value + page);
    case 'Home':
      return min;
    case 'End':
      return max;
    default:
      return undefined;
  }
}
