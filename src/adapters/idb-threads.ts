// Threads in IndexedDB. A thread's long lists (messages, model calls, events, memory edits) are
// kept in chunks of CHUNK elements, each its own record, beside a header record with everything
// else, a revision record, and a small summary record that lets the list load without reading any
// thread (the records: idb-thread-records.ts).
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
//
// Two tabs: `putIf` writes only if the revision is still the one the save started from, checked in
// the transaction that writes (else it answers with the stored thread, read in that transaction;
// core/thread/save.ts merges). Each save and delete is announced on the BroadcastChannel named like
// the database ("mp-threads"), as { id, revision } (revision null: deleted); `watch` hears the
// other tabs' announcements.
//
// The summary is written in the thread's own transaction: a thread saved is a thread listed, and a
// save that fails (storage full) writes neither. Until this version the summaries were kept in
// another database ("mp-thread-index"), written after the thread, so a thread could be saved and
// not listed; the first list of a page load writes the summary of every thread that has none (read
// from its header), so such threads, and those of earlier versions, are listed again. (Chosen over
// a second object store: that needs a database version upgrade, which a tab of the old version
// still open would block; records under their own key prefix need none.)

import { createStore, get, del, promisifyRequest, set, type UseStore } from 'idb-keyval';
import {
  summarize,
  type PutIfResult,
  type StoredThread,
  type Thread,
  type ThreadChange,
  type ThreadStore,
  type ThreadSummary,
} from '../core/thread/thread';
import {
  indexKey,
  indexRecords,
  ownRecords,
  readThread,
  repairIndex,
  revKey,
  split,
  type ReadThread,
} from './idb-thread-records';
import { toStorageError } from './storage-errors';

export { CHUNK } from './idb-thread-records';

/** What this store last wrote or read of a thread: its revision, chunks and message count. */
interface Known {
  rev: string;
  chunks: Map<string, readonly unknown[]>;
  messages: number;
}

/** A save that writes whatever revision is stored (`put`). */
const ANY = Symbol('any revision');

/** Bounds of an announcement from another tab (it is checked where it enters). */
const MAX_ANNOUNCED_ID = 200;
const MAX_ANNOUNCED_REVISION = 100;

function sameElements(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function newRev(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** An announcement from another tab, or undefined when it is not one. */
function parseChange(data: unknown): ThreadChange | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, revision } = data as Record<string, unknown>;
  if (typeof id !== 'string' || !id || id.length > MAX_ANNOUNCED_ID) return undefined;
  if (revision === null) return { id, revision };
  if (typeof revision !== 'string' || revision.length > MAX_ANNOUNCED_REVISION) return undefined;
  return { id, revision };
}

export class IdbThreadStore implements ThreadStore {
  private readonly threads: UseStore;
  private readonly channelName: string;
  private readonly known = new Map<string, Known>();
  /** Summaries the first list found missing and could not write (storage full): listed anyway. */
  private readonly unlisted = new Map<string, ThreadSummary>();
  private indexChecked: Promise<void> | undefined;
  private channel: BroadcastChannel | undefined;
  private readonly listeners = new Set<(change: ThreadChange) => void>();

  constructor(dbPrefix = 'mp') {
    this.threads = createStore(`${dbPrefix}-threads`, 'threads');
    this.channelName = `${dbPrefix}-threads`;
  }

