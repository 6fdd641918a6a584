// Our agent turn against the `deepagents` npm package (createDeepAgent, LangChain/LangGraph), the
// same transcripts on both sides, with a model that answers at once, so the figures are the
// harnesses alone. Prints median / p95 wall time and median CPU time per case, and per case
// `ratio vs deepagents on <case>: <number>` (their median / ours), and for ours `summarizing call
// 200k: <ms> ms to the model` (the turn's start until the summarized request reached the model) and
// `summarizing call 200k, whole turn: <ms> ms` (the turn as the app's thread session runs it: it
// ends when the model has answered; the compaction records built after the request left arrive
// after it, here built on the same thread outside the timed turn and counted before the next one;
// the app builds them in a Web Worker). Prints figures; asserts nothing. Peers are dev dependencies used only here.
//
//   npm run bench:deepagents             (node scripts/run-ts.mjs scripts/bench-deepagents.ts)
//   npm run bench:deepagents -- --quick  (fewer iterations)
//   npm run bench:deepagents -- --only 10  (one case: 10, 100, 1,000 or 200k)
//
// Cases: threads of 10, 100 and 1,000 messages in a 1,047,576-token window (gpt-4.1's; nothing is
// due, so no case summarizes on one side only), and a 200,000-token history in a 128k window, where
// the call summarizes (the model's time excluded on
// both sides: the summarizer answers at once).
// - ours, turn: a run of the app's harness (createHarness, src/core/harness: the agent loop with the
//   whole pipeline: AGENTS.md, facts, the Deep Agents strategy, truncation, summarization, offload), the provider
//   answering with a final answer. In the short cases the thread state persists between calls, as
//   in a session; the token counter has counted the thread before (as the app has, call after call).
//   In the summarizing case every call starts from a fresh thread state, file system and token
//   counter (the counter has counted each message, as the calls before had, but never the
//   summarizer's transcript), so that every call summarizes as the real, one-off call does.
// - ours, chain: the harness's middleware around an instant handler (composeModelCall), no loop,
//   after its beforeAgent hooks; then the middleware's afterAgent, as the loop calls it (it
//   delivers the compaction records).
// - ours, … to the model / to handler (summarizing case): the same runs, until the request reached
//   the provider (the handler).
// - deepagents, turn: createDeepAgent({ model }) with a FakeListChatModel that answers "ok" at once
//   and a model profile with the case's window as its input tokens, so that its summarization uses the same thresholds as
//   ours (trigger at 0.85 of the window, keep 0.1, argument truncation at 0.85); invoke() on the
//   transcript as LangChain messages (no checkpointer: every invoke starts from the given messages).
// - deepagents, chain: its middleware (filesystem, sub-agents, summarization, patch tool calls, as
//   createDeepAgent assembles them) composed by hand around an instant handler, without the graph;
//   like ours, each run also goes through the middleware's beforeAgent and afterAgent hooks (those
//   it has: filesystem, patch tool calls).
// The two chains are timed in alternating blocks of calls (ours, theirs, ours, …), many samples
// each, so that a change in the machine's load reaches both alike; in the short cases a sample is
// a batch of calls (CHAIN_BATCH), since one call takes a few microseconds, about what reading the
// clock and CPU time around it costs. Both sides' handlers answer without reading either.

import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import {
  StateBackend,
  createDeepAgent,
  createFilesystemMiddleware,
  createPatchToolCallsMiddleware,
  createSubAgentMiddleware,
  createSummarizationMiddleware,
} from 'deepagents';
import { createMiddleware } from 'langchain';
import { composeModelCall, type RunContext, type ThreadState } from '../src/core/agent/middleware';
import type { AgentEvent } from '../src/core/agent/events';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import { memoryFs } from '../src/core/fs/in-memory';
import type { ModelMessage, ModelRequest } from '../src/core/agent/types';
import { getCompactionState } from '../src/core/compaction/compaction';
import {
  createBpeTokenizer,
  createTokenCounter,
  loadRanks,
  type TokenCounter,
} from '../src/core/tokens/counter';
import { createMemoryLoader } from '../src/core/memory/facts/store';
import { createHarness } from '../src/core/harness/harness';
import { createRankerResolver } from '../src/core/retrieval/rank';
import { COMPACTION_PRESETS } from '../src/core/compaction/settings';
import { DEFAULT_SETTINGS, type Settings } from '../src/core/settings';
import { offlineStep } from '../src/core/strategies/offline';
import { defaultSelection, strategyChoiceSlot, strategyOf } from '../src/core/strategies/registry';
import { completeThread, conversation as threadOf, id, text } from './bench-threads';

