import { describe, expect, it } from 'vitest';
import {
  linearScale,
  linePath,
  multiplesOf,
  nearestIndex,
  rowForKey,
  tickStep,
  turnTicks,
  valueAxis,
  type LineRow,
} from './line-scale';

describe('tickStep', () => {
  it('is 1, 2 or 5 times a power of ten, about `count` steps over the span', () => {
    expect(tickStep(0, 18_000, 4)).toBe(5_000);
    expect(tickStep(0, 1_750_000, 4)).toBe(500_000);
    expect(tickStep(0, 800, 4)).toBe(200);
    expect(tickStep(1, 211, 5)).toBe(50);
    expect(tickStep(1, 14, 5)).toBe(2);
    expect(tickStep(0, 0.9, 4)).toBe(0.2);
  });
  it('is at least 1 for integers', () => {
    expect(tickStep(1, 3, 5, true)).toBe(1);
    expect(tickStep(1, 3, 5)).toBeCloseTo(0.5);
  });
});

describe('multiplesOf', () => {
  it('lists the multiples inside the range, ends included, without float noise', () => {
    expect(multiplesOf(50, 1, 211)).toEqual([50, 100, 150, 200]);
    expect(multiplesOf(5, 0, 20)).toEqual([0, 5, 10, 15, 20]);
    expect(multiplesOf(0.1, 0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('valueAxis', () => {
  it('rounds the top up to a step at or above the largest value', () => {
    expect(valueAxis(17_304)).toEqual({ top: 20_000, ticks: [0, 5_000, 10_000, 15_000, 20_000] });
    expect(valueAxis(1_498_688)).toEqual({
      top: 1_500_000,
      ticks: [0, 500_000, 1_000_000, 1_500_000],
    });
    expect(valueAxis(710)).toEqual({ top: 800, ticks: [0, 200, 400, 600, 800] });
  });
  it('keeps a round largest value as the top', () => {
    expect(valueAxis(600).top).toBe(600);
  });
  it('gives 0..1 when every value is 0 or there is none', () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(Number.NaN)).toEqual({ top: 1, ticks: [0, 1] });
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

describe('linearScale', () => {
  it('maps the domain onto the range, reversed ranges included', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
    expect(linearScale([1, 3], [10, 30])(2)).toBe(20);
  });
  it('maps a one-point domain to the range start', () => {
    expect(linearScale([5, 5], [10, 30])(5)).toBe(10);
  });
});

describe('linePath', () => {
  const x = (turn: number) => turn * 10;
  const y = (value: number) => 100 - value;
  it('draws through every row that has a value, rounded to a tenth of a pixel', () => {
    const rows: LineRow[] = [
      { turn: 1, a: 5 },
      { turn: 2, a: 7.25 },
      { turn: 3, a: 3 },
    ];
    expect(linePath(rows, 'a', x, y)).toEqual({ d: 'M10,95L20,92.8L30,97', dots: [] });
  });
  it('leaves a gap where a row has no value, and shows a lone point as a dot', () => {
    const rows: LineRow[] = [
      { turn: 1, a: 1 },
      { turn: 2, a: 2 },
      { turn: 3 },
      { turn: 4, a: 4 },
      { turn: 5, a: Number.NaN },
      { turn: 6, a: 6 },
      { turn: 7, a: 7 },
    ];
    expect(linePath(rows, 'a', x, y)).toEqual({
      d: 'M10,99L20,98M60,94L70,93',
      dots: [[40, 96]],
    });
  });
  it('is empty for a key no row has (a run stopped before its first turn)', () => {
    expect(linePath([{ turn: 1, b: 1 }], 'a', x, y)).toEqual({ d: '', dots: [] });
  });
});

describe('nearestIndex', () => {
  const xs = [10, 20, 40, 80];
  it('finds the nearest value, the earlier one on a tie', () => {
    expect(nearestIndex(xs, 21)).toBe(1);
    expect(nearestIndex(xs, 29)).toBe(1);
    expect(nearestIndex(xs, 30)).toBe(1);
    expect(nearestIndex(xs, 31)).toBe(2);
    expect(nearestIndex(xs, 40)).toBe(2);
  });
  it('clamps to the ends', () => {
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 500)).toBe(3);
    expect(nearestIndex([7], 0)).toBe(0);
  });
  it('is -1 for no values', () => {
    expect(nearestIndex([], 3)).toBe(-1);
  });
});

describe('rowForKey', () => {
  it('steps with the arrows and stops at the ends', () => {
    expect(rowForKey('ArrowRight', 3, 10)).toBe(4);
    expect(rowForKey('ArrowRight', 9, 10)).toBe(9);
    expect(rowForKey('ArrowLeft', 3, 10)).toBe(2);
    expect(rowForKey('ArrowLeft', 0, 10)).toBe(0);
  });
  it('starts from the first row with Right and the last with Left when none is shown', () => {
    expect(rowForKey('ArrowRight', null, 10)).toBe(0);
    expect(rowForKey('ArrowLeft', null, 10)).toBe(9);
  });
  it('goes to the ends with Home and End, hides with Escape, ignores other keys', () => {
    expect(rowForKey('Home', 5, 10)).toBe(0);
    expect(rowForKey('End', 5, 10)).toBe(9);
    expect(rowForKey('Escape', 5, 10)).toBeNull();
    expect(rowForKey('Tab', 5, 10)).toBeUndefined();
    expect(rowForKey('ArrowRight', null, 0)).toBeUndefined();
  });
});
