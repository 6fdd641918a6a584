// What an arena run measures, per strategy: every turn's tokens by section and the strategy's extra
// model calls, every probe's outcome with the context it was scored against, and the totals shown
// in the results table. Plain JSON: it crosses the worker boundary and is kept in IndexedDB.

import type { TokenBreakdown } from '../tokens/counter';
import type { StrategySelection } from '../strategies/types';
import type { FoundBy } from './evidence';
import type { Probe, Transcript } from './transcript';
import { inContextShare, retentionShare, type Retention } from '../recorder/retention';

export interface TurnResult {
  /** 1-based turn number. */
  turn: number;
  /** Model calls the turn made (more than one when the recording has tool calls). */
  calls: number;
  /** Input tokens sent over the turn's model calls, by section. */
  sections: Record<string, number>;
  sent: number;
  cumulative: number;
  /** Extra model calls the strategy made after this turn, and their tokens (input + output). */
  extraCalls: number;
  extraInput: number;
  extraOutput: number;
  /** Strategy steps that failed after this turn. */
  failures: string[];
}

/** A carried message: a run of transcript messages by index (inclusive), or a message of its own. */
export type SnapshotMessage =
  { ref: [from: number, to: number] } | { role: 'user' | 'assistant' | 'tool'; content: string };

/** The context a strategy would send for a probe's question (the base system prompt left out). */
export interface ContextSnapshot {
  blocks: { section: string; text: string }[];
  messages: SnapshotMessage[];
  /** Tokens the whole request would cost (system prompt, tools and the question included). */
  tokens: number;
}

export interface ProbeResult {
  probeId: string;
  score: number;
  foundBy: FoundBy;
  present: string[];
  missing: string[];
  context?: ContextSnapshot;
  /** "Ask the model": the model's answer and whether it holds the expected answer. */
  answer?: { text: string; correct: boolean } | { error: string };
}

export interface StrategyRun {
  /** Unique within an arena run (the same strategy may run with several settings). */
  key: string;
  label: string;
  selection: StrategySelection;
  turns: TurnResult[];
  probes: ProbeResult[];
  /** Turns in the transcript (turns.length < total when partial). */
  totalTurns: number;
  partial: boolean;
  /** Steps answered by the offline stand-ins, by a model, or both. */
  answeredBy: 'none' | 'offline' | 'model' | 'mixed';
  cache: { hits: number; misses: number };
  wallMs: number;
  error?: string;
  /**
   * The flight recorder over the replay: specifics removed, and those every removal left kept or
   * recoverable (absent in runs saved before it was measured).
   */
  retention?: Retention;
}

export interface ArenaRun {
  id: string;
  createdAt: number;
  transcript: Transcript;
  runs: StrategyRun[];
  mode: 'offline' | 'model';
  /** The model whose tokenizer counted (and, with a real provider, answered the steps). */
  model: string;
  partial: boolean;
}

export interface RunTotals {
  sent: number;
  extraCalls: number;
  extraTokens: number;
  failures: number;
  /** Mean probe score over the probes measured; null when there were none. */
  recall: number | null;
  probesMeasured: number;
  /** Probes found by each rule. */
  byRule: Record<FoundBy, number>;
  accuracy: number | null;
  /** Share of removed specifics that every removal left kept or recoverable; null: none removed. */
  specificsKept: number | null;
  /** Share of them that every removal left in the context itself (files not counted). */
  specificsInContext: number | null;
}

export function totalsOf(run: StrategyRun): RunTotals {
  const last = run.turns[run.turns.length - 1];
  const byRule: Record<FoundBy, number> = { verbatim: 0, answer: 0, missing: 0 };
  let sum = 0;
  for (const probe of run.probes) {
    sum += probe.score;
    byRule[probe.foundBy]++;
  }
  const answered = run.probes.filter((p) => p.answer && 'correct' in p.answer);
  return {
    sent: last?.cumulative ?? 0,
    extraCalls: run.turns.reduce((n, t) => n + t.extraCalls, 0),
    extraTokens: run.turns.reduce((n, t) => n + t.extraInput + t.extraOutput, 0),
    failures: run.turns.reduce((n, t) => n + t.failures.length, 0),
    recall: run.probes.length ? sum / run.probes.length : null,
    probesMeasured: run.probes.length,
    byRule,
    accuracy: answered.length
      ? answered.filter((p) => p.answer && 'correct' in p.answer && p.answer.correct).length /
        answered.length
      : null,
    specificsKept: retentionShare(run.retention),
    specificsInContext: inContextShare(run.retention),
  };
}

const SECTION_NAMES: Record<string, string> = {
  system: 'System prompt',
  memory: 'AGENTS.md',
  facts: 'Facts',
  summary: 'Summary',
  messages: 'Messages',
  toolResults: 'Tool results',
  tools: 'Tool schemas',
};

/** A request's token breakdown as named sections (strategy sections by their own names). */
export function sectionsOf(breakdown: TokenBreakdown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, name] of Object.entries(SECTION_NAMES)) {
    const value = breakdown[key as keyof typeof SECTION_NAMES & keyof TokenBreakdown];
    if (typeof value === 'number' && value > 0) out[name] = value;
  }
  for (const [name, value] of Object.entries(breakdown.strategy ?? {}))
    if (value > 0) out[name] = (out[name] ?? 0) + value;
  return out;
}

export function probeById(transcript: Transcript): Map<string, Probe> {
  return new Map(transcript.probes.map((p) => [p.id, p]));
}
