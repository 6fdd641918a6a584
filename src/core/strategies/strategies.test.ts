// Each strategy against seed 003's behaviour on scripted turn sequences, run through the real loop
// and the one pipeline the app uses; and properties over random threads with tool calls.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events';
import type { ThreadState } from '../agent/middleware';
import { memoryFs, scriptedProvider } from '../../../tests/fixtures/agent';
import type { Message, ModelMessage, ModelRequest } from '../agent/types';
import { seeded, randomThread } from '../../../tests/fixtures/threads';
import { countRequest, encodingForModel, loadEncoder, type TokenCounter } from '../tokens/counter';
import { createHarness } from '../harness/harness';
import { preferredSemantic } from '../harness/pipeline';
import { createRankerResolver } from '../retrieval/rank';
import { DEFAULT_SETTINGS } from '../settings';
import { getStrategyState, STRATEGY_SECTION_KIND, turnCount, withStrategy } from './middleware';
import { offlineStep } from './offline';
import {
  defaultSelection,
  getStrategy,
  parseStrategySettings,
  strategyChoiceSlot,
  strategyOf,
  STRATEGY_LIST,
} from './registry';
import { linkEntities } from './kinds/graph';
import { answerText, dialogue, pastAndCurrent, splitTurns, userText } from './turns';
import type { StepFn, StrategyEnv, StrategyId, StrategySelection } from './types';
import { STRATEGY_IDS } from './types';

let counter: TokenCounter;

async function thread(
  selection: StrategySelection | (() => StrategySelection),
  options: { step?: StepFn; layers?: boolean; semantic?: StrategyEnv['semantic'] } = {},
) {
  counter ??= await loadEncoder(encodingForModel('gpt-4o'));
  const fs = await memoryFs();
  const state: ThreadState = {};
  const history: Message[] = [];
  const events: AgentEvent[] = [];
  const requests: ModelRequest[] = [];
  const select = typeof selection === 'function' ? selection : () => selection;
  const settings = { ...DEFAULT_SETTINGS, facts: { ...DEFAULT_SETTINGS.facts, enabled: false } };

  async function say(text: string, answer = `Noted: ${text}`) {
    history.push({ role: 'user', id: `u${history.length}`, content: text, createdAt: Date.now() });
    const { provider, requests: sent } = scriptedProvider([{ text: answer }]);
    const harness = createHarness({
      provider,
      model: 'gpt-4o',
      systemPrompt: 'You are helpful.',
      tools: [],
      counter,
      contextWindow: 128_000,
      settings: () => settings,
      strategy: select,
      layers: { agentsMd: options.layers ?? false, facts: false },
      fs,
      summarize: async () => 'unused',
      step: options.step ?? offlineStep((t) => counter.count(t)),
      ...(options.semantic ? { semantic: options.semantic } : {}),
    });
    await harness.run({
      threadId: 't1',
      history,
      state,
      emit: (event) => {
        events.push(event);
        if (event.type === 'message') history.push(event.message);
      },
    });
    const request = sent[0]!;
    requests.push(request);
    return request;
  }
  return { say, state, events, requests, history };
}

const userTexts = (request: ModelRequest) =>
  request.messages.filter((m) => m.role === 'user').map((m) => m.content);
const section = (request: ModelRequest, name: string) =>
  request.sections?.find((s) => s.name === name && s.kind === STRATEGY_SECTION_KIND)?.text ?? '';
const contextEvents = (events: AgentEvent[]) =>
  events.flatMap((e) => (e.type === 'context-event' ? [e.event] : []));

const sel = (id: StrategyId, settings: Record<string, unknown> = {}): StrategySelection => ({
  id,
  settings: { ...defaultSelection(id).settings, ...settings },
});

