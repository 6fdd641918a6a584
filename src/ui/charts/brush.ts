// The token chart's brush, pure: a point along its strip to a call's index and back, the calls in
// view kept in bounds, and a handle's value after a key press (CallBrush.tsx draws it).

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
