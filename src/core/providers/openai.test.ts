import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeServer } from '../../../e2e/fake-servers/openai';
import {
  ProviderError,
  type ModelMessage,
  type ModelRequest,
  type StreamEvent,
} from '../agent/types';
import { createOpenAIProvider } from './openai';

const KEY = 'sk-test-SECRET-key-0123456789';

const tools: ModelRequest['tools'] = [
  {
    name: 'read_file',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

function request(messages: ModelMessage[], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: 'gpt-4o-mini', system: 'You are helpful.', messages, tools: [], ...extra };
}

const user = (content: string): ModelMessage => ({
  role: 'user',
  id: 'u' + content,
  content,
  createdAt: 1,
});

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAI provider over HTTP', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ requireKey: KEY });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.setDefault({ text: 'ok' });
  });

  const provider = (opts: { maxRetries?: number; apiKey?: string } = {}) =>
    createOpenAIProvider({
      baseURL: server.url,
      apiKey: opts.apiKey ?? KEY,
      maxRetries: opts.maxRetries,
    });
  const signal = () => new AbortController().signal;

  it('converts messages and tools to the chat completions wire format', async () => {
    const messages: ModelMessage[] = [
      user('read a.txt'),
      {
        role: 'assistant',
        id: 'a1',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"a.txt"}' }],
        createdAt: 2,
      },
      {
        role: 'tool',
        id: 't1',
        toolCallId: 'call_1',
        toolName: 'read_file',
        content: 'hello',
        createdAt: 3,
      },
      { role: 'assistant', id: 'a2', content: 'It says hello.', createdAt: 4 },
      user('thanks'),
    ];
    const req = request(messages, { tools });
    const before = JSON.stringify(req);
    await provider().complete(req, { signal: signal() });
    expect(JSON.stringify(req)).toBe(before); // never mutates the request

    const body = server.requests[0]?.body;
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'read a.txt' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"a.txt"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'hello' },
      { role: 'assistant', content: 'It says hello.' },
      { role: 'user', content: 'thanks' },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'read_file',
          description: 'Read a file',
          parameters: {
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          },
        },
      },
    ]);
  });

  it('omits tools when there are none and skips an empty system prompt', async () => {
    await provider().complete(request([user('hi')], { system: '' }), { signal: signal() });
    const body = server.requests[0]?.body;
    expect('tools' in body).toBe(false);
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('streams text deltas and returns the assembled message with usage', async () => {
    server.enqueue({
      text: 'Hello there, how are you today?',
      usage: { input: 120, output: 9, cacheRead: 64 },
    });
    const events: StreamEvent[] = [];
    const res = await provider().complete(request([user('hi')]), {
      signal: signal(),
      onStream: (e) => events.push(e),
    });
    const texts = events.filter((e) => e.type === 'text-delta');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.map((e) => (e.type === 'text-delta' ? e.text : '')).join('')).toBe(
      'Hello there, how are you today?',
    );
    expect(res.message.role).toBe('assistant');
    expect(res.message.content).toBe('Hello there, how are you today?');
    expect(res.message.id).toBeTruthy();
    expect(res.message.toolCalls).toBeUndefined();
    expect(res.usage).toEqual({ inputTokens: 120, outputTokens: 9, cacheReadTokens: 64 });
    expect(res.message.usage).toEqual(res.usage);
  });

  it('assembles tool-call deltas into complete tool calls', async () => {
    server.enqueue({
      text: 'Let me look.',
      toolCalls: [
        { id: 'call_a', name: 'read_file', arguments: { path: '/memories/AGENTS.md' } },
        { id: 'call_b', name: 'ls', arguments: { path: '/' } },
      ],
    });
    const events: StreamEvent[] = [];
    const res = await provider().complete(request([user('look')], { tools }), {
      signal: signal(),
      onStream: (e) => events.push(e),
    });
    expect(res.message.content).toBe('Let me look.');
    expect(res.message.toolCalls).toEqual([
      { id: 'call_a', name: 'read_file', arguments: '{"path":"/memories/AGENTS.md"}' },
      { id: 'call_b', name: 'ls', arguments: '{"path":"/"}' },
    ]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta');
    // id and name first, then the arguments in several pieces
    expect(deltas[0]).toMatchObject({
      index: 0,
      id: 'call_a',
      name: 'read_file',
      argumentsDelta: '',
    });
    const first = deltas.filter((e) => e.type === 'tool-call-delta' && e.index === 0);
    expect(first.length).toBeGreaterThan(2);
    expect(first.map((e) => (e.type === 'tool-call-delta' ? e.argumentsDelta : '')).join('')).toBe(
      '{"path":"/memories/AGENTS.md"}',
    );
    expect(
      deltas.some((e) => e.type === 'tool-call-delta' && e.index === 1 && e.name === 'ls'),
    ).toBe(true);
  });

  it('keeps malformed tool arguments exactly as streamed', async () => {
    server.enqueue({
      toolCalls: [{ id: 'call_x', name: 'read_file', arguments: '{"path": "a.txt"' }],
    });
    const res = await provider().complete(request([user('x')], { tools }), { signal: signal() });
    expect(res.message.toolCalls).toEqual([
      { id: 'call_x', name: 'read_file', arguments: '{"path": "a.txt"' },
    ]);
  });

  it('answers for tool calls left without results and keeps orphaned results as text', async () => {
    const messages: ModelMessage[] = [
      {
        role: 'tool',
        id: 't0',
        toolCallId: 'gone',
        toolName: 'ls',
        content: 'a.txt',
        createdAt: 1,
      },
      user('go'),
      {
        role: 'assistant',
        id: 'a',
        content: '',
        toolCalls: [{ id: 'c1', name: 'ls', arguments: '' }],
        createdAt: 2,
      },
      user('stop, do something else'),
    ];
    await provider().complete(request(messages, { system: '' }), { signal: signal() });
    const sent = server.requests[0]?.body.messages;
    expect(sent[0]).toEqual({ role: 'user', content: '[Result of an earlier ls call]\na.txt' });
    expect(sent[2].tool_calls[0].function.arguments).toBe('{}');
    expect(sent[3]).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(sent[4]).toEqual({ role: 'user', content: 'stop, do something else' });
  });

  it('sends max_tokens to compatible servers when a cap is set', async () => {
    await provider().complete(request([user('hi')], { maxOutputTokens: 321 }), {
      signal: signal(),
    });
    expect(server.requests[0]?.body.max_tokens).toBe(321);
  });

  it('maps 401 to auth without leaking the key', async () => {
    const err = await failure(
      provider({ apiKey: 'sk-wrong-but-secret-99999' }).complete(request([user('hi')]), {
        signal: signal(),
      }),
    );
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toContain('401');
    expect(err.message).toContain('Incorrect API key');
    expect(err.message).not.toContain('sk-wrong-but-secret-99999');
  });

  it('redacts the key even when the server echoes it back', async () => {
    server.enqueue({ error: { status: 400, message: `Bad key ${KEY} in request` } });
    const err = await failure(provider().complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('bad-request');
    expect(err.message).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
  });

  it('maps 404 to not-found and names the model and base URL', async () => {
    server.enqueue({
      error: {
        status: 404,
        message: 'The model `gpt-nope` does not exist or you do not have access to it.',
      },
    });
    const err = await failure(
      provider().complete(request([user('hi')], { model: 'gpt-nope' }), { signal: signal() }),
    );
    expect(err.kind).toBe('not-found');
    expect(err.status).toBe(404);
    expect(err.message).toContain('gpt-nope');
    expect(err.message).toContain(server.url);
    expect(err.message).toContain('does not exist');
  });

  it('retries a 429 that carries retry-after and then succeeds', async () => {
    server.enqueue(
      { error: { status: 429, headers: { 'retry-after': '0' } } },
      { text: 'after retry' },
    );
    const res = await provider().complete(request([user('hi')]), { signal: signal() });
    expect(res.message.content).toBe('after retry');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
  });

  it('maps a persisting 429 to rate-limit after the retries', async () => {
    server.setDefault({ error: { status: 429, headers: { 'retry-after': '0' } } });
    const err = await failure(provider().complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('rate-limit');
    expect(err.status).toBe(429);
    expect(err.message).toContain('429');
    expect(server.requests).toHaveLength(3); // first try + maxRetries (2)
  });

  it('maps 500 to server', async () => {
    server.enqueue({ error: { status: 500 } });
    const err = await failure(
      provider({ maxRetries: 0 }).complete(request([user('hi')]), { signal: signal() }),
    );
    expect(err.kind).toBe('server');
    expect(err.status).toBe(500);
    expect(err.message).toContain('HTTP 500');
  });

  it('maps a stream dropped mid-way to network', async () => {
    server.enqueue({ text: 'This answer will be cut off half way through', dropAfterChunks: 4 });
    const events: StreamEvent[] = [];
    const err = await failure(
      provider().complete(request([user('hi')]), {
        signal: signal(),
        onStream: (e) => events.push(e),
      }),
    );
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/connection .* was lost/);
    expect(events.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1); // a started stream is never retried
  });

  it('maps a refused connection to network', async () => {
    const dead = await startFakeOpenAI();
    const url = dead.url;
    await dead.close();
    const p = createOpenAIProvider({ baseURL: url, apiKey: KEY, maxRetries: 0 });
    const err = await failure(p.complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('127.0.0.1');
  });

  it('maps an abort mid-stream to aborted', async () => {
    server.enqueue({ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 30 });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const err = await failure(
      provider().complete(request([user('hi')]), {
        signal: controller.signal,
        onStream: (e) => {
          events.push(e);
          if (events.length === 2) controller.abort();
        },
      }),
    );
    expect(err.kind).toBe('aborted');
    expect(events.length).toBeLessThan(6);
  });

  it('maps an abort before the request to aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure(
      provider().complete(request([user('hi')]), { signal: controller.signal }),
    );
    expect(err.kind).toBe('aborted');
  });

  it('rejects invalid settings before any request', async () => {
    const p = createOpenAIProvider({ baseURL: 'ftp://example.com/v1', apiKey: '' });
    const err = await failure(
      p.complete(request([user('hi')], { model: ' ' }), { signal: signal() }),
    );
    expect(err.kind).toBe('invalid-settings');
    expect(err.message).toMatch(/https?:\/\//);
    expect(err.message).toMatch(/API key is required/);
    expect(err.message).toMatch(/model/);
    expect(server.requests).toHaveLength(0);
  });

  it('lets a keyless local server run without an Authorization header', async () => {
    const open = await startFakeOpenAI();
    try {
      const p = createOpenAIProvider({ baseURL: open.url, apiKey: '' });
      const res = await p.complete(request([user('hi')]), { signal: signal() });
      expect(res.message.content).toBe('ok');
      expect(open.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('fake OpenAI server', () => {
  it('answers CORS preflights, non-streaming requests and unknown paths', async () => {
    const server = await startFakeOpenAI();
    try {
      const pre = await fetch(`${server.url}/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:4173',
          'Access-Control-Request-Headers': 'authorization, x-stainless-foo',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toContain('x-stainless-foo');

      server.enqueue({
        text: 'plain',
        toolCalls: [{ name: 'ls', arguments: {} }],
        usage: { input: 3, output: 4 },
      });
      const res = await fetch(`${server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [] }),
      });
      const json = await res.json();
      expect(json.object).toBe('chat.completion');
      expect(json.choices[0].message.content).toBe('plain');
      expect(json.choices[0].message.tool_calls[0].function).toEqual({
        name: 'ls',
        arguments: '{}',
      });
      expect(json.choices[0].finish_reason).toBe('tool_calls');
      expect(json.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });

      const missing = await fetch(`${server.url}/nope`, { method: 'POST', body: '{}' });
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.message).toContain('Invalid URL');
    } finally {
      await server.close();
    }
  });
});