describe('the registry', () => {
  it('strategyOf gives one frozen selection per stored choice, and a new one when the choice is replaced', () => {
    const state: ThreadState = {};
    const first = strategyOf(state, 'deep-agents');
    expect(first).toEqual(defaultSelection('deep-agents'));
    expect(strategyOf(state, 'deep-agents')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.settings)).toBe(true);
    strategyChoiceSlot.write(state, { id: 'sliding-window', settings: { windowTurns: 3 } });
    const chosen = strategyOf(state, 'deep-agents');
    expect(chosen).toEqual({
      id: 'sliding-window',
      settings: { ...defaultSelection('sliding-window').settings, windowTurns: 3 },
    });
    expect(strategyOf(state, 'deep-agents')).toBe(chosen);
    expect(() => {
      (chosen.settings as Record<string, unknown>).windowTurns = 9;
    }).toThrow();
    strategyChoiceSlot.write(state, { id: 'sliding-window', settings: { windowTurns: 5 } });
    expect(strategyOf(state, 'deep-agents').settings.windowTurns).toBe(5);
  });

  it('has the ten strategies, Deep Agents first, each with a description', () => {
    expect(STRATEGY_LIST.map((s) => s.label)).toEqual([
      'Deep Agents',
      'Sequential',
      'Sliding window',
      'Summarization',
      'Retrieval',
      'Memory-augmented',
      'Hierarchical',
      'Graph',
      'Compression',
      'OS-like paging',
    ]);
    for (const s of STRATEGY_LIST) expect(s.description.length).toBeGreaterThan(20);
  });

  it('uses the seed defaults', () => {
    expect(defaultSelection('sliding-window').settings).toEqual({ windowTurns: 4 });
    expect(defaultSelection('summarization').settings).toEqual({ threshold: 4 });
    expect(defaultSelection('retrieval').settings).toMatchObject({ k: 2 });
    expect(defaultSelection('memory-augmented').settings).toEqual({ windowTurns: 2 });
    expect(defaultSelection('hierarchical').settings).toMatchObject({
      windowTurns: 2,
      k: 2,
      keywords: ['remember', 'rule', 'preference', 'always', 'never', 'allergic'],
    });
    expect(defaultSelection('paging').settings).toMatchObject({ ramTurns: 2 });
  });

  it('refuses a setting out of range with its label and valid range', () => {
    const result = parseStrategySettings('sliding-window', { windowTurns: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/Window size \(turns\).*1 to 100/);
    const keywords = parseStrategySettings('hierarchical', { keywords: [] });
    expect(keywords.ok).toBe(false);
    if (!keywords.ok) expect(keywords.problems[0]).toContain('Promotion keywords');
  });
});