const QUICK = process.argv.includes('--quick');
// `--only 10` runs just the case whose label starts with it (10, 100, 1,000, 200k).
const ONLY = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;
const ITERATIONS = QUICK ? 8 : 30;
const SUMMARIZING_ITERATIONS = QUICK ? 4 : 20;
// Warm-up calls per case (not measured): the JIT needs a few passes over each path.
const WARMUP = QUICK ? 3 : 10;
// The chain alone takes a few microseconds at 10 messages: 30 samples after 10 warm-up calls
// timed mostly when V8 happened to compile which function (three runs of the same code gave
// 0.58, 0.99 and 1.25x). Its short cases take many more samples, both sides alike, after more
// warm-up; the summarizing case keeps its own (each of its calls starts a fresh session).
const CHAIN_ITERATIONS = QUICK ? 200 : 1_000;
const CHAIN_WARMUP = QUICK ? 50 : 200;
/**
 * Calls per chain sample in the short cases (the sample's time divided by it): one call there
 * takes a few microseconds, about what reading the clock and the process's CPU time around it
 * takes, which counted once per call pulled both sides' figures toward each other.
 */
const CHAIN_BATCH = 20;
/** The chain's samples are taken in this many blocks per side, the sides alternating. */
const CHAIN_BLOCKS = 10;
/** The summarizing case's window; the others use a 1M window (gpt-4.1), so that nothing is due. */
const WINDOW = 128_000;
const LARGE_WINDOW = 1_047_576;

// ---- deterministic synthetic conversations (shared with scripts/bench.ts) ----

/** A conversation that ends with a final answer, so no tool call is left without its result. */
const conversation = (messageCount: number) => completeThread(threadOf(messageCount));

function conversationOfTokens(tokens: number, counter: TokenCounter): ModelMessage[] {
  const out: ModelMessage[] = [];
  let total = 0;
  while (total < tokens) {
    for (const message of conversation(20)) {
      out.push(message);
      total += counter.countMessage(message);
      if (total >= tokens) break;
    }
  }
  return completeThread(out);
}

const SUMMARY =
  '## SESSION INTENT\nBuild the report.\n## SUMMARY\n- Work so far.\n## ARTIFACTS\n- /notes\n## NEXT STEPS\nContinue.';

// ---- measuring ----

interface Figures {
  median: number;
  p95: number;
  cpu: number;
  /** Ours only: until the request reached the model (the provider's or handler's call). */
  toModel?: Figures;
}

/**
 * When our instant provider (or chain handler) was called in the measured run: the end of the
 * request's path. Compaction records are built after it (the app builds them in a Web Worker while
 * the model answers); the turn ends without them (they are delivered after it), while the chain
 * below still waits for them in its afterAgent hooks.
 */
interface HandOver {
  wall: number;
  cpu: NodeJS.CpuUsage;
}
let handedAt: HandOver | undefined;
const handOver = () => {
  handedAt ??= { wall: performance.now(), cpu: process.cpuUsage() };
};

function figures(wall: number[], cpu: number[]): Figures {
  const at = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  return { median: at(wall, 0.5), p95: at(wall, 0.95), cpu: at(cpu, 0.5) };
}

type Setup = () => Promise<() => Promise<unknown>>;

/** Samples of one side: wall and CPU ms per call, and until the request reached the model. */
class Samples {
  wall: number[] = [];
  cpu: number[] = [];
  wallToModel: number[] = [];
  cpuToModel: number[] = [];

