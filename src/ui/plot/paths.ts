// The plot kit's SVG paths, on d3-shape: a line with gaps where a value is missing (`line` with
// `defined`, straight segments as the charts drew them), stacked series (`stack`), a stepped area
// across each slot of a band (`area` with `curveStep`: the step falls half way between two points,
// on their slots' common edge) and a series of bars as one path (`area` with a gap between bars).
import { area, curveStep, line, stack } from 'd3-shape';
import type { Box } from './box';

/** A point of a line; `y` undefined (or not finite) leaves a gap there. */
export interface LinePoint {
  x: number;
  y: number | undefined;
}

const drawn = (p: LinePoint): p is { x: number; y: number } =>
  p.y !== undefined && Number.isFinite(p.y);

/** A line through `points`, a gap where one has no value; coordinates to `digits` decimals. */
export function linePath(points: readonly LinePoint[], digits = 2): string {
  return (
    line<LinePoint>()
      .defined(drawn)
      .x((p) => p.x)
      .y((p) => p.y!)
      .digits(digits)(points) ?? ''
  );
}

/**
 * The points of a line with no drawn neighbour on either side: a path cannot show them (d3 draws
 * such a point as an empty move), so a chart draws them as dots.
 */
export function lonePoints(points: readonly LinePoint[]): [number, number][] {
  const out: [number, number][] = [];
  points.forEach((p, i) => {
    const before = points[i - 1];
    const after = points[i + 1];
    if (drawn(p) && !(before && drawn(before)) && !(after && drawn(after))) out.push([p.x, p.y]);
  });
  return out;
}

/**
 * Series stacked on each other (d3's `stack`), in the order of `keys`: per key, per row, the
 * bottom and top of its share. A value that is not a positive number counts as 0.
 */
export function stacked<Row>(
  rows: readonly Row[],
  keys: readonly string[],
  value: (row: Row, key: string) => unknown,
): [number, number][][] {
  const layers = stack<Row, string>()
    .keys(keys)
    .value((row, key) => {
      const v = value(row, key);
      return typeof v === 'number' && v > 0 ? v : 0;
    })(rows);
  return layers.map((layer) => layer.map(([bottom, top]) => [bottom, top]));
}

/**
 * One stacked series as steps across a band's slots: at `tops[i]` across slot i (centred on
 * `centres[i]`, `slot` wide), down to `bases[i]`, as one closed path; '' for no points.
 */
export function stepAreaPath(
  centres: readonly number[],
  slot: number,
  tops: readonly number[],
  bases: readonly number[],
  digits = 2,
): string {
  const n = centres.length;
  if (n === 0) return '';
  const half = slot / 2;
  // The band's two outer edges, level with the first and last slots.
  const xs = [centres[0]! - half, ...centres, centres[n - 1]! + half];
  const at = (i: number) => Math.min(n - 1, Math.max(0, i - 1));
  return (
    area<number>()
      .curve(curveStep)
      .x((_, i) => xs[i]!)
      .y0((_, i) => bases[at(i)]!)
      .y1((_, i) => tops[at(i)]!)
      .digits(digits)(xs) ?? ''
  );
}

/** The rectangles of one series' bars as one SVG path (one element for the whole series). */
export function barsPath(rects: readonly Box[], digits = 2): string {
  const corners: ({ x: number; top: number; bottom: number } | null)[] = [];
  for (const r of rects) {
    if (!(r.width > 0 && r.height > 0)) continue;
    const edge = { top: r.y, bottom: r.y + r.height };
    corners.push({ x: r.x, ...edge }, { x: r.x + r.width, ...edge }, null);
  }
  return (
    area<{ x: number; top: number; bottom: number } | null>()
      .defined((c) => c !== null)
      .x((c) => c!.x)
      .y0((c) => c!.bottom)
      .y1((c) => c!.top)
      .digits(digits)(corners) ?? ''
  );
}
