import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { Message } from '../core/agent/types';
import { loadThread, saveThread } from '../core/thread/save';
import { copyThread, type Thread } from '../core/thread/thread';
import { IdbThreadStore } from './idb-threads';
import { checkTwoTabsProperty } from '../../tests/fixtures/two-tabs';

// saveThread (core/thread/save.ts) over IdbThreadStore: two stores on one database are two tabs.

let dbCounter = 0;
const freshPrefix = () => `mp-two-tabs-test-${++dbCounter}`;

function said(id: string, createdAt: number, role: 'user' | 'assistant' = 'user'): Message {
  return { role, id, content: `${role}: ${id}`, createdAt };
}

function thread(messages: Message[]): Thread {
  return {
    id: 'thread-1',
    title: 'Plans',
    workspace: 'default',
    createdAt: 1,
    updatedAt: 2,
    messages,
    state: {},
    calls: [],
    memoryEdits: [],
  };
}

const ids = (t: Thread) => t.messages.map((m) => m.id);
const start = [said('a', 1), said('b', 2, 'assistant')];

describe('saveThread on one stored thread from two tabs', () => {
  it("keeps the other tab's history as a copy when the two cannot be merged", async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const tabB = new IdbThreadStore(prefix);
    await saveThread(tabA, thread([...start, said('c', 3)]), undefined);
    const openA = (await loadThread(tabA, 'thread-1'))!;
    const openB = (await loadThread(tabB, 'thread-1'))!;
    // Tab A rewrites its history; tab B, still on the old one, adds a turn.
    const rewritten = { ...openA.thread, messages: [said('summary', 9, 'assistant')] };
    await saveThread(tabA, rewritten, openA.revision);
    const fromB = copyThread(openB.thread);
    fromB.messages.push(said('d', 10));
    const outcome = await saveThread(tabB, fromB, openB.revision);

    expect(outcome.copiedTo).toBeDefined();
    expect(outcome.mergedFromOther).toBe(0);
    const later = new IdbThreadStore(prefix);
    expect(ids((await later.get('thread-1'))!)).toEqual(['a', 'b', 'c', 'd']);
    const copy = (await later.get(outcome.copiedTo!))!;
    expect(copy.title).toBe('Plans (copy from another tab)');
    expect(ids(copy)).toEqual(['summary']);
    expect((await later.list()).map((s) => s.title).sort()).toEqual([
      'Plans',
      'Plans (copy from another tab)',
    ]);
  });

  it('merges without the base when the thread was stored before revisions', async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const tabB = new IdbThreadStore(prefix);
    // As an earlier version saved it: one record, no revision.
    await set('thread-1', thread(start), createStore(`${prefix}-threads`, 'threads'));
    const openA = (await loadThread(tabA, 'thread-1'))!;
    const openB = (await loadThread(tabB, 'thread-1'))!;
    expect([openA.revision, openB.revision]).toEqual([undefined, undefined]);
    const fromA = copyThread(openA.thread);
    fromA.messages.push(said('o1', 5));
    const fromB = copyThread(openB.thread);
    fromB.messages.push(said('t1', 6));
    await saveThread(tabA, fromA, openA.revision);
    const outcome = await saveThread(tabB, fromB, openB.revision);
    expect(outcome.mergedFromOther).toBe(1);
    expect(ids((await new IdbThreadStore(prefix).get('thread-1'))!)).toEqual([
      'a',
      'b',
      'o1',
      't1',
    ]);
  });

  it('saves again a thread another tab deleted meanwhile', async () => {
    const prefix = freshPrefix();
    const tabA = new IdbThreadStore(prefix);
    const saved = await saveThread(tabA, thread(start), undefined);
    await new IdbThreadStore(prefix).delete('thread-1');
    const next = thread([...start, said('c', 3)]);
    const outcome = await saveThread(tabA, next, saved.revision);
    expect(ids((await new IdbThreadStore(prefix).get('thread-1'))!)).toEqual(['a', 'b', 'c']);
    expect(outcome.mergedFromOther).toBe(0);
  });

  it('property: random sends and saves of two tabs lose no message and keep time order', async () => {
    await checkTwoTabsProperty(() => {
      const prefix = freshPrefix();
      return {
        tabs: [new IdbThreadStore(prefix), new IdbThreadStore(prefix)],
        reader: new IdbThreadStore(prefix),
      };
    });
  });
});
