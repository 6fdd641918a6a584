// Harness overhead per model call: everything the app does around a model call except the provider
// itself, through the harness the app runs (createHarness: AGENTS.md memory injection, fact
// injection, the thread's context strategy, old tool-input truncation and summarization decisions
// with their token counting, offload) plus the per-call token estimate the chat store records and the
// after-turn hooks — for threads of 10, 100 and 1,000 messages and for a 200,000-token history, with
// the Deep Agents strategy (the default). Then every context strategy at 100 and 1,000 messages
// (model steps answered at once by the offline stand-ins). The provider answers instantly, so the
// figures are the harness alone. Then what the token cache saves (cold vs warm counts).
// Prints figures; asserts nothing.
//
//   npm run bench                 (node scripts/run-ts.mjs scripts/bench.ts)
//   npm run bench -- --quick      (fewer iterations)
//   npm run bench -- --strategies (only the per-strategy table)
//   npm run bench -- --strategies --strategy paging (one strategy, e.g. under node --cpu-prof)

import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { Tiktoken } from 'js-tiktoken/lite';
import type { ThreadState } from '../src/core/agent/middleware';
import type { AssistantMessage, ModelProvider } from '../src/core/agent/types';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import { memoryFs } from '../src/core/fs/in-memory';
import type { ModelMessage, ModelRequest } from '../src/core/agent/types';
import { getCompactionState } from '../src/core/compaction/compaction';
import {
  countRequest,
  createBpeTokenizer,
  createTokenCounter,
  loadRanks,
  type TokenCounter,
} from '../src/core/tokens/counter';
import { createFsTools } from '../src/core/fs/tools';
import { emptyMemory, FACT_CATEGORIES } from '../src/core/memory/facts/schema';
import { createMemoryLoader } from '../src/core/memory/facts/store';
import { createHarness } from '../src/core/harness/harness';
import { bm25Rank } from '../src/core/harness/pipeline';
import { createRankerResolver } from '../src/core/retrieval/rank';
import { COMPACTION_PRESETS } from '../src/core/compaction/settings';
import { DEFAULT_SETTINGS, type Settings } from '../src/core/settings';
import {
  initialStrategyState,
  STRATEGY_SECTION_KIND,
  STRATEGY_STATE_KEY,
} from '../src/core/strategies/middleware';
import { offlineStep } from '../src/core/strategies/offline';
import { defaultSelection, getStrategy, STRATEGY_LIST } from '../src/core/strategies/registry';
import { splitTurns } from '../src/core/strategies/turns';
import type { StrategyId, StrategyThreadState } from '../src/core/strategies/types';
import { completeThread, conversation, factSentence, id, text } from './bench-threads';

const QUICK = process.argv.includes('--quick');
const ONLY_STRATEGIES = process.argv.includes('--strategies');
/** `--strategy <id>`: only that strategy in the per-strategy table (for profiling). */
const STRATEGY_FILTER = process.argv[process.argv.indexOf('--strategy') + 1];
const ITERATIONS = QUICK ? 40 : 200;
const WARMUP = QUICK ? 5 : 20;
// The per-strategy sessions grow by two messages a turn: 100 turns take 1,000 messages to 1,220.
const STRATEGY_ITERATIONS = QUICK ? 40 : 100;
const STRATEGY_WARMUP = QUICK ? 5 : 10;
const ENCODING = 'o200k_base' as const; // gpt-4o and newer

/** A conversation grown until it holds `tokens` tokens of messages. */
function conversationOfTokens(tokens: number, counter: TokenCounter): ModelMessage[] {
  const out: ModelMessage[] = [];
  let total = 0;
  while (total < tokens) {
    const more = conversation(20);
    for (const message of more) {
      out.push(message);
      total += counter.countMessage(message);
      if (total >= tokens) break;
    }
  }
  // Never end on an assistant message with calls and no results.
  while (out.at(-1)?.role === 'assistant' && (out.at(-1) as { toolCalls?: unknown[] }).toolCalls)
    out.pop();
  return out;
}

