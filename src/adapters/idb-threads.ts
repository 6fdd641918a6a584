// Threads in IndexedDB. A thread's long lists (messages, model calls, events, memory edits) are
// kept in chunks of CHUNK elements, each its own record, beside a header record with everything
// else; a small index record per thread lets the list load without reading any thread.
//
// Why chunks: a thread is saved several times per reply (each message, the streaming draft, the
// end), and IndexedDB copies the whole value it is given in the calling task (structured clone).
// As one record, a 5,000-message thread cost ~20 ms of main thread per save. Chunked, a save
// writes the header and the chunks whose elements changed: in a growing thread, the last one.
//
// Which chunks changed is decided by identity: this store remembers, per thread, the elements of
// each chunk it last wrote or read, and a chunk whose elements are the same objects is not written
// again. That is safe because what the app saves is a copyThread snapshot, whose shared elements
// are never changed in place (thread.ts). Another tab (or another store) that wrote the thread in
// between is noticed in the same transaction, by the thread's revision record: then every chunk is
// written.

import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import {
  summarize,
  type Thread,
  type ThreadStore,
  type ThreadSummary,
} from '../core/thread/thread';
import { toStorageError } from './storage-errors';

/** Elements per chunk record. */
export const CHUNK = 250;

/** The thread's fields kept in chunks. */
const CHUNKED = ['messages', 'calls', 'events', 'memoryEdits'] as const;
type ChunkedField = (typeof CHUNKED)[number];

/** The header record: the thread less its chunked lists, and how many chunks each has. */
type Header = Omit<Thread, ChunkedField> & {
  chunks: Partial<Record<ChunkedField, number>>;
};

/** What this store last wrote or read of a thread: its revision and each chunk's elements. */
interface Known {
  rev: string;
  chunks: Map<string, readonly unknown[]>;
}

const chunkKey = (id: string, field: ChunkedField, index: number) => `${id}\u0000${field}:${index}`;
const revKey = (id: string) => `${id}\u0000rev`;
/** Every record of a thread but its header: its chunks and its revision. */
const ownRecords = (id: string) => IDBKeyRange.bound(`${id}\u0000`, `${id}\u0001`, false, true);

function sameElements(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The chunks of a thread's lists, by record key, and its header. */
function split(thread: Thread): { header: Header; chunks: Map<string, readonly unknown[]> } {
  const rest: Record<string, unknown> = { ...thread };
  const counts: Header['chunks'] = {};
  const chunks = new Map<string, readonly unknown[]>();
  for (const field of CHUNKED) {
    const list = thread[field] as readonly unknown[] | undefined;
    delete rest[field];
    if (!list) continue;
    counts[field] = Math.ceil(list.length / CHUNK);
    for (let i = 0; i * CHUNK < list.length; i++)
      chunks.set(chunkKey(thread.id, field, i), list.slice(i * CHUNK, (i + 1) * CHUNK));
  }
  return { header: { ...(rest as Omit<Thread, ChunkedField>), chunks: counts }, chunks };
}

function isHeader(record: Thread | Header): record is Header {
  return 'chunks' in record && !Array.isArray((record as Partial<Thread>).messages);
}

function newRev(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class IdbThreadStore implements ThreadStore {
  private readonly threads: UseStore;
  private readonly index: UseStore;
  private readonly known = new Map<string, Known>();

  constructor(dbPrefix = 'mp') {
    this.threads = createStore(`${dbPrefix}-threads`, 'threads');
    this.index = createStore(`${dbPrefix}-thread-index`, 'index');
  }

  async list(): Promise<ThreadSummary[]> {
    const all = await promisedValues<ThreadSummary>(this.index);
    return all.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async get(id: string): Promise<Thread | undefined> {
    // The header, the revision and every chunk, in one transaction (a thread's records share its
    // key prefix).
    const [record, keys, values] = await this.threads('readonly', (store) =>
      Promise.all([
        promisifyRequest(store.get(id) as IDBRequest<Thread | Header | undefined>),
        promisifyRequest(store.getAllKeys(ownRecords(id))),
        promisifyRequest(store.getAll(ownRecords(id)) as IDBRequest<unknown[]>),
      ]),
    );
    if (!record) return undefined;
    // A thread saved as one record (before chunks) is read as it is.
    if (!isHeader(record)) {
      this.known.delete(id);
      return record;
    }
    const byKey = new Map<string, unknown>(keys.map((key, i) => [String(key), values[i]]));
    const { chunks: counts, ...rest } = record;
    const thread = { ...rest } as Thread;
    const chunks = new Map<string, readonly unknown[]>();
    for (const field of CHUNKED) {
      const count = counts[field];
      if (count === undefined) continue;
      const list: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const key = chunkKey(id, field, i);
        const chunk = byKey.get(key);
        if (!Array.isArray(chunk)) continue;
        chunks.set(key, chunk);
        for (const element of chunk) list.push(element);
      }
      (thread as unknown as Record<string, unknown>)[field] = list;
    }
    const rev = byKey.get(revKey(id));
    if (typeof rev === 'string') this.known.set(id, { rev, chunks });
    return thread;
  }

  async put(thread: Thread): Promise<void> {
    const { header, chunks } = split(thread);
    const rev = newRev();
    const known = this.known.get(thread.id);
    try {
      await this.threads('readwrite', (store) => {
        // The revision, in this transaction: if another writer saved the thread since this store
        // last did, none of the remembered chunks can be trusted. And the thread's chunk keys, to
        // delete those the thread no longer has.
        const revRequest = store.get(revKey(thread.id)) as IDBRequest<string | undefined>;
        const keysRequest = store.getAllKeys(ownRecords(thread.id));
        keysRequest.onsuccess = () => {
          const trusted = known !== undefined && revRequest.result === known.rev;
          for (const key of keysRequest.result)
            if (!chunks.has(String(key)) && String(key) !== revKey(thread.id)) store.delete(key);
          for (const [key, elements] of chunks)
            if (!trusted || !sameElements(known.chunks.get(key), elements))
              store.put(elements, key);
          store.put(header, thread.id);
          store.put(rev, revKey(thread.id));
        };
        return promisifyRequest(store.transaction);
      });
      this.known.set(thread.id, { rev, chunks });
      await set(thread.id, summarize(thread), this.index);
    } catch (error) {
      this.known.delete(thread.id);
      throw toStorageError(error, `thread "${thread.title}"`);
    }
  }

  async delete(id: string): Promise<void> {
    this.known.delete(id);
    await this.threads('readwrite', (store) => {
      store.delete(id);
      store.delete(ownRecords(id));
      return promisifyRequest(store.transaction);
    });
    await del(id, this.index);
  }
}

/** Every value of a store (idb-keyval's `values`, kept local so the index reads one way). */
function promisedValues<T>(store: UseStore): Promise<T[]> {
  return store('readonly', (s) => promisifyRequest(s.getAll() as IDBRequest<T[]>));
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