  /**
   * Sets up and runs one sample; records it unless it is a warm-up, as the time per call of the
   * `calls` it makes.
   */
  async take(setup: Setup, record: boolean, calls = 1): Promise<void> {
    const run = await setup();
    handedAt = undefined;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    if (!record) return;
    this.wall.push(elapsed / calls);
    this.cpu.push((used.user + used.system) / 1000 / calls);
    // Set by the provider during run() (TypeScript cannot see that assignment from here).
    const handed = handedAt as HandOver | undefined;
    if (handed) {
      this.wallToModel.push(handed.wall - start);
      this.cpuToModel.push(
        (handed.cpu.user - cpuStart.user + handed.cpu.system - cpuStart.system) / 1000,
      );
    }
  }

  figures(): Figures {
    return {
      ...figures(this.wall, this.cpu),
      ...(this.wallToModel.length === this.wall.length
        ? { toModel: figures(this.wallToModel, this.cpuToModel) }
        : {}),
    };
  }
}

async function measure(iterations: number, setup: Setup, warmup = WARMUP): Promise<Figures> {
  const samples = new Samples();
  for (let i = 0; i < warmup + iterations; i++) await samples.take(setup, i >= warmup);
  return samples.figures();
}

/**
 * Both sides' chains in alternating blocks (ours, theirs, ours, …), so that a change in the
 * machine's load while the case runs reaches both sides alike rather than only the one measured
 * second.
 */
async function measureAlternating(
  setups: readonly Setup[],
  iterations: number,
  warmup: number,
  calls: number,
): Promise<Figures[]> {
  const samples = setups.map(() => new Samples());
  for (const [i, setup] of setups.entries())
    for (let n = 0; n < warmup; n++) await samples[i]!.take(setup, false, calls);
  const perBlock = Math.ceil(iterations / CHAIN_BLOCKS);
  for (let block = 0; block < CHAIN_BLOCKS; block++)
    for (const [i, setup] of setups.entries())
      for (let n = 0; n < perBlock; n++) await samples[i]!.take(setup, true, calls);
  return samples.map((side) => side.figures());
}

// ---- ours ----

const settings: Settings = { ...DEFAULT_SETTINGS, compaction: { ...COMPACTION_PRESETS.default } };

