// One function builds a thread's whole pipeline: the memory layers (AGENTS.md, fact memory), the
// thread's context strategy, and the compaction middleware. createHarness (harness.ts) calls it for
// every run and preview, so what the benchmarks, the evals and the arena measure is what the app
// sends.
//
// Order (outermost first): AGENTS.md memory and fact memory see the whole thread (facts rank against
// the real last turns); the strategy then decides which history is carried; Deep Agents' truncation
// and summarization apply only while the strategy is Deep Agents; large tool results are offloaded
// whatever the strategy (a tool call wrapper, it protects every strategy from a huge result).

import { z } from 'zod';
import { stateSlot, type Middleware, type ThreadState } from '../agent/middleware';
import type { ModelRequest } from '../agent/types';
import type { Settings } from '../settings';
import type { TokenCounter } from '../tokens/counter';
import { createAgentsMdMiddleware } from '../memory/agents-md';
import { createFactsMiddleware, type MemoryLoad } from '../memory/facts/inject';
import { createTruncationMiddleware } from '../compaction/truncation';
import { createSummarizationMiddleware, type SummarizeFn } from '../compaction/summarization';
import { createOffloadMiddleware } from '../compaction/offload';
import type { RecordBuilder } from '../recorder/record';
import { createRankerResolver, type RankDoc, type RankerResolver } from '../retrieval/rank';
import { createStrategyMiddleware } from '../strategies/middleware';
import type { StepFn, StrategyEnv, StrategySelection } from '../strategies/types';

/** Per-thread switches for the memory layers (both on unless the thread turned one off). */
export interface MemoryLayers {
  agentsMd: boolean;
  facts: boolean;
}

export const LAYERS_STATE_KEY = 'layers';
/** The thread's memory layer switches, in thread state (a layer is on unless it says false). */
export const layersSlot = stateSlot(
  LAYERS_STATE_KEY,
  z.object({ agentsMd: z.unknown(), facts: z.unknown() }).partial(),
);

export function getLayers(state: ThreadState): MemoryLayers {
  const raw = layersSlot.read(state);
  return { agentsMd: raw?.agentsMd !== false, facts: raw?.facts !== false };
}

export interface PipelineOptions {
  /** The app's settings, read on every call (changes apply to the next call). */
  settings: () => Settings;
  /** The thread's context strategy, read on every model call. */
  strategy: () => StrategySelection;
  layers?: MemoryLayers;
  contextWindow: number;
  counter: TokenCounter;
  /** Deep Agents summarization's model call. */
  summarize: SummarizeFn;
  /** Strategy steps (summary merge, extraction, compression): a provider or the offline stand-in. */
  step: StepFn;
  /** Fact memory's file and rankers. */
  loadMemory: () => Promise<MemoryLoad>;
  factRankers: RankerResolver;
  onFactsInvalid?: (message: string) => void;
  /** How strategies rank documents (default: BM25). */
  rank?: StrategyEnv['rank'];
  /** Embedding similarities for strategies, when the embedder is ready (default: none). */
  semantic?: StrategyEnv['semantic'];
  /** The Context inspector: build the request, never call a model or write. */
  preview?: boolean;
  /**
   * Builds compaction records after the request has left (default: on this thread, a task later;
   * the app builds them in a Web Worker).
   */
  buildRecord?: RecordBuilder;
  now?: () => number;
}

export function buildPipeline(options: PipelineOptions): Middleware[] {
  const layers = options.layers ?? { agentsMd: true, facts: true };
  const settings = options.settings;
  const isDeepAgents = () => options.strategy().id === 'deep-agents';
  // Deep Agents' "Keep specifics" switch (a thread's or an arena entry's) turns the compaction
  // option on for it; the settings object is passed on as it is otherwise.
  const compaction = () => {
    const base = settings().compaction;
    const selection = options.strategy();
    return selection.id === 'deep-agents' &&
      selection.settings.keepSpecifics === true &&
      !base.keepSpecifics
      ? { ...base, keepSpecifics: true }
      : base;
  };
  const { counter, contextWindow } = options;
  const records = options.buildRecord ? { buildRecord: options.buildRecord } : {};
  return [
    ...(layers.agentsMd
      ? [
          createAgentsMdMiddleware({
            sources: settings().memorySources,
            refreshAfterEdits: settings().refreshMemoryAfterEdits,
          }),
        ]
      : []),
    ...(layers.facts
      ? [
          createFactsMiddleware({
            settings: () => settings().facts,
            counter,
            loadMemory: options.loadMemory,
            rankers: options.factRankers,
            ...(options.onFactsInvalid ? { onInvalid: options.onFactsInvalid } : {}),
          }),
        ]
      : []),
    createStrategyMiddleware({
      selection: options.strategy,
      step: options.step,
      env: {
        rank: options.rank ?? bm25Rank(),
        count: (text) => counter.count(text),
        ...(options.semantic ? { semantic: options.semantic } : {}),
      },
      ...(options.preview ? { preview: true } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...records,
    }),
    onlyWhen(
      isDeepAgents,
      createTruncationMiddleware({ settings: compaction, contextWindow, counter, ...records }),
    ),
    onlyWhen(
      isDeepAgents,
      createSummarizationMiddleware({
        settings: compaction,
        contextWindow,
        counter,
        summarize: options.summarize,
        ...(options.preview ? { preview: true } : {}),
        ...(options.now ? { now: options.now } : {}),
        ...records,
      }),
    ),
    createOffloadMiddleware({ settings: compaction, counter, ...records }),
  ];
}

/** A model-call middleware that steps aside while `active` is false. */
function onlyWhen(active: () => boolean, mw: Middleware): Middleware {
  const wrap = mw.wrapModelCall;
  if (!wrap) return mw;
  return {
    ...mw,
    wrapModelCall: (request: ModelRequest, next, context) =>
      active() ? wrap.call(mw, request, next, context) : next(request),
  };
}

/** Strategy ranking with the app's BM25 (no embedder): benchmarks, tests, the arena worker. */
export function bm25Rank(resolver: RankerResolver = createRankerResolver()): StrategyEnv['rank'] {
  return async (query: string, docs: readonly RankDoc[]) => ({
    method: 'BM25',
    scores: await resolver('bm25').ranker.similarities(query, docs),
  });
}

/**
 * Ranking that uses local embeddings when the model is ready (as the Facts panel does) and BM25
 * otherwise, saying which it used.
 */
export function preferredRank(
  resolver: RankerResolver,
  wantEmbeddings: () => boolean,
): StrategyEnv['rank'] {
  return async (query, docs) => {
    if (wantEmbeddings()) {
      const resolved = resolver('embeddings');
      if (!resolved.fallback) {
        try {
          return { method: 'Embeddings', scores: await resolved.ranker.similarities(query, docs) };
        } catch {
          // fall through to BM25, as fact ranking does
        }
      }
    }
    return {
      method: 'BM25',
      scores: await resolver('bm25').ranker.similarities(query, docs),
    };
  };
}

/**
 * Embedding similarities for strategies that fuse them with their own ranking (Retrieval): only
 * while embeddings are wanted and the model is ready; undefined otherwise, and when the embedder
 * fails during the call (the strategy then ranks lexically).
 */
export function preferredSemantic(
  resolver: RankerResolver,
  wantEmbeddings: () => boolean,
): NonNullable<StrategyEnv['semantic']> {
  return async (query, docs) => {
    if (!wantEmbeddings()) return undefined;
    const resolved = resolver('embeddings');
    if (resolved.fallback) return undefined;
    try {
      return await resolved.ranker.similarities(query, docs);
    } catch {
      return undefined;
    }
  };
}
