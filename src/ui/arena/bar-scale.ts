// The arena's "Extra model calls" bars, their geometry without React or the DOM: a row per
// strategy (its name at the left, wrapped or cut to fit), a horizontal bar of its extra calls on a
// whole-number axis (the plot kit's: d3's scale and ticks), the "N tok" label past each bar's end,
// and the row under the pointer. BarsFigure.tsx draws its SVG from these.

import { compact } from './format';
import { bottomOf, plotBox, type Box } from '../plot/box';
import { linear, ticksAt, zeroAxis, type Tick } from '../plot/scale';

/** Room around the plot; the names' column at the left and the calls axis below. */
export const BARS_MARGIN = { top: 4, right: 8, bottom: 4, left: 8 } as const;
export const NAME_WIDTH = 130;
export const BARS_X_AXIS = 30;
/** A row's height per strategy, and the least height of the whole figure. */
export const ROW_HEIGHT = 34;
export const MIN_HEIGHT = 120;
/** A bar's thickness: this share of its row, at most MAX_BAR pixels. */
export const BAR_SHARE = 0.8;
export const MAX_BAR = 26;
/** The gap between a bar's end and its "N tok" label, and the least room kept for the label. */
export const LABEL_GAP = 5;
const MIN_RIGHT = 40;
const MAX_RIGHT = 90;

export interface BarInput {
  id: string;
  name: string;
  calls: number;
  tokens: number;
}

export interface BarsGeometry {
  width: number;
  height: number;
  plot: Box;
  /** Each row's band (top and height) and bar, in the order of the input. */
  rows: {
    top: number;
    band: number;
    /** The bar's centre line, left end (the axis) and length in pixels. */
    y: number;
    x: number;
    length: number;
    thickness: number;
    /** The name as drawn: one or two lines; `cut` when it was shortened with an ellipsis. */
    lines: string[];
    cut: boolean;
    /** "N tok" ('' when the strategy's extra calls cost no tokens). */
    label: string;
  }[];
  xTicks: Tick[];
}

/** The figure's height for `count` strategies. */
export const barsHeight = (count: number) => Math.max(MIN_HEIGHT, ROW_HEIGHT * count + 40);

/** The calls axis: 0 up to a whole round top at or above `max`, ticks on whole numbers. */
export const callsAxis = (max: number) => zeroAxis(max, 4, true);

/** The "N tok" label past a bar ('' for none). */
export const tokenLabel = (tokens: number) => (tokens > 0 ? `${compact(tokens)} tok` : '');

/**
 * `text` in at most `maxLines` lines of at most `width` pixels (each `measure(text)` wide): broken
 * between words, a word too long for a line and whatever does not fit in the last line cut with
 * an ellipsis. `cut` says whether anything was left out.
 */
export function fitLines(
  text: string,
  width: number,
  measure: (text: string) => number,
  maxLines: number,
): { lines: string[]; cut: boolean } {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width) {
      line = next;
      continue;
    }
    if (line && lines.length + 1 < maxLines) {
      // A new line for this word.
      lines.push(line);
      line = '';
      i--;
      continue;
    }
    // The last line (or a word wider than a line): the rest, cut to fit with "…".
    const rest = [line, ...words.slice(i)].filter(Boolean).join(' ');
    return { lines: [...lines, ellipsize(rest, width, measure)], cut: true };
  }
  if (line) lines.push(line);
  return { lines, cut: false };
}

/** As much of the start of `text` as fits in `width` with "…" after it. */
export function ellipsize(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  // The longest prefix whose "…" form fits.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * The bars of `rows` in a `width` × `height` figure (null before it has a size), the names and
 * labels measured by `measure` and the names' lines `lineHeight` apart.
 */
export function barsLayout(
  rows: readonly BarInput[],
  width: number,
  height: number,
  measure: (text: string) => number,
  lineHeight: number,
): BarsGeometry | null {
  if (width <= 0 || height <= 0) return null;
  const labels = rows.map((r) => tokenLabel(r.tokens));
  const right = Math.min(
    MAX_RIGHT,
    Math.max(MIN_RIGHT, ...labels.map((l) => Math.ceil(measure(l)) + LABEL_GAP + 4)),
  );
  const plot = plotBox(width, height, {
    top: BARS_MARGIN.top,
    right,
    bottom: BARS_MARGIN.bottom + BARS_X_AXIS,
    left: BARS_MARGIN.left + NAME_WIDTH,
  });
  const axis = callsAxis(Math.max(0, ...rows.map((r) => r.calls)));
  const x = linear([0, axis.top], [plot.x, plot.x + plot.width]);
  const band = rows.length ? plot.height / rows.length : 0;
  const thickness = Math.min(MAX_BAR, band * BAR_SHARE);
  // Two lines of a name where the row has room for them.
  const maxLines = band >= 2 * lineHeight + 2 ? 2 : 1;
  return {
    width,
    height,
    plot,
    rows: rows.map((r, i) => {
      const top = plot.y + band * i;
      const { lines, cut } = fitLines(r.name, NAME_WIDTH - 10, measure, maxLines);
      return {
        top,
        band,
        y: top + band / 2,
        x: plot.x,
        length: Math.max(0, x(Math.max(0, r.calls)) - plot.x),
        thickness,
        lines,
        cut,
        label: labels[i]!,
      };
    }),
    xTicks: ticksAt(axis.ticks, x),
  };
}

/** The row under a pointer at `py` pixels (inside the plot's height), or null. */
export function rowAt(geometry: BarsGeometry, py: number): number | null {
  const { plot, rows } = geometry;
  if (rows.length === 0 || py < plot.y || py >= bottomOf(plot)) return null;
  const band = plot.height / rows.length;
  return Math.min(rows.length - 1, Math.floor((py - plot.y) / band));
}
