// Threads in IndexedDB: one record per thread, plus a small index record per thread so the list
// loads without reading every message.

import { createStore, del, get, set, setMany, values, type UseStore } from 'idb-keyval';
import {
  summarize,
  type Thread,
  type ThreadStore,
  type ThreadSummary,
} from '../core/thread/thread';
import { toStorageError } from './storage-errors';

export class IdbThreadStore implements ThreadStore {
  private readonly threads: UseStore;
  private readonly index: UseStore;

  constructor(dbPrefix = 'mp') {
    this.threads = createStore(`${dbPrefix}-threads`, 'threads');
    this.index = createStore(`${dbPrefix}-thread-index`, 'index');
  }

  async list(): Promise<ThreadSummary[]> {
    const all = await values<ThreadSummary>(this.index);
    return all.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  get(id: string): Promise<Thread | undefined> {
    return get<Thread>(id, this.threads);
  }

  async put(thread: Thread): Promise<void> {
    try {
      await set(thread.id, thread, this.threads);
      await setMany([[thread.id, summarize(thread)]], this.index);
    } catch (error) {
      throw toStorageError(error, `thread "${thread.title}"`);
    }
  }

  async delete(id: string): Promise<void> {
    await del(id, this.threads);
    await del(id, this.index);
  }
}

/** A small key-value store for settings and the opt-in API key. */
export class IdbKeyValue {
  private readonly store: UseStore;
  constructor(dbName = 'mp-app') {
    this.store = createStore(dbName, 'kv');
  }
  get<T>(key: string): Promise<T | undefined> {
    return get<T>(key, this.store);
  }
  async set(key: string, value: unknown): Promise<void> {
    try {
      await set(key, value, this.store);
    } catch (error) {
      throw toStorageError(error, key);
    }
  }
  delete(key: string): Promise<void> {
    return del(key, this.store);
  }
}
