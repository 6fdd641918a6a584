import { describe, expect, it } from 'vitest';
import { createApproximateCounter } from '../tokens/counter';
import { createThreadRecorder } from './recorder';
import { copyThread, type Thread } from './thread';

const setup = {
  provider: 'openai',
  model: 'gpt-4o',
  contextWindow: 1000,
  triggerFraction: 0.5,
  counter: createApproximateCounter(),
  now: () => 42,
};
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
