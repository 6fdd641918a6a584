import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeServer } from '../../../e2e/fake-servers/anthropic';
import {
  ProviderError,
  type ModelMessage,
  type ModelRequest,
  type StreamEvent,
} from '../agent/types';
import { createAnthropicProvider, toAnthropicMessages } from './anthropic';

const KEY = 'sk-ant-test-SECRET-0123456789abcdef';

const tools: ModelRequest['tools'] = [
  {
    name: 'read_file',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

function request(messages: ModelMessage[], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: 'claude-haiku-4-5', system: 'You are helpful.', messages, tools: [], ...extra };
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

describe('Anthropic provider over HTTP', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeAnthropic({ requireKey: KEY });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.setDefault({ text: 'ok' });
  });

  const provider = (opts: { maxRetries?: number; apiKey?: string } = {}) =>
    createAnthropicProvider({
      baseURL: server.url,
      apiKey: opts.apiKey ?? KEY,
      maxRetries: opts.maxRetries,
    });
  const signal = () => new AbortController().signal;

  it('converts messages: top-level system, tool_use blocks, merged tool_result turns', async () => {
    const messages: ModelMessage[] = [
      user('read two files'),
      {
        role: 'assistant',
        id: 'a1',
        content: 'Reading both.',
        toolCalls: [
          { id: 'toolu_1', name: 'read_file', arguments: '{"path":"a.txt"}' },
          { id: 'toolu_2', name: 'read_file', arguments: '{"path": broken' },
        ],
        createdAt: 2,
      },
      {
        role: 'tool',
        id: 't1',
        toolCallId: 'toolu_1',
        toolName: 'read_file',
        content: 'A',
        createdAt: 3,
      },
      {
        role: 'tool',
        id: 't2',
        toolCallId: 'toolu_2',
        toolName: 'read_file',
        content: 'bad args',
        isError: true,
        createdAt: 4,
      },
      { role: 'assistant', id: 'a2', content: 'Done.', createdAt: 5 },
      user('thanks'),
      user('and one more thing'),
    ];
    const req = request(messages, { tools });
    const before = JSON.stringify(req);
    await provider().complete(req, { signal: signal() });
    expect(JSON.stringify(req)).toBe(before);

    const rec = server.requests[0];
    expect(rec?.path).toBe('/v1/messages');
    // SDK 1.x sends the key as a bearer token rather than x-api-key.
    expect(rec?.headers['x-api-key'] ?? rec?.headers.authorization).toMatch(KEY);
    expect(rec?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(rec?.headers['anthropic-version']).toBeTruthy();
    const body = rec?.body;
    expect(body.model).toBe('claude-haiku-4-5');
    expect(body.stream).toBe(true);
    expect(body.system).toBe('You are helpful.');
    expect(body.max_tokens).toBe(8192);
    expect(body.tools).toEqual([
      {
        name: 'read_file',
        description: 'Read a file',
        input_schema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'read two files' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading both.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
          { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'A' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'bad args', is_error: true },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'thanks' },
          { type: 'text', text: 'and one more thing' },
        ],
      },
    ]);
  });

  it('omits tools and system when empty and caps max_tokens at the model output limit', async () => {
    await provider().complete(
      request([user('hi')], { system: '', model: 'claude-3-haiku-20240307' }),
      {
        signal: signal(),
      },
    );
    const body = server.requests[0]?.body;
    expect('tools' in body).toBe(false);
    expect('system' in body).toBe(false);
    expect(body.max_tokens).toBe(4096);
    await provider().complete(request([user('hi')], { maxOutputTokens: 1234 }), {
      signal: signal(),
    });
    expect(server.requests[1]?.body.max_tokens).toBe(1234);
  });

  it('streams text deltas and reports usage including cache tokens', async () => {
    server.enqueue({
      text: 'Hello there, how are you today?',
      usage: { input: 100, output: 12, cacheRead: 50, cacheWrite: 25 },
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
    expect(res.message.content).toBe('Hello there, how are you today?');
    expect(res.message.id).toBeTruthy();
    expect(res.usage).toEqual({
      inputTokens: 175,
      outputTokens: 12,
      cacheReadTokens: 50,
      cacheWriteTokens: 25,
    });
    expect(res.message.usage).toEqual(res.usage);
  });

  it('assembles input_json_delta pieces into complete tool calls', async () => {
    server.enqueue({
      text: 'Let me look.',
      toolCalls: [
        { id: 'toolu_a', name: 'read_file', arguments: { path: '/memories/AGENTS.md' } },
        { id: 'toolu_b', name: 'ls', arguments: {} },
      ],
    });
    const events: StreamEvent[] = [];
    const res = await provider().complete(request([user('look')], { tools }), {
      signal: signal(),
      onStream: (e) => events.push(e),
    });
    expect(res.message.content).toBe('Let me look.');
    expect(res.message.toolCalls).toEqual([
      { id: 'toolu_a', name: 'read_file', arguments: '{"path":"/memories/AGENTS.md"}' },
      { id: 'toolu_b', name: 'ls', arguments: '{}' },
    ]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta');
    expect(deltas[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'toolu_a',
      name: 'read_file',
      argumentsDelta: '',
    });
    const first = deltas.filter((e) => e.type === 'tool-call-delta' && e.index === 0);
    expect(first.length).toBeGreaterThan(2);
    expect(
      deltas.some((e) => e.type === 'tool-call-delta' && e.index === 1 && e.id === 'toolu_b'),
    ).toBe(true);
  });

  it('maps 401 to auth without leaking the key', async () => {
    const wrong = 'sk-ant-wrong-but-secret-987654321';
    const err = await failure(
      provider({ apiKey: wrong }).complete(request([user('hi')]), { signal: signal() }),
    );
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toContain('401');
    expect(err.message).toContain('invalid x-api-key');
    expect(err.message).not.toContain(wrong);
    expect(err.message).not.toContain(KEY);
  });

  it('maps 403 to auth', async () => {
    server.enqueue({ error: { status: 403 } });
    const err = await failure(provider().complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(403);
  });

  it('maps 404 to not-found and names the model', async () => {
    server.enqueue({ error: { status: 404, message: 'model: claude-nope' } });
    const err = await failure(
      provider().complete(request([user('hi')], { model: 'claude-nope' }), { signal: signal() }),
    );
    expect(err.kind).toBe('not-found');
    expect(err.status).toBe(404);
    expect(err.message).toContain('"claude-nope"');
    expect(err.message).toContain('model: claude-nope');
  });

  it('retries a 429 and then succeeds', async () => {
    server.enqueue(
      { error: { status: 429, headers: { 'retry-after': '0' } } },
      { text: 'after retry' },
    );
    const res = await provider().complete(request([user('hi')]), { signal: signal() });
    expect(res.message.content).toBe('after retry');
    expect(server.requests).toHaveLength(2);
  });

  it('maps a persisting 429 to rate-limit after the retries', async () => {
    // retry-after-ms keeps the test fast (this SDK treats retry-after: 0 as "use the default backoff").
    server.setDefault({
      error: { status: 429, headers: { 'retry-after-ms': '5', 'retry-after': '1' } },
    });
    const err = await failure(provider().complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('rate-limit');
    expect(err.status).toBe(429);
    expect(err.message).toContain('HTTP 429');
    expect(server.requests).toHaveLength(3);
  });

  it('maps 500 and 529 to server', async () => {
    server.enqueue({ error: { status: 500 } }, { error: { status: 529 } });
    const p = provider({ maxRetries: 0 });
    const e500 = await failure(p.complete(request([user('hi')]), { signal: signal() }));
    expect(e500.kind).toBe('server');
    expect(e500.status).toBe(500);
    const e529 = await failure(p.complete(request([user('hi')]), { signal: signal() }));
    expect(e529.kind).toBe('server');
    expect(e529.message).toContain('Overloaded');
  });

  it('maps a stream dropped mid-way to network', async () => {
    server.enqueue({ text: 'This answer will be cut off half way through', dropAfterChunks: 5 });
    const events: StreamEvent[] = [];
    const err = await failure(
      provider().complete(request([user('hi')]), {
        signal: signal(),
        onStream: (e) => events.push(e),
      }),
    );
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/was lost/);
    expect(events.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
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

  it('rejects invalid settings before any request', async () => {
    const p = createAnthropicProvider({ baseURL: server.url, apiKey: '  ' });
    const err = await failure(p.complete(request([user('hi')]), { signal: signal() }));
    expect(err.kind).toBe('invalid-settings');
    expect(err.message).toContain('Anthropic API key is required');
    expect(server.requests).toHaveLength(0);
  });
});

describe('toAnthropicMessages', () => {
  it('starts with a user turn and answers tool calls left without results', () => {
    const out = toAnthropicMessages([
      { role: 'assistant', id: 'a', content: 'Earlier answer. ', createdAt: 1 },
      { role: 'tool', id: 't0', toolCallId: 'gone', toolName: 'ls', content: 'x', createdAt: 1 },
      user('go'),
      {
        role: 'assistant',
        id: 'b',
        content: '',
        toolCalls: [{ id: 'c1', name: 'ls', arguments: '[1]' }],
        createdAt: 2,
      },
      user('never mind'),
      { role: 'assistant', id: 'c', content: 'Sure.  ', createdAt: 3 },
    ]);
    expect(out.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(out[2]?.content).toEqual([
      { type: 'text', text: '[Result of an earlier ls call]\nx' },
      { type: 'text', text: 'go' },
    ]);
    expect(out[3]?.content).toEqual([{ type: 'tool_use', id: 'c1', name: 'ls', input: {} }]);
    expect(out[4]?.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'c1', is_error: true }),
      { type: 'text', text: 'never mind' },
    ]);
    expect(out[5]?.content).toEqual([{ type: 'text', text: 'Sure.' }]);
  });
});

describe('fake Anthropic server', () => {
  it('answers CORS preflights, non-streaming requests and unknown paths', async () => {
    const server = await startFakeAnthropic();
    try {
      const pre = await fetch(`${server.url}/v1/messages`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:4173',
          'Access-Control-Request-Headers': 'x-api-key, anthropic-version',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toContain(
        'anthropic-dangerous-direct-browser-access',
      );

      server.enqueue({
        text: 'plain',
        toolCalls: [{ id: 'toolu_z', name: 'ls', arguments: { path: '/' } }],
      });
      const res = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', max_tokens: 10, messages: [] }),
      });
      const json = await res.json();
      expect(json.type).toBe('message');
      expect(json.content).toEqual([
        { type: 'text', text: 'plain' },
        { type: 'tool_use', id: 'toolu_z', name: 'ls', input: { path: '/' } },
      ]);
      expect(json.stop_reason).toBe('tool_use');

      const missing = await fetch(`${server.url}/v2/nothing`, { method: 'POST', body: '{}' });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({
        type: 'error',
        error: { type: 'not_found_error' },
      });
    } finally {
      await server.close();
    }
  });
});
