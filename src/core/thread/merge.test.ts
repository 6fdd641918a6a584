import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../agent/types';
import { MemoryThreadStore } from '../../../tests/fixtures/bundle';
import { checkTwoTabsProperty } from '../../../tests/fixtures/two-tabs';
import { mergeThreads } from './merge';
import { loadThread, saveThread } from './save';
import { type ContextEvent, type ModelCallRecord, type Thread } from './thread';

function said(id: string, createdAt: number, role: 'user' | 'assistant' = 'user'): Message {
  return { role, id, content: `${role}: ${id}`, createdAt };
}

function thread(messages: Message[], extra: Partial<Thread> = {}): Thread {
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
    ...extra,
  };
}

function call(callId: string, startedAt: number, endedAt?: number): ModelCallRecord {
  return {
    callId,
    startedAt,
    ...(endedAt !== undefined ? { endedAt } : {}),
    provider: 'demo',
    model: 'demo',
    contextWindow: 1000,
    estimate: {} as ModelCallRecord['estimate'],
  };
}

function event(id: string, at: number, pending?: boolean): ContextEvent {
  return { id, kind: 'memory-loaded', at, detail: id, ...(pending ? { pending } : {}) };
}

const ids = (t: Thread) => t.messages.map((m) => m.id);
const start = [said('a', 1), said('b', 2, 'assistant')];

