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
  /** Records (removal events) taken in. */
  removals: number;
}

export interface RetentionTally {
  add(record: CompactionRecord): void;
  result(): Retention;
}

export function createRetentionTally(): RetentionTally {
  const lost = new Map<string, boolean>();
  let extraTotal = 0;
  let extraRetained = 0;
  let removals = 0;
  return {
    add(record) {
      removals++;
      for (const s of [...record.kept, ...record.recoverable]) {
        const key = pinKey(s);
        if (!lost.has(key)) lost.set(key, false);
      }
      for (const s of record.lost) lost.set(pinKey(s), true);
      extraTotal += record.unlisted.kept + record.unlisted.recoverable + record.unlisted.lost;
      extraRetained += record.unlisted.kept + record.unlisted.recoverable;
    },
    result() {
      let retained = 0;
      for (const isLost of lost.values()) if (!isLost) retained++;
      return {
        specifics: lost.size + extraTotal,
        retained: retained + extraRetained,
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
