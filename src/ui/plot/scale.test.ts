import { describe, expect, it } from 'vitest';
import { plotBox } from './box';
import {
  bandOf,
  callTicks,
  labelledTicks,
  linear,
  nearestIndex,
  slotAt,
  snugAxis,
  turnTicks,
  zeroAxis,
} from './scale';

/** Label widths as the charts' 11 px digits are, about. */
const digits = (text: string) => text.length * 6.5;

/** Ticks are "nice": 1, 2 or 5 times a power of ten apart, from 0, covering 0..max. */
function expectNice(ticks: number[], top: number, max: number) {
  const step = ticks[1]! - ticks[0]!;
  const power = 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 5]).toContain(Math.round(step / power));
  expect(ticks[0]).toBe(0);
  ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 9));
  expect(top).toBeGreaterThanOrEqual(max);
  expect(ticks.at(-1)).toBeGreaterThanOrEqual(top - step + 1e-9);
}

describe('plotBox', () => {
  it('is the chart less its margins, never a negative size', () => {
    const m = { top: 26, right: 16, bottom: 24, left: 60 };
    expect(plotBox(500, 200, m)).toEqual({ x: 60, y: 26, width: 424, height: 150 });
    expect(plotBox(20, 10, m)).toEqual({ x: 60, y: 26, width: 0, height: 0 });
  });
});

describe('linear (d3 scaleLinear)', () => {
  it('maps the domain onto the range, reversed ranges and values past the top included', () => {
    const y = linear([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
    expect(y(200)).toBe(-200);
  });
});

describe('zeroAxis', () => {
  it('rounds the top up to a nice value at or above the largest, with nice ticks covering it', () => {
    for (const max of [3, 7.5, 710, 5_200, 17_304, 123_456, 1_498_688]) {
      const { top, ticks } = zeroAxis(max);
      expectNice(ticks, top, max);
      expect(ticks.at(-1)).toBe(top);
    }
    expect(zeroAxis(17_304)).toEqual({ top: 20_000, ticks: [0, 5_000, 10_000, 15_000, 20_000] });
    expect(zeroAxis(710)).toEqual({ top: 800, ticks: [0, 200, 400, 600, 800] });
  });
  it('keeps a round largest value as the top', () => {
    expect(zeroAxis(600).top).toBe(600);
  });
  it('ticks whole numbers only for counts', () => {
    expect(zeroAxis(3, 4, true)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(zeroAxis(1, 4, true)).toEqual({ top: 1, ticks: [0, 1] });
  });
  it('gives 0..1 when every value is 0 or there is none', () => {
    expect(zeroAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(zeroAxis(Number.NaN)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('snugAxis', () => {
  it('tops the axis within half a step above the value and its headroom, ticks nice', () => {
    for (const max of [710, 17_304, 20_000, 1_400_000]) {
      const { top, ticks } = snugAxis(max, 0.08);
      expectNice(ticks, top, max * 1.08);
      expect(top - max * 1.08).toBeLessThan(ticks[1]! - ticks[0]!);
    }
  });
});

describe('turnTicks', () => {
  it('gives round turns and the first turn where it has room', () => {
    expect(turnTicks(1, 211)).toEqual([1, 50, 100, 150, 200]);
    expect(turnTicks(1, 30)).toEqual([1, 5, 10, 15, 20, 25, 30]);
  });
  it('leaves out the first turn when the first round one is too close', () => {
    expect(turnTicks(1, 14)).toEqual([2, 4, 6, 8, 10, 12, 14]);
  });
  it('counts every turn of a short run, and a single turn alone', () => {
    expect(turnTicks(1, 3)).toEqual([1, 2, 3]);
    expect(turnTicks(1, 1)).toEqual([1]);
  });
});

describe('bandOf (d3 scaleBand)', () => {
  const plot = { x: 60, y: 26, width: 400, height: 100 };
  it('gives each point an equal slot, its centre in the middle', () => {
    const band = bandOf(4, plot);
    expect(band.slot).toBe(100);
    expect(band.centres).toEqual([110, 210, 310, 410]);
  });
  it('has no points for none', () => {
    expect(bandOf(0, plot).centres).toEqual([]);
  });
});

describe('slotAt', () => {
  const plot = { x: 60, y: 26, width: 400, height: 100 };
  it('finds the slot under the pointer, the strip above the plot included', () => {
    expect(slotAt(60, 50, plot, 4)).toBe(0);
    expect(slotAt(159, 50, plot, 4)).toBe(0);
    expect(slotAt(161, 50, plot, 4)).toBe(1);
    expect(slotAt(460, 50, plot, 4)).toBe(3);
    expect(slotAt(300, 5, plot, 4)).toBe(2);
  });
  it('finds nothing over the axes or outside the chart', () => {
    expect(slotAt(40, 50, plot, 4)).toBeUndefined();
    expect(slotAt(470, 50, plot, 4)).toBeUndefined();
    expect(slotAt(100, 140, plot, 4)).toBeUndefined();
    expect(slotAt(100, 50, plot, 0)).toBeUndefined();
  });
});

describe('callTicks', () => {
  const calls = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => ({ first: from + i, last: from + i }));
  it('labels every call when there is room', () => {
    const { centres } = bandOf(12, { x: 60, y: 0, width: 600, height: 0 });
    expect(callTicks(calls(12), centres, digits).map((t) => t.call)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
  it('labels round call numbers, more widely spaced when labels would touch', () => {
    const { centres } = bandOf(100, { x: 60, y: 0, width: 300, height: 0 });
    const ticks = callTicks(calls(100), centres, digits);
    const step = ticks[1]!.call - ticks[0]!.call;
    expect([2, 5, 10, 20]).toContain(step);
    for (const t of ticks) expect(t.call % step).toBe(0);
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
    const centres = bandOf(30, { x: 0, y: 0, width: 600, height: 0 }).centres;
    const ticks = callTicks(calls(30, 101), centres, digits);
    expect(ticks[0]!.call).toBeGreaterThanOrEqual(101);
    expect(ticks.at(-1)!.call).toBeLessThanOrEqual(130);
  });
  it('keeps one label when no two fit, and none for no calls', () => {
    expect(callTicks(calls(3), [10, 11, 12], digits)).toHaveLength(1);
    expect(callTicks([], [], digits)).toEqual([]);
  });
});

describe('labelledTicks', () => {
  const ticks = [0, 2500, 5000, 7500, 10_000];
  const y = (height: number) => linear([0, 10_000], [height, 0]);
  it('labels every tick when they are far enough apart', () => {
    expect(labelledTicks(ticks, y(100))).toEqual(ticks);
  });
  it('labels every other tick on a short plot, keeping 0 and the top', () => {
    expect(labelledTicks(ticks, y(40))).toEqual([0, 5000, 10_000]);
  });
  it('labels the ends only on a very short plot', () => {
    expect(labelledTicks(ticks, y(20))).toEqual([0, 10_000]);
  });
});

describe('nearestIndex', () => {
  const xs = [10, 20, 40, 80];
  it('finds the nearest value, the earlier one on a tie', () => {
    expect(nearestIndex(xs, 21)).toBe(1);
    expect(nearestIndex(xs, 30)).toBe(1);
    expect(nearestIndex(xs, 31)).toBe(2);
  });
  it('clamps to the ends, and is -1 for no values', () => {
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 500)).toBe(3);
    expect(nearestIndex([], 3)).toBe(-1);
  });
});
