import { describe, expect, it } from 'vitest';
import { bottomOf, rightOf } from '../plot/box';
import {
  SCATTER_MARGIN,
  SCATTER_X_AXIS,
  SCATTER_Y_AXIS,
  SYMBOL_RADIUS,
  nearestPoint,
  pointForKey,
  scatterLayout,
  tokenAxis,
  type ScatterInput,
} from './scatter-scale';

/** 6 px a character: a stand-in for the canvas measure. */
const measure = (text: string) => text.length * 6;

const points: ScatterInput[] = [
  { id: 'seq', name: 'Sequential', x: 17_304, y: 100 },
  { id: 'win', name: 'Sliding window', x: 4_100, y: 25 },
  { id: 'ret', name: 'Retrieval', x: 9_000, y: 62.5 },
];

describe('tokenAxis', () => {
  it('tops the axis a little above the largest value, ticks on round steps', () => {
    // 17,304 × 1.08 = 18,688: steps of 5,000, the top at 20,000.
    expect(tokenAxis(17_304)).toEqual({ top: 20_000, ticks: [0, 5_000, 10_000, 15_000, 20_000] });
    // 1,512,000: steps of 500,000, the top half a step further (not 2,000,000).
    expect(tokenAxis(1_400_000)).toEqual({
      top: 1_750_000,
      ticks: [0, 500_000, 1_000_000, 1_500_000],
    });
    expect(tokenAxis(710)).toEqual({ top: 800, ticks: [0, 200, 400, 600, 800] });
  });
  it('leaves room above a largest value on a round number', () => {
    expect(tokenAxis(20_000).top).toBeGreaterThan(20_000);
    expect(tokenAxis(20_000).top).toBeLessThanOrEqual(25_000);
  });
  it('gives 0..1 when every run sent nothing', () => {
    expect(tokenAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('scatterLayout', () => {
  const g = scatterLayout(points, 500, 240, measure, 13)!;
  it('has no geometry before the figure has a size', () => {
    expect(scatterLayout(points, 0, 240, measure, 13)).toBeNull();
  });
  it('puts the plot inside the margins and the axes', () => {
    expect(g.plot.x).toBe(SCATTER_MARGIN.left + SCATTER_Y_AXIS);
    expect(rightOf(g.plot)).toBe(500 - SCATTER_MARGIN.right);
    expect(g.plot.y).toBe(SCATTER_MARGIN.top);
    expect(bottomOf(g.plot)).toBe(240 - SCATTER_MARGIN.bottom - SCATTER_X_AXIS);
  });
  it('ticks the percent axis every quarter, 0 at the bottom and 100 at the top', () => {
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 25, 50, 75, 100]);
    expect(g.yTicks[0]!.at).toBe(bottomOf(g.plot));
    expect(g.yTicks[4]!.at).toBe(g.plot.y);
    expect(g.yTicks[2]!.at).toBe((g.plot.y + bottomOf(g.plot)) / 2);
  });
  it('places each point by its tokens and percent', () => {
    const [left, right, top, bottom] = [g.plot.x, rightOf(g.plot), g.plot.y, bottomOf(g.plot)];
    const xAt = (v: number) => left + ((right - left) * v) / 20_000;
    const yAt = (v: number) => bottom - ((bottom - top) * v) / 100;
    expect(g.xTicks.map((t) => t.value)).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    expect(g.xTicks.at(-1)!.at).toBe(right);
    expect(g.points[0]!.x).toBeCloseTo(xAt(17_304));
    expect(g.points[0]!.y).toBe(top);
    expect(g.points[1]!.x).toBeCloseTo(xAt(4_100));
    expect(g.points[1]!.y).toBeCloseTo(yAt(25));
    expect(g.points[2]!.y).toBeCloseTo(yAt(62.5));
  });
  it('keeps a value outside 0–100 % on the plot', () => {
    const [p] = scatterLayout(
      [{ id: 'a', name: 'A', x: 10, y: 130 }],
      500,
      240,
      measure,
      13,
    )!.points;
    expect(p!.y).toBe(g.plot.y);
  });
  it('labels every point here, clear of every symbol', () => {
    expect(g.labels.map((l) => l.ids)).toEqual([['seq'], ['win'], ['ret']]);
    for (const label of g.labels) {
      const box = label.box!;
      expect(box).toBeDefined();
      for (const p of g.points) {
        const clear =
          box.x >= p.x + SYMBOL_RADIUS ||
          box.x + box.width <= p.x - SYMBOL_RADIUS ||
          box.y >= p.y + SYMBOL_RADIUS ||
          box.y + box.height <= p.y - SYMBOL_RADIUS;
        expect(clear).toBe(true);
      }
    }
  });
  it('gives points drawn on top of each other one label', () => {
    const same = scatterLayout(
      [
        { id: 'a', name: 'A', x: 100, y: 50 },
        { id: 'b', name: 'B', x: 101, y: 50 },
      ],
      500,
      240,
      measure,
      13,
    )!;
    expect(same.labels).toHaveLength(1);
    expect(same.labels[0]!.ids).toEqual(['a', 'b']);
    expect(same.labels[0]!.lines).toEqual(['A, B']);
  });
});

describe('nearestPoint', () => {
  const at = [
    { x: 100, y: 100 },
    { x: 130, y: 100 },
    { x: 100, y: 100 },
  ];
  it('finds the point nearest the pointer within the radius, the first on a tie', () => {
    expect(nearestPoint(at, 104, 103)).toBe(0);
    expect(nearestPoint(at, 120, 100)).toBe(1);
    expect(nearestPoint(at, 115, 100)).toBe(0);
  });
  it('finds none farther than the radius', () => {
    expect(nearestPoint(at, 100, 130, 24)).toBeNull();
    expect(nearestPoint([], 0, 0)).toBeNull();
  });
});

describe('pointForKey', () => {
  // By tokens: win (4,100) < ret (9,000) < seq (17,304); by percent: win < ret < seq too, so a
  // fourth point makes the orders differ: low (30,000 tokens, 10 %).
  const at = [...points, { id: 'low', name: 'Low', x: 30_000, y: 10 }];
  it('steps right and left by tokens sent, stopping at the ends', () => {
    expect(pointForKey('ArrowRight', null, at)).toBe(1);
    expect(pointForKey('ArrowRight', 1, at)).toBe(2);
    expect(pointForKey('ArrowRight', 2, at)).toBe(0);
    expect(pointForKey('ArrowRight', 0, at)).toBe(3);
    expect(pointForKey('ArrowRight', 3, at)).toBe(3);
    expect(pointForKey('ArrowLeft', null, at)).toBe(3);
    expect(pointForKey('ArrowLeft', 0, at)).toBe(2);
    expect(pointForKey('ArrowLeft', 1, at)).toBe(1);
  });
  it('steps up and down by the metric', () => {
    expect(pointForKey('ArrowUp', null, at)).toBe(3);
    expect(pointForKey('ArrowUp', 3, at)).toBe(1);
    expect(pointForKey('ArrowUp', 2, at)).toBe(0);
    expect(pointForKey('ArrowUp', 0, at)).toBe(0);
    expect(pointForKey('ArrowDown', null, at)).toBe(0);
    expect(pointForKey('ArrowDown', 1, at)).toBe(3);
  });
  it('goes to the ends with Home and End, hides with Escape, ignores other keys', () => {
    expect(pointForKey('Home', 0, at)).toBe(1);
    expect(pointForKey('End', null, at)).toBe(3);
    expect(pointForKey('Escape', 2, at)).toBeNull();
    expect(pointForKey('Tab', 2, at)).toBeUndefined();
    expect(pointForKey('ArrowRight', null, [])).toBeUndefined();
  });
  it('keeps the input order between equal points', () => {
    const same = [
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ];
    expect(pointForKey('ArrowRight', null, same)).toBe(0);
    expect(pointForKey('ArrowRight', 0, same)).toBe(1);
  });
});
