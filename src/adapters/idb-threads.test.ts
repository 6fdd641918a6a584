import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { copyThread, type Thread, type ThreadChange } from '../core/thread/thread';
import { loadThread, saveThread } from '../core/thread/save';
import type { Message } from '../core/agent/types';
import { CHUNK, IdbThreadStore } from './idb-threads';
import { indexKey } from './idb-thread-records';

let dbCounter = 0;
const freshPrefix = () => `mp-threads-test-${++dbCounter}`;

function message(i: number): Message {
  return { role: 'user', id: `m${i}`, content: `message ${i}`, createdAt: i };
}

function thread(count: number, id = 'thread-1'): Thread {
  return {
    id,
    title: 'A long thread',
    workspace: 'default',
    createdAt: 1,
    updatedAt: 2,
    messages: Array.from({ length: count }, (_, i) => message(i)),
    state: { strategy: { kind: 'full' } },
    calls: [],
    memoryEdits: [],
    events: [{ id: 'e1', kind: 'memory-loaded', at: 3, detail: 'AGENTS.md loaded', callId: 'c1' }],
  };
}

/** Counts the thread records written (puts, the list's summary included) while `run` runs. */
async function putsDuring(run: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(IDBObjectStore.prototype, 'put');
  try {
    await run();
    return spy.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'threads').length;
  } finally {
    spy.mockRestore();
  }
}

/** How many records a store holds. */
function records(raw: UseStore): Promise<number> {
  return raw('readonly', (s) => promisifyRequest(s.count()));
}

afterEach(() => vi.restoreAllMocks());

