import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest } from '../agent/types';
import { Tiktoken } from 'js-tiktoken/lite';
import {
  MESSAGE_OVERHEAD_TOKENS,
  SUMMARY_MESSAGE_ID_PREFIX,
  countRequest,
  createApproximateCounter,
  createBpeTokenizer,
  createTokenCounter,
  encodingForModel,
  isSummaryMessage,
  loadEncoder,
  loadRanks,
  type EncodingName,
  type TokenCounter,
} from './counter';

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
    const [user, call, result] = request.messages as [ModelMessage, ModelMessage, ModelMessage];
    expect(breakdown.messages).toBe(counter.countMessage(user) + counter.countMessage(call));
    expect(breakdown.toolResults).toBe(counter.countMessage(result));
    expect(breakdown.messages).toBeGreaterThan(2 * MESSAGE_OVERHEAD_TOKENS);
    expect(breakdown.facts).toBe(0);
    expect(breakdown.summary).toBe(0);
    expect(breakdown.total).toBe(
      breakdown.system +
        breakdown.memory +
        breakdown.messages +
        breakdown.toolResults +
        breakdown.tools,
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
      facts: 0,
      summary: 0,
      messages: 0,
      toolResults: 0,
      tools: 0,
      total: counter.count(request.system),
    });
  });
});

describe('byte-pair counting', () => {
  // A small deterministic generator: the same "random" texts on every run.
  function randomTexts(count: number, seed: number): string[] {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = [...'abc XYZ0123456789,.;:!?\n\t  你好世界éüß🎉-_/=+"\'{}()<>|`~'];
    const words = ['the', ' quick', 'Hello', "don't", ' 2026', '\n\n', '    ', 'naïve', '東京'];
    return Array.from({ length: count }, () => {
      let text = '';
      const length = 1 + Math.floor(next() * 160);
      while (text.length < length) {
        text +=
          next() < 0.3
            ? (words[Math.floor(next() * words.length)] ?? '')
            : (alphabet[Math.floor(next() * alphabet.length)] ?? '');
      }
      return text;
    });
  }

  it.each(['o200k_base', 'cl100k_base'] as EncodingName[])(
    'gives exactly the counts of js-tiktoken (%s)',
    async (encoding) => {
      const ranks = await loadRanks(encoding);
      const reference = new Tiktoken(ranks);
      const ours = createBpeTokenizer(ranks);
      const texts = [
        ...randomTexts(400, encoding === 'o200k_base' ? 7 : 11),
        'x'.repeat(300),
        'aGVsbG8gd29ybGQ='.repeat(12),
        '<|endoftext|> and <|fim_prefix|>',
        JSON.stringify({ file_path: '/notes/a.md', content: 'line\n'.repeat(40) }),
        '   leading and trailing spaces   ',
        '\r\n\r\nwindows line ends\r\n',
      ];
      for (const text of texts)
        expect(ours.countTokens(text), JSON.stringify(text)).toBe(
          reference.encode(text, [], []).length,
        );
    },
    60_000,
  );

  // Texts that take each path of bpe/: one-token pieces, cached pieces, short merges (linear
  // scans), long merges (the heap), multi-byte characters, lone surrogates.
  function hardTexts(seed: number): string[] {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = (from: number, to: number) =>
      String.fromCodePoint(from + Math.floor(next() * (to - from)));
    const run = (length: number, make: () => string) => Array.from({ length }, make).join('');
    const texts: string[] = [
      '这是一个很长的中文句子没有任何标点符号用来测试长片段的合并是否与参考实现完全一致',
      '日本語の文章も同じように数えられるかどうかを確かめるためのとても長いテキストです。',
      '한국어 문장도 확인합니다. 띄어쓰기가 있는 텍스트와없는텍스트를모두확인합니다',
      '🎉🎉🎉 emoji 👩‍👩‍👧‍👦 family, flags 🇫🇷🇯🇵, skin 👍🏽 and text',
      'x'.repeat(1_500),
      '='.repeat(700),
      'ab'.repeat(600),
      '0123456789'.repeat(40),
      ' '.repeat(300) + 'word' + '\t'.repeat(50) + '\n'.repeat(30),
      '\u00a0\u2003\u3000 unusual spaces \u200b zero width',
      'lone surrogates \ud800 and \udfff inside',
      btoa(run(900, () => pick(0, 256))),
      run(400, () => pick(0x4e00, 0x9fff)),
      run(300, () => pick(0x3040, 0x30ff)),
      run(200, () => pick(0x1f300, 0x1faff)),
      run(300, () => pick(0x20, 0x2fff)),
    ];
    for (let i = 0; i < 150; i++) {
      const kinds = [
        () => pick(0x4e00, 0x9fff),
        () => pick(0x3040, 0x30ff),
        () => pick(0x61, 0x7b),
        () => ' ',
        () => '\n',
        () => pick(0x21, 0x30),
        () => pick(0x1f600, 0x1f650),
        () => pick(0xc0, 0x250),
        () => pick(0x30, 0x3a),
      ];
      texts.push(
        run(1 + Math.floor(next() * 300), () => {
          const kind = kinds[Math.floor(next() * kinds.length)] ?? (() => 'a');
          return kind();
        }),
      );
    }
    return texts;
  }

  it.each(['o200k_base', 'cl100k_base'] as EncodingName[])(
    'gives exactly the counts of js-tiktoken on CJK, emoji, long runs and whitespace, cold and warm (%s)',
    async (encoding) => {
      const ranks = await loadRanks(encoding);
      const reference = new Tiktoken(ranks);
      const ours = createBpeTokenizer(ranks);
      const texts = hardTexts(encoding === 'o200k_base' ? 3 : 5);
      const expected = texts.map((text) => reference.encode(text, [], []).length);
      for (let pass = 0; pass < 3; pass++) {
        // Pass 0 is cold, pass 1 answers from the caches, pass 2 starts over.
        if (pass === 2) ours.clearCache();
        texts.forEach((text, i) =>
          expect(ours.countTokens(text), `pass ${pass}: ${JSON.stringify(text)}`).toBe(expected[i]),
        );
      }
      // All texts at once: pieces met in other texts, one long string.
      expect(ours.countTokens(texts.join(''))).toBe(
        reference.encode(texts.join(''), [], []).length,
      );
    },
    120_000,
  );

  it('counts a long run without spaces quickly (js-tiktoken takes minutes on this)', async () => {
    const counter = await loadEncoder('o200k_base');
    // 'x' * 1000 is 125 tokens in js-tiktoken: the run is merged into 8-byte tokens.
    expect(counter.count('x'.repeat(40_000))).toBe(5_000);
    expect(counter.count('='.repeat(50_000))).toBeGreaterThan(0);
  });

  it('accepts a js-tiktoken instance as the tokenizer', async () => {
    const ranks = await loadRanks('cl100k_base');
    const counter = createTokenCounter('cl100k_base', new Tiktoken(ranks));
    expect(counter.count('hello world')).toBe(2);
  });

  it('falls back to characters / 4 when no tokenizer is available', () => {
    const counter = createApproximateCounter();
    expect(counter.approximate).toBe(true);
    expect(counter.count('12345678')).toBe(2);
    expect(counter.count('123456789')).toBe(3);
    expect(counter.countMessage({ role: 'user', id: 'u', content: 'abcd', createdAt: 0 })).toBe(
      MESSAGE_OVERHEAD_TOKENS + 1,
    );
  });
});

