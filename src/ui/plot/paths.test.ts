import { describe, expect, it } from 'vitest';
import { barsPath, linePath, lonePoints, stacked, stepAreaPath } from './paths';

describe('linePath (d3 line)', () => {
  it('draws straight through a known series, to the digits asked', () => {
    expect(
      linePath(
        [
          { x: 10, y: 95 },
          { x: 20, y: 92.75 },
          { x: 30, y: 97 },
        ],
        1,
      ),
    ).toBe('M10,95L20,92.8L30,97');
  });
  it('leaves a gap where a point has no value; a lone point is a dot', () => {
    const points = [
      { x: 10, y: 99 },
      { x: 20, y: 98 },
      { x: 30, y: undefined },
      { x: 40, y: 96 },
      { x: 50, y: Number.NaN },
      { x: 60, y: 94 },
      { x: 70, y: 93 },
    ];
    expect(linePath(points)).toBe('M10,99L20,98M40,96ZM60,94L70,93');
    expect(lonePoints(points)).toEqual([[40, 96]]);
  });
  it('is empty for no values', () => {
    expect(linePath([{ x: 1, y: undefined }])).toBe('');
    expect(linePath([])).toBe('');
  });
});

describe('stacked (d3 stack)', () => {
  it('stacks each key on those before it, non-numbers and negatives as 0', () => {
    const rows = [
      { a: 1, b: 2 },
      { a: 3, b: 'x' as unknown as number },
      { a: -1, b: 4 },
    ];
    expect(stacked(rows, ['a', 'b'], (row, key) => row[key as 'a' | 'b'])).toEqual([
      [
        [0, 1],
        [0, 3],
        [0, 0],
      ],
      [
        [1, 3],
        [3, 3],
        [0, 4],
      ],
    ]);
  });
});

describe('stepAreaPath (d3 area, curveStep)', () => {
  it('draws a step across each slot, its change on the slots’ common edge, back along the base', () => {
    const d = stepAreaPath([10, 30], 20, [50, 40], [100, 90]);
    // Up the band's left edge to 50, across slot 1 to x=20, up to 40, across to 40; back along
    // the base: 90 under slot 2, 100 under slot 1.
    expect(d.startsWith('M0,50')).toBe(true);
    expect(d).toContain('L20,50L20,40');
    expect(d).toContain('L40,40L40,90');
    expect(d).toContain('L20,90L20,100');
    expect(d.endsWith('L0,100Z')).toBe(true);
  });
  it('draws nothing for no points', () => {
    expect(stepAreaPath([], 10, [], [])).toBe('');
  });
});

describe('barsPath (d3 area with gaps)', () => {
  it('draws one series of bars as one path, a closed rectangle per bar, leaving out empty bars', () => {
    expect(
      barsPath([
        { x: 1, y: 2, width: 3, height: 4 },
        { x: 10, y: 2, width: 3, height: 0 },
        { x: 20, y: 5, width: 2, height: 1 },
      ]),
    ).toBe('M1,2L4,2L4,6L1,6ZM20,5L22,5L22,6L20,6Z');
  });
});
