import { describe, expect, it } from 'vitest';
import { brushIndexAt, brushShare, handleKey, normalRange } from './brush';

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