describe('mergeThreads', () => {
  it('keeps the messages both sides added, in time order, each once', () => {
    const base = thread(start);
    const ours = thread([...start, said('o1', 5), said('o2', 8, 'assistant')]);
    const theirs = thread([...start, said('t1', 6), said('t2', 7, 'assistant')]);
    const merged = mergeThreads(base, ours, theirs);
    expect(merged.ok && ids(merged.thread)).toEqual(['a', 'b', 'o1', 't1', 't2', 'o2']);
    expect(merged.ok && merged.fromTheirs).toBe(2);
  });

  it('does not take a message that an earlier merge placed among the other side for a rewrite', () => {
    // Tab B's save was merged into tab A's: t1 now sits before o1 (time order). B goes on from
    // its own save (o1), A's merged thread is stored.
    const base = thread([...start, said('o1', 6)]);
    const ours = thread([...start, said('o1', 6), said('o2', 9)]);
    const theirs = thread([...start, said('t1', 5), said('o1', 6)]);
    const merged = mergeThreads(base, ours, theirs);
    expect(merged.ok && ids(merged.thread)).toEqual(['a', 'b', 't1', 'o1', 'o2']);
  });

  it('keeps model calls, events and memory edits of both sides by id, the finished version', () => {
    const base = thread(start, { calls: [call('c1', 1)], events: [event('e1', 1, true)] });
    const ours = thread(start, {
      calls: [call('c1', 1), call('c2', 5, 6)],
      events: [event('e1', 1, true)],
      memoryEdits: [
        { toolCallId: 'x', path: '/AGENTS.md', before: '', after: 'a', version: 1, at: 5 },
      ],
    });
    const theirs = thread(start, {
      calls: [call('c1', 1, 2), call('c3', 4, 5)],
      events: [event('e1', 1), event('e2', 4)],
      memoryEdits: [
        {
          toolCallId: 'x',
          path: '/AGENTS.md',
          before: '',
          after: 'a',
          version: 1,
          at: 5,
          undone: true,
        },
      ],
    });
    const merged = mergeThreads(base, ours, theirs);
    if (!merged.ok) throw new Error(merged.reason);
    expect(merged.thread.calls.map((c) => [c.callId, c.endedAt])).toEqual([
      ['c1', 2],
      ['c3', 5],
      ['c2', 6],
    ]);
    expect(merged.thread.events!.map((e) => [e.id, e.pending ?? false])).toEqual([
      ['e1', false],
      ['e2', false],
    ]);
    expect(merged.thread.memoryEdits).toEqual([expect.objectContaining({ undone: true })]);
  });

  it('keeps our state, with what only the other side added', () => {
    const base = thread(start, { state: { kept: 1, dropped: 1 } });
    const ours = thread(start, { state: { kept: 2 } });
    const theirs = thread(start, { state: { kept: 3, dropped: 1, added: 'x' } });
    const merged = mergeThreads(base, ours, theirs);
    expect(merged.ok && merged.thread.state).toEqual({ kept: 2, added: 'x' });
  });

  it('cannot merge when one side rewrote the history and the other added to it', () => {
    const base = thread([...start, said('c', 3)]);
    const summarized = thread([said('summary', 9, 'assistant'), said('c', 3)]);
    const appended = thread([...start, said('c', 3), said('d', 10)]);
    expect(mergeThreads(base, appended, summarized)).toMatchObject({ ok: false });
    expect(mergeThreads(base, summarized, appended)).toMatchObject({ ok: false });
    // A rewrite stands when the other side left the messages alone.
    const untouched = thread([...start, said('c', 3)], { events: [event('e9', 9)] });
    const merged = mergeThreads(base, untouched, summarized);
    expect(merged.ok && ids(merged.thread)).toEqual(['summary', 'c']);
    expect(merged.ok && merged.thread.events).toEqual([event('e9', 9)]);
  });

  it('cannot merge when both sides changed one message', () => {
    const base = thread(start);
    const ours = thread([start[0]!, { ...start[1]!, content: 'ours' }]);
    const theirs = thread([start[0]!, { ...start[1]!, content: 'theirs' }]);
    expect(mergeThreads(base, ours, theirs)).toMatchObject({ ok: false });
    // One side's change is kept.
    const merged = mergeThreads(base, thread(start), theirs);
    expect(merged.ok && merged.thread.messages[1]!.content).toBe('theirs');
  });

  it('without the base, merges what starts the same and refuses what does not', () => {
    const ours = thread([...start, said('o1', 5)]);
    const theirs = thread([...start, said('t1', 4)]);
    const merged = mergeThreads(undefined, ours, theirs);
    expect(merged.ok && ids(merged.thread)).toEqual(['a', 'b', 't1', 'o1']);
    const rewritten = thread([said('summary', 9), said('o1', 5)]);
    expect(mergeThreads(undefined, ours, rewritten)).toMatchObject({ ok: false });
    const changed = thread([start[0]!, { ...start[1]!, content: 'other' }, said('t1', 4)]);
    expect(mergeThreads(undefined, ours, changed)).toMatchObject({ ok: false });
  });

  it("property: both sides' appends to a common base are all kept, each once, in time order", () => {
    // Times of appended messages, each side's sorted (a side appends as time goes on).
    const appends = fc
      .array(fc.integer({ min: 3, max: 40 }), { maxLength: 12 })
      .map((times) => times.sort((x, y) => x - y));
    fc.assert(
      fc.property(appends, appends, fc.boolean(), (oursTimes, theirsTimes, baseKnown) => {
        const ours = thread([...start, ...oursTimes.map((t, i) => said(`o${i}`, t))]);
        const theirs = thread([...start, ...theirsTimes.map((t, i) => said(`t${i}`, t))]);
        const merged = mergeThreads(baseKnown ? thread(start) : undefined, ours, theirs);
        if (!merged.ok) throw new Error(merged.reason);
        const got = ids(merged.thread);
        expect(new Set(got)).toEqual(new Set([...ids(ours), ...ids(theirs)]));
        expect(got).toHaveLength(new Set(got).size);
        const times = merged.thread.messages.map((m) => m.createdAt);
        expect(times).toEqual([...times].sort((x, y) => x - y));
        expect(merged.fromTheirs).toBe(theirsTimes.length);
      }),
    );
  });
});

describe('saveThread on a store that keeps no revisions (an in-memory stand-in)', () => {
  it("keeps the other writer's messages: the stored thread is read and merged before the write", async () => {
    const store = new MemoryThreadStore();
    await saveThread(store, thread(start), undefined);
    const a = (await loadThread(store, 'thread-1'))!;
    const b = (await loadThread(store, 'thread-1'))!;
    await saveThread(store, { ...a.thread, messages: [...start, said('o1', 5)] }, a.revision);
    const outcome = await saveThread(
      store,
      { ...b.thread, messages: [...start, said('t1', 6)] },
      b.revision,
    );
    expect(outcome.mergedFromOther).toBe(1);
    expect(ids((await store.get('thread-1'))!)).toEqual(['a', 'b', 'o1', 't1']);
  });

  it('property: random sends and saves of two writers lose no message and keep time order', async () => {
    await checkTwoTabsProperty(() => {
      const store = new MemoryThreadStore();
      return { tabs: [store, store], reader: store };
    });
  });
});