  async list(): Promise<ThreadSummary[]> {
    await (this.indexChecked ??= this.checkIndex());
    const listed = await this.threads('readonly', (store) =>
      promisifyRequest(store.getAll(indexRecords()) as IDBRequest<ThreadSummary[]>),
    );
    const ids = new Set(listed.map((summary) => summary.id));
    const all = [...listed, ...[...this.unlisted.values()].filter((s) => !ids.has(s.id))];
    return all.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async get(id: string): Promise<Thread | undefined> {
    return (await this.getWithRevision(id))?.thread;
  }

  async getWithRevision(id: string): Promise<StoredThread | undefined> {
    const read = await this.threads('readonly', (store) => readThread(store, id));
    this.learn(id, read);
    return read && { thread: read.thread, revision: read.rev };
  }

  async put(thread: Thread): Promise<void> {
    await this.write(thread, ANY);
  }

  putIf(thread: Thread, base: string | undefined): Promise<PutIfResult> {
    return this.write(thread, base);
  }

  async delete(id: string): Promise<void> {
    this.known.delete(id);
    this.unlisted.delete(id);
    await this.threads('readwrite', (store) => {
      store.delete(id);
      store.delete(ownRecords(id));
      store.delete(indexKey(id));
      return promisifyRequest(store.transaction);
    });
    this.announce({ id, revision: null });
  }

  watch(listener: (change: ThreadChange) => void): () => void {
    this.listeners.add(listener);
    this.openChannel();
    return () => this.listeners.delete(listener);
  }

  /** Closes the channel to other tabs (a store no longer used). */
  close(): void {
    this.channel?.close();
    this.channel = undefined;
    this.listeners.clear();
  }

  /** Writes the thread, with its summary, if the stored revision is `base` (or always: ANY). */
  private async write(thread: Thread, base: string | undefined | typeof ANY): Promise<PutIfResult> {
    const { id } = thread;
    const { header, chunks } = split(thread);
    const rev = newRev();
    const known = this.known.get(id);
    let answer: PutIfResult | undefined;
    let failure: unknown;
    try {
      await this.threads('readwrite', (store) => {
        // The revision, in this transaction: a save from another revision is answered with the
        // thread as stored, and writes nothing. And if another writer saved the thread since this
        // store last did, none of the remembered chunks can be trusted. And the thread's chunk
        // keys, to delete those the thread no longer has.
        const revRequest = store.get(revKey(id)) as IDBRequest<unknown>;
        const keysRequest = store.getAllKeys(ownRecords(id));
        keysRequest.onsuccess = () => {
          const stored = typeof revRequest.result === 'string' ? revRequest.result : undefined;
          if (base !== ANY && stored !== base) {
            void readThread(store, id).then((read) => {
              this.learn(id, read);
              answer = { ok: false, current: read?.thread, revision: stored };
            });
            return;
          }
          try {
            const trusted = known !== undefined && stored === known.rev;
            for (const key of keysRequest.result)
              if (!chunks.has(String(key)) && String(key) !== revKey(id)) store.delete(key);
            for (const [key, elements] of chunks)
              if (!trusted || !sameElements(known.chunks.get(key), elements))
                store.put(elements, key);
            store.put(header, id);
            store.put(rev, revKey(id));
            store.put(summarize(thread), indexKey(id));
            answer = { ok: true, revision: rev };
          } catch (error) {
            // A write refused at once (e.g. the value cannot be stored): none of the save stays.
            failure = error;
            store.transaction.abort();
          }
        };
        return promisifyRequest(store.transaction);
      });
    } catch (error) {
      this.known.delete(id);
      const stored = known
        ? `the thread as saved before (${known.messages} messages) is intact and listed`
        : 'the thread as saved before, if it was, is intact and listed';
      throw toStorageError(
        failure ?? error,
        `thread "${thread.title}"`,
        `Nothing of this save was written: ${stored}, and this tab still holds the unsaved thread (${thread.messages.length} messages) until a save succeeds`,
      );
    }
    if (!answer) throw new Error(`The save of thread "${thread.title}" ended without an answer.`);
    if (answer.ok) {
      this.known.set(id, { rev, chunks, messages: thread.messages.length });
      this.unlisted.delete(id);
      this.announce({ id, revision: rev });
    }
    return answer;
  }

  /** Remembers a thread as read, so that its next save writes only the chunks that changed. */
  private learn(id: string, read: ReadThread | undefined): void {
    if (read?.rev !== undefined && read.chunks)
      this.known.set(id, {
        rev: read.rev,
        chunks: read.chunks,
        messages: read.thread.messages.length,
      });
    else this.known.delete(id);
  }

  /** Lists every thread stored, once per page load (see the header). */
  private async checkIndex(): Promise<void> {
    const found: ThreadSummary[] = [];
    try {
      await this.threads('readwrite', async (store) => {
        await repairIndex(store, found);
        return promisifyRequest(store.transaction);
      });
    } catch {
      // Not written (storage full): listed from memory for this page load.
      for (const summary of found) this.unlisted.set(summary.id, summary);
    }
  }

  private openChannel(): BroadcastChannel | undefined {
    if (this.channel || typeof BroadcastChannel === 'undefined') return this.channel;
    const channel = new BroadcastChannel(this.channelName);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const change = parseChange(event.data);
      if (change) for (const listener of this.listeners) listener(change);
    };
    // Node (tests): an open channel must not keep the process alive.
    (channel as { unref?: () => void }).unref?.();
    this.channel = channel;
    return channel;
  }

  private announce(change: ThreadChange): void {
    this.openChannel()?.postMessage(change);
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
