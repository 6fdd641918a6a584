import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { copyThread, type Thread } from '../core/thread/thread';
import type { Message } from '../core/agent/types';
import { CHUNK, IdbThreadStore } from './idb-threads';

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

/** Counts the thread records written (puts; the list's index is another store) while `run` runs. */
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

  it('writes only the chunk that changed when a message is added', async () => {
    const store = new IdbThreadStore(freshPrefix());
    const working = thread(CHUNK * 4 + 10);
    await store.put(copyThread(working));
    working.messages.push(message(99_999));
    // The header, the revision and the last chunk of messages (the events chunk is unchanged).
    expect(await putsDuring(() => store.put(copyThread(working)))).toBe(3);
    expect((await store.get(working.id))!.messages.at(-1)!.id).toBe('m99999');
  });

  it('after reading a thread, a save of it writes only what changed', async () => {
    const prefix = freshPrefix();
    await new IdbThreadStore(prefix).put(thread(CHUNK * 2 + 1));
    const store = new IdbThreadStore(prefix);
    const opened = (await store.get('thread-1'))!;
    const next = copyThread(opened);
    next.messages.push(message(5_000));
    expect(await putsDuring(() => store.put(next))).toBe(3);
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
    // The header, the revision, one chunk of messages and one of events.
    expect(await records(raw)).toBe(4);
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
