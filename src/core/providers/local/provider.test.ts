// The in-browser provider's own logic over a generator that replays fixed outputs (the engine with
// real weights is tested in src/workers/generator-node.test.ts): streaming, tool calls with stable
// ids, usage and speed, the cut note, Stop, and a malformed call reaching the model as a tool error
// through the real agent loop and file tools.
import { describe, expect, it } from 'vitest';
import { runAgent } from '../../agent/loop';
import { memoryFs } from '../../../../tests/fixtures/agent';
import type { Message, StreamEvent, ToolMessage, UserMessage } from '../../agent/types';
import { ProviderError } from '../../agent/types';
import { createFsTools } from '../../fs/tools';
import {
  createLocalProvider,
  type LocalGenerateRequest,
  type LocalGenerateResult,
  type LocalGenerator,
} from './provider';

/** Streams each output in small pieces, as the worker does; records the requests. */
function replay(outputs: Array<string | Partial<LocalGenerateResult>>) {
  const requests: LocalGenerateRequest[] = [];
  const generator: LocalGenerator = {
    async generate(request, { signal, onText }) {
      requests.push(request);
      const next = outputs.shift() ?? '';
      const result: LocalGenerateResult = {
        text: '',
        inputTokens: 100,
        outputTokens: 20,
        timeToFirstTokenMs: 250.4,
        tokensPerSecond: 12.345,
        interrupted: false,
        truncated: false,
        ...(typeof next === 'string' ? { text: next } : next),
      };
      for (let i = 0; i < result.text.length; i += 5) {
        if (signal.aborted) return { ...result, interrupted: true };
        onText?.(result.text.slice(i, i + 5));
      }
      return result;
    },
  };
  return { generator, requests };
}

const user = (content: string): UserMessage => ({ role: 'user', id: 'u1', content, createdAt: 0 });

describe('createLocalProvider', () => {
  it('streams text and each tool call once its block closes, with the ids the message keeps', async () => {
    const { generator } = replay([
      'Let me look.\n<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call>',
    ]);
    const provider = createLocalProvider({ generator, maxNewTokens: 256 });
    const events: StreamEvent[] = [];
    const { message, usage } = await provider.complete(
      {
        model: 'm',
        system: 'sys',
        messages: [user('hi')],
        tools: createFsTools().map((t) => t.schema),
      },
      { signal: new AbortController().signal, onStream: (e) => events.push(e) },
    );
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text.trim()).toBe('Let me look.');
    const calls = events.filter((e) => e.type === 'tool-call-delta');
    expect(calls).toEqual([
      {
        type: 'tool-call-delta',
        index: 0,
        id: message.toolCalls![0]!.id,
        name: 'ls',
        argumentsDelta: '{"path":"/"}',
      },
    ]);
    expect(message.content).toBe('Let me look.');
    expect(message.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_/), name: 'ls', arguments: '{"path":"/"}' },
    ]);
    expect(usage).toEqual({
      inputTokens: 100,
      outputTokens: 20,
      timeToFirstTokenMs: 250,
      tokensPerSecond: 12.3,
    });
  });

  it('passes the request through and caps new tokens at the setting and the request', async () => {
    const { generator, requests } = replay(['ok', 'ok']);
    const provider = createLocalProvider({ generator, maxNewTokens: 300 });
    const signal = new AbortController().signal;
    await provider.complete(
      { model: 'm', system: 's', messages: [user('a')], tools: [] },
      { signal },
    );
    await provider.complete(
      { model: 'm', system: 's', messages: [user('a')], tools: [], maxOutputTokens: 50 },
      { signal },
    );
    expect(requests.map((r) => r.maxNewTokens)).toEqual([300, 50]);
    expect(requests[0]).toMatchObject({ system: 's', messages: [user('a')], tools: [] });
  });

  it('says on screen when the answer was cut at the maximum', async () => {
    const { generator } = replay([{ text: 'A long answer', outputTokens: 64, truncated: true }]);
    const provider = createLocalProvider({ generator, maxNewTokens: 64 });
    const { message } = await provider.complete(
      { model: 'm', system: '', messages: [user('a')], tools: [] },
      { signal: new AbortController().signal },
    );
    expect(message.content).toBe(
      'A long answer\n\n[Cut at 64 new tokens: the "Maximum new tokens" setting.]',
    );
  });

  it('turns Stop into an aborted ProviderError', async () => {
    const { generator } = replay(['one two three four five six seven eight']);
    const provider = createLocalProvider({ generator, maxNewTokens: 64 });
    const controller = new AbortController();
    const call = provider.complete(
      { model: 'm', system: '', messages: [user('a')], tools: [] },
      { signal: controller.signal, onStream: () => controller.abort() },
    );
    await expect(call).rejects.toSatisfy(
      (e: unknown) => e instanceof ProviderError && e.kind === 'aborted',
    );
  });

  it('a malformed call reaches the model as a tool error, through the real loop and tools', async () => {
    const { generator, requests } = replay([
      '<tool_call>\n{"name": "read_file", "arguments": {"file_path": /notes.md}}\n</tool_call>',
      '<tool_call>\n{"name": "read_file", "arguments": {"file_path": "/notes.md"}}\n</tool_call>',
      'The note says hello.',
    ]);
    const messages: Message[] = [];
    const outcome = await runAgent({
      threadId: 't',
      history: [user('What does /notes.md say?')],
      provider: createLocalProvider({ generator, maxNewTokens: 128 }),
      model: 'm',
      systemPrompt: 'sys',
      tools: createFsTools(),
      middleware: [],
      fs: await memoryFs({ '/notes.md': 'hello\n' }),
      state: {},
      signal: new AbortController().signal,
      emit: (e) => {
        if (e.type === 'message') messages.push(e.message);
      },
    });
    expect(outcome.status).toBe('done');
    const tools = messages.filter((m): m is ToolMessage => m.role === 'tool');
    expect(tools[0]).toMatchObject({ toolName: 'read_file', isError: true });
    expect(tools[0]!.content).toMatch(/not valid JSON/);
    expect(tools[1]!.isError).toBeUndefined();
    expect(tools[1]!.content).toContain('hello');
    // The second request showed the model its malformed call and the error.
    const second = requests[1]!.messages;
    expect(second.at(-1)).toMatchObject({ role: 'tool', isError: true });
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The note says hello.' });
  });
});
