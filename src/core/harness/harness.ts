// The harness: the ONE place where a run is put together. Given the parts the edges resolved (the
// chat provider, the memory-step provider, the token counter, the workspace), it picks the tools,
// the memory layers, the thread's strategy and compaction (buildPipeline), the strategy step
// function and the summarizer, and offers
//
//   run      a run of the agent loop with all of it;
//   preview  the same run whose provider captures the request instead of sending it (the Context
//            inspector, the arena's probes): what it shows is what a run would send;
//   updateFacts  fact memory's update after a run, with the memory-step provider; its result comes
//            back as a 'facts-updated' event;
//   compactNow  "Compact now": the summary and its record as a preview, with this harness's
//            summarizer, settings, counter and record builder (nothing is written).
//
// The app (src/state), the arena's replay and the benchmarks all build their runs here, so what
// they measure is what the app sends (the local-model eval runs the bare loop on purpose: it
// measures tool calls alone).

import { runAgent } from '../agent/loop';
import type { AgentEvent } from '../agent/events';
import type { Middleware, RunOutcome, ThreadState } from '../agent/middleware';
import { BASE_SYSTEM_PROMPT } from '../agent/prompt';
import type { Tool } from '../agent/tool';
import type { Message, ModelProvider } from '../agent/types';
import { authored, type MemoryWriteFeed } from '../fs/authorship';
import { createFsTools } from '../fs/tools';
import type { VirtualFs } from '../fs/types';
import { createExecuteTool, type CodeRunner } from '../tools/execute';
import { createExperimentTool } from '../tools/experiment';
import {
  createApproximateCounter,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from '../tokens/counter';
import { resolveProfile } from '../providers/profiles';
import { summarizerFromProvider, type SummarizeFn } from '../compaction/summarization';
import { previewCompaction, type CompactionPreview } from '../compaction/manual';
import type { RecordBuilder } from '../recorder/record';
import { deliverAfterRun, recordsOf } from '../recorder/delivery';
import type { MemoryLoad } from '../memory/facts/inject';
import { createMemoryLoader } from '../memory/facts/store';
import {
  describeChanges,
  runMemoryUpdate,
  type MemoryUpdateOutcome,
} from '../memory/facts/updater';
import { createRankerResolver, type RankerResolver } from '../retrieval/rank';
import { offlineStep } from '../strategies/offline';
import { providerStep } from '../strategies/steps';
import type { StepFn, StrategyEnv, StrategySelection } from '../strategies/types';
import type { Settings } from '../settings';
import { buildPipeline, type MemoryLayers } from './pipeline';
import { previewNextRequest, type RequestPreview } from './preview';

export type { RequestPreview } from './preview';

/** Who answers memory steps (summaries, strategy steps, fact updates). */
export interface MemorySteps {
  provider: ModelProvider;
  /** The model id memory requests carry. */
  model: string;
  /** True when the in-browser model answers them. */
  onDevice: boolean;
}

export interface HarnessDeps {
  /** The chat model's provider; a harness without one can preview but not run. */
  provider?: ModelProvider;
  model: string;
  /** Memory steps' provider and model (default: the chat provider and model). */
  memory?: MemorySteps;
  /**
   * Strategy steps answered by the offline stand-ins (the Demo provider) unless memory steps run
   * on the device.
   */
  offlineSteps?: boolean;
  counter: TokenCounter;
  contextWindow: number;
  /** The app's settings, read on every call (changes apply to the next call). */
  settings: () => Settings;
  /** The thread's context strategy, read on every model call. */
  strategy: () => StrategySelection;
  layers?: MemoryLayers;
  /** The workspace. */
  fs: VirtualFs;
  /** The memory journal of `fs` (the app's): a run's memory writes come back from it as events. */
  journal?: MemoryWriteFeed;
  /**
   * The tools: by default the file tools, execute (when a code runner is given) and the settings'
   * experiment tools. The arena passes the transcript's replayed tools instead.
   */
  tools?: readonly Tool[];
  codeRunner?: CodeRunner;
  systemPrompt?: string;
  /** Fact memory's file (default: memory.json of `fs`, read and parsed on each call). */
  loadMemory?: () => Promise<MemoryLoad>;
  factRankers?: RankerResolver;
  onFactsInvalid?: (message: string) => void;
  /** How strategies rank documents (default: BM25). */
  rank?: StrategyEnv['rank'];
  semantic?: StrategyEnv['semantic'];
  /** A summarizer or step function of the caller's own (a benchmark's instant one, a cache). */
  summarize?: SummarizeFn;
  step?: StepFn;
  /** Builds compaction records after the request has left (the app: in a Web Worker). */
  buildRecord?: RecordBuilder;
  now?: () => number;
}

export interface HarnessRunInput {
  threadId: string;
  /** The thread so far, ending with the new user message. Not mutated. */
  history: readonly Message[];
  /** The thread's state; mutated in place by a run (never by a preview). */
  state: ThreadState;
  signal?: AbortSignal;
  emit?: (event: AgentEvent) => void;
  maxSteps?: number;
  maxOutputTokens?: number;
  /**
   * The run ends when the model has answered; the compaction records built after the request left
   * arrive later through `emit` (recorder/delivery.ts). Default: the run waits for them.
   */
  recordsAfterRun?: boolean;
}

export type HarnessPreviewInput = Omit<
  HarnessRunInput,
  'signal' | 'emit' | 'maxSteps' | 'recordsAfterRun'
>;

export interface FactUpdateInput {
  threadId: string;
  messages: readonly Message[];
  signal?: AbortSignal;
  newId?: () => string;
  /** Receives 'facts-updated' when memory.json changed. */
  emit?: (event: AgentEvent) => void;
}

export interface CompactNowInput {
  threadId: string;
  messages: readonly Message[];
  /** The thread's state: copied, never changed. */
  state: ThreadState;
  /** The system prompt as the next request would carry it (default: the harness's own). */
  system?: string;
  signal: AbortSignal;
}

export interface Harness {
  /** The run's middleware, outermost first (a benchmark may time the chain on its own). */
  readonly middleware: readonly Middleware[];
  readonly tools: readonly Tool[];
  /** Strategy steps, as this harness answers them. */
  readonly step: StepFn;
  /** Summaries, as this harness asks for them ("Compact now" previews with it). */
  readonly summarize: SummarizeFn;
  run(input: HarnessRunInput): Promise<RunOutcome>;
  /** Resolves when the records of runs on `state` still being built have been delivered. */
  recordsDelivered(state: ThreadState): Promise<void>;
  preview(input: HarnessPreviewInput): Promise<RequestPreview>;
  updateFacts(input: FactUpdateInput): Promise<MemoryUpdateOutcome>;
  compactNow(input: CompactNowInput): Promise<CompactionPreview>;
}

declare module '../agent/events' {
  interface FeatureEvents {
    /** A fact update after a run changed memory.json: what changed, in words. */
    'facts-updated': { type: 'facts-updated'; threadId: string; detail: string };
  }
}

export function createHarness(deps: HarnessDeps): Harness {
  const count = (text: string) => deps.counter.count(text);
  const memory: MemorySteps = deps.memory ?? {
    provider: deps.provider ?? noProvider(),
    model: deps.model,
    onDevice: false,
  };
  // Summaries go to the chat model unless memory steps have a provider of their own.
  const summarize =
    deps.summarize ??
    (deps.provider && memory.provider === deps.provider
      ? summarizerFromProvider(deps.provider)
      : summarizerFromProvider(memory.provider, memory.model));
  const step =
    deps.step ??
    (deps.offlineSteps && !memory.onDevice
      ? offlineStep(count)
      : providerStep(memory.provider, memory.model, count));
  const tools = deps.tools ?? [
    ...createFsTools(),
    ...(deps.codeRunner ? [createExecuteTool(deps.codeRunner)] : []),
    ...deps.settings().experimentTools.map(createExperimentTool),
  ];
  const systemPrompt = deps.systemPrompt ?? BASE_SYSTEM_PROMPT;
  // One memory.json loader per harness (its parse cache serves every run and preview), with the
  // "Maximum facts" cap the app's own loader applies.
  const loadMemory =
    deps.loadMemory ?? createMemoryLoader(deps.fs, undefined, () => deps.settings().facts.maxFacts);
  const pipeline = (preview: boolean) =>
    buildPipeline({
      settings: deps.settings,
      strategy: deps.strategy,
      ...(deps.layers ? { layers: deps.layers } : {}),
      contextWindow: deps.contextWindow,
      counter: deps.counter,
      summarize: preview ? neverCalled('summarizes') : summarize,
      step: preview ? neverCalled('calls a model') : step,
      loadMemory,
      factRankers: deps.factRankers ?? createRankerResolver(),
      ...(deps.onFactsInvalid ? { onFactsInvalid: deps.onFactsInvalid } : {}),
      ...(deps.rank ? { rank: deps.rank } : {}),
      ...(deps.semantic ? { semantic: deps.semantic } : {}),
      ...(preview ? { preview: true } : {}),
      ...(deps.buildRecord ? { buildRecord: deps.buildRecord } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
  // Built on first use: a harness made for a preview or a fact update never needs the run's.
  let runMiddleware: Middleware[] | undefined;
  const middleware = () => (runMiddleware ??= pipeline(false));
  let previewMiddleware: Middleware[] | undefined;

  return {
    get middleware() {
      return middleware();
    },
    tools,
    step,
    summarize,

    run(input) {
      if (!deps.provider) throw new Error('This harness has no provider: it can only preview.');
      const release = input.recordsAfterRun ? deliverAfterRun(input.state) : undefined;
      const running = runAgent({
        threadId: input.threadId,
        history: input.history,
        provider: deps.provider,
        model: deps.model,
        systemPrompt,
        tools,
        middleware: middleware(),
        fs: deps.fs,
        ...(deps.journal ? { journal: deps.journal } : {}),
        state: input.state,
        signal: input.signal ?? new AbortController().signal,
        emit: input.emit ?? (() => {}),
        ...(input.maxSteps ? { maxSteps: input.maxSteps } : {}),
        ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
      });
      return release ? running.finally(release) : running;
    },

    async recordsDelivered(state) {
      await recordsOf(state);
    },

    preview(input) {
      previewMiddleware ??= pipeline(true);
      return previewNextRequest({
        threadId: input.threadId,
        history: input.history,
        model: deps.model,
        systemPrompt,
        tools,
        middleware: previewMiddleware,
        fs: deps.fs,
        state: input.state,
        ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
      });
    },

    async updateFacts(input) {
      // The in-browser model answers when memory steps run on it; otherwise the chat model does.
      const answerer = memory.onDevice
        ? memory
        : { provider: deps.provider ?? noProvider(), model: deps.model };
      const outcome = await runMemoryUpdate({
        // Journaled as the fact updater's write for this thread (a notice, and the journal list).
        fs: authored(deps.fs, { kind: 'fact-updater', threadId: input.threadId }),
        provider: answerer.provider,
        model: answerer.model,
        threadId: input.threadId,
        messages: input.messages,
        settings: deps.settings().facts,
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.newId ? { newId: input.newId } : {}),
      });
      if (outcome.status === 'updated')
        input.emit?.({
          type: 'facts-updated',
          threadId: input.threadId,
          detail: describeChanges(outcome.changes),
        });
      return outcome;
    },

    compactNow(input) {
      return previewCompaction({
        threadId: input.threadId,
        messages: input.messages,
        // A copy: the preview never changes the thread.
        state: structuredClone(input.state),
        settings: deps.settings().compaction,
        contextWindow: deps.contextWindow,
        counter: deps.counter,
        summarize,
        model: deps.model,
        system: input.system ?? systemPrompt,
        fs: deps.fs,
        signal: input.signal,
        ...(deps.buildRecord ? { buildRecord: deps.buildRecord } : {}),
      });
    },
  };
}

function neverCalled(what: string) {
  return async (): Promise<never> => {
    throw new Error(`A preview never ${what}.`);
  };
}

function noProvider(): ModelProvider {
  return {
    id: 'none',
    complete: async () => {
      throw new Error('This harness has no provider: it can only preview.');
    },
  };
}

/** The token counter for a model: its tokenizer, or a rough count when the tokenizer cannot load. */
export function counterFor(model: string): Promise<TokenCounter> {
  return loadEncoder(encodingForModel(model)).catch(() => createApproximateCounter());
}

/**
 * A hosted model's context window (its profile, or the setting that overrides it) and its token
 * counter: what a harness needs to know of the model (the in-browser model reports its own).
 */
export async function modelBasics(
  model: string,
  contextWindow?: number,
): Promise<{ contextWindow: number; counter: TokenCounter }> {
  return {
    contextWindow: resolveProfile(model, contextWindow).contextWindow,
    counter: await counterFor(model),
  };
}