describe('IdbThreadStore', () => {
  it('gives back a long thread as it was saved, and lists it', async () => {
    const prefix = freshPrefix();
    const saved = thread(CHUNK * 3 + 7);
    await new IdbThreadStore(prefix).put(saved);
    // A store of a later page load reads it from IndexedDB alone.
    const later = new IdbThreadStore(prefix);
    expect(await later.get(saved.id)).toEqual(saved);
    expect(await later.list()).toEqual([
      expect.objectContaining({ id: saved.id, messageCount: CHUNK * 3 + 7 }),
    ]);
  });

  it('reads a long thread one chunk a request, so no one task deserializes it all (issue 32)', async () => {
    const prefix = freshPrefix();
    const saved = thread(CHUNK * 5 + 3);
    await new IdbThreadStore(prefix).put(saved);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    expect(await new IdbThreadStore(prefix).get(saved.id)).toEqual(saved);
    const keys = get.mock.calls.map(([key]) => String(key));
    // Six chunks of messages and one of events, each its own request; nothing read in bulk.
    expect(keys.filter((key) => key.includes('\u0000messages:'))).toHaveLength(6);
    expect(keys.filter((key) => key.includes('\u0000events:'))).toHaveLength(1);
    expect(getAll).not.toHaveBeenCalled();
  });

  it('a read during another save gives one whole revision, never a mix', async () => {
    const prefix = freshPrefix();
    const saved = thread(CHUNK * 4);
    await new IdbThreadStore(prefix).put(saved);
    const changed = copyThread(saved);
    changed.messages = saved.messages.map((m) => ({ ...m, content: `edited ${m.id}` }));
    const reading = new IdbThreadStore(prefix).get(saved.id);
    const writing = new IdbThreadStore(prefix).put(changed);
    const [read] = await Promise.all([reading, writing]);
    expect([saved, changed]).toContainEqual(read);
    expect(await new IdbThreadStore(prefix).get(saved.id)).toEqual(changed);
  });

  it('writes only the chunk that changed when a message is added', async () => {
    const store = new IdbThreadStore(freshPrefix());
    const working = thread(CHUNK * 4 + 10);
    await store.put(copyThread(working));
    working.messages.push(message(99_999));
    // The header, the revision, the summary and the last chunk of messages (the events chunk is
    // unchanged).
    expect(await putsDuring(() => store.put(copyThread(working)))).toBe(4);
    expect((await store.get(working.id))!.messages.at(-1)!.id).toBe('m99999');
  });

  it('after reading a thread, a save of it writes only what changed', async () => {
    const prefix = freshPrefix();
    await new IdbThreadStore(prefix).put(thread(CHUNK * 2 + 1));
    const store = new IdbThreadStore(prefix);
    const opened = (await store.get('thread-1'))!;
    const next = copyThread(opened);
    next.messages.push(message(5_000));
    expect(await putsDuring(() => store.put(next))).toBe(4);
    expect((await new IdbThreadStore(prefix).get('thread-1'))!.messages).toHaveLength(
      CHUNK * 2 + 2,
    );
  });

  it('writes every chunk when another writer saved the thread in between (no mixed thread)', async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const tabB = new IdbThreadStore(prefix);
    const base = thread(CHUNK * 2);
    await tabA.put(copyThread(base));
    // Tab B rewrites the first chunk (a different thread history under the same id).
    const other = copyThread((await tabB.get(base.id))!);
    other.messages[0] = { ...message(0), content: 'from tab B' };
    await tabB.put(other);
    // Tab A saves what it holds: its whole thread wins, not a mix of both.
    const fromA = copyThread(base);
    fromA.messages.push(message(7_000));
    await tabA.put(fromA);
    const read = (await new IdbThreadStore(prefix).get(base.id))!;
    expect(read.messages[0]!.content).toBe('message 0');
    expect(read.messages).toHaveLength(CHUNK * 2 + 1);
  });

  it('drops the chunks a shorter thread no longer has, and deletes every record', async () => {
    const prefix = freshPrefix();
    const store = new IdbThreadStore(prefix);
    await store.put(thread(CHUNK * 3));
    await store.put(thread(5));
    const raw = createStore(`${prefix}-threads`, 'threads');
    expect((await new IdbThreadStore(prefix).get('thread-1'))!.messages).toHaveLength(5);
    // The header, the revision, the summary, one chunk of messages and one of events.
    expect(await records(raw)).toBe(5);
    await store.delete('thread-1');
    expect(await store.get('thread-1')).toBeUndefined();
    expect(await records(raw)).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it('reads a thread saved as one record by an earlier version, and chunks it on the next save', async () => {
    const prefix = freshPrefix();
    const old = thread(CHUNK + 3);
    await set(old.id, old, createStore(`${prefix}-threads`, 'threads'));
    const store = new IdbThreadStore(prefix);
    const read = (await store.get(old.id))!;
    expect(read).toEqual(old);
    const next = copyThread(read);
    next.messages.push(message(4_000));
    await store.put(next);
    const again = (await new IdbThreadStore(prefix).get(old.id))!;
    expect(again.messages).toHaveLength(CHUNK + 4);
    expect(again.events).toEqual(old.events);
  });
});

function said(id: string, role: 'user' | 'assistant', createdAt: number): Message {
  return { role, id, content: `${role} says ${id}`, createdAt };
}

/** A value the store writes as a thread's list entry (its summary). */
const isSummary = (value: unknown) =>
  typeof value === 'object' && value !== null && 'messageCount' in value;

describe('IdbThreadStore: two tabs on one thread (issue 31)', () => {
  it("keeps tab A's turn when tab B, never reloaded, saves its own from the older revision", async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const tabB = new IdbThreadStore(prefix);
    await saveThread(tabA, thread(3), undefined);
    const openA = (await loadThread(tabA, 'thread-1'))!;
    const openB = (await loadThread(tabB, 'thread-1'))!;
    // A sends a message and gets its answer; B, in between, sends another.
    const fromA = copyThread(openA.thread);
    fromA.messages.push(said('a-question', 'user', 10), said('a-answer', 'assistant', 12));
    await saveThread(tabA, fromA, openA.revision);
    const fromB = copyThread(openB.thread);
    fromB.messages.push(said('b-question', 'user', 11));
    const outcome = await saveThread(tabB, fromB, openB.revision);

    const stored = (await new IdbThreadStore(prefix).get('thread-1'))!;
    expect(stored.messages.map((m) => m.id)).toEqual([
      'm0',
      'm1',
      'm2',
      'a-question',
      'b-question',
      'a-answer',
    ]);
    // B is told, and goes on from what is stored.
    expect(outcome.mergedFromOther).toBe(2);
    expect(outcome.thread.messages).toEqual(stored.messages);
    expect((await tabB.getWithRevision('thread-1'))!.revision).toBe(outcome.revision);
  });

  it('tells the other tab of each save and delete (BroadcastChannel, like files and the journal)', async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const tabB = new IdbThreadStore(prefix);
    const heardByB: ThreadChange[] = [];
    const heardByA: ThreadChange[] = [];
    const stopB = tabB.watch((change) => heardByB.push(change));
    tabA.watch((change) => heardByA.push(change));
    const saved = await saveThread(tabA, thread(2), undefined);
    await vi.waitFor(() =>
      expect(heardByB).toEqual([{ id: 'thread-1', revision: saved.revision }]),
    );
    await tabA.delete('thread-1');
    await vi.waitFor(() => expect(heardByB.at(-1)).toEqual({ id: 'thread-1', revision: null }));
    // A tab does not hear its own saves; an unsubscribed listener hears nothing more.
    stopB();
    await tabA.put(thread(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heardByA).toEqual([]);
    expect(heardByB).toHaveLength(2);
    tabA.close();
    tabB.close();
  });
});

