// The answer cache for strategy steps: keyed by a hash of the step's kind and its full input
// (system + prompt), so a rerun, or another strategy asking the same thing, pays nothing again.

import type { StepFn, StepRequest, StepResult } from '../strategies/types';
import { cyrb53 } from '../text/hash';

/** cyrb53 twice with different seeds: a 28-hex-digit key. */
export function hashText(text: string): string {
  const one = (seed: number) => cyrb53(text, seed).toString(16).padStart(14, '0');
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
