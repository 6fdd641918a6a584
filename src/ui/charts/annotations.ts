// Where the token chart's text goes, pure (pixel geometry in, boxes out): the labels of the
// compaction trigger and context window lines, and the before → after caption of each compaction
// drop, placed so that no label covers another, a bar or step, the reported line, a drop or an
// event marker (see label-layout). The trigger's label is placed first, then the window's, then the
// captions from the largest drop down; a caption with no clear place is left out (its mark stays:
// the tooltip, the marker and the event list give its figures). A line label with no clear place
// along its line goes to the strip above the plot, as a key (a stretch of its dash, then the text).

import {
  alongLine,
  placeLabels,
  type Box,
  type LabelRequest,
  type Obstacle,
  type Placed,
} from '../plot/label-layout';

/** One drawn point of the chart, in pixels. */
export interface PointGeometry {
  /** A key for the point's caption (its call number). */
  key: string;
  /** Centre of the point's bar or step. */
  x: number;
  /** Half the width of its bar (or of its step, on a dense chart). */
  halfWidth: number;
  /** Top of its bar or step (its estimated input). */
  top: number;
  /** The provider-reported input, when there is one. */
  reported?: number;
  /** Radius of the reported dot (0 when the line has no dots). */
  reportedRadius: number;
  /** The compaction drop at this point: y of before and after, its caption, and tokens dropped. */
  drop?: { before: number; after: number; text: string; tokens: number };
  /** Event markers at this point: centre y and half size. */
  markers: { y: number; half: number }[];
}

export interface LineGeometry {
  id: 'trigger' | 'window';
  y: number;
  text: string;
  /** A shorter text for the strip when the full one has no room there ("compaction at 109k"). */
  short?: string;
}

export interface AnnotationInput {
  points: readonly PointGeometry[];
  lines: readonly LineGeometry[];
  /** The plot area (inside the axes). */
  plot: Box;
  /** Where captions may go: the plot and the strip above it. */
  bounds: Box;
  /** Where the lines' labels may go: the captions' bounds and the strip's part over the axis. */
  lineBounds?: Box;
  /** Space taken by other text: the off-scale notes, the axis's tick labels and title. */
  reserved?: readonly Box[];
  /** Width in pixels of a label's text (captions are bold). */
  measure: (text: string, bold: boolean) => number;
  /** Height of a label's box. */
  lineHeight: number;
  /** Radius of a drop's dot. */
  dropRadius: number;
}

/**
 * Pixels before a line's label placed away from its line (tagged 'key', or 'key-short' when it
 * takes the line's short text): a short stretch of the line's dash, then the text.
 */
export const KEY_WIDTH = 22;

export interface Annotations {
  /** Each line's label: its box (tagged 'key' when away from its line), or undefined. */
  lines: Map<string, Placed | undefined>;
  /** Each drop's caption by point key: its box, or undefined when it is left out. */
  captions: Map<string, Placed | undefined>;
}

/** The marks no label may cover. */
export function obstaclesOf(points: readonly PointGeometry[], plot: Box, dropRadius: number) {
  const bottom = plot.y + plot.height;
  const obstacles: Obstacle[] = [];
  let previous: { x: number; y: number } | undefined;
  for (const p of points) {
    const top = Math.max(plot.y, Math.min(bottom, p.top));
    if (bottom > top)
      obstacles.push({
        x: p.x - p.halfWidth,
        y: top,
        width: 2 * p.halfWidth,
        height: bottom - top,
      });
    if (p.reported !== undefined) {
      const r = p.reportedRadius;
      if (r > 0) obstacles.push({ x: p.x - r, y: p.reported - r, width: 2 * r, height: 2 * r });
      if (previous) obstacles.push({ x1: previous.x, y1: previous.y, x2: p.x, y2: p.reported });
      else obstacles.push({ x1: p.x, y1: p.reported, x2: p.x, y2: p.reported });
      previous = { x: p.x, y: p.reported };
    }
    if (p.drop) {
      obstacles.push({
        x: p.x - 1.5,
        y: p.drop.before,
        width: 3,
        height: p.drop.after - p.drop.before,
      });
      const r = dropRadius;
      obstacles.push({ x: p.x - r, y: p.drop.before - r, width: 2 * r, height: 2 * r });
    }
    for (const m of p.markers)
      obstacles.push({ x: p.x - m.half, y: m.y - m.half, width: 2 * m.half, height: 2 * m.half });
  }
  return obstacles;
}