describe('strategies on scripted turns', () => {
  it('sequential sends every turn', async () => {
    const t = await thread(sel('sequential'));
    for (let i = 1; i <= 5; i++) await t.say(`message ${i}`);
    expect(userTexts(t.requests[4]!)).toEqual([1, 2, 3, 4, 5].map((i) => `message ${i}`));
  });

  it('sliding window drops turn 1 at turn N+1', async () => {
    const t = await thread(sel('sliding-window', { windowTurns: 2 }));
    await t.say('turn 1');
    await t.say('turn 2');
    const third = await t.say('turn 3');
    expect(userTexts(third)).toEqual(['turn 1', 'turn 2', 'turn 3']);
    const fourth = await t.say('turn 4');
    expect(userTexts(fourth)).toEqual(['turn 2', 'turn 3', 'turn 4']);
  });

  it('summarization merges the buffer at the threshold and sends summary + buffer', async () => {
    const t = await thread(sel('summarization', { threshold: 4 }));
    await t.say('My name is Dana and I live in Porto.');
    const second = await t.say('The budget is 900 euros.');
    expect(section(second, 'Running summary')).toBe('');
    // After turn 2 the buffer held 4 messages: it was merged.
    const third = await t.say('What is my name?');
    expect(section(third, 'Running summary')).toContain('Dana');
    expect(userTexts(third)).toEqual(['What is my name?']);
    const steps = contextEvents(t.events).filter((e) => e.kind === 'strategy-step');
    expect(steps).toHaveLength(1);
    expect(steps[0]!.step).toMatchObject({ kind: 'summary-merge', offline: true });
    expect(steps[0]!.step!.inputTokens).toBeGreaterThan(0);
  });

  it('a failing step changes nothing, says why, and the turn still runs', async () => {
    const failing: StepFn = async () => {
      throw new Error('HTTP 500 from the memory model');
    };
    const t = await thread(sel('summarization', { threshold: 2 }), { step: failing });
    await t.say('first');
    const second = await t.say('second');
    expect(userTexts(second)).toEqual(['first', 'second']);
    const failed = contextEvents(t.events).filter((e) => e.kind === 'strategy-step-failed');
    expect(failed[0]!.detail).toContain('HTTP 500 from the memory model');
    expect(getStrategyState(t.state)!.data.store).toMatchObject({ summary: '', bufferStart: 0 });
  });

  it('an unusable answer (empty summary) changes nothing', async () => {
    const empty: StepFn = async () => ({
      text: '  ',
      inputTokens: 1,
      outputTokens: 0,
      offline: false,
    });
    const t = await thread(sel('summarization', { threshold: 2 }), { step: empty });
    await t.say('first');
    await t.say('second');
    expect(contextEvents(t.events).some((e) => e.kind === 'strategy-step-failed')).toBe(true);
    expect(getStrategyState(t.state)!.data.store).toMatchObject({ summary: '' });
  });

  for (const ranking of ['conversation', 'plain'] as const)
    it(`retrieval (${ranking} ranking) injects the past message that shares the query words`, async () => {
      const t = await thread(sel('retrieval', { k: 1, unit: 'message', dates: false, ranking }));
      await t.say('The locker code is 4417.');
      await t.say('I like green tea.');
      await t.say('Tomorrow we go hiking.');
      const ask = await t.say('What was the locker code?');
      expect(section(ask, 'Retrieved')).toContain('locker code is 4417');
      expect(section(ask, 'Retrieved')).not.toContain('green tea');
      expect(userTexts(ask)).toEqual(['What was the locker code?']);
      const report = getStrategyState(t.state)!.data.lastCall!;
      expect(report.method).toBe(ranking === 'plain' ? 'BM25' : 'BM25 + neighbours, session');
      expect(report.scored!.find((s) => s.injected)!.label).toBe('turn 1, user');
      // Scores shown in the panel are similarities: the best is 1.
      expect(report.scored![0]!.score).toBe(1);
    });

  it('retrieval by default ranks single messages with their neighbours and the named speaker', async () => {
    expect(defaultSelection('retrieval').settings).toEqual({
      k: 2,
      unit: 'message',
      dates: true,
      ranking: 'conversation',
    });
    // The assistant calls the user Sam; the answer to "what did Sam adopt" is the reply after the
    // question "What did you adopt?": it shares no word with the question but sits beside two
    // messages that do.
    const script = async (ranking: 'conversation' | 'plain') => {
      const t = await thread(sel('retrieval', { k: 3, ranking }));
      await t.say('Guess what, I adopted something last week!', 'Wow, Sam! What did you adopt?');
      await t.say('A grey kitten called Pebble.', 'Lovely, Sam!');
      await t.say('My sister adopted a puppy.', 'Nice, Sam!');
      await t.say('We talked about adoption at work.', 'Interesting, Sam.');
      const ask = await t.say('What pet did Sam adopt?');
      return {
        retrieved: section(ask, 'Retrieved'),
        report: getStrategyState(t.state)!.data.lastCall!,
      };
    };
    const conversation = await script('conversation');
    expect(conversation.retrieved).toContain('User said: A grey kitten called Pebble.');
    expect(conversation.retrieved).toMatch(/\[\d{4}-\d{2}-\d{2}\] User said: /);
    expect(conversation.report.method).toBe('BM25 + neighbours, session, speaker (user)');
    const plain = await script('plain');
    expect(plain.retrieved).not.toContain('kitten');
    expect(plain.report.method).toBe('BM25');
  });

  it('retrieval fuses embedding similarities by reciprocal rank when the embedder gives them', async () => {
    // A stand-in embedder: "kitten" and "pet" mean the same; everything else is unrelated.
    const semantic: StrategyEnv['semantic'] = async (query, docs) =>
      new Map(
        docs.map((d) => [
          d.id,
          /kitten|pet/i.test(d.text) && /kitten|pet/i.test(query) ? 0.9 : 0.05,
        ]),
      );
    const t = await thread(sel('retrieval', { k: 2 }), { semantic });
    await t.say('I adopted a grey kitten.', 'Lovely!');
    await t.say('The weather is nice.', 'Indeed.');
    await t.say('Lunch was pasta.', 'Yum.');
    const ask = await t.say('Which pet does she have?');
    const report = getStrategyState(t.state)!.data.lastCall!;
    expect(report.method).toBe('Embeddings + BM25 (reciprocal rank) + neighbours, session');
    expect(section(ask, 'Retrieved')).toContain('grey kitten');
    // Without embeddings (the embedder not ready: undefined) the strategy ranks lexically.
    const lexical = await thread(sel('retrieval', { k: 2 }), { semantic: async () => undefined });
    await lexical.say('I adopted a grey kitten.', 'Lovely!');
    const none = await lexical.say('Which pet does she have?');
    expect(getStrategyState(lexical.state)!.data.lastCall!.method).toBe(
      'BM25 + neighbours, session',
    );
    expect(section(none, 'Retrieved')).toBe('');
    // An embedder that fails during the call: the strategy ranks lexically and the turn goes on.
    const failing = await thread(sel('retrieval', { k: 1 }), {
      semantic: async () => {
        throw new Error('worker crashed');
      },
    });
    await failing.say('I adopted a grey kitten.', 'Lovely!');
    const asked = await failing.say('Which kitten did she adopt?');
    expect(section(asked, 'Retrieved')).toContain('grey kitten');
    expect(getStrategyState(failing.state)!.data.lastCall!.method).toBe(
      'BM25 + neighbours, session',
    );
  });

  it('retrieval by turns ranks each turn by its best message under conversation ranking', async () => {
    const t = await thread(sel('retrieval', { k: 1, unit: 'turn', dates: false }));
    await t.say('I like green tea.', 'Green tea is nice.');
    await t.say('The locker code is 4417.', 'Got it.');
    await t.say('Tomorrow we go hiking.', 'Have fun.');
    const ask = await t.say('What was the locker code?');
    expect(section(ask, 'Retrieved')).toContain(
      'User: The locker code is 4417.\nAssistant: Got it.',
    );
    const report = getStrategyState(t.state)!.data.lastCall!;
    expect(report.scored![0]).toMatchObject({ label: 'turn 2', score: 1, injected: true });
  });

  it('strategy embeddings are asked for only when wanted and ready', async () => {
    const embedder = {
      modelId: 'fake',
      embed: async (texts: string[]) =>
        texts.map((text) => Float32Array.from([text.includes('tea') ? 1 : 0, 1])),
    };
    let state: 'ready' | 'loading' = 'loading';
    const resolver = createRankerResolver({ embedder: () => embedder, status: () => ({ state }) });
    let want = false;
    const semantic = preferredSemantic(resolver, () => want);
    const docs = [
      { id: 'a', text: 'green tea' },
      { id: 'b', text: 'hiking' },
    ];
    expect(await semantic('tea', docs)).toBeUndefined();
    want = true;
    expect(await semantic('tea', docs)).toBeUndefined(); // still loading
    state = 'ready';
    const similarities = await semantic('tea', docs);
    expect(similarities!.get('a')).toBeGreaterThan(similarities!.get('b')!);
  });

  it('memory-augmented keeps extracted facts past the window; "No important fact." adds nothing', async () => {
    const t = await thread(sel('memory-augmented', { windowTurns: 1 }));
    await t.say('I am allergic to peanuts.');
    await t.say('ok');
    const third = await t.say('What should I avoid?');
    expect(section(third, 'Memory tokens')).toContain('allergic to peanuts');
    expect(userTexts(third)).toEqual(['ok', 'What should I avoid?']);
    const store = getStrategyState(t.state)!.data.store as { facts: unknown[] };
    expect(store.facts).toHaveLength(1);
  });

  it('hierarchical promotes only keyword turns and retrieves them', async () => {
    const t = await thread(sel('hierarchical', { windowTurns: 1, k: 1 }));
    await t.say('Remember that my sister is called Ines.');
    await t.say('The weather is nice.');
    await t.say('Always answer in French.');
    await t.say('Let us talk.');
    const store = getStrategyState(t.state)!.data.store as {
      promoted: { turn: number; keyword: string }[];
    };
    expect(store.promoted.map((p) => [p.turn, p.keyword])).toEqual([
      [0, 'remember'],
      [2, 'always'],
    ]);
    const ask = await t.say('What is my sister called?');
    expect(section(ask, 'Long-term')).toContain('Ines');
    expect(userTexts(ask)).toEqual(['Let us talk.', 'What is my sister called?']);
  });

  it('graph links "alice" to the node "Alice", multi-word names included', async () => {
    expect(linkEntities('what does alice like?', ['Alice', 'Bob'])).toEqual(['Alice']);
    expect(linkEntities('tell me about new york', ['New York', 'York'])).toContain('New York');
    expect(linkEntities('malice', ['Alice'])).toEqual([]);
    const t = await thread(sel('graph'));
    await t.say('Alice works at Acme. Bob lives in Paris.');
    const ask = await t.say('where does alice work?');
    expect(section(ask, 'Graph facts')).toContain('Alice --[works at]--> Acme');
    expect(section(ask, 'Graph facts')).not.toContain('Bob');
    expect(getStrategyState(t.state)!.data.lastCall!.linkedEntities).toEqual(['Alice']);
  });

  it('graph ranking keeps only the best edges of a hub entity', async () => {
    const t = await thread(sel('graph', { rankEdges: true, maxEdges: 1 }));
    await t.say('Alice likes tea. Alice owns Rex. Alice visited Rome.');
    const ask = await t.say('which dog does alice own? Rex?');
    const facts = section(ask, 'Graph facts');
    expect(facts.split('\n').filter((l) => l.includes('-->'))).toHaveLength(1);
    expect(facts).toContain('owns');
  });

  it('compression keeps one sentence per turn and nothing else', async () => {
    const t = await thread(sel('compression'));
    await t.say('My flight leaves at 7:40 on Friday.');
    await t.say('The hotel is near the station.');
    const third = await t.say('When do I fly?');
    const facts = section(third, 'Compressed facts');
    expect(facts.match(/^- /gm)).toHaveLength(2);
    expect(facts).toContain('7:40');
    expect(userTexts(third)).toEqual(['When do I fly?']);
  });

  it('paging pages out the oldest turn and pages it in on a shared word', async () => {
    const t = await thread(sel('paging', { ramTurns: 2 }));
    await t.say('The wifi password is sunflower42.');
    await t.say('Dinner is at eight.');
    await t.say('The train is late.');
    const store = getStrategyState(t.state)!.data.store as { ram: number[]; disk: number[] };
    expect(store).toEqual({ ram: [1, 2], disk: [0] });
    const ask = await t.say('What is the wifi password?');
    expect(section(ask, 'Paged in')).toContain('sunflower42');
    expect(userTexts(ask)).toEqual([
      'Dinner is at eight.',
      'The train is late.',
      'What is the wifi password?',
    ]);
    expect(getStrategyState(t.state)!.data.lastCall!.pageFaults).toEqual([0]);
    const other = await t.say('And dessert?');
    expect(section(other, 'Paged in')).toBe('');
  });

  it('switching strategy mid-thread takes effect at the next call, is an event, loses no message', async () => {
    let current = sel('sequential');
    const t = await thread(() => current);
    await t.say('one');
    await t.say('two');
    current = sel('sliding-window', { windowTurns: 1 });
    const third = await t.say('three');
    expect(userTexts(third)).toEqual(['two', 'three']);
    const changed = contextEvents(t.events).filter((e) => e.kind === 'strategy-changed');
    expect(changed[0]!.detail).toContain('Sequential → Sliding window');
    expect(t.history.filter((m) => m.role === 'user')).toHaveLength(3);
    current = sel('sliding-window', { windowTurns: 3 });
    const fourth = await t.say('four');
    expect(userTexts(fourth)).toEqual(['one', 'two', 'three', 'four']);
    expect(contextEvents(t.events).filter((e) => e.kind === 'strategy-changed')).toHaveLength(2);
  });

  it('a model-backed strategy chosen mid-thread catches up on the earlier turns', async () => {
    let current = sel('sequential');
    const t = await thread(() => current);
    await t.say('I am allergic to shellfish.');
    await t.say('fine');
    current = sel('memory-augmented', { windowTurns: 1 });
    const third = await t.say('Anything to avoid?');
    expect(section(third, 'Memory tokens')).toContain('shellfish');
  });
});

