// A cache from a pair of ranks to a number (a merged rank, or how a pair re-encodes), filled on
// demand: open addressing over one Int32Array, four numbers a slot (left, right, value, extra), so
// a probe reads one cache line. Emptied when 5/8 full: it is only a cache.

import { NO_RANK } from './ranks';

export interface PairCache {
  /** The value for (left, right), computed on the first request. */
  get(left: number, right: number): number;
  /** The extra number stored with the value the last get returned. */
  extra(): number;
  clear(): void;
}

/**
 * @param compute the value of a pair not yet cached
 * @param computedExtra read right after compute: a second number to keep with the value
 */
export function createPairCache(
  bits: number,
  compute: (left: number, right: number) => number,
  computedExtra: () => number = () => 0,
): PairCache {
  const mask = (1 << bits) - 1;
  const slotMask = (mask << 2) | 3;
  const limit = ((mask + 1) >> 3) * 5;
  const table = new Int32Array((mask + 1) * 4).fill(NO_RANK);
  let count = 0;
  let lastExtra = 0;
  return {
    get(left, right) {
      let slot = Math.imul(left ^ Math.imul(right, 0x9e3779b1), 0x85ebca77);
      slot = ((slot ^ (slot >>> 16)) & mask) << 2;
      for (;;) {
        const key = table[slot] as number;
        if (key === left && table[slot + 1] === right) {
          lastExtra = table[slot + 3] as number;
          return table[slot + 2] as number;
        }
        if (key === NO_RANK) break;
        slot = (slot + 4) & slotMask;
      }
      const value = compute(left, right);
      lastExtra = computedExtra();
      if (count >= limit) {
        table.fill(NO_RANK);
        count = 0;
        return value;
      }
      table[slot] = left;
      table[slot + 1] = right;
      table[slot + 2] = value;
      table[slot + 3] = lastExtra;
      count++;
      return value;
    },
    extra: () => lastExtra,
    clear() {
      table.fill(NO_RANK);
      count = 0;
    },
  };
}
