// Placing a chart's text labels so that none overlaps another or a mark, pure (no DOM): each label
// has its size and a list of candidate positions, best first; in the order given, each takes the
// first candidate that stays inside the bounds and clear of the marks and of the labels already
// placed, or is left out when none is clear (the chart then says what it stood for elsewhere: a
// tooltip, a legend, a list). Greedy: the order of the labels is their priority.

import type { Box } from './box';

export type { Box };

/** A straight stroke: a line between two points (a series' line, a reference line). */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** What a label must not cover. */
export type Obstacle = Box | Segment;

/** A position for a label: its box's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/** A candidate position, with a width of its own when the label is drawn differently there. */
export interface Candidate extends Point {
  width?: number;
  /** Handed back with the box when this candidate is taken (how to draw the label there). */
  tag?: string;
}

/** A placed label's box, and the tag of the candidate it took. */
export interface Placed extends Box {
  tag?: string;
}

export interface LabelRequest {
  id: string;
  width: number;
  height: number;
  /** Positions of the label's top-left corner, best first. */
  candidates: readonly Candidate[];
  /** Marks this label alone must not cover, besides the layout's obstacles. */
  obstacles?: readonly Obstacle[];
  /** Where this label may go, instead of the layout's bounds. */
  bounds?: Box;
}

export interface LayoutOptions {
  /** Where labels may go (a label must lie wholly inside). */
  bounds: Box;
  /** Marks no label may cover. */
  obstacles?: readonly Obstacle[];
  /** Pixels kept clear around each label. */
  gap?: number;
}

/** Where each label went: its box, or undefined for a label left out (no candidate was clear). */
export type Layout = Map<string, Placed | undefined>;

export const isSegment = (o: Obstacle): o is Segment => 'x1' in o;

/** Whether two boxes overlap or come closer than `gap` pixels (touching edges do not overlap). */
export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap &&
    b.x < a.x + a.width + gap &&
    a.y < b.y + b.height + gap &&
    b.y < a.y + a.height + gap
  );
}

/** Whether a box lies wholly inside another. */
export function inside(box: Box, bounds: Box): boolean {
  const eps = 1e-6;
  return (
    box.x >= bounds.x - eps &&
    box.y >= bounds.y - eps &&
    box.x + box.width <= bounds.x + bounds.width + eps &&
    box.y + box.height <= bounds.y + bounds.height + eps
  );
}

/** Whether a segment crosses or lies in a box (Liang–Barsky clipping). */
export function segmentHitsBox(s: Segment, box: Box): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, s.x1 - box.x],
    [dx, box.x + box.width - s.x1],
    [-dy, s.y1 - box.y],
    [dy, box.y + box.height - s.y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      // Parallel to this edge: outside it means no hit; touching the edge is not a hit.
      if (q <= 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return t0 < t1;
}

/** Whether a box covers an obstacle, with `gap` pixels kept clear. */
export function hits(box: Box, obstacle: Obstacle, gap = 0): boolean {
  const grown = {
    x: box.x - gap,
    y: box.y - gap,
    width: box.width + 2 * gap,
    height: box.height + 2 * gap,
  };
  return isSegment(obstacle) ? segmentHitsBox(obstacle, grown) : boxesOverlap(grown, obstacle);
}

/**
 * Places the labels in the order given (their priority): each takes its first candidate that lies
 * inside the bounds and covers neither an obstacle nor a label placed before it; a label with no
 * such candidate is left out (undefined). No two placed labels ever overlap.
 */
export function placeLabels(labels: readonly LabelRequest[], options: LayoutOptions): Layout {
  const { bounds, obstacles = [], gap = 2 } = options;
  const placed: Box[] = [];
  const layout: Layout = new Map();
  for (const label of labels) {
    let chosen: Placed | undefined;
    for (const at of label.candidates) {
      const box = { x: at.x, y: at.y, width: at.width ?? label.width, height: label.height };
      if (!inside(box, label.bounds ?? bounds)) continue;
      if (placed.some((other) => boxesOverlap(box, other, gap))) continue;
      if (obstacles.some((obstacle) => hits(box, obstacle, gap))) continue;
      if (label.obstacles?.some((obstacle) => hits(box, obstacle, gap))) continue;
      chosen = at.tag === undefined ? box : { ...box, tag: at.tag };
      break;
    }
    if (chosen) placed.push(chosen);
    layout.set(label.id, chosen);
  }
  return layout;
}

/**
 * Candidate corners for a label of width × height beside a point mark of radius `r`: level to the
 * left and right, then raised and lowered on either side, then centred above and below, then
 * above and below starting or ending at the mark.
 * `prefer` puts the left or the right side first.
 */
export function aroundPoint(
  cx: number,
  cy: number,
  width: number,
  height: number,
  r: number,
  prefer: 'left' | 'right' = 'right',
): Point[] {
  const d = r + 3;
  const left = cx - d - width;
  const right = cx + d;
  const [first, second] = prefer === 'left' ? [left, right] : [right, left];
  const level = cy - height / 2;
  const raised = cy - r - height;
  const lowered = cy + r;
  return [
    { x: first, y: level },
    { x: second, y: level },
    { x: first, y: raised },
    { x: second, y: raised },
    { x: first, y: lowered },
    { x: second, y: lowered },
    { x: cx - width / 2, y: cy - d - height },
    { x: cx - width / 2, y: cy + d },
    // Above and below, starting or ending at the mark (the preferred side first).
    ...[cy - d - height, cy + d].flatMap((y) => {
      const starting = { x: cx - r, y };
      const ending = { x: cx + r - width, y };
      return prefer === 'left' ? [ending, starting] : [starting, ending];
    }),
  ];
}

/**
 * Candidate corners for the label of a horizontal line at `y` running from `left` to `right`:
 * just above it at one end (`from`, the right by default), just below it there, then the same at
 * the other end, then at points in between (every half label width), above before below.
 */
export function alongLine(
  y: number,
  left: number,
  right: number,
  width: number,
  height: number,
  from: 'left' | 'right' = 'right',
  inset = 4,
): Point[] {
  const above = y - height - 1;
  const below = y + 2;
  const first = left + inset;
  const last = right - inset - width;
  if (last < first) return [];
  const ends = from === 'right' ? [last, first] : [first, last];
  const between: number[] = [];
  const step = Math.max(8, width / 2);
  for (let x = first + step; x < last; x += step) between.push(x);
  if (from === 'right') between.reverse();
  const xs = [...new Set([...ends, ...between])];
  return xs.flatMap((x) => [
    { x, y: above },
    { x, y: below },
  ]);
}
