import { describe, expect, it } from 'vitest';
import { runAgent, type RunInput } from './loop';
import type { Middleware } from './middleware';
import { ProviderError, type Message, type ToolMessage } from './types';
import { createFsTools } from '../fs/tools';
import {
  collect,
  memoryFs,
  scriptedProvider,
  aborted,
  assistant,
} from '../../../tests/fixtures/agent';

const user = (content: string): Message => ({
  role: 'user',
  id: `u-${content}`,
  content,
  createdAt: 1,
});

async function setup(steps: Parameters<typeof scriptedProvider>[0], extra: Partial<RunInput> = {}) {
  const { provider, requests } = scriptedProvider(steps);
  const { events, emit } = collect();
  const fs = await memoryFs({ '/notes.md': 'alpha\nbeta\n' });
  const controller = new AbortController();
  const input: RunInput = {
    threadId: 't1',
    history: [user('hello')],
    provider,
    model: 'test-model',
    systemPrompt: 'SYSTEM',
    tools: createFsTools(),
    middleware: [],
    fs,
    state: {},
    signal: controller.signal,
    emit,
    ...extra,
  };
  const messages = () =>
    events.flatMap((event) => (event.type === 'message' ? [event.message] : []));
  return { input, requests, events, messages, fs, controller };
}

