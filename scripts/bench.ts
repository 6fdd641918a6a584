// Harness overhead per model call: everything the app does around a model call except the provider
// itself — AGENTS.md memory injection, old tool-input truncation and summarization decisions (with
// their token counting), and the per-call token estimate the chat store records — for threads of
// 10, 100 and 1,000 messages and for a 200,000-token history. The provider answers instantly, so
// the figures are the harness alone. Then what the token cache saves (cold vs warm counts).
// Prints figures; asserts nothing.
//
//   npm run bench            (node scripts/run-ts.mjs scripts/bench.ts)
//   npm run bench -- --quick (fewer iterations)

import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { Tiktoken } from 'js-tiktoken/lite';
import { composeModelCall, type RunContext, type ThreadState } from '../src/core/agent/middleware';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import { memoryFs } from '../src/core/agent/test-helpers';
import type { ModelMessage, ModelRequest } from '../src/core/agent/types';
import { getCompactionState } from '../src/core/context/compaction';
import { createSummarizationMiddleware } from '../src/core/context/summarization';
import {
  countRequest,
  createBpeTokenizer,
  createTokenCounter,
  loadRanks,
  type TokenCounter,
} from '../src/core/context/tokens';
import { createTruncationMiddleware } from '../src/core/context/truncation';
import { createFsTools } from '../src/core/fs/tools';
import { createAgentsMdMiddleware, DEFAULT_MEMORY_SOURCES } from '../src/core/memory/agents-md';
import { createFactsMiddleware } from '../src/core/memory/facts/inject';
import { createRankerResolver } from '../src/core/retrieval/rank';
import { emptyMemory, FACT_CATEGORIES } from '../src/core/memory/facts/schema';
import { createMemoryLoader } from '../src/core/memory/facts/store';

import { COMPACTION_PRESETS, DEFAULT_FACTS_SETTINGS } from '../src/core/settings';
import { createExecuteTool } from '../src/core/tools/execute';

const QUICK = process.argv.includes('--quick');
const ITERATIONS = QUICK ? 40 : 200;
const WARMUP = QUICK ? 5 : 20;
const ENCODING = 'o200k_base' as const; // gpt-4o and newer

// ---- deterministic synthetic conversations ----

let seed = 7;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const WORDS =
  'the a plan file test build trip budget report chart token memory summary page data value result user model agent error check table index query order deploy review branch commit merge update config server client cache window context'.split(
    ' ',
  );
const text = (words: number) =>
  Array.from({ length: words }, (_, i) => {
    const w = WORDS[Math.floor(random() * WORDS.length)] ?? 'x';
    return i % 12 === 11 ? `${w}.` : w;
  }).join(' ');

let nextId = 0;
const id = (prefix: string) => `${prefix}_${(nextId++).toString(36)}`;

/** user → assistant (sometimes with a write_file or an execute call and its result) → … */
function conversation(messageCount: number): ModelMessage[] {
  const out: ModelMessage[] = [];
  while (out.length < messageCount) {
    out.push({
      role: 'user',
      id: id('u'),
      content: text(30 + Math.floor(random() * 40)),
      createdAt: 0,
    });
    if (random() < 0.4 && out.length + 3 <= messageCount) {
      const callId = id('call');
      const write = random() < 0.5;
      out.push({
        role: 'assistant',
        id: id('a'),
        content: text(15),
        toolCalls: [
          {
            id: callId,
            name: write ? 'write_file' : 'execute',
            arguments: JSON.stringify(
              write
                ? {
                    file_path: `/notes/${callId}.md`,
                    content: text(400 + Math.floor(random() * 400)),
                  }
                : { code: `console.log(${JSON.stringify(text(10))})` },
            ),
          },
        ],
        createdAt: 0,
      });
      out.push({
        role: 'tool',
        id: id('t'),
        toolCallId: callId,
        toolName: write ? 'write_file' : 'execute',
        content: write
          ? `Updated file /notes/${callId}.md`
          : text(300 + Math.floor(random() * 500)),
        createdAt: 0,
      });
    }
    if (out.length < messageCount)
      out.push({
        role: 'assistant',
        id: id('a'),
        content: text(80 + Math.floor(random() * 120)),
        createdAt: 0,
      });
  }
  return out.slice(0, messageCount);
}

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

