// The arena's "Specifics kept": over a whole replay, the share of the specifics that removals took
// out which every removal left kept or recoverable. A specific is identified by its kind and
// normalized form; it counts as retained only when no removal left it lost (a turn a strategy drops,
// retrieves again and drops later is judged at every drop). Specifics a record counts but does not
// list (over BOUNDS.recordSpecifics) are counted as distinct, with the fate the record gives them.

import { pinKey, type CompactionRecord } from './record';

export interface Retention {
  /** Distinct specifics removed at least once. */
  specifics: number;
  /** Of them, those no removal left lost. */
  retained: number;
  /**
   * Of them, those every removal left in the context itself (not only in a file the agent would
   * have to read back). Absent in results saved before it was measured.
   */
  inContext?: number;
  /** Records (removal events) taken in. */
  removals: number;
}

export interface RetentionTally {
  add(record: CompactionRecord): void;
  result(): Retention;
}

export function createRetentionTally(): RetentionTally {
  /** Per specific, the worst fate any removal gave it: 0 kept, 1 recoverable, 2 lost. */
  const worst = new Map<string, number>();
  let extraTotal = 0;
  let extraRetained = 0;
  let extraInContext = 0;
  let removals = 0;
  const note = (key: string, fate: number) => worst.set(key, Math.max(worst.get(key) ?? 0, fate));
  return {
    add(record) {
      removals++;
      for (const s of record.kept) note(pinKey(s), 0);
      for (const s of record.recoverable) note(pinKey(s), 1);
      for (const s of record.lost) note(pinKey(s), 2);
      extraTotal += record.unlisted.kept + record.unlisted.recoverable + record.unlisted.lost;
      extraRetained += record.unlisted.kept + record.unlisted.recoverable;
      extraInContext += record.unlisted.kept;
    },
    result() {
      let retained = 0;
      let inContext = 0;
      for (const fate of worst.values()) {
        if (fate < 2) retained++;
        if (fate === 0) inContext++;
      }
      return {
        specifics: worst.size + extraTotal,
        retained: retained + extraRetained,
        inContext: inContext + extraInContext,
        removals,
      };
    },
  };
}

/** retained / specifics, or null when nothing was removed. */
export function retentionShare(retention: Retention | undefined): number | null {
  if (!retention || retention.specifics === 0) return null;
  return retention.retained / retention.specifics;
}

/** inContext / specifics, or null when nothing was removed or it was not measured. */
export function inContextShare(retention: Retention | undefined): number | null {
  if (!retention || retention.specifics === 0 || retention.inContext === undefined) return null;
  return retention.inContext / retention.specifics;
}
