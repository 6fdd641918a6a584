import { describe, expect, it } from 'vitest';
import { createApproximateCounter } from '../tokens/counter';
import { createThreadRecorder, DRAFT_STATE_KEY, recoverDraft } from './recorder';
import { copyThread, type Thread } from './thread';

function thread(): Thread {
  return {
    id: 't',
    title: 'x',
    workspace: 'default',
    createdAt: 0,
    updatedAt: 0,
    messages: [],
    state: {},
    calls: [],
    memoryEdits: [],
  };
}

const setup = {
  provider: 'openai',
  model: 'gpt-4o',
  contextWindow: 1000,
  triggerFraction: 0.5,
  counter: createApproximateCounter(),
  now: () => 42,
};

describe('the thread recorder', () => {
  it('records a model call with its estimate and trigger, then its usage', () => {
    const t = thread();
    const recorder = createThreadRecorder(t, setup);
    recorder.addEvent({ kind: 'memory-loaded', detail: 'x' });
    recorder.apply({
      type: 'model-call-start',
      callId: 'c1',
      startedAt: 1,
      request: { model: 'gpt-4o', system: 'hello', messages: [], tools: [] },
    });
    expect(t.calls[0]).toMatchObject({ callId: 'c1', triggerTokens: 500, contextWindow: 1000 });
    expect(t.calls[0]!.estimate.total).toBeGreaterThan(0);
    // An event before the call is placed at it.
    expect(t.events![0]!.callId).toBe('c1');
    recorder.apply({
      type: 'model-call-end',
      callId: 'c1',
      endedAt: 2,
      usage: { inputTokens: 9, outputTokens: 3 },
    });
    expect(t.calls[0]!.usage).toEqual({ inputTokens: 9, outputTokens: 3 });
  });

  it('keeps the streamed draft in thread state until the message lands', () => {
    const t = thread();
    const recorder = createThreadRecorder(t, setup);
    const effects = recorder.apply({ type: 'stream', event: { type: 'text-delta', text: 'Hel' } });
    recorder.apply({ type: 'stream', event: { type: 'text-delta', text: 'lo' } });
    expect(effects.streaming?.text).toBe('Hel');
    expect(t.state[DRAFT_STATE_KEY]).toMatchObject({ text: 'Hello' });
    const landed = recorder.apply({
      type: 'message',
      message: { role: 'assistant', id: 'a', content: 'Hello', createdAt: 1 },
    });
    expect(landed.streaming).toBeNull();
    expect(t.state[DRAFT_STATE_KEY]).toBeUndefined();
    expect(t.messages).toHaveLength(1);
  });

  it('names the file a write_file call changed', () => {
    const t = thread();
    const recorder = createThreadRecorder(t, setup);
    recorder.apply({
      type: 'message',
      message: {
        role: 'assistant',
        id: 'a',
        content: '',
        createdAt: 1,
        toolCalls: [
          { id: 'k', name: 'write_file', arguments: '{"file_path":"/a.md","content":"x"}' },
        ],
      },
    });
    const effects = recorder.apply({
      type: 'message',
      message: {
        role: 'tool',
        id: 'r',
        toolCallId: 'k',
        toolName: 'write_file',
        content: 'ok',
        createdAt: 2,
      },
    });
    expect(effects.filesChanged).toEqual(['/a.md']);
  });

  it('a draft left by a reload mid-stream becomes an interrupted answer with a notice', () => {
    const t = thread();
    t.messages.push({ role: 'user', id: 'u', content: 'hi', createdAt: 0 });
    t.state[DRAFT_STATE_KEY] = { text: 'Half an ans', at: 1 };
    expect(recoverDraft(t, () => 5)).toBe(true);
    expect(t.messages[1]).toMatchObject({
      role: 'assistant',
      content: 'Half an ans',
      stopped: 'error',
    });
    expect(t.messages[2]).toMatchObject({ role: 'notice', kind: 'info' });
    expect(t.messages[2]!.content).toContain('cut off');
    expect(t.state[DRAFT_STATE_KEY]).toBeUndefined();
    expect(recoverDraft(t)).toBe(false);
  });
});

const request = { model: 'gpt-4o', system: 'hello', messages: [], tools: [] };

/** A thread in the middle of a reply: a call still in flight, an event not yet placed at a call. */
function midReply(): Thread {
  const thread: Thread = {
    id: 't',
    title: 'x',
    workspace: 'default',
    createdAt: 0,
    updatedAt: 0,
    messages: [{ role: 'user', id: 'm1', content: 'hi', createdAt: 1 }],
    state: { strategy: { id: 'deep-agents', data: { processed: 1 } } },
    calls: [],
    memoryEdits: [],
  };
  const recorder = createThreadRecorder(thread, setup);
  recorder.apply({ type: 'model-call-start', callId: 'c1', startedAt: 1, request });
  recorder.apply({ type: 'model-call-end', callId: 'c1', endedAt: 2 });
  recorder.apply({ type: 'model-call-start', callId: 'c2', startedAt: 3, request });
  recorder.addEvent({ kind: 'memory-loaded', detail: 'loaded' });
  return thread;
}

describe('copyThread', () => {
  it('is the whole thread, and what the recorder and middleware change later does not reach it', () => {
    const thread = midReply();
    const copy = copyThread(thread);
    const deep = structuredClone(thread);
    expect(copy).toEqual(deep);

    // The rest of the reply, as the recorder and middleware make it, on the original.
    const recorder = createThreadRecorder(thread, setup);
    recorder.apply({
      type: 'model-call-end',
      callId: 'c2',
      endedAt: 4,
      usage: { inputTokens: 9, outputTokens: 3 },
    });
    recorder.apply({ type: 'model-call-start', callId: 'c3', startedAt: 5, request });
    recorder.apply({
      type: 'message',
      message: { role: 'assistant', id: 'm2', content: 'hello', createdAt: 6 },
    });
    (thread.state.strategy as { data: { processed: number } }).data.processed = 2;
    thread.memoryEdits.push({
      toolCallId: 'x',
      path: '/AGENTS.md',
      before: '',
      after: 'a',
      version: 1,
      at: 7,
    });

    expect(copy).toEqual(deep);
    expect(thread.calls[1]!.endedAt).toBe(4);
    expect(thread.events![0]!.callId).toBe('c3');
  });

  it('shares the messages and the finished calls rather than copying them', () => {
    const thread = midReply();
    const copy = copyThread(thread);
    expect(copy.messages[0]).toBe(thread.messages[0]);
    expect(copy.calls[0]).toBe(thread.calls[0]);
    expect(copy.calls[1]).not.toBe(thread.calls[1]);
  });
});
