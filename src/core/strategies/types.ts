// The context strategy seam. A strategy decides how the conversation history is carried into each
// model call (SPEC section 10): it builds the history part of the request from the thread's past
// turns and the current query, and may update its own state after each turn, possibly with a model
// call through an injected step function. AGENTS.md memory and fact memory are separate layers.

import type { z } from 'zod';
import type { ModelMessage } from '../agent/types';
import type { RankDoc, Similarities } from '../retrieval/rank';
import type { PanelSection } from './panel-types';

export const STRATEGY_IDS = [
  'deep-agents',
  'sequential',
  'sliding-window',
  'summarization',
  'retrieval',
  'memory-augmented',
  'hierarchical',
  'graph',
  'compression',
  'paging',
] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

/**
 * A turn: a user message and everything up to the assistant's final answer, tool calls and their
 * results included. Strategies only ever keep or drop whole turns, so a tool call is never separated
 * from its result.
 */
export interface Turn {
  /** 0-based position among the thread's turns. */
  index: number;
  messages: ModelMessage[];
}

/** A named block of the request that a strategy adds to the system prompt. */
export interface StrategyBlock {
  /** Section name shown in the chart and the inspector, e.g. "Running summary". */
  section: string;
  text: string;
}

/** What a strategy reports about the call it just built, for the Strategy panel. Plain JSON. */
export interface CallReport {
  /** Turn indices carried as messages. */
  keptTurns: number[];
  /** Documents or pages scored against the query, best first (retrieval, long-term, page-in). */
  scored?: { id: string; label: string; score: number; injected: boolean }[];
  /** How the scores were computed (e.g. "BM25", "Embeddings", "shared word"). */
  method?: string;
  /** Graph: entities linked from the query and the edges used (their indices in the store). */
  linkedEntities?: string[];
  usedEdges?: number[];
  /** Paging: disk pages brought in for this call. */
  pageFaults?: number[];
  note?: string;
}

export interface BuiltContext {
  /** Past turns carried as messages (whole turns, in order). */
  messages: ModelMessage[];
  /** Blocks appended to the system prompt, each its own section. */
  blocks: StrategyBlock[];
  report: CallReport;
}

/** The model steps a strategy can ask for. */
export type StepKind = 'summary-merge' | 'fact-extraction' | 'triple-extraction' | 'compression';

export interface StepRequest {
  kind: StepKind;
  system: string;
  prompt: string;
  /**
   * The structured input the prompt was made from, so an offline stand-in can answer
   * deterministically without parsing the prompt.
   */
  input: { previous?: string; conversation: { role: 'user' | 'assistant'; content: string }[] };
}

export interface StepResult {
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** Answered by the offline stand-in (the Demo provider), not a language model. */
  offline: boolean;
}

export type StepFn = (request: StepRequest, signal: AbortSignal) => Promise<StepResult>;

/** What a strategy may use while building or updating: shared rankers and the token counter. */
export interface StrategyEnv {
  /** Scores documents against a query with the app's rankers (embeddings when ready, else BM25). */
  rank(query: string, docs: readonly RankDoc[]): Promise<{ method: string; scores: Similarities }>;
  /**
   * Embedding similarities when the app's embedder is ready and embeddings are chosen; undefined
   * otherwise (absent: never). The Retrieval strategy fuses them with its own lexical ranking.
   */
  semantic?(query: string, docs: readonly RankDoc[]): Promise<Similarities | undefined>;
  count(text: string): number;
}

/** Something a strategy update wants on the timeline (promotion, eviction past a cap…). */
export interface StrategyNote {
  kind: 'strategy-evicted' | 'strategy-note';
  detail: string;
}

export interface UpdateResult<D> {
  data: D;
  notes?: StrategyNote[];
}

/** A setting a strategy exposes in the UI, with its valid range. */
export type StrategyField =
  | {
      key: string;
      label: string;
      kind: 'number';
      min: number;
      max: number;
      step?: number;
      help?: string;
    }
  | { key: string; label: string; kind: 'boolean'; help?: string }
  | {
      key: string;
      label: string;
      kind: 'select';
      options: { value: string; label: string }[];
      help?: string;
    }
  | { key: string; label: string; kind: 'list'; help?: string };

export interface BuildInput<S, D> {
  /** The thread's complete past turns, oldest first (the current turn is not among them). */
  turns: readonly Turn[];
  /** The current user message's text. */
  query: string;
  settings: S;
  data: D;
  env: StrategyEnv;
}

export interface UpdateInput<S, D> {
  /** The turn that just completed. */
  turn: Turn;
  /** Every complete turn so far, this one included. */
  turns: readonly Turn[];
  settings: S;
  data: D;
  step: StepFn;
  env: StrategyEnv;
  signal: AbortSignal;
}

/** What the last model call carried, as kept in the strategy's state. */
export type LastCall = CallReport & { query: string; at: number; pastTurns?: number };

/** What a strategy's `panel` is given: its settings and store, the thread's turns, the last call. */
export interface PanelInput<S, D> {
  settings: S;
  data: D;
  turns: readonly Turn[];
  lastCall?: LastCall;
}

export interface ContextStrategy<S extends object = object, D = unknown> {
  id: StrategyId;
  label: string;
  /** One line for the picker. */
  description: string;
  /** Validates the settings; ranges are the ones the fields show. */
  schema: z.ZodType<S>;
  defaults: S;
  fields: StrategyField[];
  /** Section names it may add, in display order. */
  sections: string[];
  /** True when updates make model calls. */
  usesModel: boolean;
  initialData(): D;
  /** Validates stored data (from IndexedDB or a bundle); undefined when unusable. */
  parseData(raw: unknown): D | undefined;
  build(input: BuildInput<S, D>): BuiltContext | Promise<BuiltContext>;
  /**
   * True when `build` returns every past message, in order, and no blocks, whatever its input: the
   * middleware then sends the request's messages as they are, without splitting or building.
   */
  carriesEverything?: boolean;
  /** After each completed turn. Throwing leaves the data as it was. */
  update?(input: UpdateInput<S, D>): Promise<UpdateResult<D>>;
  /**
   * What the Strategy panel shows of its store, in sections (panel-types.ts); absent or empty: only
   * what every strategy shows (turns, extra calls, the last call).
   */
  panel?(input: PanelInput<S, D>): PanelSection[];
}

/** A thread's choice: which strategy, with which settings. */
export interface StrategySelection {
  id: StrategyId;
  settings: Record<string, unknown>;
}

/** What is kept in thread state under `strategy` (and travels in the bundle with the thread). */
export interface StrategyThreadState {
  id: StrategyId;
  settings: Record<string, unknown>;
  data: {
    /** Complete turns the strategy has processed (updates run once per turn, in order). */
    processed: number;
    /** The strategy's own store (summary, facts, graph...). */
    store: unknown;
    /** What the last model call carried, for the Strategy panel. */
    lastCall?: LastCall;
  };
}
