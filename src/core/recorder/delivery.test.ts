// Compaction records off the request's path (delivery.ts): the event goes out before the model
// request, pending and without its record; the request reaches the model before the record is even
// started; the record follows in a 'context-record' event that the thread recorder (and a preview)
// merges into the event, identical to the record built synchronously from the same inputs; a run
// ends only once its records are in; a record that cannot be built says so and loses nothing else.
import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import type { AgentEvent } from '../agent/events';
import type { RunContext, ThreadState } from '../agent/middleware';
import type { ModelMessage, ModelRequest } from '../agent/types';
import { collect, memoryFs, scriptedProvider, timelineOf } from '../../../tests/fixtures/agent';
import { assistant, toolGroup, user } from '../../../tests/fixtures/threads';
import { createThreadRecorder } from '../thread/recorder';
import type { Thread } from '../thread/thread';
import { loadEncoder } from '../tokens/counter';
import { createFsTools } from '../fs/tools';
import { createExecuteTool } from '../tools/execute';
import { historyPath } from '../compaction/compaction';
import { isSummaryMessage } from '../tokens/counter';
import { createOffloadMiddleware } from '../compaction/offload';
import { getPins, toggleSpecificPin } from './pins';
import {
  buildCompactionRecord,
  recordLine,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
} from './record';
import { extractSpecifics } from './specifics';
import type { CompactionSettings } from '../compaction/settings';
import { createSummarizationMiddleware, summarizationRecord } from '../compaction/summarization';
import { createTruncationMiddleware, truncationRecord } from '../compaction/truncation';
import { emitWithRecord, settleRecords } from './delivery';
import { previewNextRequest } from '../harness/preview';
import { truncateToolInputs } from '../compaction/compaction';

const SETTINGS: CompactionSettings = {
  offloadTokens: 500,
  triggerFraction: 0.5,
  keepFraction: 0.2,
  truncateArgChars: 200,
};
const SUMMARY = [
  '## SESSION INTENT',
  'Plan the weather-cli release.',
  '## SUMMARY',
  'We went through the release steps.',
  '## ARTIFACTS',
  'None.',
  '## NEXT STEPS',
  'Tag the release.',
].join('\n');
const NEEDLE = 'The vault holds 4,817 kg of ore and the ledger is /srv/vault/ledger.csv.';

function longThread(turns: number): ModelMessage[] {
  const messages: ModelMessage[] = [user(`${NEEDLE} Help me plan the weather-cli release.`)];
  for (let i = 0; i < turns; i++) {
    messages.push(
      assistant(`Plan step ${i}. ${'We check the changelog and the forecast. '.repeat(10)}`),
    );
    messages.push(user(`next step ${i + 1} ${'please continue with the plan '.repeat(5)}`));
  }
  return messages;
}

/** A builder that records when it was called and what it was given. */
function watchedBuilder(log: string[]) {
  const inputs: RecordInput[] = [];
  const build: RecordBuilder = async (input) => {
    log.push('build');
    inputs.push(structuredClone(input));
    return buildCompactionRecord(input);
  };
  return { build, inputs };
}

async function summarization(state: ThreadState, build?: RecordBuilder) {
  const counter = await loadEncoder('cl100k_base');
  const messages = longThread(12);
  const total = messages.reduce((n, m) => n + counter.countMessage(m), 0);
  const fs = await memoryFs();
  const log: string[] = [];
  const watched = watchedBuilder(log);
  const middleware = createSummarizationMiddleware({
    settings: () => SETTINGS,
    contextWindow: () => Math.floor(total / 0.7),
    counter,
    summarize: async () => SUMMARY,
    buildRecord: build ?? watched.build,
    now: () => Date.UTC(2026, 0, 1),
  });
  const events: AgentEvent[] = [];
  const context: RunContext = {
    threadId: 'thread_1',
    fs,
    signal: new AbortController().signal,
    state,
    emit: (event) => {
      log.push(event.type);
      events.push(event);
    },
  };
  const request: ModelRequest = {
    model: 'gpt-4o',
    system: 'You are helpful.',
    messages,
    tools: [],
  };
  let sent: ModelRequest | undefined;
  await middleware.wrapModelCall!(
    request,
    async (r) => {
      log.push('model');
      sent = r;
      return { message: assistant('ok') };
    },
    context,
  );
  const beforeSettle = [...log];
  await middleware.afterAgent!(context, { status: 'done' });
  return { request, sent: sent!, events, log, beforeSettle, fs, inputs: watched.inputs };
}