async function harnessOverhead(
  scenario: Scenario,
  tokenizer: { countTokens(text: string): number },
) {
  // A fresh counter per scenario: its cache fills during the warm-up, as it would in a session.
  const counter = createTokenCounter(ENCODING, tokenizer);
  const settings = { ...COMPACTION_PRESETS.default };
  const fs = await memoryFs({
    '/memories/AGENTS.md': `# Memory\n\n${Array.from({ length: 30 }, () => `- ${text(12)}`).join('\n')}\n`,
    '/AGENTS.md': `# Project\n\n${text(200)}\n`,
    '/memories/memory.json': JSON.stringify(benchMemory()),
  });
  const rankers = createRankerResolver();
  const middleware = [
    createAgentsMdMiddleware({ sources: DEFAULT_MEMORY_SOURCES, refreshAfterEdits: true }),
    // Fact injection as the app runs it: memory.json read and parsed on every call, 100 facts
    // ranked (TF-IDF, the default) against the last 3 turns and cut at the 2,000-token budget.
    createFactsMiddleware({
      settings: () => DEFAULT_FACTS_SETTINGS,
      counter,
      loadMemory: createMemoryLoader(fs),
      rankers,
    }),
    createTruncationMiddleware({
      settings: () => settings,
      contextWindow: scenario.contextWindow,
      counter,
    }),
    createSummarizationMiddleware({
      settings: () => settings,
      contextWindow: scenario.contextWindow,
      counter,
      summarize: async () => SUMMARY, // the model's time is not the harness's
    }),
  ];
  const state: ThreadState = {};
  const context: RunContext = {
    threadId: 'bench',
    fs,
    signal: new AbortController().signal,
    state,
    emit: () => {},
  };
  for (const mw of middleware) await mw.beforeAgent?.(context);
  // The innermost handler does what the chat store does on 'model-call-start' (the estimate by
  // section), then "calls the provider", which answers at once.
  const call = composeModelCall(
    middleware,
    async (request) => {
      countRequest(counter, request);
      return { message: { role: 'assistant', id: 'r', content: 'ok', createdAt: 0 } };
    },
    context,
  );
  const tools = [...createFsTools(), createExecuteTool({ run: async () => ({ output: '' }) })].map(
    (tool) => tool.schema,
  );

  const samples: number[] = [];
  let summarizingCall: number | undefined;
  const base = scenario.messages.slice(0, -1);
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    // Each call brings one new user message, like the next turn of the session.
    const messages = [
      ...base,
      { role: 'user' as const, id: id('new'), content: text(40), createdAt: 0 },
    ];
    const request: ModelRequest = { model: 'gpt-4o', system: BASE_SYSTEM_PROMPT, messages, tools };
    const hadSummary = getCompactionState(state).summary?.count ?? 0;
    const start = performance.now();
    await call(request);
    const elapsed = performance.now() - start;
    if ((getCompactionState(state).summary?.count ?? 0) > hadSummary) summarizingCall = elapsed;
    else if (i >= WARMUP) samples.push(elapsed);
  }
  const { messageHits, messageMisses } = counter.stats;
  return {
    ...stats(samples),
    summarizingCall,
    hitRate: messageHits / Math.max(1, messageHits + messageMisses),
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
  `Harness overhead per model call (${cpus().length} CPU cores, Node ${process.version}, ${ENCODING}; ` +
    `${ITERATIONS} calls after ${WARMUP} warm-up calls; provider answers instantly)`,
);
console.log(
  'Chain: AGENTS.md injection → fact injection (100 facts, TF-IDF) → tool-input truncation → summarization → per-call estimate by section.',
);
console.log('');
console.log(
  `${pad('thread', 34)}${pad('tokens', 10)}${pad('median', 11)}${pad('p95', 11)}${pad('max', 11)}${pad('summarizing call', 18)}message cache hits`,
);
for (const scenario of scenarios) {
  const tokens = scenario.messages.reduce((sum, m) => sum + sizing.countMessage(m), 0);
  const result = await harnessOverhead(scenario, tokenizer);
  console.log(
    `${pad(scenario.label, 34)}${pad(tokens.toLocaleString('en-US'), 10)}${pad(ms(result.median), 11)}${pad(ms(result.p95), 11)}${pad(ms(result.max), 11)}${pad(ms(result.summarizingCall), 18)}${(result.hitRate * 100).toFixed(1)}%`,
  );
}
console.log('');
console.log(
  '"summarizing call": the one call that summarized (history file write, transcript, state), model time excluded.',
);
console.log('');

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
