// FileStore on IndexedDB (idb-keyval custom store). One value per path holds the file and its
// version history, so the version check and the write happen in one readwrite transaction: two
// tabs writing the same file cannot both succeed against the same version.
import { createStore, promisifyRequest, values, type UseStore } from 'idb-keyval';
import {
  applyWrite,
  assertExpectedVersion,
  compareStrings,
  currentVersion,
  notFound,
  toInfo,
  toRecord,
  type StoredFile,
  type StoreOptions,
} from '../core/fs/memory-store';
import {
  FsError,
  type FileInfo,
  type FileRecord,
  type FileStore,
  type FileVersion,
  type WriteOptions,
} from '../core/fs/types';
import { settleTransaction } from './idb-transaction';
import { isQuotaError } from './storage-errors';

export interface IdbFileStoreOptions extends StoreOptions {
  /** Object store name inside the database (idb-keyval keeps one per database). */
  storeName?: string;
}

const QUOTA_MESSAGE =
  'Storage is full: the browser refused to save more data for this site. Nothing was changed. ' +
  'Free some space (delete files or old threads, or export a bundle and clear data) and try again.';

/** Turns whatever IndexedDB threw into an FsError the UI can show. */
function toFsError(error: unknown, path: string | undefined, action: string): FsError {
  if (error instanceof FsError) return error;
  if (isQuotaError(error)) return new FsError('quota-exceeded', QUOTA_MESSAGE, path);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new FsError(
    'io',
    `Could not ${action}${path ? ` '${path}'` : ''} in browser storage (${detail}).`,
    path,
  );
}

/** Whether `value` is an object whose fields have these types (values read back from storage). */
function hasFields(value: unknown, types: Record<string, 'string' | 'number'>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(types).every(([key, type]) => typeof record[key] === type);
}

const isVersion = (value: unknown): value is FileVersion =>
  hasFields(value, { version: 'number', content: 'string', modifiedAt: 'number' });

/** Values come from our own database, possibly written by an older build: check before use. */
function asStoredFile(value: unknown, path: string): StoredFile | undefined {
  if (value === undefined) return undefined;
  const versions = (value as { versions?: unknown } | null)?.versions;
  if (
    hasFields(value, { path: 'string', createdAt: 'number' }) &&
    Array.isArray(versions) &&
    versions.length > 0 &&
    versions.every(isVersion)
  ) {
    return value as StoredFile;
  }
  throw new FsError(
    'io',
    `The stored data for '${path}' is damaged or in an unknown format.`,
    path,
  );
}

export class IdbFileStore implements FileStore {
  private readonly useStore: UseStore;
  private readonly now: () => number;

  /** @param dbName e.g. 'mp-fs-user' or 'mp-fs-ws-default'. */
  constructor(
    readonly dbName: string,
    options: IdbFileStoreOptions = {},
  ) {
    this.useStore = createStore(dbName, options.storeName ?? 'files');
    this.now = options.now ?? Date.now;
  }

  async read(path: string): Promise<FileRecord | undefined> {
    const stored = await this.getStored(path);
    return stored ? toRecord(stored) : undefined;
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    const next = await this.mutate(path, 'write', (previous) =>
      applyWrite(previous, path, content, options, this.now()),
    );
    if (!next) throw new FsError('io', `Writing '${path}' did not produce a file.`, path);
    return toRecord(next);
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    await this.mutate(path, 'delete', (previous) => {
      assertExpectedVersion(
        path,
        previous ? currentVersion(previous).version : undefined,
        options?.expectedVersion,
        'delete',
      );
      if (!previous && options?.expectedVersion !== null) throw notFound(path);
      return undefined;
    });
  }

  async list(): Promise<FileInfo[]> {
    let stored: unknown[];
    try {
      stored = await values(this.useStore);
    } catch (error) {
      throw toFsError(error, undefined, 'list the files');
    }
    const infos: FileInfo[] = [];
    for (const value of stored) {
      const path = (value as { path?: unknown } | null)?.path;
      const file = asStoredFile(value, typeof path === 'string' ? path : '(unknown)');
      if (file) infos.push(toInfo(file));
    }
    return infos.sort((a, b) => compareStrings(a.path, b.path));
  }

  async history(path: string): Promise<FileVersion[]> {
    const stored = await this.getStored(path);
    return stored ? stored.versions.map((v) => ({ ...v })) : [];
  }

  private async getStored(path: string): Promise<StoredFile | undefined> {
    let value: unknown;
    try {
      value = await this.useStore('readonly', (store) => promisifyRequest(store.get(path)));
    } catch (error) {
      throw toFsError(error, path, 'read');
    }
    return asStoredFile(value, path);
  }

  /**
   * Reads the stored value, computes the next one and puts it (or deletes the key when `change`
   * returns undefined) in the same readwrite transaction. If `change` throws (conflict, size), the
   * transaction is aborted so nothing is written.
   */
  private async mutate(
    path: string,
    action: 'write' | 'delete',
    change: (previous: StoredFile | undefined) => StoredFile | undefined,
  ): Promise<StoredFile | undefined> {
    let next: StoredFile | undefined;
    try {
      await this.useStore('readwrite', (store) =>
        settleTransaction(store, (step) => {
          const request = store.get(path);
          request.onsuccess = step(() => {
            next = change(asStoredFile(request.result, path));
            if (next) store.put(next, path);
            else store.delete(path);
          });
        }),
      );
      return next;
    } catch (error) {
      throw toFsError(error, path, action);
    }
  }
}
