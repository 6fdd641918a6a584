// What the journal's bounds drop: the oldest entries of an origin beyond them, never an entry that
// can still be undone or that the person has not seen, until a hard ceiling.

import { entrySize } from './diff';
import { isNewer } from './order';
import type { JournalEntry, JournalLimits } from './types';

/**
 * Entries that can still be undone or that the person has not seen are kept past the bounds, up to
 * this many times them (a hard ceiling: every input has a bound).
 */
const PROTECTED_FACTOR = 5;

/**
 * Entries the bound never drops: one that can still be undone (the newest local entry of its
 * path, not undone) and one the person has not seen (recorded after markSeen's time). A run
 * cannot flood them out: it is stopped past BOUNDS.memoryWritesPerRun writes (agent/loop.ts).
 */
function protectedIds(
  list: readonly JournalEntry[],
  origin: JournalEntry['origin'],
  mark: Pick<JournalEntry, 'recordedAt' | 'id'> | undefined,
): Set<string> {
  const kept = new Set<string>();
  if (origin !== 'local') return kept;
  const newest = new Set<string>();
  for (const entry of list) {
    if (entry.origin !== 'local') continue;
    if (!mark || isNewer(entry, mark)) kept.add(entry.id);
    if (newest.has(entry.path)) continue;
    newest.add(entry.path);
    if (!entry.undoneBy) kept.add(entry.id);
  }
  return kept;
}

/**
 * The oldest entries of an origin beyond the bounds (`list` newest first), except protected ones
 * (protectedIds, with the person's seen mark) while they stay under PROTECTED_FACTOR times the
 * bounds.
 */
export function entriesToDrop(
  list: readonly JournalEntry[],
  origin: JournalEntry['origin'],
  limits: JournalLimits,
  mark: Pick<JournalEntry, 'recordedAt' | 'id'> | undefined,
): Set<string> {
  const entries = list.filter((entry) => entry.origin === origin);
  let count = entries.length;
  let chars = entries.reduce((sum, entry) => sum + entrySize(entry), 0);
  const over = (factor: number) =>
    count > limits.maxEntries * factor || chars > limits.maxChars * factor;
  const drop = new Set<string>();
  if (!over(1)) return drop;
  const kept = protectedIds(list, origin, mark);
  const dropOldest = (factor: number, canDrop: (entry: JournalEntry) => boolean) => {
    for (let i = entries.length - 1; i >= 0 && over(factor); i--) {
      const entry = entries[i]!;
      if (drop.has(entry.id) || !canDrop(entry)) continue;
      drop.add(entry.id);
      count--;
      chars -= entrySize(entry);
    }
  };
  dropOldest(1, (entry) => !kept.has(entry.id));
  // A hard ceiling all the same: every input has a bound (the drop is counted and shown).
  dropOldest(PROTECTED_FACTOR, () => true);
  return drop;
}
