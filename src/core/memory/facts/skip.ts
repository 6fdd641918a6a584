// Skip the bad one, keep the rest: a list of facts (memory.json's `facts`, an update answer's
// `newFacts`) in which one entry is malformed (null, a number, a list, a blank text...) is used
// without that entry, as DeerFlow does, instead of the whole file or answer being refused. Anything
// wrong outside the list still refuses the whole. Pure.

import type { z } from 'zod';

type Issue = z.ZodError['issues'][number];
type Path = (string | number)[];

/** An entry left out: its index in the list as given, and what was wrong with it. */
export interface SkippedEntry {
  index: number;
  /** The problems' paths (from the top of the value) and messages. */
  problems: { path: Path; message: string }[];
}

export type SkipResult<T> =
  { ok: true; data: T; skipped: SkippedEntry[] } | { ok: false; issues: Issue[] };

/** Passes after a refinement over the whole list (e.g. duplicate ids) as well: a few rounds. */
const MAX_ROUNDS = 3;

const pathOf = (issue: Issue): Path => issue.path.filter((key) => typeof key !== 'symbol') as Path;

/**
 * Parses `value` with `schema`; when every problem lies inside an entry of the array at `key`,
 * those entries are left out and the rest parsed again.
 */
export function parseSkippingBadEntries<T>(
  schema: z.ZodType<T>,
  value: unknown,
  key: string,
): SkipResult<T> {
  const first = schema.safeParse(value);
  if (first.success) return { ok: true, data: first.data, skipped: [] };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail(first.error.issues);
  const list: unknown = (value as Record<string, unknown>)[key];
  if (!Array.isArray(list)) return fail(first.error.issues);
  // Index in the list now -> index in the list as given.
  let original = list.map((_, i) => i);
  let entries: unknown[] = list;
  const skipped: SkippedEntry[] = [];
  let issues = first.error.issues;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const bad = new Map<number, SkippedEntry>();
    for (const issue of issues) {
      const path = pathOf(issue);
      const at = path[1];
      if (path[0] !== key || typeof at !== 'number' || at >= entries.length)
        return fail(first.error.issues);
      const index = original[at]!;
      const entry = bad.get(at) ?? { index, problems: [] };
      entry.problems.push({ path: [key, index, ...path.slice(2)], message: issue.message });
      bad.set(at, entry);
    }
    skipped.push(...bad.values());
    original = original.filter((_, i) => !bad.has(i));
    entries = entries.filter((_, i) => !bad.has(i));
    const next = schema.safeParse({ ...(value as Record<string, unknown>), [key]: entries });
    if (next.success) {
      skipped.sort((a, b) => a.index - b.index);
      return { ok: true, data: next.data, skipped };
    }
    issues = next.error.issues;
  }
  return fail(first.error.issues);
}

function fail<T>(issues: Issue[]): SkipResult<T> {
  return { ok: false, issues };
}