describe('turns', () => {
  it("keep every message of the assistant's reply, not only the last", () => {
    // An imported transcript whose second speaker says two things in a row, and a reply with text
    // before a tool call: what was said in each message belongs to the turn's answer.
    const at = 0;
    const messages: ModelMessage[] = [
      { role: 'user', id: 'u1', content: 'Where did you go last summer?', createdAt: at },
      { role: 'assistant', id: 'a1', content: 'We drove to Lisbon.', createdAt: at },
      { role: 'assistant', id: 'a2', content: 'Then the kids wanted Porto.', createdAt: at },
      { role: 'user', id: 'u2', content: 'Check my notes', createdAt: at },
      {
        role: 'assistant',
        id: 'a3',
        content: 'Reading the notes first.',
        toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"file_path":"/notes.md"}' }],
        createdAt: at,
      },
      {
        role: 'tool',
        id: 't1',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: 'ok',
        createdAt: at,
      },
      { role: 'assistant', id: 'a4', content: 'Your notes say: buy milk.', createdAt: at },
    ];
    const [first, second] = splitTurns(messages);
    expect(answerText(first!)).toBe('We drove to Lisbon.\nThen the kids wanted Porto.');
    expect(dialogue(first!).map((m) => m.content)).toEqual([
      'Where did you go last summer?',
      'We drove to Lisbon.\nThen the kids wanted Porto.',
    ]);
    expect(answerText(second!)).toBe('Reading the notes first.\nYour notes say: buy milk.');
  });
});

