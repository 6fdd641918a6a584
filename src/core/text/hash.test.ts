import { describe, expect, it } from 'vitest';
import { cyrb53 } from './hash';
import { hashText as stepHash } from '../arena/cache';

describe('cyrb53', () => {
  it('is a whole number below 2^53 that changes with the text and with the seed', () => {
    const h = cyrb53('hello', 0);
    expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
    expect(cyrb53('hello', 1)).not.toBe(h);
    expect(cyrb53('hellp', 0)).not.toBe(h);
  });

  it('keeps the arena step keys as they were before the hash was shared', () => {
    // The value the copy this one replaced computed: a changed key misses every cached answer.
    expect(stepHash('hello')).toBe('1897bfcd0b34430b4f13a1bb1a72');
  });
});
