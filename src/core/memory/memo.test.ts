import { beforeAll, describe, expect, it } from 'vitest';
import type { RunContext } from '../agent/middleware';
import type { ModelMessage, ModelRequest, ModelResponse } from '../agent/types';
import { collect, memoryFs } from '../../../tests/fixtures/agent';
import { COMPACTION_PRESETS } from '../compaction/settings';
import { DEFAULT_FACTS_SETTINGS } from './facts/settings';
import { createSummarizationMiddleware } from '../compaction/summarization';
import { createTruncationMiddleware } from '../compaction/truncation';
import { createRankerResolver, type Ranker, type RankerResolver } from '../retrieval/rank';
import {
  countRequest,
  loadEncoder,
  requestTokensAtMost,
  type TokenCounter,
} from '../tokens/counter';
import type { VirtualFs } from '../fs/types';
import { createAgentsMdMiddleware, withMemory } from './agents-md';
import { createFactsMiddleware } from './facts/inject';
import { emptyMemory, type MemoryJson } from './facts/schema';
import { createMemoryLoader, MEMORY_JSON_PATH, serializeMemory } from './facts/store';
import { memoMemoryInjection } from './memo';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await loadEncoder('o200k_base');
});

const user = (id: string, content: string): ModelMessage => ({
  role: 'user',
  id,
  content,
  createdAt: 0,
});
const request = (messages: ModelMessage[], system = 'You are helpful.'): ModelRequest => ({
  model: 'gpt-4o',
  system,
  messages,
  tools: [],
});
const answer: ModelResponse = {
  message: { role: 'assistant', id: 'r', content: 'ok', createdAt: 0 },
};

function contextOn(fs: VirtualFs): RunContext {
  return {
    threadId: 't',
    fs,
    signal: new AbortController().signal,
    state: {},
    emit: collect().emit,
  };
}

/** Calls the middleware and returns what it handed on. */
async function sent(
  wrap: NonNullable<ReturnType<typeof createFactsMiddleware>['wrapModelCall']>,
  req: ModelRequest,
  context: RunContext,
): Promise<ModelRequest> {
  let out: ModelRequest | undefined;
  await wrap(
    req,
    async (r) => {
      out = r;
      return answer;
    },
    context,
  );
  return out!;
}

function memoryWith(...facts: [string, string][]): MemoryJson {
  const memory = emptyMemory('2026-01-01T00:00:00Z');
  memory.facts = facts.map(([id, content]) => ({
    id,
    content,
    category: 'preference',
    confidence: 0.9,
    createdAt: '2026-01-01T00:00:00Z',
    source: 't0',
  }));
  return memory;
}

/** A resolver whose rankers count the rankings they compute (one wrapper per ranker). */
function countingRankers(): { rankers: RankerResolver; rankings: () => number } {
  const inner = createRankerResolver();
  const wrapped = new Map<Ranker, Ranker>();
  let rankings = 0;
  const wrap = (ranker: Ranker): Ranker => {
    let counted = wrapped.get(ranker);
    if (!counted) {
      counted = {
        id: ranker.id,
        similarities: (query, docs) => {
          rankings++;
          return ranker.similarities(query, docs);
        },
      };
      wrapped.set(ranker, counted);
    }
    return counted;
  };
  return {
    rankings: () => rankings,
    rankers: (method) => {
      const resolved = inner(method);
      return { ...resolved, ranker: wrap(resolved.ranker) };
    },
  };
}

describe('the facts memo', () => {
  it('ranks once for the same query and memory.json, and again after memory.json changes', async () => {
    const fs = await memoryFs({
      [MEMORY_JSON_PATH]: serializeMemory(memoryWith(['tea', 'Drinks green tea every morning'])),
    });
    const { rankers, rankings } = countingRankers();
    const middleware = createFactsMiddleware({
      settings: () => ({ ...DEFAULT_FACTS_SETTINGS, method: 'bm25' }),
      counter,
      loadMemory: createMemoryLoader(fs),
      rankers,
    });
    const context = contextOn(fs);
    const wrap = middleware.wrapModelCall!;
    const turn = [user('u1', 'Which tea do I drink in the morning?')];

    const first = await sent(wrap, request(turn), context);
    const second = await sent(wrap, request(turn), context);
    expect(rankings()).toBe(1);
    expect(second.system).toBe(first.system);
    expect(first.system).toContain('Drinks green tea every morning');

    // An edit to memory.json is seen on the next call.
    await fs.write(
      MEMORY_JSON_PATH,
      serializeMemory(
        memoryWith(['tea', 'Drinks green tea every morning'], ['coffee', 'Quit coffee in May']),
      ),
    );
    const edited = await sent(wrap, request(turn), context);
    expect(rankings()).toBe(2);
    expect(edited.system).toContain('Quit coffee in May');

    // Another question ranks again.
    await sent(wrap, request([...turn, user('u2', 'And coffee?')]), context);
    expect(rankings()).toBe(3);
  });

  it('sees other settings on the next call', async () => {
    const fs = await memoryFs({
      [MEMORY_JSON_PATH]: serializeMemory(memoryWith(['tea', 'Drinks green tea every morning'])),
    });
    let budgetTokens = DEFAULT_FACTS_SETTINGS.budgetTokens;
    const middleware = createFactsMiddleware({
      settings: () => ({ ...DEFAULT_FACTS_SETTINGS, method: 'bm25', budgetTokens }),
      counter,
      loadMemory: createMemoryLoader(fs),
      rankers: createRankerResolver(),
    });
    const context = contextOn(fs);
    const turn = [user('u1', 'tea?')];
    expect((await sent(middleware.wrapModelCall!, request(turn), context)).system).toContain(
      'green tea',
    );
    budgetTokens = 1;
    expect((await sent(middleware.wrapModelCall!, request(turn), context)).system).toBe(
      'You are helpful.',
    );
  });
});

