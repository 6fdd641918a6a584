// The answer cache for strategy steps: keyed by a hash of the step's kind and its full input
// (system + prompt), so a rerun, or another strategy asking the same thing, pays nothing again.

import type { StepFn, StepRequest, StepResult } from '../strategies/types';

/** cyrb53-style 53-bit string hash, twice with different seeds: a 26-hex-digit key. */
export function hashText(text: string): string {
  const one = (seed: number) => {
    let h1 = 0xdeadbeef ^ seed;
    let h2 = 0x41c6ce57 ^ seed;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
  };
  return one(1) + one(2);
}

export function stepKey(request: StepRequest): string {
  return hashText(`${request.kind}\u0000${request.system}\u0000${request.prompt}`);
}

export interface StepCache {
  get(key: string): StepResult | undefined;
  set(key: string, result: StepResult): void;
  readonly size: number;
}

export function createStepCache(entries?: Iterable<[string, StepResult]>): StepCache {
  const map = new Map<string, StepResult>(entries);
  return {
    get: (key) => map.get(key),
    set: (key, result) => void map.set(key, result),
    get size() {
      return map.size;
    },
  };
}

export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * A step function that answers from the cache when it can. A cached answer still reports the
 * tokens the step would have cost, with `cached` counted in the stats (the run pays nothing again).
 */
export function cachedStep(inner: StepFn, cache: StepCache, stats: CacheStats): StepFn {
  return async (request, signal) => {
    const key = stepKey(request);
    const hit = cache.get(key);
    if (hit) {
      stats.hits++;
      return hit;
    }
    stats.misses++;
    const result = await inner(request, signal);
    cache.set(key, result);
    return result;
  };
}
