// Name labels for the points of a scatter plot, pure (pixels in, boxes out): points drawn on top of
// each other (closer than a symbol's width) share one label that names them all, one name a line
// when the names do not fit on one; each label then takes the first clear place around its point
// or group (right, left, raised, lowered, above, below) that is plainly nearer to its own point
// than to any other, clear of every symbol and of the labels placed before it, or is left out: the
// chart's key and tooltip still name every point.

import { aroundPoint, hits, inside, placeLabels, type Box, type Obstacle } from './label-layout';

export interface ScatterPoint {
  id: string;
  name: string;
  /** Centre of the point's symbol, in pixels. */
  x: number;
  y: number;
}

export interface PointLabel {
  /** The points the label stands for, in the order given. */
  ids: string[];
  /** One entry per drawn line of text. */
  lines: string[];
  /** Where the label goes, or undefined when no place around its points was clear. */
  box?: Box;
}

export interface PointLabelOptions {
  /** Where labels may go. */
  bounds: Box;
  /** Width in pixels of a text. */
  measure: (text: string) => number;
  lineHeight: number;
  /** Half a symbol's size: points closer than twice this are drawn on top of each other. */
  radius: number;
  /** Widest one-line label of a group; past it the names go one a line. */
  maxWidth?: number;
}

/** A label must be this many pixels nearer to its own point than to any other. */
const AMBIGUOUS = 6;

/** Distance in pixels from a point to the nearest point of a box (0 inside it). */
export function distanceTo(box: Box, p: { x: number; y: number }): number {
  const dx = Math.max(box.x - p.x, 0, p.x - (box.x + box.width));
  const dy = Math.max(box.y - p.y, 0, p.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

/** Points closer than `distance` to a point of a group join that group (in the order given). */
export function groupPoints(points: readonly ScatterPoint[], distance: number): ScatterPoint[][] {
  const groups: ScatterPoint[][] = [];
  for (const point of points) {
    const near = groups.find((group) =>
      group.some((other) => Math.hypot(other.x - point.x, other.y - point.y) < distance),
    );
    if (near) near.push(point);
    else groups.push([point]);
  }
  return groups;
}

export function layoutPointLabels(
  points: readonly ScatterPoint[],
  options: PointLabelOptions,
): PointLabel[] {
  const { bounds, measure, lineHeight, radius, maxWidth = 180 } = options;
  const symbols: Obstacle[] = points.map((p) => ({
    x: p.x - radius,
    y: p.y - radius,
    width: 2 * radius,
    height: 2 * radius,
  }));
  const groups = groupPoints(points, 2 * radius);
  const labels = groups.map((group) => {
    const names = group.map((p) => p.name);
    const joined = names.join(', ');
    const lines = measure(joined) <= maxWidth ? [joined] : names;
    const width = Math.ceil(Math.max(...lines.map(measure)));
    const height = lines.length * lineHeight;
    // Around the group's middle, clear of its outermost symbol.
    const xs = group.map((p) => p.x);
    const ys = group.map((p) => p.y);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const spread = Math.max(Math.max(...xs) - cx, Math.max(...ys) - cy);
    // Only places plainly nearer to the label's own points than to any other point: a name
    // halfway between two points would read as either's.
    const others = points.filter((p) => !group.includes(p));
    const candidates = aroundPoint(cx, cy, width, height, spread + radius).filter((at) => {
      const box = { x: at.x, y: at.y, width, height };
      const own = Math.min(...group.map((p) => distanceTo(box, p)));
      return others.every((p) => distanceTo(box, p) >= own + AMBIGUOUS);
    });
    return { group, lines, request: { id: group[0]!.id, width, height, candidates } };
  });
  // The groups first (their symbols hide each other: the label is all that names them), then the
  // labels with the fewest places clear of the symbols (the most hemmed in choose first), then the
  // order given.
  const freedom = new Map(
    labels.map((label) => [
      label,
      label.request.candidates.filter((at) => {
        const box = { x: at.x, y: at.y, width: label.request.width, height: label.request.height };
        return inside(box, bounds) && !symbols.some((symbol) => hits(box, symbol, 2));
      }).length,
    ]),
  );
  const order = [...labels].sort(
    (a, b) =>
      Number(b.group.length > 1) - Number(a.group.length > 1) || freedom.get(a)! - freedom.get(b)!,
  );
  const layout = placeLabels(
    order.map((label) => label.request),
    { bounds, obstacles: symbols, gap: 2 },
  );
  return labels.map((label) => ({
    ids: label.group.map((p) => p.id),
    lines: label.lines,
    ...(layout.get(label.request.id) ? { box: layout.get(label.request.id)! } : {}),
  }));
}