/** One model call through the harness's strategy middleware (no memory layers): what it sends. */
async function sendThroughStrategy(
  selection: StrategySelection,
  state: ThreadState,
  messages: ModelMessage[],
): Promise<ModelRequest> {
  counter ??= await loadEncoder(encodingForModel('gpt-4o'));
  const fs = await memoryFs();
  const { middleware } = createHarness({
    model: 'gpt-4o',
    counter,
    contextWindow: 128_000,
    settings: () => DEFAULT_SETTINGS,
    strategy: () => selection,
    layers: { agentsMd: false, facts: false },
    fs,
    tools: [],
    summarize: async () => 'unused',
    step: offlineStep((t) => counter.count(t)),
  });
  const strategyMw = middleware.find((m) => m.name === 'Context strategy')!;
  const context = {
    threadId: 't',
    fs,
    signal: new AbortController().signal,
    state,
    emit: () => {},
  };
  let sent: ModelRequest | undefined;
  await strategyMw.beforeAgent?.(context);
  await strategyMw.wrapModelCall!(
    { model: 'gpt-4o', system: 'S', messages, tools: [] },
    async (request) => {
      sent = request;
      return { message: { role: 'assistant', id: 'x', content: 'ok', createdAt: 0 } };
    },
    context,
  );
  return sent!;
}