// ---- measuring ----

const SUMMARY =
  '## SESSION INTENT\nBuild the report.\n## SUMMARY\n- Work so far.\n## ARTIFACTS\n- /notes\n## NEXT STEPS\nContinue.';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

interface Scenario {
  label: string;
  messages: ModelMessage[];
  contextWindow: number;
}

/**
 * A strategy's state after it has taken in every turn of the thread, as in a session that used it
 * from the start: its own update, with the offline stand-ins answering the model steps. Setup only,
 * not timed.
 */
async function primedStrategyState(
  id: StrategyId,
  messages: readonly ModelMessage[],
  counter: TokenCounter,
): Promise<StrategyThreadState> {
  const state = initialStrategyState(defaultSelection(id));
  const strategy = getStrategy(id);
  const turns = splitTurns(messages);
  if (strategy.update) {
    const step = offlineStep((t) => counter.count(t));
    const env = { rank: bm25Rank(), count: (t: string) => counter.count(t) };
    const signal = new AbortController().signal;
    for (let i = 0; i < turns.length; i++) {
      const result = await strategy.update({
        turn: turns[i]!,
        turns: turns.slice(0, i + 1),
        settings: state.settings,
        data: state.data.store,
        step,
        env,
        signal,
      });
      state.data.store = result.data;
    }
  }
  state.data.processed = turns.length;
  return state;
}

interface Overhead {
  /** The model call's way in: memory layers, strategy build, compaction, per-call estimate. */
  build: ReturnType<typeof stats>;
  /** After the turn: the strategy takes the turn in (offline stand-in for model steps). */
  update: ReturnType<typeof stats>;
  /** Build + update of the same turn. */
  perCall: ReturnType<typeof stats>;
  /** The same, in CPU time of this process (less sensitive to other processes on a busy machine). */
  perCallCpu: ReturnType<typeof stats>;
  /** Of build: the per-call token estimate by section (countRequest, as the chat store records it). */
  estimate: ReturnType<typeof stats>;
  summarizingCall: number | undefined;
  hitRate: number;
  /** What the last call's request carried: messages, and characters of strategy blocks. */
  carried: { messages: number; blockChars: number };
  /** Messages in the thread after the last turn (it grows in a growing session). */
  finalMessages: number;
}

/**
 * One thread's harness, built with createHarness as the app builds it (AGENTS.md memory, fact
 * memory, the strategy, compaction, offload, the file tools and execute), driven one turn at a time:
 * each turn brings a new user message, the provider answers at once, then the after-turn hooks run
 * (the strategy's update, its model steps answered at once by the offline stand-in). The thread
 * stays at its size: the strategy's state is put back to the primed one before every turn (outside
 * the timing).
 */
