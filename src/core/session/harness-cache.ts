// One harness per purpose, kept while what it was made for stays the same (its key: provider,
// model, counter, window, strategy, settings object…), so that the pipeline's memos (the AGENTS.md
// and memory.json caches) carry from one send to the next instead of starting cold every time.

import type { ThreadState } from '../agent/middleware';
import type { Settings } from '../settings';
import type {
  BuiltHarness,
  HarnessKey,
  HarnessProblem,
  HarnessPurpose,
  SessionDeps,
} from './types';

export type Resolved =
  | ({ ok: true; settings: Settings } & BuiltHarness)
  | HarnessProblem
  | { ok: false; problems: string[] };

export interface HarnessCache {
  get(purpose: HarnessPurpose): Promise<Resolved>;
  /** How many harnesses were built so far (the reuse is observable in tests). */
  builds(): number;
}

export function sameKey(a: HarnessKey, b: HarnessKey): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}

export function createHarnessCache(
  resolve: SessionDeps['resolveHarness'],
  state: () => ThreadState,
): HarnessCache {
  const kept = new Map<HarnessPurpose['kind'], { key: HarnessKey; built: BuiltHarness }>();
  let built = 0;
  return {
    async get(purpose) {
      const resolution = await resolve(state, purpose);
      if (!resolution.ok) return resolution;
      const current = kept.get(purpose.kind);
      if (current && sameKey(current.key, resolution.key))
        return { ok: true, settings: resolution.settings, ...current.built };
      const made = await resolution.build();
      if ('ok' in made) return made;
      built++;
      kept.set(purpose.kind, { key: resolution.key, built: made });
      return { ok: true, settings: resolution.settings, ...made };
    },
    builds: () => built,
  };
}
