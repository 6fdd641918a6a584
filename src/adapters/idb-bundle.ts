// IndexedDB edges of the memory bundle: a file store that can snapshot and restore its raw records
// exactly (so a failed import leaves no trace, not even a version bump), and the settings record.

import { createStore, del, getMany, set, values, type UseStore } from 'idb-keyval';
import type { FileWrite, RestorableFileStore, SettingsAccess } from '../core/bundle/types';
import {
  applyWrite,
  assertExpectedVersion,
  currentVersion,
  notFound,
  toRecord,
  type StoredFile,
} from '../core/fs/memory-store';
import { FsError, type FileRecord, type WriteOptions } from '../core/fs/types';
import type { IdbFileStore } from './idb-store';
import type { IdbKeyValue } from './idb-threads';
import { settleTransaction } from './idb-transaction';
import { toStorageError } from './storage-errors';

export class RestorableIdbFileStore implements RestorableFileStore {
  /** The same object store IdbFileStore uses: one value per path, history included. */
  private readonly raw: UseStore;

  constructor(
    private readonly store: IdbFileStore,
    storeName = 'files',
  ) {
    this.raw = createStore(store.dbName, storeName);
  }

  read(path: string) {
    return this.store.read(path);
  }
  write(path: string, content: string, options?: WriteOptions) {
    return this.store.write(path, content, options);
  }
  delete(path: string, options?: WriteOptions) {
    return this.store.delete(path, options);
  }
  list() {
    return this.store.list();
  }
  history(path: string) {
    return this.store.history(path);
  }

  /**
   * All writes in one readwrite transaction, with the same rules as IdbFileStore.write/delete
   * (applyWrite: size, version check, history). Any failure (a conflict, quota) aborts the
   * transaction, so either every write happened or none did.
   */
  async writeMany(writes: readonly FileWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const now = Date.now();
    try {
      await this.raw('readwrite', (store) =>
        settleTransaction(store, (step) => {
          for (const write of writes) {
            const request = store.get(write.path);
            request.onsuccess = step(() => {
              const previous = request.result as StoredFile | undefined;
              if (write.content === null) {
                const version = previous ? currentVersion(previous).version : undefined;
                assertExpectedVersion(write.path, version, write.expectedVersion, 'delete');
                if (!previous) throw notFound(write.path);
                store.delete(write.path);
              } else {
                const options = { expectedVersion: write.expectedVersion };
                store.put(
                  applyWrite(previous, write.path, write.content, options, now),
                  write.path,
                );
              }
            });
          }
        }),
      );
    } catch (error) {
      if (error instanceof FsError) throw error;
      throw toStorageError(error, `${writes.length} files`);
    }
  }

  snapshot(paths: readonly string[]): Promise<unknown[]> {
    return getMany([...paths], this.raw);
  }

  /** Every file with its content, in one transaction (export reads this instead of N reads). */
  async readAll(): Promise<FileRecord[]> {
    const stored = await values<StoredFile>(this.raw);
    return stored.map((file) => {
      if (!file || typeof file.path !== 'string' || !Array.isArray(file.versions))
        throw new Error('A stored file is damaged or in an unknown format.');
      return toRecord(file);
    });
  }

  async restore(path: string, snapshot: unknown): Promise<void> {
    try {
      if (snapshot === undefined) await del(path, this.raw);
      else await set(path, snapshot, this.raw);
    } catch (error) {
      throw toStorageError(error, path);
    }
  }
}

/** The settings record in the app's key-value store (API keys are a different record). */
export function kvSettingsAccess(kv: IdbKeyValue, key = 'settings'): SettingsAccess {
  return {
    get: () => kv.get<unknown>(key),
    set: (value) => (value === undefined ? kv.delete(key) : kv.set(key, value)),
  };
}