async function harnessOverhead(
  scenario: Scenario,
  tokenizer: { countTokens(text: string): number },
  strategyId: StrategyId = 'deep-agents',
  runs: { iterations: number; warmup: number; grow?: boolean } = {
    iterations: ITERATIONS,
    warmup: WARMUP,
  },
): Promise<Overhead> {
  // A fresh counter per scenario: its cache fills during the warm-up, as it would in a session.
  const counter = createTokenCounter(ENCODING, tokenizer);
  const fs = await memoryFs({
    '/memories/AGENTS.md': `# Memory\n\n${Array.from({ length: 30 }, () => `- ${text(12)}`).join('\n')}\n`,
    '/AGENTS.md': `# Project\n\n${text(200)}\n`,
    '/memories/memory.json': JSON.stringify(benchMemory()),
  });
  // Fact injection as the app runs it: memory.json read and parsed on every call, 100 facts ranked
  // (TF-IDF, the default) against the last 3 turns and cut at the 2,000-token budget.
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    compaction: { ...COMPACTION_PRESETS.default },
    refreshMemoryAfterEdits: true,
  };
  const selection = defaultSelection(strategyId);
  const state: ThreadState = {};
  let carried = { messages: 0, blockChars: 0 };
  let estimateMs = 0;
  let built = 0;
  let answer: AssistantMessage | undefined;
  // The provider does what the chat store does on 'model-call-start' (the estimate by section),
  // then answers at once with a final answer.
  const provider: ModelProvider = {
    id: 'instant',
    async complete(request) {
      const at = performance.now();
      countRequest(counter, request);
      estimateMs = performance.now() - at;
      carried = {
        messages: request.messages.length,
        blockChars: (request.sections ?? [])
          .filter((section) => section.kind === STRATEGY_SECTION_KIND)
          .reduce((sum, section) => sum + section.text.length, 0),
      };
      answer = { role: 'assistant', id: id('r'), content: text(30), createdAt: 0 };
      built = performance.now();
      return { message: answer };
    },
  };
  const harness = createHarness({
    provider,
    model: 'gpt-4o',
    counter,
    contextWindow: scenario.contextWindow,
    settings: () => settings,
    strategy: () => selection,
    fs,
    codeRunner: { run: async () => ({ output: '' }) },
    summarize: async () => SUMMARY, // the model's time is not the harness's
    step: offlineStep((t) => counter.count(t)),
    loadMemory: createMemoryLoader(fs),
    factRankers: createRankerResolver(),
  });

  // Fixed: every call is the same thread plus a new user message (the Deep Agents rows, as they
  // always were). Growing: a session going on from the thread, each turn (the user message and the
  // answer) kept for the next, so every cache and every periodic update (a summary merge every other
  // turn, a ranker index meeting one more document) behaves as in the app.
  const thread = completeThread(scenario.messages);
  state[STRATEGY_STATE_KEY] = await primedStrategyState(strategyId, thread, counter);
  const build: number[] = [];
  const update: number[] = [];
  const perCall: number[] = [];
  const perCallCpu: number[] = [];
  const estimate: number[] = [];
  let summarizingCall: number | undefined;
  for (let i = 0; i < runs.warmup + runs.iterations; i++) {
    // Each call brings one new user message, like the next turn of the session.
    const question: ModelMessage = {
      role: 'user',
      id: id('new'),
      content: runs.grow ? `${text(40)} ${factSentence()}` : text(40),
      createdAt: 0,
    };
    const hadSummary = getCompactionState(state).summary?.count ?? 0;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await harness.run({ threadId: 'bench', history: [...thread, question], state });
    const end = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    if (runs.grow && answer) thread.push(question, answer);
    if ((getCompactionState(state).summary?.count ?? 0) > hadSummary)
      summarizingCall = built - start;
    else if (i >= runs.warmup) {
      build.push(built - start);
      update.push(end - built);
      perCall.push(end - start);
      perCallCpu.push((cpu.user + cpu.system) / 1000);
      estimate.push(estimateMs);
    }
  }
  const { messageHits, messageMisses } = counter.stats;
  return {
    build: stats(build),
    update: stats(update),
    perCall: stats(perCall),
    perCallCpu: stats(perCallCpu),
    estimate: stats(estimate),
    summarizingCall,
    hitRate: messageHits / Math.max(1, messageHits + messageMisses),
    carried,
    finalMessages: thread.length,
  };
}

async function cacheSavings(
  messages: ModelMessage[],
  tokenizer: { countTokens(text: string): number },
  runs: number,
) {
  const request: ModelRequest = {
    model: 'gpt-4o',
    system: BASE_SYSTEM_PROMPT,
    messages,
    tools: createFsTools().map((tool) => tool.schema),
  };
  const cold: number[] = [];
  const warm: number[] = [];
  let tokens = 0;
  for (let r = 0; r < runs; r++) {
    const counter = createTokenCounter(ENCODING, tokenizer); // empty caches
    let start = performance.now();
    tokens = countRequest(counter, request).total;
    cold.push(performance.now() - start);
    // Warm: the same thread, loaded again (new objects, as after a reload): the id+text cache.
    const copy = { ...request, messages: messages.map((m) => ({ ...m })) };
    start = performance.now();
    countRequest(counter, copy);
    warm.push(performance.now() - start);
  }
  return { tokens, cold: stats(cold).median, warm: stats(warm).median };
}