describe('properties over random threads with tool calls', () => {
  const pairsIntact = (messages: readonly ModelMessage[]) => {
    const calls = new Set<string>();
    const results = new Set<string>();
    for (const m of messages) {
      if (m.role === 'assistant') for (const c of m.toolCalls ?? []) calls.add(c.id);
      if (m.role === 'tool') results.add(m.toolCallId);
    }
    return [...calls].every((id) => results.has(id)) && [...results].every((id) => calls.has(id));
  };

  it('no strategy splits a tool call from its result, and every request is counted exactly by section', async () => {
    counter ??= await loadEncoder(encodingForModel('gpt-4o'));
    const random = seeded(11);
    for (const id of STRATEGY_IDS) {
      for (let trial = 0; trial < 4; trial++) {
        const messages = randomThread(random, 4 + Math.floor(random() * 10));
        const turns = splitTurns(messages);
        const past = turns.slice(0, -1);
        const current = turns[turns.length - 1]!.messages;
        const state: ThreadState = {};
        // Let the strategy take in every past turn, then build the last call.
        const sent = await sendThroughStrategy(
          sel(id, id === 'sliding-window' ? { windowTurns: 1 + Math.floor(random() * 3) } : {}),
          state,
          [...past.flatMap((t) => t.messages), ...current],
        );
        expect(pairsIntact(sent.messages), `${id} trial ${trial}`).toBe(true);
        const breakdown = countRequest(counter, sent);
        const parts =
          breakdown.system +
          breakdown.memory +
          breakdown.facts +
          breakdown.summary +
          breakdown.messages +
          breakdown.toolResults +
          breakdown.tools +
          Object.values(breakdown.strategy ?? {}).reduce((a, b) => a + b, 0);
        expect(parts).toBe(breakdown.total);
        for (const s of sent.sections ?? [])
          if (s.kind === STRATEGY_SECTION_KIND)
            expect(breakdown.strategy![s.name]).toBe(counter.count(s.text));
        expect(sent.messages.slice(-current.length)).toEqual(current);
      }
    }
  });

  it('a strategy that carries everything sends what its build would, and reports the same turns', async () => {
    counter ??= await loadEncoder(encodingForModel('gpt-4o'));
    const random = seeded(23);
    for (const id of ['sequential', 'deep-agents'] as const) {
      const strategy = getStrategy(id);
      expect(strategy.carriesEverything).toBe(true);
      for (let trial = 0; trial < 6; trial++) {
        const messages = randomThread(random, 1 + Math.floor(random() * 12));
        const { past, current } = pastAndCurrent(messages);
        const expected = withStrategy(
          { model: 'gpt-4o', system: 'S', messages, tools: [] },
          strategy.label,
          await strategy.build({
            turns: past,
            query: userText({ index: past.length, messages: current }),
            settings: {},
            data: null,
            env: {
              rank: async () => ({ method: 'none', scores: new Map() }),
              count: (t) => t.length,
            },
          }),
          current,
        );
        const state: ThreadState = {};
        const sent = await sendThroughStrategy(sel(id, {}), state, messages);
        expect(sent.messages, `${id} trial ${trial}`).toEqual(expected.messages);
        expect(sent.system).toBe(expected.system);
        const lastCall = getStrategyState(state)!.data.lastCall!;
        expect(lastCall.keptTurns).toEqual(past.map((t) => t.index));
        expect(lastCall.pastTurns).toBe(past.length);
        expect(lastCall.query).toBe(userText({ index: past.length, messages: current }));
        expect(turnCount(messages)).toEqual({ pastTurns: past.length, query: lastCall.query });
      }
    }
    expect(turnCount([])).toEqual({ pastTurns: 0, query: '' });
  });

  it('withStrategy keeps the system prompt first and names each block', () => {
    const request = withStrategy(
      { model: 'm', system: 'BASE', messages: [], tools: [] },
      'Summarization',
      {
        messages: [],
        blocks: [{ section: 'Running summary', text: '<b>x</b>' }],
        report: { keptTurns: [] },
      },
      [],
    );
    expect(request.system.startsWith('BASE')).toBe(true);
    expect(request.sections).toEqual([
      { name: 'Running summary', text: '<b>x</b>', kind: 'strategy' },
    ]);
  });
});

describe('store caps', () => {
  it('drop the oldest entries and say so, never silently', async () => {
    const { keepNewest } = await import('./caps');
    expect(keepNewest([1, 2, 3], 5, 'X is')).toEqual({ items: [1, 2, 3], notes: [] });
    const capped = keepNewest([1, 2, 3, 4], 2, 'The graph is');
    expect(capped.items).toEqual([3, 4]);
    expect(capped.notes).toEqual([
      { kind: 'strategy-evicted', detail: 'The graph is capped at 2: the 2 oldest were dropped.' },
    ]);
  });
});
