// The memory journal in IndexedDB: one record per entry (keyed by its id, which sorts by time), and
// one record with the counts of entries dropped at the bound. Shared by every tab of the origin;
// the journal checks every record it reads back (src/core/fs/journal/).

import { createStore, del, delMany, entries, set, setMany, type UseStore } from 'idb-keyval';
import type { JournalDropped, JournalEntry, JournalPersistence } from '../core/fs/journal';
import { toStorageError } from './storage-errors';

/** The key of the dropped counts; entry ids start with a letter, so it never collides. */
const DROPPED_KEY = '~dropped';

export class IdbJournalStore implements JournalPersistence {
  private readonly store: UseStore;

  constructor(dbName = 'mp-journal') {
    this.store = createStore(dbName, 'entries');
  }

  async load(): Promise<{ entries: unknown[]; dropped?: unknown }> {
    const all = await entries<string, unknown>(this.store);
    const list: unknown[] = [];
    let dropped: unknown;
    for (const [key, value] of all) {
      if (key === DROPPED_KEY) dropped = value;
      else list.push(value);
    }
    return { entries: list, dropped };
  }

  async put(list: readonly JournalEntry[]): Promise<void> {
    try {
      await setMany(
        list.map((entry) => [entry.id, entry]),
        this.store,
      );
    } catch (error) {
      throw toStorageError(error, 'the memory journal');
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 1) await del(ids[0]!, this.store);
    else await delMany([...ids], this.store);
  }

  async saveDropped(dropped: JournalDropped): Promise<void> {
    try {
      await set(DROPPED_KEY, dropped, this.store);
    } catch (error) {
      throw toStorageError(error, 'the memory journal');
    }
  }
}