// ---- run ----

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} ms`);
const pad = (value: string, width: number) => value.padEnd(width);

const ranks = await loadRanks(ENCODING);
let start = performance.now();
const tokenizer = createBpeTokenizer(ranks);
const loadMs = performance.now() - start;
const sizing = createTokenCounter(ENCODING, tokenizer);

const history200k = conversationOfTokens(200_000, sizing);
const scenarios: Scenario[] = [
  { label: '10 messages', messages: conversation(10), contextWindow: 128_000 },
  { label: '100 messages', messages: conversation(100), contextWindow: 128_000 },
  { label: '1,000 messages', messages: conversation(1_000), contextWindow: 128_000 },
  { label: '200k-token history, 1M window', messages: history200k, contextWindow: 1_047_576 },
  { label: '200k-token history, 128k window', messages: history200k, contextWindow: 128_000 },
];

console.log(
  `Harness overhead per model call (${cpus().length} CPU cores, load average ${loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${ENCODING}; ` +
    `${ITERATIONS} calls after ${WARMUP} warm-up calls; provider answers instantly)`,
);
if (!ONLY_STRATEGIES) {
  console.log(
    'Harness (createHarness, Deep Agents strategy): AGENTS.md injection → fact injection (100 facts, TF-IDF) → strategy (whole thread) → tool-input truncation → summarization → offload; per-call estimate by section; after-turn hooks.',
  );
  console.log('');
  console.log(
    `${pad('thread', 34)}${pad('tokens', 10)}${pad('median', 11)}${pad('p95', 11)}${pad('max', 11)}${pad('summarizing call', 18)}message cache hits`,
  );
  for (const scenario of scenarios) {
    const tokens = scenario.messages.reduce((sum, m) => sum + sizing.countMessage(m), 0);
    const result = await harnessOverhead(scenario, tokenizer);
    console.log(
      `${pad(scenario.label, 34)}${pad(tokens.toLocaleString('en-US'), 10)}${pad(ms(result.perCall.median), 11)}${pad(ms(result.perCall.p95), 11)}${pad(ms(result.perCall.max), 11)}${pad(ms(result.summarizingCall), 18)}${(result.hitRate * 100).toFixed(1)}%`,
    );
  }
  console.log('');
  console.log(
    '"summarizing call": the one call that summarized (history file write, transcript, state), model time excluded.',
  );
  console.log('');
}

// Every context strategy, with its default settings, through the same pipeline. "build" is the
// model call's way in (layers, the strategy's build, compaction when Deep Agents, the per-call
// estimate); "update" is what runs after the turn (the strategy taking the turn in, its model steps
// answered at once by the offline stand-in); "per call" is both, for the same turn.
const strategyThreads = [
  { label: '100', messages: conversation(100, { facts: true }) },
  { label: '1,000', messages: conversation(1_000, { facts: true }) },
];
console.log(
  'Context strategies: harness overhead per model call, default settings, 128k window (target: per-call median ≤ 5 ms at 1,000 messages).',
);
console.log('');
console.log(
  `${pad('strategy', 18)}${pad('messages', 13)}${pad('build', 10)}${pad('update', 10)}${pad('estimate', 10)}${pad('per call median', 17)}${pad('per call p95', 14)}${pad('CPU median', 12)}${pad('CPU p95', 11)}request carries`,
);
for (const strategy of STRATEGY_LIST) {
  if (process.argv.includes('--strategy') && strategy.id !== STRATEGY_FILTER) continue;
  for (const thread of strategyThreads) {
    const result = await harnessOverhead(
      { label: thread.label, messages: thread.messages, contextWindow: 128_000 },
      tokenizer,
      strategy.id,
      { iterations: STRATEGY_ITERATIONS, warmup: STRATEGY_WARMUP, grow: true },
    );
    const messages = `${completeThread(thread.messages).length.toLocaleString('en-US')}→${result.finalMessages.toLocaleString('en-US')}`;
    const carries = `${result.carried.messages} messages${result.carried.blockChars ? ` + ${result.carried.blockChars.toLocaleString('en-US')} chars of blocks` : ''}`;
    console.log(
      `${pad(strategy.label, 18)}${pad(messages, 13)}${pad(ms(result.build.median), 10)}${pad(ms(result.update.median), 10)}${pad(ms(result.estimate.median), 10)}${pad(ms(result.perCall.median), 17)}${pad(ms(result.perCall.p95), 14)}${pad(ms(result.perCallCpu.median), 12)}${pad(ms(result.perCallCpu.p95), 11)}${carries}${result.summarizingCall !== undefined ? `  (+1 summarizing call, ${ms(result.summarizingCall)}, not in the figures)` : ''}`,
    );
  }
}
console.log(
  'build / update: medians (wall clock); estimate: the part of build spent on the per-call token estimate by section (countRequest); per call = build + update of the same turn; CPU: the same per-call figure in process CPU time (less sensitive to other processes on a busy machine).',
);
console.log(
  `Sessions going on from threads of 100 and 1,000 messages (half the user messages state a fact: names, places, "remember…", "allergic…"), each strategy primed as if used from the start; ${STRATEGY_ITERATIONS} turns after ${STRATEGY_WARMUP} warm-up turns, each kept, so the thread grows as shown.`,
);
console.log('');
if (ONLY_STRATEGIES) process.exit(0);

console.log('What the token cache saves (countRequest on the whole thread, median):');
console.log(`${pad('thread', 34)}${pad('tokens', 10)}${pad('cold', 12)}${pad('warm', 12)}saved`);
for (const [label, messages, runs] of [
  ['100 messages', conversation(100), QUICK ? 3 : 9],
  ['1,000 messages', conversation(1_000), QUICK ? 3 : 5],
  ['200k-token history', history200k, 3],
] as const) {
  const result = await cacheSavings([...messages], tokenizer, runs);
  const saved = 1 - result.warm / result.cold;
  console.log(
    `${pad(label, 34)}${pad(result.tokens.toLocaleString('en-US'), 10)}${pad(ms(result.cold), 12)}${pad(ms(result.warm), 12)}${(saved * 100).toFixed(1)}%`,
  );
}
console.log('');

// The tokenizer: our byte-pair counter against js-tiktoken's encode on the same text.
const sample = history200k.map((m) => m.content).join('\n');
start = performance.now();
const ours = tokenizer.countTokens(sample);
const oursMs = performance.now() - start;
start = performance.now();
const reference = new Tiktoken(ranks);
const referenceLoadMs = performance.now() - start;
start = performance.now();
const theirs = reference.encode(sample, [], []).length;
const theirsMs = performance.now() - start;
const run = 'x'.repeat(20_000);
start = performance.now();
tokenizer.countTokens(run);
const runMs = performance.now() - start;
console.log('Tokenizer (cold, no cache):');
console.log(
  `  rank table load: ours ${ms(loadMs)}, js-tiktoken ${ms(referenceLoadMs)}\n` +
    `  ${sample.length.toLocaleString('en-US')} characters of message text: ours ${ms(oursMs)} (${ours.toLocaleString('en-US')} tokens), ` +
    `js-tiktoken encode ${ms(theirsMs)} (${theirs.toLocaleString('en-US')} tokens)\n` +
    `  one 20,000-character run without spaces: ours ${ms(runMs)} (js-tiktoken: tens of seconds, not run)`,
);

/** A memory.json with 100 facts of mixed categories and confidences. */
function benchMemory() {
  const memory = emptyMemory(new Date(0).toISOString());
  memory.user.workContext.summary = text(30);
  memory.history.recentMonths.summary = text(40);
  memory.facts = Array.from({ length: 100 }, (_, i) => ({
    id: `fact_${i}`,
    content: text(12),
    category: FACT_CATEGORIES[i % FACT_CATEGORIES.length]!,
    confidence: 0.7 + ((i * 37) % 30) / 100,
    createdAt: new Date(0).toISOString(),
    source: 'bench',
  }));
  return memory;
}
