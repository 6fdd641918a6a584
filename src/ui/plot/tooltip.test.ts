import { describe, expect, it } from 'vitest';
import { rowForKey } from './keys';
import { placeTooltip } from './tooltip';

describe('placeTooltip', () => {
  const area = { width: 400, height: 240 };
  const size = { width: 120, height: 60 };
  it('goes right of the anchor, its middle level with it, where it fits', () => {
    expect(placeTooltip({ x: 100, y: 120 }, size, area)).toEqual({ x: 112, y: 90 });
  });
  it('goes left of an anchor near the right edge', () => {
    expect(placeTooltip({ x: 350, y: 120 }, size, area)).toEqual({ x: 218, y: 90 });
  });
  it('stays inside the area when it fits on neither side, and top and bottom', () => {
    expect(placeTooltip({ x: 100, y: 10 }, { width: 300, height: 60 }, area)).toEqual({
      x: 100,
      y: 0,
    });
    expect(placeTooltip({ x: 100, y: 235 }, size, area).y).toBe(180);
  });
  it('goes below a pointer, above it near the bottom, never past the top', () => {
    const bounds = { width: 400, height: 200 };
    const box = { width: 100, height: 80 };
    expect(placeTooltip({ x: 50, y: 20 }, box, bounds, { row: 'below' })).toEqual({ x: 62, y: 32 });
    expect(placeTooltip({ x: 350, y: 180 }, box, bounds, { row: 'below' })).toEqual({
      x: 238,
      y: 88,
    });
    expect(
      placeTooltip({ x: 100, y: 100 }, { width: 350, height: 300 }, bounds, { row: 'below' }),
    ).toEqual({ x: 50, y: 0 });
  });
  it('keeps its top level with the anchor', () => {
    expect(placeTooltip({ x: 10, y: 8 }, size, area, { row: 'level', gap: 10 })).toEqual({
      x: 20,
      y: 8,
    });
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