describe('the AGENTS.md memo', () => {
  it('formats the block once for the same sources, and again after an edit', () => {
    let builds = 0;
    const inject = memoMemoryInjection((req, sources) => {
      builds++;
      return withMemory(req, sources);
    });
    const sources = [{ path: '/AGENTS.md', content: 'Use pnpm.' }];
    const a = inject(request([user('u1', 'hi')]), sources);
    const b = inject(request([user('u1', 'hi'), user('u2', 'again')]), sources);
    expect(builds).toBe(1);
    expect(b.system).toBe(a.system);
    expect(b.messages).toHaveLength(2);

    // The same list changed in place (thread state) is not mistaken for the old one.
    sources[0]!.content = 'Use npm.';
    const c = inject(request([user('u1', 'hi')]), sources);
    expect(builds).toBe(2);
    expect(c.system).toContain('Use npm.');
    expect(c.system).not.toContain('Use pnpm.');

    // Another system prompt builds again.
    const d = inject(request([user('u1', 'hi')], 'Be brief.'), sources);
    expect(d.system.startsWith('Be brief.')).toBe(true);
    expect(builds).toBe(3);
  });

  it('an edit to AGENTS.md (here outside any tool call) is in the next model call', async () => {
    const fs = await memoryFs({ '/AGENTS.md': '# Notes\nUse pnpm.\n' });
    const middleware = createAgentsMdMiddleware({
      sources: ['/AGENTS.md'],
      refreshAfterEdits: true,
    });
    const context = contextOn(fs);
    const wrap = middleware.wrapModelCall!;
    const first = await sent(wrap, request([user('u1', 'hi')]), context);
    expect(first.system).toContain('Use pnpm.');
    const again = await sent(wrap, request([user('u1', 'hi')]), context);
    expect(again.system).toBe(first.system);

    await fs.write('/AGENTS.md', '# Notes\nUse npm.\n');
    const after = await sent(wrap, request([user('u1', 'hi')]), context);
    expect(after.system).toContain('Use npm.');
    expect(after.system).not.toContain('Use pnpm.');
  });
});

describe('counting a request', () => {
  it('answers the same request again without counting, and recounts a changed message', () => {
    const messages = [user('m1', 'Plan the trip to Porto.'), user('m2', 'Book the hotel too.')];
    const first = countRequest(counter, request(messages));
    const { hits, misses, messageHits, messageMisses } = counter.stats;
    const again = countRequest(counter, request([...messages]));
    expect(again).toEqual(first);
    expect(counter.stats).toMatchObject({ hits, misses, messageHits, messageMisses });

    const changed = { ...messages[1]!, content: 'Book the hotel and the flights too, please.' };
    const recount = countRequest(counter, request([messages[0]!, changed]));
    expect(recount.total).toBe(
      first.total - counter.count(messages[1]!.content) + counter.count(changed.content),
    );
  });

  it('bounds the exact count from the lengths alone', () => {
    const texts = [
      'Plain English words and numbers 12345.',
      '東京で会いましょう。 日本語のテキスト',
      'emoji 😀🎉👍🏽 and symbols ∑∫√',
      'function f(x) { return x ** 2; } // code',
      'a',
    ];
    for (const text of texts) {
      const req: ModelRequest = {
        ...request([user('x1', text), user('x2', text.repeat(3))], text),
        tools: [
          { name: 'read_file', description: text, parameters: { type: 'object', properties: {} } },
        ],
      };
      expect(requestTokensAtMost(req)).toBeGreaterThanOrEqual(countRequest(counter, req).total);
    }
  });
});

describe('compaction on a short thread', () => {
  it('passes a request under the trigger by its length alone without counting it', async () => {
    const settings = () => ({ ...COMPACTION_PRESETS.default });
    const chain = [
      createTruncationMiddleware({ settings, contextWindow: 128_000, counter }),
      createSummarizationMiddleware({
        settings,
        contextWindow: 128_000,
        counter,
        summarize: async () => 'never',
      }),
    ];
    const fs = await memoryFs();
    const context = contextOn(fs);
    const req = request([user('s1', `A message never counted before ${Math.random()}.`)]);
    const before = { ...counter.stats };
    for (const mw of chain) {
      const out = await sent(mw.wrapModelCall!, req, context);
      expect(out.messages).toEqual(req.messages);
      expect(out.system).toBe(req.system);
    }
    expect(counter.stats.misses).toBe(before.misses);
    expect(counter.stats.messageMisses).toBe(before.messageMisses);

    // With a 100-token window the bound is over the trigger (85): the request is counted as before.
    const small = createSummarizationMiddleware({
      settings,
      contextWindow: 100,
      counter,
      summarize: async () => 'never',
    });
    await sent(small.wrapModelCall!, req, context);
    expect(counter.stats.messageMisses).toBe(before.messageMisses + 1);
  });
});