export function layoutAnnotations(input: AnnotationInput): Annotations {
  const { points, lines, plot, bounds, reserved = [], measure, lineHeight, dropRadius } = input;
  const lineBounds = input.lineBounds ?? bounds;
  const marks = obstaclesOf(points, plot, dropRadius);
  // The lines themselves are marks for the captions (a caption across a dashed line reads badly),
  // not for their own labels, which sit against them.
  const lineSegments: Obstacle[] = lines.map((line) => ({
    x1: plot.x,
    y1: line.y,
    x2: plot.x + plot.width,
    y2: line.y,
  }));
  const lineRequests: LabelRequest[] = lines.map((line) => {
    const width = Math.ceil(measure(line.text, false));
    const along = alongLine(
      line.y,
      plot.x,
      plot.x + plot.width,
      width,
      lineHeight,
      line.id === 'window' ? 'left' : 'right',
    );
    // Then the strip above the plot, from the plot's left edge, then from the strip's own left
    // (over the axis, above its top tick); the off-scale notes sit at the strip's right. Away
    // from its line, the label starts with a piece of the line's dash (a key: see KEY_WIDTH).
    const keyed = width + KEY_WIDTH;
    const strip = [
      { x: plot.x + 2, y: lineBounds.y, width: keyed, tag: 'key' },
      { x: lineBounds.x, y: lineBounds.y, width: keyed, tag: 'key' },
    ];
    if (line.short) {
      const short = Math.ceil(measure(line.short, false)) + KEY_WIDTH;
      strip.push(
        { x: plot.x + 2, y: lineBounds.y, width: short, tag: 'key-short' },
        { x: lineBounds.x, y: lineBounds.y, width: short, tag: 'key-short' },
      );
    }
    return {
      id: `line:${line.id}`,
      width,
      height: lineHeight,
      candidates: [...along, ...strip],
      bounds: lineBounds,
    };
  });
  const drops = points
    .filter((p) => p.drop)
    .sort((a, b) => b.drop!.tokens - a.drop!.tokens || b.x - a.x);
  const captionRequests: LabelRequest[] = drops.map((p) => {
    const width = Math.ceil(measure(p.drop!.text, true));
    const before = p.drop!.before;
    // Beside the drop's dot, clear of the markers stacked just above it.
    const clear = Math.max(dropRadius + 1, ...p.markers.map((m) => m.half)) + 3;
    const left = p.x - clear - width;
    const right = p.x + clear;
    const level = before - lineHeight / 2;
    const stackTop = Math.min(before - dropRadius, ...p.markers.map((m) => m.y - m.half));
    const over = stackTop - 2 - lineHeight;
    // Beside it, then a little further out (on a dense chart a neighbouring call's marker may
    // stand right next to the drop).
    const beside = (y: number) =>
      [0, 8, 16].flatMap((out) => [
        { x: left - out, y },
        { x: right + out, y },
      ]);
    const candidates = [
      ...beside(level),
      // Over the point's column of markers: centred, then ending or starting at its centre.
      { x: p.x - width / 2, y: over },
      { x: p.x - width + 4, y: over },
      { x: p.x - 4, y: over },
      // Raised and lowered by half a line on either side.
      ...beside(level - lineHeight / 2),
      ...beside(level + lineHeight / 2),
    ];
    return {
      id: `drop:${p.key}`,
      width,
      height: lineHeight,
      candidates,
      obstacles: lineSegments,
    };
  });
  const layout = placeLabels([...lineRequests, ...captionRequests], {
    bounds,
    obstacles: [...marks, ...reserved],
  });
  return {
    lines: new Map(lines.map((line) => [line.id, layout.get(`line:${line.id}`)])),
    captions: new Map(drops.map((p) => [p.key, layout.get(`drop:${p.key}`)])),
  };
}