describe('runAgent', () => {
  it('answers without tools in one model call and reports done', async () => {
    const { input, requests, messages, events } = await setup([{ text: 'Hi there' }]);
    const outcome = await runAgent(input);
    expect(outcome).toEqual({ status: 'done' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.system).toBe('SYSTEM');
    expect(requests[0]!.messages.map((m) => m.content)).toEqual(['hello']);
    expect(messages().map((m) => [m.role, m.content])).toEqual([['assistant', 'Hi there']]);
    expect(events[0]).toEqual({ type: 'run-start', threadId: 't1' });
    expect(events.at(-1)).toEqual({ type: 'run-end', outcome: { status: 'done' } });
    expect(events.some((e) => e.type === 'stream')).toBe(true);
  });

  it('runs tool calls against the filesystem and sends their results back', async () => {
    const { input, requests, messages } = await setup([
      { toolCalls: [{ name: 'read_file', arguments: JSON.stringify({ file_path: '/notes.md' }) }] },
      { text: 'The file says alpha and beta.' },
    ]);
    await runAgent(input);
    const tool = messages().find((m): m is ToolMessage => m.role === 'tool')!;
    expect(tool.toolName).toBe('read_file');
    expect(tool.content).toContain('alpha');
    expect(tool.isError).toBeUndefined();
    // The second call sees the assistant tool call followed by its result.
    expect(requests[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('returns unknown tools and malformed arguments to the model as tool errors', async () => {
    const { input, messages } = await setup([
      {
        toolCalls: [
          { name: 'launch_rocket', arguments: '{}' },
          { name: 'read_file', arguments: '{"file_path": "/notes.md"' },
        ],
      },
      { text: 'Sorry.' },
    ]);
    const outcome = await runAgent(input);
    expect(outcome.status).toBe('done');
    const tools = messages().filter((m): m is ToolMessage => m.role === 'tool');
    expect(tools[0]!.isError).toBe(true);
    expect(tools[0]!.content).toMatch(/unknown tool 'launch_rocket'.*read_file/);
    expect(tools[1]!.isError).toBe(true);
    expect(tools[1]!.content).toMatch(/not valid JSON/);
  });

  it('turns a tool that throws into a tool error instead of ending the run', async () => {
    const throwing = {
      schema: {
        name: 'boom',
        description: 'x',
        parameters: { type: 'object' as const, properties: {} },
      },
      run: async () => {
        throw new Error('kaboom');
      },
    };
    const { input, messages } = await setup(
      [{ toolCalls: [{ name: 'boom', arguments: '{}' }] }, { text: 'ok' }],
      {
        tools: [throwing],
      },
    );
    expect((await runAgent(input)).status).toBe('done');
    expect(messages().find((m) => m.role === 'tool')!.content).toBe('Error: kaboom');
  });

  it('ends with a clear error notice when the provider fails, keeping streamed text', async () => {
    const { input, messages } = await setup([
      {
        error: new ProviderError('server', 'The provider had a server error (HTTP 500).', 500),
        partialText: 'Half an ans',
      },
    ]);
    const outcome = await runAgent(input);
    expect(outcome).toEqual({
      status: 'error',
      message: 'The provider had a server error (HTTP 500).',
    });
    const [partial, notice] = messages();
    expect(partial).toMatchObject({ role: 'assistant', content: 'Half an ans', stopped: 'error' });
    expect(notice).toMatchObject({
      role: 'notice',
      kind: 'error',
      content: expect.stringContaining('HTTP 500'),
    });
  });

  it('stops on abort and gives every pending tool call a result', async () => {
    const { input, messages, controller } = await setup([
      async () => ({
        ...assistant(''),
        toolCalls: [
          { id: 'a', name: 'ls', arguments: '{}' },
          { id: 'b', name: 'ls', arguments: '{}' },
        ],
      }),
    ]);
    const wrapped: Middleware = {
      name: 'abort-after-first-tool',
      async wrapToolCall(call, next) {
        const result = await next(call);
        controller.abort();
        return result;
      },
    };
    const outcome = await runAgent({ ...input, middleware: [wrapped] });
    expect(outcome).toEqual({ status: 'aborted' });
    const tools = messages().filter((m): m is ToolMessage => m.role === 'tool');
    expect(tools.map((t) => t.toolCallId)).toEqual(['a', 'b']);
    expect(tools[1]!.content).toMatch(/stopped by the user/);
  });

  it('reports an abort during the model call as aborted, not as an error', async () => {
    const { input, messages } = await setup([{ error: aborted(), partialText: 'partial' }]);
    expect(await runAgent(input)).toEqual({ status: 'aborted' });
    expect(messages()).toEqual([
      expect.objectContaining({ role: 'assistant', content: 'partial', stopped: 'aborted' }),
    ]);
  });

  it('calls hooks in order: before, around model and tool calls (first middleware outermost), after', async () => {
    const log: string[] = [];
    const mw = (name: string): Middleware => ({
      name,
      beforeAgent: async () => void log.push(`${name}:before`),
      wrapModelCall: async (request, next) => {
        log.push(`${name}:model>`);
        const response = await next({ ...request, system: `${request.system}+${name}` });
        log.push(`${name}:model<`);
        return response;
      },
      wrapToolCall: async (call, next) => {
        log.push(`${name}:tool`);
        return next(call);
      },
      afterAgent: async (_context, outcome) => void log.push(`${name}:after:${outcome.status}`),
    });
    const { input, requests } = await setup(
      [{ toolCalls: [{ name: 'ls', arguments: '{}' }] }, { text: 'done' }],
      { middleware: [mw('A'), mw('B')] },
    );
    await runAgent(input);
    expect(requests[0]!.system).toBe('SYSTEM+A+B');
    expect(log).toEqual([
      'A:before',
      'B:before',
      'A:model>',
      'B:model>',
      'B:model<',
      'A:model<',
      'A:tool',
      'B:tool',
      'A:model>',
      'B:model>',
      'B:model<',
      'A:model<',
      'A:after:done',
      'B:after:done',
    ]);
  });

  it('ends with an error naming the problem when a beforeAgent hook fails', async () => {
    const failing: Middleware = {
      name: 'memory',
      beforeAgent: async () => {
        throw new Error('Could not read memory file /AGENTS.md: disk on fire');
      },
    };
    const { input, requests, messages } = await setup([{ text: 'never' }], {
      middleware: [failing],
    });
    expect(await runAgent(input)).toEqual({
      status: 'error',
      message: 'Could not read memory file /AGENTS.md: disk on fire',
    });
    expect(requests).toHaveLength(0);
    expect(messages()[0]).toMatchObject({
      role: 'notice',
      content: expect.stringContaining('/AGENTS.md'),
    });
  });

  it('stops after maxSteps model calls that keep calling tools', async () => {
    const loop = Array.from({ length: 5 }, () => ({
      toolCalls: [{ name: 'ls', arguments: '{}' }],
    }));
    const { input, requests } = await setup(loop, { maxSteps: 3 });
    expect(await runAgent(input)).toEqual({ status: 'max-steps', steps: 3 });
    expect(requests).toHaveLength(3);
  });

  it('never sends notices to the model and does not mutate the history it was given', async () => {
    const history: Message[] = [
      user('first'),
      { role: 'notice', id: 'n', kind: 'error', content: 'earlier failure', createdAt: 1 },
      user('second'),
    ];
    const frozen = structuredClone(history);
    const { input, requests } = await setup([{ text: 'ok' }], { history });
    await runAgent(input);
    expect(requests[0]!.messages.map((m) => m.content)).toEqual(['first', 'second']);
    expect(history).toEqual(frozen);
  });
});