describe('message cache over a growing thread', () => {
  it('recounts only the new messages on each call', async () => {
    const ranks = await loadRanks('o200k_base');
    // A fresh counter, so the figures are this test's own.
    const counter = createTokenCounter('o200k_base', createBpeTokenizer(ranks));
    const system = 'You are a careful assistant. '.repeat(20);
    const tools = [
      {
        name: 'read_file',
        description: 'Reads a file.',
        parameters: { type: 'object' as const, properties: { file_path: { type: 'string' } } },
      },
    ];
    const thread: ModelMessage[] = [];
    const calls = 50;
    for (let i = 0; i < calls; i++) {
      // The loop builds every request from the stored messages: copies here, as after a reload.
      thread.push({ role: 'user', id: `u${i}`, content: `Question number ${i}?`, createdAt: i });
      const before = { ...counter.stats };
      countRequest(counter, {
        model: 'gpt-4o',
        system,
        messages: thread.map((message) => ({ ...message })),
        tools,
      });
      // Only the messages new since the last call (the answer and the question) were tokenized;
      // the system prompt, the tool schemas and every older message came from the caches.
      const fresh = i === 0 ? 1 : 2;
      expect(counter.stats.messageMisses - before.messageMisses).toBe(fresh);
      expect(counter.stats.messageHits - before.messageHits).toBe(thread.length - fresh);
      expect(counter.stats.misses - before.misses).toBe(i === 0 ? 3 : 2);
      thread.push({ role: 'assistant', id: `a${i}`, content: `Answer ${i}.`, createdAt: i });
    }
    const { messageHits, messageMisses } = counter.stats;
    const hitRate = messageHits / (messageHits + messageMisses);
    // 50 calls over a thread growing to 99 messages: 99 counts tokenized, 2,401 answered from cache.
    expect(messageMisses).toBe(2 * calls - 1);
    expect(messageHits).toBe(calls * calls - (2 * calls - 1));
    expect(hitRate).toBeGreaterThan(0.95);
  });

  it('answers the same message object without building a key', async () => {
    const counter = await loadEncoder('cl100k_base');
    const message: ModelMessage = {
      role: 'assistant',
      id: 'same-object',
      content: 'Saving.',
      toolCalls: [{ id: 'c1', name: 'write_file', arguments: '{"content":"x"}' }],
      createdAt: 1,
    };
    const first = counter.countMessage(message);
    const hits = counter.stats.messageHits;
    expect(counter.countMessage(message)).toBe(first);
    expect(counter.stats.messageHits).toBe(hits + 1);
  });
});

