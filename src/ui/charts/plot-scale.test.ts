import { describe, expect, it } from 'vitest';
import {
  MAX_BAR,
  PLOT_MARGIN,
  X_AXIS_HEIGHT,
  Y_AXIS_WIDTH,
  bandOf,
  barWidth,
  barsPath,
  brushIndexAt,
  brushShare,
  callTicks,
  handleKey,
  linePath,
  linearY,
  normalRange,
  plotArea,
  slotAt,
  stepAreaPath,
  tooltipPosition,
  yTickLabels,
} from './plot-scale';

/** Label widths as the chart's 11 px digits are, about. */
const digits = (text: string) => text.length * 6.5;

describe('plotArea', () => {
  it('is the chart less its margins and axes', () => {
    expect(plotArea(500, 200)).toEqual({
      x: PLOT_MARGIN.left + Y_AXIS_WIDTH,
      y: PLOT_MARGIN.top,
      width: 500 - PLOT_MARGIN.left - Y_AXIS_WIDTH - PLOT_MARGIN.right,
      height: 200 - PLOT_MARGIN.top - PLOT_MARGIN.bottom - X_AXIS_HEIGHT,
    });
  });
  it('never has a negative size', () => {
    const plot = plotArea(20, 10);
    expect(plot.width).toBe(0);
    expect(plot.height).toBe(0);
  });
});

describe('bandOf and barWidth', () => {
  const plot = { x: 60, y: 26, width: 400, height: 100 };
  it('gives each call an equal slot, its point at the centre', () => {
    const band = bandOf(4, plot);
    expect(band.slot).toBe(100);
    expect(band.centres).toEqual([110, 210, 310, 410]);
  });
  it('has no points for no calls', () => {
    expect(bandOf(0, plot).centres).toEqual([]);
  });
  it('makes a bar 80% of its slot, at most MAX_BAR', () => {
    expect(barWidth(20)).toBeCloseTo(16);
    expect(barWidth(400)).toBe(MAX_BAR);
    expect(barWidth(0)).toBe(0);
  });
});

describe('linearY', () => {
  const plot = { x: 0, y: 20, width: 100, height: 80 };
  it('maps 0 to the bottom and max to the top', () => {
    const y = linearY(1000, plot);
    expect(y(0)).toBe(100);
    expect(y(1000)).toBe(20);
    expect(y(500)).toBe(60);
  });
  it('puts values over max above the plot (clipped when drawn)', () => {
    expect(linearY(1000, plot)(2000)).toBe(-60);
  });
  it('puts everything at the bottom of a scale without height', () => {
    expect(linearY(0, plot)(50)).toBe(100);
  });
});

describe('callTicks', () => {
  const calls = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => ({ first: from + i, last: from + i }));
  it('labels every call when there is room', () => {
    const points = calls(12);
    const { centres } = bandOf(12, { x: 60, y: 0, width: 600, height: 0 });
    expect(callTicks(points, centres, digits).map((t) => t.call)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
  it('labels round call numbers, more widely spaced when labels would touch', () => {
    const points = calls(100);
    const { centres } = bandOf(100, { x: 60, y: 0, width: 300, height: 0 });
    const ticks = callTicks(points, centres, digits);
    const step = ticks[1]!.call - ticks[0]!.call;
    expect([2, 5, 10, 20]).toContain(step);
    for (const t of ticks) expect(t.call % step).toBe(0);
    // Never touching: centres at least the labels' half widths apart.
    for (let k = 1; k < ticks.length; k++)
      expect(centres[ticks[k]!.index]! - centres[ticks[k - 1]!.index]!).toBeGreaterThanOrEqual(
        (digits(String(ticks[k]!.call)) + digits(String(ticks[k - 1]!.call))) / 2 + 6,
      );
  });
  it('puts a call of a grouped point at that point, with about minCalls between labels', () => {
    // 2,000 calls in 200 points of ten.
    const points = Array.from({ length: 200 }, (_, i) => ({
      first: i * 10 + 1,
      last: i * 10 + 10,
    }));
    const { centres } = bandOf(200, { x: 60, y: 0, width: 800, height: 0 });
    const ticks = callTicks(points, centres, digits, { minCalls: 2000 / 10 });
    expect(ticks.map((t) => t.call)).toEqual([
      200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000,
    ]);
    // Call 200 is in the point of calls 191–200 (index 19).
    expect(ticks[0]!.index).toBe(19);
    expect(ticks.at(-1)!.index).toBe(199);
  });
  it('follows a zoom: labels only calls in view', () => {
    const ticks = callTicks(
      calls(30, 101),
      bandOf(30, { x: 0, y: 0, width: 600, height: 0 }).centres,
      digits,
    );
    expect(ticks[0]!.call).toBeGreaterThanOrEqual(101);
    expect(ticks.at(-1)!.call).toBeLessThanOrEqual(130);
  });
  it('keeps one label when no two fit, and none for no calls', () => {
    expect(callTicks(calls(3), [10, 11, 12], digits)).toHaveLength(1);
    expect(callTicks([], [], digits)).toEqual([]);
  });
});

describe('yTickLabels', () => {
  const ticks = [0, 2500, 5000, 7500, 10_000];
  it('labels every tick when they are far enough apart', () => {
    expect(yTickLabels(ticks, linearY(10_000, { x: 0, y: 0, width: 0, height: 100 }))).toEqual(
      ticks,
    );
  });
  it('labels every other tick on a short plot, keeping 0 and the top', () => {
    expect(yTickLabels(ticks, linearY(10_000, { x: 0, y: 0, width: 0, height: 40 }))).toEqual([
      0, 5000, 10_000,
    ]);
  });
  it('labels the ends only on a very short plot', () => {
    expect(yTickLabels(ticks, linearY(10_000, { x: 0, y: 0, width: 0, height: 20 }))).toEqual([
      0, 10_000,
    ]);
  });
});

describe('paths', () => {
  it('draws a stepped area across each slot, back along the base', () => {
    const d = stepAreaPath([10, 30], 20, [50, 40], [100, 90]);
    expect(d).toBe('M0,50H20V40H40V90H20V100H0Z');
  });
  it('draws nothing for no points', () => {
    expect(stepAreaPath([], 10, [], [])).toBe('');
  });
  it('draws one series of bars as one path, leaving out empty bars', () => {
    expect(
      barsPath([
        { x: 1, y: 2, width: 3, height: 4 },
        { x: 10, y: 2, width: 3, height: 0 },
      ]),
    ).toBe('M1,2h3v4h-3Z');
  });
  it('draws a line through its points', () => {
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3.456, y: 4 },
      ]),
    ).toBe('M1,2L3.46,4');
  });
});

