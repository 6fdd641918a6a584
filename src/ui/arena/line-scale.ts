// The arena's line charts' geometry, without React or the DOM: round ("nice") axis ticks, linear
// scales, each line's SVG path (a gap where a run has no value), the row nearest the pointer and
// the row a key moves to.
// Written here rather than taken from d3-scale: the few small functions the arena's charts need
// (the scatter and the bars use them too), and the app has no d3-scale.

/**
 * A round step between ticks for `lo`..`hi`: 1, 2 or 5 × a power of ten, giving about `count`
 * intervals (the way d3's `tickIncrement` chooses, so 0..18,000 → 5,000 and 1..211 → 50).
 * At least 1 when `integer` (turns). `hi` must be above `lo`.
 */
export function tickStep(lo: number, hi: number, count: number, integer = false): number {
  const rough = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const ratio = rough / power;
  const step =
    (ratio >= Math.sqrt(50) ? 10 : ratio >= Math.sqrt(10) ? 5 : ratio >= Math.sqrt(2) ? 2 : 1) *
    power;
  return integer ? Math.max(1, Math.round(step)) : step;
}

/** The multiples of `step` from `lo` to `hi` (both included when they are multiples). */
export function multiplesOf(step: number, lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-9; i++)
    ticks.push(roundOff(i * step));
  return ticks;
}

/**
 * The value axis: 0 up to a round top at or above `max` (a multiple of the step), and its ticks,
 * every step. A largest value of 0 (or none) gives 0..1.
 */
export function valueAxis(max: number, count = 4): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const step = tickStep(0, max, count);
  const top = roundOff(Math.ceil(max / step - 1e-9) * step);
  return { top, ticks: multiplesOf(step, 0, top) };
}

/**
 * The turn axis from `lo` (the first turn) to `hi`: round integer ticks inside it, and `lo` itself
 * where it is not crowded by the first of them (1, 50, 100, 150, 200 for 211 turns; 2, 4 … 14 for
 * 14). A single turn gives that turn.
 */
export function turnTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const step = tickStep(lo, hi, count, true);
  const ticks = multiplesOf(step, lo, hi);
  const first = ticks[0];
  if (first === undefined || first - lo >= step * 0.6) ticks.unshift(lo);
  return ticks;
}

/** A linear map of `domain` onto `range` (a degenerate domain maps to the range's start). */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0;
  if (span === 0) return () => r0;
  const k = (r1 - r0) / span;
  return (value) => r0 + (value - d0) * k;
}

/** A row of a line chart: its x value (`turn`) and a value per line key (missing: no point). */
export type LineRow = Readonly<Record<string, number | undefined>> & { readonly turn: number };

/**
 * One line's SVG path through its rows' values of `key`: a gap where a row has no (finite) value
 * (as the recharts line charts drew it, without `connectNulls`). `dots` are the points with no neighbour on
 * either side, which a path cannot show (a one-turn run).
 */
export function linePath(
  rows: readonly LineRow[],
  key: string,
  x: (turn: number) => number,
  y: (value: number) => number,
): { d: string; dots: [number, number][] } {
  let d = '';
  const dots: [number, number][] = [];
  let run: [number, number][] = [];
  const flush = () => {
    if (run.length === 1) dots.push(run[0]!);
    else if (run.length > 1)
      d += run.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${fixed(px)},${fixed(py)}`).join('');
    run = [];
  };
  for (const row of rows) {
    const value = row[key];
    if (value === undefined || !Number.isFinite(value)) flush();
    else run.push([x(row.turn), y(value)]);
  }
  flush();
  return { d, dots };
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

/**
 * The row a key moves the tooltip to from row `at` (null: none shown) among `count` rows: the
 * arrows step (from none, Right starts at the first and Left at the last), Home and End go to the
 * ends, Escape hides it (null). Undefined for any other key, or when there are no rows.
 */
export function rowForKey(
  key: string,
  at: number | null,
  count: number,
): number | null | undefined {
  if (count <= 0) return undefined;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return at === null ? 0 : Math.min(last, at + 1);
    case 'ArrowLeft':
      return at === null ? last : Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}

/** A pixel coordinate to a tenth (shorter paths; finer than a screen draws). */
const fixed = (n: number) => String(Math.round(n * 10) / 10);
/** Floating-point noise off a multiple of a step (0.30000000000000004 → 0.3). */
const roundOff = (n: number) => Number(n.toPrecision(12));
