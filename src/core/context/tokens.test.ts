import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest } from '../agent/types';
import {
  MESSAGE_OVERHEAD_TOKENS,
  countRequest,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from './tokens';

describe('encodingForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['GPT-5-mini', 'o200k_base'],
    ['o1', 'o200k_base'],
    ['o3-mini', 'o200k_base'],
    ['o4-mini-2025-04-16', 'o200k_base'],
    ['openai/gpt-4o', 'o200k_base'],
    ['gpt-oss:20b', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['claude-sonnet-4-5', 'cl100k_base'],
    ['llama3.1:8b', 'cl100k_base'],
    ['demo', 'cl100k_base'],
    ['o1984-model', 'cl100k_base'],
  ])('%s uses %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });
});

describe('token counts', () => {
  it('match tiktoken for known strings (o200k_base)', async () => {
    const counter = await loadEncoder('o200k_base');
    expect(counter.encoding).toBe('o200k_base');
    expect(counter.count('')).toBe(0);
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('tiktoken is great!')).toBe(6);
    expect(counter.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(counter.count('你好，世界')).toBe(3);
  });

  it('match tiktoken for known strings (cl100k_base)', async () => {
    const counter = await loadEncoder('cl100k_base');
    expect(counter.encoding).toBe('cl100k_base');
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('tiktoken is great!')).toBe(6);
    expect(counter.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(counter.count('你好，世界')).toBe(6);
  });

  it('counts special-token text as plain text instead of throwing', async () => {
    const counter = await loadEncoder('cl100k_base');
    expect(counter.count('<|endoftext|>')).toBe(7);
  });

  it('loads each encoding once and shares the counter', async () => {
    const [a, b] = await Promise.all([loadEncoder('cl100k_base'), loadEncoder('cl100k_base')]);
    expect(a).toBe(b);
  });
});

describe('cache', () => {
  it('answers a repeated text from the cache', async () => {
    const counter = await loadEncoder('cl100k_base');
    const text = `a text counted twice ${Math.PI}`;
    const misses = counter.stats.misses;
    const hits = counter.stats.hits;
    const first = counter.count(text);
    expect(counter.stats.misses).toBe(misses + 1);
    expect(counter.count(text)).toBe(first);
    expect(counter.stats.hits).toBe(hits + 1);
    expect(counter.stats.misses).toBe(misses + 1);
  });

  it('stays bounded', async () => {
    const counter = await loadEncoder('cl100k_base');
    for (let i = 0; i < 5_200; i++) counter.count(`entry number ${i}`);
    expect(counter.stats.entries).toBeLessThanOrEqual(5_000);
    // The oldest entries were evicted, the newest are still there.
    const misses = counter.stats.misses;
    counter.count('entry number 5199');
    expect(counter.stats.misses).toBe(misses);
    counter.count('entry number 0');
    expect(counter.stats.misses).toBe(misses + 1);
  });

  it('caches messages by id and recounts a rewritten message', async () => {
    const counter = await loadEncoder('cl100k_base');
    const message: ModelMessage = {
      role: 'assistant',
      id: 'm-cache',
      content: 'Saving.',
      toolCalls: [
        { id: 'c1', name: 'write_file', arguments: '{"file_path":"/a.md","content":"x"}' },
      ],
      createdAt: 1,
    };
    const tokens = counter.countMessage(message);
    expect(tokens).toBe(
      MESSAGE_OVERHEAD_TOKENS +
        counter.count('Saving.') +
        counter.count('write_file') +
        counter.count('{"file_path":"/a.md","content":"x"}'),
    );
    expect(counter.countMessage({ ...message })).toBe(tokens);
    // Same id, truncated arguments (what tool-input truncation does): a different count.
    const truncated: ModelMessage = {
      ...message,
      toolCalls: [{ id: 'c1', name: 'write_file', arguments: '{"file_path":"/a.md"}' }],
    };
    expect(counter.countMessage(truncated)).toBeLessThan(tokens);
  });
});

describe('countRequest', () => {
  const memoryBlock =
    '<agent_memory>\n/memories/AGENTS.md\n\n- Prefers short answers.\n</agent_memory>';
  const request: ModelRequest = {
    model: 'gpt-4o',
    system: `You are a helpful assistant.\n\n${memoryBlock}`,
    messages: [
      { role: 'user', id: 'u1', content: 'Remember that I like tea.', createdAt: 1 },
      {
        role: 'assistant',
        id: 'a1',
        content: '',
        toolCalls: [
          { id: 'c1', name: 'read_file', arguments: '{"file_path":"/memories/AGENTS.md"}' },
        ],
        createdAt: 2,
      },
      {
        role: 'tool',
        id: 't1',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: '     1\t- Prefers short answers.',
        createdAt: 3,
      },
    ],
    tools: [
      {
        name: 'read_file',
        description: 'Read a file.',
        parameters: {
          type: 'object',
          properties: { file_path: { type: 'string' } },
          required: ['file_path'],
        },
      },
    ],
  };

  let counter: TokenCounter;
  it('splits the request into sections that sum to the total', async () => {
    counter = await loadEncoder('o200k_base');
    const breakdown = countRequest(counter, request, { memory: memoryBlock });
    expect(breakdown.memory).toBe(counter.count(memoryBlock));
    expect(breakdown.system).toBe(counter.count('You are a helpful assistant.\n\n'));
    expect(breakdown.tools).toBe(counter.count(JSON.stringify(request.tools)));
    expect(breakdown.messages).toBe(
      request.messages.reduce((sum, m) => sum + counter.countMessage(m), 0),
    );
    expect(breakdown.messages).toBeGreaterThan(3 * MESSAGE_OVERHEAD_TOKENS);
    expect(breakdown.total).toBe(
      breakdown.system + breakdown.memory + breakdown.messages + breakdown.tools,
    );
  });

  it("uses the request's memory section when none is passed", async () => {
    counter = await loadEncoder('o200k_base');
    const withSection = { ...request, sections: [{ name: 'memory', text: memoryBlock }] };
    expect(countRequest(counter, withSection)).toEqual(
      countRequest(counter, request, { memory: memoryBlock }),
    );
  });

  it('counts memory that is not in the system prompt as 0 and the whole prompt as system', async () => {
    counter = await loadEncoder('o200k_base');
    const breakdown = countRequest(counter, request, { memory: 'not there' });
    expect(breakdown.memory).toBe(0);
    expect(breakdown.system).toBe(counter.count(request.system));
    const none = countRequest(counter, { ...request, tools: [], messages: [] });
    expect(none).toEqual({
      system: counter.count(request.system),
      memory: 0,
      messages: 0,
      tools: 0,
      total: counter.count(request.system),
    });
  });
});