describe('compaction records off the request path', () => {
  it('summarization: the event goes out first, the request reaches the model before the record is started, the record follows', async () => {
    const { log, beforeSettle, events } = await summarization({});
    // Before the run's end: the event and the model call, no record yet.
    expect(beforeSettle).toEqual(['context-event', 'model']);
    expect(log).toEqual(['context-event', 'model', 'build', 'context-record']);
    const first = events[0];
    expect(first?.type === 'context-event' && first.event.pending).toBe(true);
    expect(first?.type === 'context-event' && first.event.record).toBeUndefined();
    const second = events[1];
    expect(second?.type === 'context-record' && second.eventId).toBe(
      first?.type === 'context-event' && first.event.id,
    );
    const [entry] = timelineOf(events);
    expect(entry?.pending).toBeUndefined();
    expect(entry?.record?.kind).toBe('summarize');
    expect(entry?.detail).toBe(
      `${first?.type === 'context-event' ? first.event.detail : ''} ${recordLine(entry!.record!)}.`,
    );
  });

  it('summarization: the deferred record is the record built synchronously from the same request, history file and pins', async () => {
    const state: ThreadState = {};
    const [needle] = extractSpecifics('4,817 kg');
    toggleSpecificPin(state, needle!);
    const { request, sent, events, fs } = await summarization(state);
    const record = timelineOf(events)[0]!.record!;
    const sentIds = new Set(sent.messages.map((m) => m.id));
    const path = historyPath('thread_1');
    const synchronous = summarizationRecord({
      before: request,
      after: sent,
      removed: request.messages.filter((m) => !sentIds.has(m.id)),
      history: { path, content: (await fs.read(path))!.content },
      pins: getPins(state),
    });
    expect(record).toEqual(synchronous);
    // And it is the record of what happened: the needle went to the history file, the pin dropped.
    expect(record.recoverable.map((s) => s.text)).toContain('4,817 kg');
    expect(record.pinnedDropped).toEqual(['4,817 kg']);
    expect(sent.messages.some(isSummaryMessage)).toBe(true);
  });

  it('the thread recorder places the event at the call it precedes and merges the record that follows', async () => {
    const counter = await loadEncoder('cl100k_base');
    const history = longThread(12);
    const total = history.reduce((n, m) => n + counter.countMessage(m), 0);
    const thread: Thread = {
      id: 'thread_1',
      title: '',
      workspace: 'w',
      createdAt: 0,
      updatedAt: 0,
      messages: [],
      state: {},
      calls: [],
      memoryEdits: [],
    };
    const recorder = createThreadRecorder(thread, {
      provider: 'scripted',
      model: 'gpt-4o',
      contextWindow: Math.floor(total / 0.7),
      triggerFraction: 0.5,
      counter,
    });
    const order: string[] = [];
    const outcome = await runAgent({
      threadId: 'thread_1',
      history,
      provider: scriptedProvider([{ text: 'Done.' }]).provider,
      model: 'gpt-4o',
      systemPrompt: 'You are helpful.',
      tools: [],
      middleware: [
        createSummarizationMiddleware({
          settings: () => SETTINGS,
          contextWindow: () => Math.floor(total / 0.7),
          counter,
          summarize: async () => SUMMARY,
        }),
      ],
      fs: await memoryFs(),
      state: thread.state,
      signal: new AbortController().signal,
      emit: (event) => {
        order.push(event.type);
        recorder.apply(event);
      },
    });
    expect(outcome.status).toBe('done');
    // The event before the model call; its record before the run's end.
    expect(order.indexOf('context-event')).toBeLessThan(order.indexOf('model-call-start'));
    expect(order.indexOf('context-record')).toBeGreaterThan(order.indexOf('model-call-start'));
    expect(order.indexOf('context-record')).toBeLessThan(order.indexOf('run-end'));
    const [event] = thread.events!;
    expect(event?.callId).toBe(thread.calls[0]?.callId);
    expect(event?.pending).toBeUndefined();
    expect(event?.record?.headline).toMatch(/^[\d,]+ lost · [\d,]+ recoverable · [\d,]+ kept$/);
    expect(event?.detail).toContain(event!.record!.headline);
    // A record for an event the thread does not have changes nothing.
    expect(
      recorder.apply({ type: 'context-record', eventId: 'nope', detail: 'x', attachments: {} }),
    ).toEqual({ changed: false });
  });

  it('truncation: the event first, the record after the request, the same as built at once', async () => {
    const fs = await memoryFs();
    const body = `# Plan\nBudget: $12,400 for the launch.\n${'filler line\n'.repeat(300)}`;
    await fs.write('/plan.md', body);
    const messages: ModelMessage[] = [
      user('write the plan'),
      ...toolGroup([
        { name: 'write_file', args: { file_path: '/plan.md', content: body }, result: 'ok' },
      ]),
      assistant('done'),
      ...longThread(8),
    ];
    const counter = await loadEncoder('cl100k_base');
    const total = messages.reduce((n, m) => n + counter.countMessage(m), 0);
    const log: string[] = [];
    const { build } = watchedBuilder(log);
    const middleware = createTruncationMiddleware({
      settings: () => SETTINGS,
      contextWindow: () => Math.floor(total / 0.6),
      counter,
      buildRecord: build,
    });
    const events: AgentEvent[] = [];
    const context: RunContext = {
      threadId: 't',
      fs,
      signal: new AbortController().signal,
      state: {},
      emit: (event) => {
        log.push(event.type);
        events.push(event);
      },
    };
    let sent: ModelRequest | undefined;
    await middleware.wrapModelCall!(
      { model: 'gpt-4o', system: 'S', messages, tools: [] },
      async (r) => {
        log.push('model');
        sent = r;
        return { message: assistant('ok') };
      },
      context,
    );
    expect(log).toEqual(['context-event', 'model']);
    await settleRecords(context);
    expect(log).toEqual(['context-event', 'model', 'build', 'context-record']);
    const [entry] = timelineOf(events);
    expect(entry?.kind).toBe('truncate');
    const { truncated } = truncateToolInputs(messages, { from: 0, to: 3 }, 200);
    expect(entry?.record).toEqual(await truncationRecord(sent!.messages, truncated, fs));
    expect(entry?.record?.recoverable.map((s) => s.text)).toContain('$12,400');
  });

  it('offload: the tool result goes on at once; the record arrives before the run ends', async () => {
    const counter = await loadEncoder('cl100k_base');
    const content = Array.from({ length: 400 }, (_, i) => `row ${i + 1}: 4,817 kg`).join('\n');
    const order: string[] = [];
    const { events, emit } = collect();
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'execute', arguments: JSON.stringify({ code: 'x' }) }] },
      { text: 'Done.' },
    ]);
    await runAgent({
      threadId: 't',
      history: [user('run it')],
      provider: provider.provider,
      model: 'gpt-4o',
      systemPrompt: 'S',
      tools: [...createFsTools(), createExecuteTool({ run: async () => ({ output: content }) })],
      middleware: [createOffloadMiddleware({ settings: () => SETTINGS, counter })],
      fs: await memoryFs(),
      state: {},
      signal: new AbortController().signal,
      emit: (event) => {
        order.push(event.type === 'message' ? `message:${event.message.role}` : event.type);
        emit(event);
      },
    });
    // The tool's message (with the offload notice) goes out before the record is delivered.
    expect(order.indexOf('context-event')).toBeLessThan(order.indexOf('message:tool'));
    expect(order.indexOf('context-record')).toBeGreaterThan(order.indexOf('message:tool'));
    expect(order.indexOf('context-record')).toBeLessThan(order.indexOf('run-end'));
    const [entry] = timelineOf(events);
    expect(entry?.kind).toBe('offload');
    expect(entry?.record?.recoverable.length ?? 0).toBeGreaterThan(0);
    expect(entry?.pending).toBeUndefined();
  });

  it('a record that cannot be built leaves the event without one and says why', async () => {
    const { events } = await summarization({}, async () => {
      throw new Error('out of memory');
    });
    const [entry] = timelineOf(events);
    expect(entry?.record).toBeUndefined();
    expect(entry?.pending).toBeUndefined();
    expect(entry?.detail).toMatch(
      /summarized .* Its compaction record could not be built \(out of memory\)\.$/,
    );
  });

  it('settleRecords waits for every record of the run, and only this run', async () => {
    const state: ThreadState = {};
    const other: ThreadState = {};
    const { events, emit } = collect();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const input = (): RecordInput => ({
      kind: 'strategy',
      before: [],
      after: [],
      removed: [{ label: 'Turn', text: NEEDLE }],
    });
    emitWithRecord(
      { state, emit },
      { kind: 'strategy-dropped', detail: 'Left out.' },
      input,
      async (i) => {
        await gate;
        return buildCompactionRecord(i);
      },
    );
    // Another run's state has nothing in flight: nothing to wait for.
    expect(settleRecords({ state: other })).toBeUndefined();
    let settled = false;
    const settling = settleRecords({ state })?.then(() => (settled = true));
    expect(settling).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    release();
    await settling;
    const [entry] = timelineOf(events);
    expect(entry?.record?.lost.map((s) => s.text)).toEqual(['4,817 kg', '/srv/vault/ledger.csv']);
    expect(entry?.detail).toBe('Left out. 2 lost · 0 recoverable · 0 kept (2 specifics removed).');
  });

  it('a preview (the Context inspector) gets its events with their records merged in', async () => {
    const fs = await memoryFs();
    const body = `# Plan\nBudget: $12,400 for the launch.\n${'filler line\n'.repeat(300)}`;
    await fs.write('/plan.md', body);
    const history: ModelMessage[] = [
      user('write the plan'),
      ...toolGroup([
        { name: 'write_file', args: { file_path: '/plan.md', content: body }, result: 'ok' },
      ]),
      assistant('done'),
      ...longThread(8),
    ];
    const counter = await loadEncoder('cl100k_base');
    const total = history.reduce((n, m) => n + counter.countMessage(m), 0);
    const preview = await previewNextRequest({
      threadId: 't',
      history,
      model: 'gpt-4o',
      systemPrompt: 'S',
      tools: [],
      middleware: [
        createTruncationMiddleware({
          settings: () => SETTINGS,
          contextWindow: () => Math.floor(total / 0.6),
          counter,
        }),
      ],
      fs,
      state: {},
    });
    expect(preview.events.map((e) => e.type)).toEqual(['context-event']);
    const event = preview.events[0];
    const entry = event?.type === 'context-event' ? event.event : undefined;
    expect(entry?.pending).toBeUndefined();
    expect((entry?.record as CompactionRecord | undefined)?.kind).toBe('truncate');
    expect(entry?.detail).toMatch(/ lost · .* specifics? removed/);
  });
});
