// Skip the bad one, keep the rest (issue 31): the peers' own cases, run against our code. One
// malformed fact in memory.json (content null, a number, a list) used to make the whole file
// invalid, so no fact was injected; one blank fact in an update answer made the whole answer
// refused, so nothing was learnt.
import { describe, expect, it } from 'vitest';
import { memoryFs, scriptedProvider } from '../../../../tests/fixtures/agent';
import type { ModelRequest, ModelResponse } from '../../agent/types';
import { createRankerResolver } from '../../retrieval/rank';
import { createFactsMiddleware } from './inject';
import { DEFAULT_FACTS_SETTINGS } from './settings';
import { createMemoryLoader, MEMORY_JSON_PATH, modifyMemory, readMemory } from './store';
import { runMemoryUpdate } from './updater';
import { parseUpdateResponse } from './answer';
import type { TokenCounter } from '../../tokens/counter';

const good = (id: string, content: string) => ({
  id,
  content,
  category: 'preference',
  confidence: 0.9,
  createdAt: '2026-01-01T00:00:00Z',
  source: 'manual',
});

const fileWith = (facts: unknown[]) => JSON.stringify({ facts }, null, 2);

const malformed: { name: string; fact: unknown }[] = [
  { name: 'content null', fact: { ...good('bad', 'x'), content: null } },
  { name: 'content a number', fact: { ...good('bad', 'x'), content: 42 } },
  { name: 'content a list', fact: { ...good('bad', 'x'), content: ['a', 'b'] } },
  { name: 'the fact itself null', fact: null },
];

const counter: TokenCounter = {
  count: (text: string) => Math.ceil(text.length / 4),
} as unknown as TokenCounter;

describe('a malformed fact in memory.json', () => {
  for (const variant of malformed) {
    it(`(${variant.name}) is left out and named; the other facts are injected`, async () => {
      const text = fileWith([
        good('tea', 'Drinks green tea'),
        variant.fact,
        good('tabs', 'Prefers tabs'),
      ]);
      const fs = await memoryFs({ [MEMORY_JSON_PATH]: text });

      const read = await readMemory(fs);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.memory.facts.map((f) => f.id)).toEqual(['tea', 'tabs']);
      expect(read.skipped).toMatch(/^memory\.json: 1 malformed fact left out/);
      expect(read.skipped).toMatch(/line \d+, column \d+: facts\[1\]/);

      // What the model receives.
      const middleware = createFactsMiddleware({
        settings: () => ({ ...DEFAULT_FACTS_SETTINGS, method: 'tfidf' as const }),
        counter,
        loadMemory: createMemoryLoader(fs),
        rankers: createRankerResolver(),
      });
      let sent: ModelRequest | undefined;
      await middleware.wrapModelCall!(
        { model: 'm', system: 'S', messages: [], tools: [] } as ModelRequest,
        async (request): Promise<ModelResponse> => {
          sent = request;
          return { message: { role: 'assistant', id: 'a', content: '', createdAt: 0 } };
        },
        {
          threadId: 't',
          fs,
          signal: new AbortController().signal,
          state: {},
          emit: () => {},
        },
      );
      expect(sent?.system).toContain('Drinks green tea');
      expect(sent?.system).toContain('Prefers tabs');
    });
  }

  it('is not lost by a write: a change through modifyMemory is refused until it is fixed', async () => {
    const text = fileWith([
      good('tea', 'Drinks green tea'),
      { ...good('bad', 'x'), content: null },
    ]);
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: text });
    const result = await modifyMemory(fs, (memory) => ({ ...memory, facts: [] }));
    expect(result.status).toBe('invalid');
    expect((await fs.read(MEMORY_JSON_PATH))?.content).toBe(text);
  });

  it('anything wrong outside the facts still makes the file invalid, named', async () => {
    const fs = await memoryFs({
      [MEMORY_JSON_PATH]: JSON.stringify({ user: 3, facts: [good('tea', 'Drinks green tea')] }),
    });
    const read = await readMemory(fs);
    expect(read.ok).toBe(false);
  });
});

describe('a malformed new fact in an update answer', () => {
  const answer = JSON.stringify({
    newFacts: [
      { content: 'Lives in Porto', category: 'context', confidence: 0.9 },
      { content: '   ', category: 'context', confidence: 0.9 },
      { content: 'Prefers tabs', category: 'preference', confidence: 0.95 },
    ],
    factsToRemove: [],
  });

  it('is left out and named; the rest of the answer is applied', async () => {
    const parsed = parseUpdateResponse(answer);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.update.newFacts.map((f) => f.content)).toEqual([
      'Lives in Porto',
      'Prefers tabs',
    ]);
    expect(parsed.skipped).toBe(
      '1 malformed new fact in the answer left out (the rest applied): newFacts[1].content: expected a non-empty text.',
    );

    const fs = await memoryFs({});
    const { provider } = scriptedProvider([{ text: answer }]);
    const outcome = await runMemoryUpdate({
      fs,
      provider,
      model: 'm',
      threadId: 't',
      messages: [{ role: 'user', id: 'u', content: 'I live in Porto; tabs please', createdAt: 0 }],
      settings: { minConfidence: 0.7, maxFacts: 100 },
    });
    expect(outcome.status).toBe('updated');
    if (outcome.status === 'updated') expect(outcome.skipped).toContain('newFacts[1]');
    const read = await readMemory(fs);
    expect(read.ok && read.memory.facts.map((f) => f.content).sort()).toEqual([
      'Lives in Porto',
      'Prefers tabs',
    ]);
  });

  it('an answer of the wrong shape outside the new facts is still refused whole', () => {
    const parsed = parseUpdateResponse(JSON.stringify({ newFacts: [], factsToRemove: 'all' }));
    expect(parsed.ok).toBe(false);
  });
});
