// The journal's order (newest first: time recorded, then id) and the random tag in its ids.

import type { JournalEntry } from './types';

/** Newest first: by the time recorded, then by id (ids sort by time within a tab). */
export function newestFirst(a: JournalEntry, b: JournalEntry): number {
  if (a.recordedAt !== b.recordedAt) return b.recordedAt - a.recordedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Whether `a` was recorded after `b` (the journal's order: time, then id). */
export function isNewer(
  a: Pick<JournalEntry, 'recordedAt' | 'id'>,
  b: Pick<JournalEntry, 'recordedAt' | 'id'>,
): boolean {
  return a.recordedAt !== b.recordedAt ? a.recordedAt > b.recordedAt : a.id > b.id;
}

/** The list with one entry put in its place (the list is newest first; a new entry goes first). */
export function insertNewestFirst(list: JournalEntry[], entry: JournalEntry): JournalEntry[] {
  const at = list.findIndex((other) => newestFirst(entry, other) <= 0);
  return at === -1 ? [...list, entry] : [...list.slice(0, at), entry, ...list.slice(at)];
}

export function randomTag(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 8);
}
