// The plot kit's scales and ticks, pure (numbers in, pixels out; no DOM), on d3-scale: linear scales
// (`scaleLinear`, its `.nice()` and `.ticks()`) and bands of equal slots (`scaleBand`). What is
// ours is only what the charts choose on top of them: an axis from 0 to a round top, the turn and
// call-number axes that leave out labels that would touch, which tick labels a short axis keeps,
// and the slot or point under the pointer.
import { scaleBand, scaleLinear, type ScaleLinear } from 'd3-scale';
import type { Box } from './box';

export type LinearScale = ScaleLinear<number, number>;

/** A tick: its value and where it is along its axis, in px. */
export interface Tick {
  value: number;
  at: number;
}

/** A linear map of `domain` onto `range` (d3's scaleLinear). */
export function linear(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  return scaleLinear().domain(domain).range(range);
}

/** `scale`'s ticks at their pixels. */
export const ticksAt = (values: readonly number[], scale: (value: number) => number): Tick[] =>
  values.map((value) => ({ value, at: scale(value) }));

/** The step between d3's ticks (the span itself when there is one tick or none). */
function stepOf(ticks: readonly number[], span: number): number {
  return ticks.length > 1 ? ticks[1]! - ticks[0]! : span;
}

/**
 * An axis from 0: the top is `max` rounded up to a round value (d3's `nice`, about `count`
 * intervals), the ticks d3's; whole numbers only when `integer` (counts). A largest value of 0 (or
 * none) gives 0..1.
 */
export function zeroAxis(
  max: number,
  count = 4,
  integer = false,
): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const scale = scaleLinear().domain([0, max]).nice(count);
  const ticks = scale.ticks(count);
  return { top: scale.domain()[1]!, ticks: integer ? ticks.filter(Number.isInteger) : ticks };
}

/**
 * An axis from 0 whose top stays near the largest value: `max` and a share of headroom, rounded up
 * to half of d3's tick step (not a whole step: the points keep more of the plot's width), ticks
 * d3's over 0..top.
 */
export function snugAxis(
  max: number,
  headroom = 0.08,
  count = 4,
): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const target = max * (1 + headroom);
  const half = stepOf(scaleLinear().domain([0, target]).ticks(count), target) / 2;
  const top = Number((Math.ceil(target / half - 1e-9) * half).toPrecision(12));
  return { top, ticks: scaleLinear().domain([0, top]).ticks(count) };
}

/**
 * The turn axis from `lo` (the first turn) to `hi`: d3's round whole-number ticks inside it, and
 * `lo` itself where it is not crowded by the first of them (1, 50, 100, 150, 200 for 211 turns;
 * 2, 4 … 14 for 14). A single turn gives that turn.
 */
export function turnTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const ticks = scaleLinear().domain([lo, hi]).ticks(count).filter(Number.isInteger);
  const step = Math.max(1, stepOf(ticks, hi - lo));
  const first = ticks[0];
  if (first === undefined || first - lo >= step * 0.6) ticks.unshift(lo);
  return ticks;
}

/** `count` points across `plot`: each a slot of equal width (d3's scaleBand), its point at the centre. */
export interface Band {
  /** Width of one slot. */
  slot: number;
  /** Centre of each slot, left to right. */
  centres: number[];
}

export function bandOf(count: number, plot: Box): Band {
  if (count <= 0) return { slot: plot.width, centres: [] };
  const indexes = Array.from({ length: count }, (_, i) => i);
  const band = scaleBand<number>()
    .domain(indexes)
    .range([plot.x, plot.x + plot.width]);
  const slot = band.bandwidth();
  return { slot, centres: indexes.map((i) => band(i)! + slot / 2) };
}

/**
 * The slot under the pointer (x, y in the chart's pixels) of `count` slots across `plot`: the
 * nearest slot while the pointer is over the plot or the strip above it, undefined elsewhere.
 */
export function slotAt(x: number, y: number, plot: Box, count: number): number | undefined {
  if (count <= 0 || plot.width <= 0) return undefined;
  if (x < plot.x || x > plot.x + plot.width || y < 0 || y > plot.y + plot.height) return undefined;
  const index = Math.floor(((x - plot.x) / plot.width) * count);
  return Math.max(0, Math.min(count - 1, index));
}

/**
 * The call numbers an x-axis of grouped points shows, and the point of each: d3's round ticks over
 * the calls in view (whole numbers, at least `minCalls` apart), each at the point that holds it (a
 * grouped point holds its calls first to last); fewer of them while neighbouring labels would
 * touch (each is `measure(label)` pixels wide, centred on its point, `gap` pixels apart at least).
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
  const scale = scaleLinear().domain([first, last]);
  const least = Math.max(1, minCalls);
  let tried = 0;
  for (let count = Math.max(1, Math.floor((last - first + 1) / least)); count >= 1; count--) {
    const calls = scale.ticks(count).filter(Number.isInteger);
    const step = stepOf(calls, Infinity);
    if (step === tried || step < least || calls.length === 0) continue;
    tried = step;
    let at = 0;
    const ticks = calls.map((call) => {
      while (at < points.length - 1 && points[at]!.last < call) at++;
      return { index: at, call, width: measure(String(call)) };
    });
    let clear = true;
    for (let k = 1; k < ticks.length && clear; k++) {
      const a = ticks[k - 1]!;
      const b = ticks[k]!;
      clear = centres[b.index]! - centres[a.index]! >= (a.width + b.width) / 2 + gap;
    }
    if (clear) return ticks.map(({ index, call }) => ({ index, call }));
  }
  // No round step fits: the first call alone.
  return [{ index: 0, call: first }];
}

/**
 * Which of an axis's evenly spaced ticks get a label: every one when they are at least `minGap`
 * pixels apart, else every other, or the ends only (always the first and, when the intervals
 * divide evenly, the last).
 */
export function labelledTicks(
  ticks: readonly number[],
  scale: (value: number) => number,
  minGap = 13,
): number[] {
  const n = ticks.length;
  if (n <= 2) return [...ticks];
  const spacing = Math.abs(scale(ticks[1]!) - scale(ticks[0]!));
  const intervals = n - 1;
  for (let k = 1; k < intervals; k++)
    if (intervals % k === 0 && k * spacing >= minGap) return ticks.filter((_, i) => i % k === 0);
  return [ticks[0]!, ticks[n - 1]!];
}

/** The index of the value of `sorted` (ascending) nearest to `value`; -1 when it is empty. */
export function nearestIndex(sorted: readonly number[], value: number): number {
  if (sorted.length === 0) return -1;
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  // `lo` is the first at or above `value`: the one before may be nearer.
  return lo > 0 && value - sorted[lo - 1]! <= sorted[lo]! - value ? lo - 1 : lo;
}