async function ourSide(
  messages: ModelMessage[],
  newCounter: () => TokenCounter,
  summarizing: boolean,
) {
  const window = summarizing ? WINDOW : LARGE_WINDOW;
  // Each message counted before, as in a session (every earlier call counted the thread). A
  // summarizing call gets a counter of its own that has seen the messages and nothing else: a
  // transcript is summarized once, so its blocks must not be in the text cache from a warm-up.
  const primed = () => {
    const counter = newCounter();
    for (const message of messages) counter.countMessage(message);
    return counter;
  };
  const sharedCounter = primed();
  const makeFs = () =>
    memoryFs({
      '/AGENTS.md': `# Project\n\n${text(200)}\n`,
    });
  const provider = {
    id: 'instant',
    complete: async () => {
      // The moment the request arrived is reported for the summarizing case only; elsewhere
      // reading it (a clock and the process's CPU time, a system call) would time the bench on
      // our side alone (theirs answers without it).
      if (summarizing) handOver();
      return {
        message: { role: 'assistant' as const, id: id('r'), content: 'ok', createdAt: 0 },
      };
    },
  };
  const session = async () => {
    const fs = await makeFs();
    // The thread's choice in its state, read as the app's harness reads it (state/harness.ts).
    const state: ThreadState = {};
    strategyChoiceSlot.write(state, defaultSelection('deep-agents'));
    const counter = summarizing ? primed() : sharedCounter;
    const harness = createHarness({
      provider,
      model: 'gpt-4o',
      counter,
      contextWindow: window,
      settings: () => settings,
      strategy: () => strategyOf(state, 'deep-agents'),
      fs,
      tools: [],
      summarize: async () => SUMMARY,
      step: offlineStep((t) => counter.count(t)),
      loadMemory: createMemoryLoader(fs),
      factRankers: createRankerResolver(),
    });
    const { middleware } = harness;
    return { fs, state, middleware, harness };
  };
  const newTurn = () => [
    ...messages,
    { role: 'user' as const, id: id('new'), content: text(40), createdAt: 0 },
  ];

  let shared = await session();
  // As the app's thread session runs a turn: it ends when the model has answered, and the
  // compaction records arrive afterwards (built here, after the timed turn; the app builds them in
  // a Web Worker). Each turn's records are awaited and counted before the next turn starts.
  let delivered: (() => Promise<void>) | undefined;
  const turn = await measure(summarizing ? SUMMARIZING_ITERATIONS : ITERATIONS, async () => {
    await delivered?.();
    if (summarizing) shared = await session();
    const { state, harness } = shared;
    const history = newTurn();
    const pending = new Set<string>();
    let records = 0;
    const emit = (event: AgentEvent) => {
      if (event.type === 'context-event' && event.event.pending) pending.add(event.event.id!);
      if (
        event.type === 'context-record' &&
        pending.delete(event.eventId) &&
        event.attachments.record
      )
        records++;
    };
    delivered = async () => {
      await harness.recordsDelivered(state);
      if (pending.size > 0 || (summarizing && records === 0))
        throw new Error(`records not delivered: ${pending.size} pending, ${records} built`);
    };
    return async () => {
      await harness.run({ threadId: 'bench', history, state, emit, recordsAfterRun: true });
      if (summarizing && !getCompactionState(state).summary) throw new Error('did not summarize');
    };
  });
  await delivered?.();

  shared = await session();
  const chain: Setup = async () => {
    if (summarizing) shared = await session();
    const { fs, state, middleware } = shared;
    const context: RunContext = {
      threadId: 'bench',
      fs,
      signal: new AbortController().signal,
      state,
      emit: () => {},
    };
    const call = composeModelCall(middleware, async () => await provider.complete(), context);
    const requests = Array.from({ length: summarizing ? 1 : CHAIN_BATCH }, (): ModelRequest => ({
      model: 'gpt-4o',
      system: BASE_SYSTEM_PROMPT,
      messages: newTurn(),
      tools: [],
    }));
    return async () => {
      for (const request of requests) {
        // As the loop does (loop.ts): a hook that returns no promise is not waited for.
        for (const mw of middleware) {
          const ready = mw.beforeAgent?.(context);
          if (ready) await ready;
        }
        await call(request);
        // As the loop does at the end of a run: the compaction records built after the request
        // are delivered before it ends.
        for (const mw of middleware) {
          const done = mw.afterAgent?.(context, { status: 'done' });
          if (done) await done;
        }
        if (summarizing && !getCompactionState(state).summary) throw new Error('did not summarize');
      }
    };
  };
  return { turn, chain };
}

// ---- deepagents ----

function toLangChain(messages: readonly ModelMessage[]): BaseMessage[] {
  return messages.map((message) => {
    if (message.role === 'user')
      return new HumanMessage({ content: message.content, id: message.id });
    if (message.role === 'tool')
      return new ToolMessage({
        content: message.content,
        tool_call_id: message.toolCallId,
        name: message.toolName,
        id: message.id,
      });
    return new AIMessage({
      content: message.content,
      id: message.id,
      tool_calls: (message.toolCalls ?? []).map((call) => ({
        id: call.id,
        name: call.name,
        args: JSON.parse(call.arguments) as Record<string, unknown>,
        type: 'tool_call' as const,
      })),
    });
  });
}

function fakeModel(window: number) {
  const model = new FakeListChatModel({ responses: ['ok'] });
  // Same thresholds as ours: Deep Agents reads the window from the model's profile.
  Object.defineProperty(model, 'profile', {
    value: { maxInputTokens: window },
    configurable: true,
  });
  return model;
}

type AnyMiddleware = {
  beforeAgent?: (state: unknown, runtime: unknown) => unknown;
  afterAgent?: (state: unknown, runtime: unknown) => unknown;
  wrapModelCall?: (request: unknown, handler: (request: unknown) => Promise<unknown>) => unknown;
};