describe('IdbThreadStore: a saved thread is a listed thread (issue 31)', () => {
  it('a save whose list entry does not fit writes nothing, and says what is kept', async () => {
    const prefix = freshPrefix();
    const store = new IdbThreadStore(prefix);
    await store.put(thread(3));
    // Storage fills up as the list entry of the grown thread is written.
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (isSummary(value))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    const grown = thread(5);
    const error = (await store.put(grown).catch((e: unknown) => e)) as Error;
    vi.restoreAllMocks();
    expect(error.message).toBe(
      'Browser storage is full: could not save thread "A long thread". Nothing of this save was written: the thread as saved before (3 messages) is intact and listed, and this tab still holds the unsaved thread (5 messages) until a save succeeds; free space (delete old threads or files) and try again.',
    );
    // A later page load, space freed: the list says what is stored.
    const later = new IdbThreadStore(prefix);
    const stored = (await later.get('thread-1'))!;
    expect(stored.messages).toHaveLength(3);
    expect(await later.list()).toEqual([
      expect.objectContaining({ id: 'thread-1', messageCount: 3 }),
    ]);
  });

  it('a new thread whose list entry does not fit is not left saved and unlisted', async () => {
    const prefix = freshPrefix();
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (isSummary(value))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    await expect(new IdbThreadStore(prefix).put(thread(2))).rejects.toThrow(/storage is full/);
    vi.restoreAllMocks();
    const later = new IdbThreadStore(prefix);
    const stored = await later.get('thread-1');
    const listed = (await later.list()).map((s) => s.id);
    expect({ saved: stored !== undefined, listed: listed.includes('thread-1') }).toEqual({
      saved: false,
      listed: false,
    });
  });

  it('lists, at the first list of a page load, a stored thread that has no list entry', async () => {
    const prefix = freshPrefix();
    await new IdbThreadStore(prefix).put(thread(CHUNK + 7));
    await new IdbThreadStore(prefix).put(thread(1, 'thread-2'));
    // As an earlier version left it: the thread saved, its list entry elsewhere or not written.
    const raw = createStore(`${prefix}-threads`, 'threads');
    await raw('readwrite', (s) => {
      s.delete(indexKey('thread-1'));
      return promisifyRequest(s.transaction);
    });
    const later = new IdbThreadStore(prefix);
    const listed = await later.list();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'thread-1',
          messageCount: CHUNK + 7,
          title: 'A long thread',
        }),
        expect.objectContaining({ id: 'thread-2', messageCount: 1 }),
      ]),
    );
    // Written back: the next page load finds it listed without repair.
    expect(await raw('readonly', (s) => promisifyRequest(s.get(indexKey('thread-1'))))).toEqual(
      expect.objectContaining({ messageCount: CHUNK + 7 }),
    );
  });
});