describe('countRequest sections', () => {
  it('attributes memory, facts, summary, messages and tool results', async () => {
    const counter = await loadEncoder('cl100k_base');
    const memory = '<agent_memory>\n- likes tea\n</agent_memory>';
    const facts = '<memory>\n- [preference | 0.9] Prefers metric units.\n</memory>';
    const summary: ModelMessage = {
      role: 'user',
      id: `${SUMMARY_MESSAGE_ID_PREFIX}1`,
      content: '## SESSION INTENT\nPlan a trip.',
      createdAt: 0,
    };
    const user: ModelMessage = { role: 'user', id: 'u1', content: 'And then?', createdAt: 1 };
    const tool: ModelMessage = {
      role: 'tool',
      id: 't1',
      toolCallId: 'c1',
      toolName: 'ls',
      content: "['/a.md']",
      createdAt: 2,
    };
    expect(isSummaryMessage(summary)).toBe(true);
    expect(isSummaryMessage(user)).toBe(false);
    expect(isSummaryMessage({ ...summary, role: 'assistant' })).toBe(false);

    const breakdown = countRequest(counter, {
      model: 'claude-sonnet-4-5',
      system: `Base prompt.\n\n${memory}\n\n${facts}`,
      sections: [
        { name: 'memory', text: memory },
        { name: 'facts', text: facts },
      ],
      messages: [summary, user, tool],
      tools: [],
    });
    expect(breakdown).toEqual({
      system: counter.count('Base prompt.\n\n\n\n'),
      memory: counter.count(memory),
      facts: counter.count(facts),
      summary: counter.countMessage(summary),
      messages: counter.countMessage(user),
      toolResults: counter.countMessage(tool),
      tools: 0,
      total:
        counter.count('Base prompt.\n\n\n\n') +
        counter.count(memory) +
        counter.count(facts) +
        counter.countMessage(summary) +
        counter.countMessage(user) +
        counter.countMessage(tool),
    });
  });
});

describe('counting long texts in line blocks', () => {
  it('adds up exactly to the whole-text count, for both encodings', async () => {
    const { splitAtLineStarts, loadRanks, createBpeTokenizer } = await import('./counter');
    const random = seededRandom(99);
    const alphabet = [
      'a',
      'Z',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\r\n',
      '\t',
      '.',
      "'s",
      '7',
      '42',
      '中文',
      '😀',
      '-',
      ':',
      '/',
      'é',
      ' \n',
    ];
    for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = createBpeTokenizer(await loadRanks(encoding));
      for (let trial = 0; trial < 60; trial++) {
        let text = '';
        const length = 200 + Math.floor(random() * 3000);
        while (text.length < length) text += alphabet[Math.floor(random() * alphabet.length)];
        const chunks = splitAtLineStarts(text, 1 + Math.floor(random() * 200));
        expect(chunks.join('')).toBe(text);
        const summed = chunks.reduce((sum, chunk) => sum + tokenizer.countTokens(chunk), 0);
        expect(summed, `${encoding} trial ${trial}`).toBe(tokenizer.countTokens(text));
      }
    }
  });

  it('a long text is counted the same through the counter as in one piece', async () => {
    const counter = await loadEncoder('o200k_base');
    const { loadRanks, createBpeTokenizer } = await import('./counter');
    const tokenizer = createBpeTokenizer(await loadRanks('o200k_base'));
    const text = Array.from(
      { length: 800 },
      (_, i) => `- fact ${i}: the user said "${'x'.repeat(i % 13)} ok".`,
    ).join('\n');
    expect(counter.count(text)).toBe(tokenizer.countTokens(text));
    expect(counter.count(`${text}\n- one more line`)).toBe(
      tokenizer.countTokens(`${text}\n- one more line`),
    );
  });
});

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}