async function theirSide(messages: ModelMessage[], summarizing: boolean) {
  const base = toLangChain(messages);
  const newTurn = () => [...base, new HumanMessage({ content: text(40), id: id('new') })];
  const window = summarizing ? WINDOW : LARGE_WINDOW;
  const model = fakeModel(window);
  const backend = (config: { state: unknown; store?: unknown }) =>
    new StateBackend(config as ConstructorParameters<typeof StateBackend>[0]);
  // Our thresholds, in Deep Agents' terms (its own default stack, with this summarization in place
  // of the default one: same name, so createDeepAgent swaps it in).
  const summarization = () =>
    createSummarizationMiddleware({
      model,
      backend,
      trigger: { type: 'tokens', value: Math.floor(0.85 * window) },
      keep: { type: 'tokens', value: Math.floor(0.1 * window) },
      truncateArgsSettings: {
        trigger: { type: 'tokens', value: Math.floor(0.85 * window) },
        keep: { type: 'tokens', value: Math.floor(0.1 * window) },
        maxLength: 2_000,
      },
    });
  // Records how many messages the model is given (fewer than the thread's once summarized).
  let modelSaw = 0;
  const seen = createMiddleware({
    name: 'BenchProbe',
    wrapModelCall: (request, handler) => {
      modelSaw = request.messages.length;
      return handler(request);
    },
  });
  const agent = createDeepAgent({
    model,
    systemPrompt: BASE_SYSTEM_PROMPT,
    middleware: [summarization(), seen],
  });
  const turn = await measure(summarizing ? SUMMARIZING_ITERATIONS : ITERATIONS, async () => {
    const input = { messages: newTurn() };
    return async () => {
      await agent.invoke(input);
      const summarized = modelSaw < input.messages.length;
      if (summarizing !== summarized)
        throw new Error(
          `deepagents turn: model saw ${modelSaw} of ${input.messages.length} messages`,
        );
    };
  });

  // The chain alone: the middleware createDeepAgent assembles, composed around an instant handler.
  const chainModel = model;
  const middleware = [
    createFilesystemMiddleware({ backend }),
    createSubAgentMiddleware({
      defaultModel: chainModel,
      defaultTools: [],
      subagents: [],
      generalPurposeAgent: true,
    }),
    summarization(),
    createPatchToolCallsMiddleware(),
  ] as unknown as AnyMiddleware[];
  const answer = async () => new AIMessage({ content: 'ok', id: id('r') });
  const compose = (index: number): ((request: unknown) => Promise<unknown>) => {
    const mw = middleware[index];
    if (!mw) return answer;
    const inner = compose(index + 1);
    return mw.wrapModelCall ? async (request) => mw.wrapModelCall!(request, inner) : inner;
  };
  const call = compose(0);
  const beforeAgent = middleware.flatMap((mw) => (mw.beforeAgent ? [mw.beforeAgent] : []));
  const afterAgent = middleware.flatMap((mw) => (mw.afterAgent ? [mw.afterAgent] : []));
  const chain: Setup = async () => {
    const requests = Array.from({ length: summarizing ? 1 : CHAIN_BATCH }, () => {
      const list = newTurn();
      return {
        model: chainModel,
        messages: list,
        systemPrompt: BASE_SYSTEM_PROMPT,
        systemMessage: new SystemMessage(BASE_SYSTEM_PROMPT),
        tools: [],
        state: { messages: list, files: {} },
        runtime: { context: {}, store: undefined, config: {} },
      };
    });
    return async () => {
      for (const request of requests) {
        // Their run-start hooks too, as ours are run (a one-call run goes through both kinds).
        // Waited for as ours are: only a hook that returns a promise.
        for (const hook of beforeAgent) {
          const ready = hook(request.state, request.runtime);
          if (ready instanceof Promise) await ready;
        }
        const result = (await call(request)) as { update?: Record<string, unknown> };
        for (const hook of afterAgent) {
          const done = hook(request.state, request.runtime);
          if (done instanceof Promise) await done;
        }
        const summarized = Boolean(result?.update?._summarizationEvent);
        if (summarizing !== summarized)
          throw new Error(`deepagents chain: summarized ${summarized}`);
      }
    };
  };
  return { turn, chain };
}

// ---- run ----

