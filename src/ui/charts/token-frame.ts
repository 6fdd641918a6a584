// The token chart's frame, pure: its margins and look, and its pixels on the plot kit (src/ui/plot):
// the calls in view as a band of equal slots (d3's scaleBand: a point at each slot's centre, a bar
// inside it) and the tokens as a linear scale (d3's scaleLinear). Every layer draws from a Frame.
import { plotBox, type Box } from '../plot/box';
import { bandOf, linear, type LinearScale } from '../plot/scale';

export const REPORTED_COLOR = '#000000';
export const TRIGGER_COLOR = '#D55E00';
export const WINDOW_COLOR = '#555555';
export const DROP_COLOR = '#009E73';
/** The trigger's and the window's lines: colour and dash. */
export const LINE_LOOKS = {
  trigger: { color: TRIGGER_COLOR, dash: '6 4' },
  window: { color: WINDOW_COLOR, dash: '2 3' },
} as const;

/** Space around the plot: the strip above it takes the lines' labels and the off-scale notes. */
export const PLOT_MARGIN = { top: 26, right: 16, bottom: 4, left: 8 } as const;
/** The y-axis: its tick labels and title, left of the plot. */
export const Y_AXIS_WIDTH = 52;
/** The x-axis: its ticks and call numbers, below the plot. */
export const X_AXIS_HEIGHT = 20;
/** The widest bar, and the gap on each side of a bar within its slot (a share of the slot). */
export const MAX_BAR = 36;
export const BAR_GAP = 0.1;

/**
 * Up to this many calls in view, each call is a stacked bar. Above it, the sections are drawn as
 * stacked steps (one path per section: a bar would be under a few pixels wide), and past
 * MAX_POINTS neighbouring calls are grouped into one point (see downsample). Every event keeps its
 * marker, the tooltip gives exact figures and says which calls a point stands for, and zooming in
 * with the brush below the chart brings back one bar per call.
 */
export const BAR_CALLS = 120;
/** At most this many points are drawn. */
export const MAX_POINTS = 200;

/** The chart's pixels: its size, the plot area, the calls' slots and the y scale. */
export interface Frame {
  width: number;
  height: number;
  plot: Box;
  /** Width of one call's slot, and the centre of each point's slot. */
  slot: number;
  xs: number[];
  /** Tokens to pixels (values over the top land above the plot, which is clipped). */
  y: LinearScale;
  /** The y-axis top, in tokens. */
  max: number;
}

/** The plot area (inside the axes) of a chart `width` × `height` pixels; never negative. */
export const plotArea = (width: number, height: number): Box =>
  plotBox(width, height, {
    top: PLOT_MARGIN.top,
    right: PLOT_MARGIN.right,
    bottom: PLOT_MARGIN.bottom + X_AXIS_HEIGHT,
    left: PLOT_MARGIN.left + Y_AXIS_WIDTH,
  });

/** The frame of a chart of `size` with `count` points and a y-axis up to `max` tokens. */
export function frameOf(
  size: { width: number; height: number },
  count: number,
  max: number,
): Frame {
  const plot = plotArea(size.width, size.height);
  const { slot, centres } = bandOf(count, plot);
  const y = linear([0, max], [plot.y + plot.height, plot.y]);
  return { ...size, plot, slot, xs: centres, y, max };
}

/** Width of a bar in a slot: the slot less a gap on each side, at most MAX_BAR. */
export function barWidth(slot: number): number {
  return Math.max(0, Math.min(MAX_BAR, slot * (1 - 2 * BAR_GAP)));
}