describe('slotAt', () => {
  const plot = { x: 60, y: 26, width: 400, height: 100 };
  it('finds the slot under the pointer', () => {
    expect(slotAt(60, 50, plot, 4)).toBe(0);
    expect(slotAt(159, 50, plot, 4)).toBe(0);
    expect(slotAt(161, 50, plot, 4)).toBe(1);
    expect(slotAt(460, 50, plot, 4)).toBe(3);
    // Above the plot (the strip with the labels) still counts.
    expect(slotAt(300, 5, plot, 4)).toBe(2);
  });
  it('finds nothing over the axes or outside the chart', () => {
    expect(slotAt(40, 50, plot, 4)).toBeUndefined();
    expect(slotAt(470, 50, plot, 4)).toBeUndefined();
    expect(slotAt(100, 140, plot, 4)).toBeUndefined();
    expect(slotAt(100, 50, plot, 0)).toBeUndefined();
  });
});

describe('tooltipPosition', () => {
  const bounds = { width: 400, height: 200 };
  it('goes right of and below the pointer', () => {
    expect(tooltipPosition({ x: 50, y: 20 }, { width: 100, height: 80 }, bounds)).toEqual({
      x: 62,
      y: 32,
    });
  });
  it('flips left of and above the pointer near the right and bottom edges', () => {
    expect(tooltipPosition({ x: 350, y: 180 }, { width: 100, height: 80 }, bounds)).toEqual({
      x: 238,
      y: 88,
    });
  });
  it('never goes past the left or top edge', () => {
    expect(tooltipPosition({ x: 100, y: 100 }, { width: 350, height: 300 }, bounds)).toEqual({
      x: 0,
      y: 0,
    });
  });
});

describe('the brush', () => {
  it('maps a point along the strip to an index and back', () => {
    expect(brushIndexAt(0, 200, 11)).toBe(0);
    expect(brushIndexAt(100, 200, 11)).toBe(5);
    expect(brushIndexAt(200, 200, 11)).toBe(10);
    expect(brushIndexAt(-30, 200, 11)).toBe(0);
    expect(brushIndexAt(999, 200, 11)).toBe(10);
    expect(brushShare(5, 11)).toBe(0.5);
    expect(brushShare(0, 1)).toBe(0);
  });
  it('keeps a range in bounds and ordered, and null when it is all the calls', () => {
    expect(normalRange(0, 9, 10)).toBeNull();
    expect(normalRange(-5, 50, 10)).toBeNull();
    expect(normalRange(3, 7, 10)).toEqual({ start: 3, end: 7 });
    expect(normalRange(7, 3, 10)).toEqual({ start: 7, end: 7 });
  });
  it('moves a handle with the keys, within its bounds', () => {
    expect(handleKey('ArrowRight', 5, 0, 9, 100)).toBe(6);
    expect(handleKey('ArrowUp', 9, 0, 9, 100)).toBe(9);
    expect(handleKey('ArrowLeft', 0, 0, 9, 100)).toBe(0);
    expect(handleKey('PageUp', 20, 0, 99, 100)).toBe(30);
    expect(handleKey('PageDown', 5, 0, 99, 100)).toBe(0);
    expect(handleKey('Home', 50, 10, 90, 100)).toBe(10);
    expect(handleKey('End', 50, 10, 90, 100)).toBe(90);
    expect(handleKey('a', 50, 10, 90, 100)).toBeUndefined();
  });
});
