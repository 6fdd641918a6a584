// The arena's "Tokens sent against probe recall" scatter, its geometry without React or the DOM,
// on the plot kit (d3's scales and ticks, src/ui/plot): the plot inside its margins, the token axis
// and the 0–100 % axis, each strategy's point in pixels, the names beside the points
// (point-labels), the point nearest the pointer and the point a key moves to.
// ScatterFigure.tsx draws its SVG from these; no chart library runs on a change.

import { bottomOf, plotBox, rightOf, type Box } from '../plot/box';
import { layoutPointLabels, type PointLabel } from '../plot/point-labels';
import { linear, snugAxis, ticksAt, type Tick } from '../plot/scale';

/**
 * Room around the plot: the strip above it takes the names of points at 100 % (often the best
 * ones) and the right margin those of the rightmost points; the axes' labels left and below.
 */
export const SCATTER_MARGIN = { top: 30, right: 48, bottom: 8, left: 4 } as const;
export const SCATTER_Y_AXIS = 44;
export const SCATTER_X_AXIS = 30;
/** Half a symbol's drawn size (the labels keep clear of a box this far around each point). */
export const SYMBOL_RADIUS = 7;
/** The recall axis: 0–100 %, a tick every quarter. */
export const PERCENT_TICKS = [0, 25, 50, 75, 100] as const;
/** How near (pixels) the pointer must come to a point to show it. */
export const HOVER_RADIUS = 24;

export interface ScatterInput {
  id: string;
  name: string;
  /** Tokens sent (the run's total). */
  x: number;
  /** The metric in percent, 0–100. */
  y: number;
}

export interface ScatterGeometry {
  width: number;
  height: number;
  plot: Box;
  /** Each point's centre in pixels, in the order of the input. */
  points: { x: number; y: number }[];
  xTicks: Tick[];
  yTicks: Tick[];
  /** The names beside the points (a label without a box has no clear place and is left out). */
  labels: PointLabel[];
}

/**
 * The token axis: 0 up to a round top a little above the largest value (room for its point's
 * symbol and name inside the plot), d3's ticks (about four).
 */
export const tokenAxis = (max: number) => snugAxis(max, 0.08);

/**
 * The scatter of `points` in a `width` × `height` figure (null before it has a size), its names
 * measured by `measure` and drawn `lineHeight` apart.
 */
export function scatterLayout(
  points: readonly ScatterInput[],
  width: number,
  height: number,
  measure: (text: string) => number,
  lineHeight: number,
): ScatterGeometry | null {
  if (width <= 0 || height <= 0) return null;
  const m = SCATTER_MARGIN;
  const plot = plotBox(width, height, {
    ...m,
    left: m.left + SCATTER_Y_AXIS,
    bottom: m.bottom + SCATTER_X_AXIS,
  });
  const axis = tokenAxis(Math.max(0, ...points.map((p) => p.x)));
  const x = linear([0, axis.top], [plot.x, rightOf(plot)]);
  const y = linear([0, 100], [bottomOf(plot), plot.y]);
  const placed = points.map((p) => ({
    x: x(Math.max(0, p.x)),
    y: y(Math.min(100, Math.max(0, p.y))),
  }));
  const labels = layoutPointLabels(
    points.map((p, i) => ({ id: p.id, name: p.name, ...placed[i]! })),
    {
      // The plot, its right margin and the strip above it.
      bounds: { x: plot.x, y: 2, width: width - plot.x - 4, height: bottomOf(plot) - 2 },
      measure,
      lineHeight,
      radius: SYMBOL_RADIUS,
    },
  );
  return {
    width,
    height,
    plot,
    points: placed,
    xTicks: ticksAt(axis.ticks, x),
    yTicks: ticksAt(PERCENT_TICKS, y),
    labels,
  };
}

/**
 * The index of the point nearest to (`px`, `py`) within `radius` pixels (the first on a tie), or
 * null when none is that near.
 */
export function nearestPoint(
  points: readonly { x: number; y: number }[],
  px: number,
  py: number,
  radius = HOVER_RADIUS,
): number | null {
  let best: number | null = null;
  let bestDistance = radius;
  points.forEach((p, i) => {
    const d = Math.hypot(p.x - px, p.y - py);
    if (d <= bestDistance && (best === null || d < bestDistance)) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * The point a key moves the tooltip to from point `at` (null: none shown), by the points' values:
 * Right and Left step through them by tokens sent (fewer first; from none, Right starts at the
 * fewest and Left at the most), Up and Down by the metric (from none, Up starts at the lowest and
 * Down at the highest), Home and End go to the fewest and most tokens, Escape hides it (null).
 * Ties keep the input order. Undefined for any other key, or when there are no points.
 */
export function pointForKey(
  key: string,
  at: number | null,
  points: readonly { x: number; y: number }[],
): number | null | undefined {
  if (points.length === 0) return undefined;
  const byX = order(
    points,
    (p) => p.x,
    (p) => p.y,
  );
  const byY = order(
    points,
    (p) => p.y,
    (p) => p.x,
  );
  const step = (sorted: number[], delta: 1 | -1) => {
    if (at === null) return delta === 1 ? sorted[0]! : sorted.at(-1)!;
    const k = sorted.indexOf(at);
    return sorted[Math.min(sorted.length - 1, Math.max(0, k + delta))]!;
  };
  switch (key) {
    case 'ArrowRight':
      return step(byX, 1);
    case 'ArrowLeft':
      return step(byX, -1);
    case 'ArrowUp':
      return step(byY, 1);
    case 'ArrowDown':
      return step(byY, -1);
    case 'Home':
      return byX[0]!;
    case 'End':
      return byX.at(-1)!;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}

/** The indices of `points` sorted by `first` then `second`, ascending (stable). */
function order<T>(points: readonly T[], first: (p: T) => number, second: (p: T) => number) {
  return points
    .map((p, i) => i)
    .sort(
      (a, b) => first(points[a]!) - first(points[b]!) || second(points[a]!) - second(points[b]!),
    );
}