// Three decimals under a millisecond: the chain's short cases take a few hundredths.
/** Milliseconds; a figure under 0.1 ms in microseconds (the chain's short cases). */
const ms = (value: number) =>
  value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(value < 1 ? 3 : 2)} ms`;
const pad = (value: string, width: number) => value.padEnd(width);

const tokenizer = createBpeTokenizer(await loadRanks('o200k_base'));
const sizing = createTokenCounter('o200k_base', tokenizer);
const cases: { label: string; messages: ModelMessage[]; summarizing: boolean }[] = [
  { label: '10 messages', messages: conversation(10), summarizing: false },
  { label: '100 messages', messages: conversation(100), summarizing: false },
  { label: '1,000 messages', messages: conversation(1_000), summarizing: false },
  { label: '200k', messages: conversationOfTokens(200_000, sizing), summarizing: true },
];

console.log(
  `Harness time per turn, ours vs deepagents (${cpus().length} CPU cores, load ${loadavg()[0]?.toFixed(1)}, ` +
    `Node ${process.version}; model answers at once; ${ITERATIONS} turns per case, ${SUMMARIZING_ITERATIONS} for the summarizing one, each after ${WARMUP} warm-up turns; the chain alone ${CHAIN_ITERATIONS} samples of ${CHAIN_BATCH} calls after ${CHAIN_WARMUP} in the short cases)`,
);
console.log(
  `${pad('case', 34)}${pad('tokens', 10)}${pad('side', 26)}${pad('median', 12)}${pad('p95', 12)}CPU median`,
);
for (const item of cases.filter(
  (c) => !ONLY || c.label === ONLY || c.label.startsWith(`${ONLY} `),
)) {
  const tokens = item.messages.reduce((sum, m) => sum + sizing.countMessage(m), 0);
  const ours = await ourSide(
    item.messages,
    () => createTokenCounter('o200k_base', tokenizer),
    item.summarizing,
  );
  const theirs = await theirSide(item.messages, item.summarizing);
  const label = item.summarizing ? '200k-token history (summarizes)' : item.label;
  const [oursChain, theirsChain] = await measureAlternating(
    [ours.chain, theirs.chain],
    item.summarizing ? SUMMARIZING_ITERATIONS : CHAIN_ITERATIONS,
    item.summarizing ? WARMUP : CHAIN_WARMUP,
    item.summarizing ? 1 : CHAIN_BATCH,
  );
  const rows: [string, Figures][] = [
    ['ours, turn', ours.turn],
    ['deepagents, turn', theirs.turn],
    ['ours, chain', oursChain!],
    ['deepagents, chain', theirsChain!],
  ];
  // Ours also until the request reached the model, where compaction built records after it.
  if (item.summarizing) {
    rows.splice(1, 0, ['ours, turn, to the model', ours.turn.toModel!]);
    rows.splice(4, 0, ['ours, chain, to handler', oursChain!.toModel!]);
  }
  for (const [side, f] of rows)
    console.log(
      `${pad(label, 34)}${pad(tokens.toLocaleString('en-US'), 10)}${pad(side, 26)}${pad(ms(f.median), 12)}${pad(ms(f.p95), 12)}${ms(f.cpu)}`,
    );
  const name = item.summarizing ? '200k summarizing call' : item.label;
  console.log(
    `ratio vs deepagents on ${name} turn: ${(theirs.turn.median / ours.turn.median).toFixed(2)}`,
  );
  console.log(
    `ratio vs deepagents on ${name} middleware chain: ${(theirsChain!.median / oursChain!.median).toFixed(2)}`,
  );
  // CPU time is what contention on a shared machine distorts least.
  console.log(
    `ratio vs deepagents on ${name} turn, CPU: ${(theirs.turn.cpu / ours.turn.cpu).toFixed(2)}`,
  );
  console.log(
    `ratio vs deepagents on ${name} middleware chain, CPU: ${(theirsChain!.cpu / oursChain!.cpu).toFixed(2)}`,
  );
  if (item.summarizing) {
    const to = ours.turn.toModel!;
    console.log(
      `summarizing call 200k: ${to.median.toFixed(2)} ms to the model (p95 ${to.p95.toFixed(2)} ms, CPU ${to.cpu.toFixed(2)} ms; from the turn's start until the summarized request reached the model)`,
    );
    console.log(
      `summarizing call 200k, whole turn: ${ours.turn.median.toFixed(2)} ms (p95 ${ours.turn.p95.toFixed(2)} ms, CPU ${ours.turn.cpu.toFixed(2)} ms; one model call that summarizes, the model answering at once; the turn ends when the model has answered, its compaction records delivered after it, every one counted, as in the app's thread session)`,
    );
  }
}
