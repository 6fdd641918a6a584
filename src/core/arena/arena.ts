// One arena run: several strategy selections over one transcript, one after another, sharing the
// step answer cache. Used by the worker and the benchmark (the same code path).

import type { TokenCounter } from '../tokens/counter';
import { summarizerFromProvider } from '../compaction/summarization';
import { createDemoProvider } from '../providers/demo';
import { offlineStep } from '../strategies/offline';
import { getStrategy } from '../strategies/registry';
import type { StepFn, StrategySelection } from '../strategies/types';
import { cachedStep, createStepCache, type StepCache } from './cache';
import { replayTranscript, type ReplayOptions } from './replay';
import type { StrategyRun } from './results';
import type { Transcript } from './transcript';

export interface ArenaEntry {
  key: string;
  label: string;
  selection: StrategySelection;
}

export interface ArenaOptions {
  transcript: Transcript;
  entries: ArenaEntry[];
  counter: TokenCounter;
  model?: string;
  /** Model-backed steps; the offline stand-ins when absent. */
  step?: StepFn;
  cache?: StepCache;
  signal: AbortSignal;
  onProgress?: (key: string, done: number, total: number) => void;
  onResult?: (run: StrategyRun) => void;
  maxContexts?: number;
  pause?: () => Promise<void>;
  ask?: ReplayOptions['ask'];
  /** Settings and window of the replay (default: the defaults, ARENA_CONTEXT_WINDOW). */
  settings?: ReplayOptions['settings'];
  contextWindow?: number;
}

/** A label for a selection: the strategy's name, plus its settings when it differs from defaults. */
export function selectionLabel(selection: StrategySelection): string {
  const strategy = getStrategy(selection.id);
  const differs = strategy.fields.filter(
    (f) =>
      JSON.stringify(selection.settings[f.key]) !==
      JSON.stringify((strategy.defaults as Record<string, unknown>)[f.key]),
  );
  // A switch turned on reads as an addition: "Deep Agents + keep specifics".
  const switches = differs
    .filter((f) => f.kind === 'boolean' && selection.settings[f.key] === true)
    .map((f) => ` + ${f.label.charAt(0).toLowerCase()}${f.label.slice(1)}`)
    .join('');
  const changed = differs
    .filter((f) => !(f.kind === 'boolean' && selection.settings[f.key] === true))
    .map((f) => {
      const value = selection.settings[f.key];
      return `${f.label.replace(/\s*\(.*\)$/, '')} ${Array.isArray(value) ? value.join(', ') : String(value)}`;
    });
  const base = `${strategy.label}${switches}`;
  return changed.length ? `${base} (${changed.join('; ')})` : base;
}

export async function runArena(options: ArenaOptions): Promise<StrategyRun[]> {
  const { counter } = options;
  const cache = options.cache ?? createStepCache();
  const inner = options.step ?? offlineStep((text) => counter.count(text));
  const summarize = summarizerFromProvider(createDemoProvider());
  const runs: StrategyRun[] = [];
  for (const entry of options.entries) {
    if (options.signal.aborted) break;
    const stats = { hits: 0, misses: 0 };
    const run = await replayTranscript({
      transcript: options.transcript,
      selection: entry.selection,
      key: entry.key,
      label: entry.label,
      counter,
      step: cachedStep(inner, cache, stats),
      summarize,
      ...(options.model ? { model: options.model } : {}),
      signal: options.signal,
      onProgress: (done, total) => options.onProgress?.(entry.key, done, total),
      cacheStats: stats,
      ...(options.maxContexts !== undefined ? { maxContexts: options.maxContexts } : {}),
      ...(options.pause ? { pause: options.pause } : {}),
      ...(options.ask ? { ask: options.ask } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      // An imported session replays with the window that puts Deep Agents' trigger where the
      // source compacted (core/autopsy), unless one is given.
      ...((options.contextWindow ?? options.transcript.recorded?.replayWindow)
        ? { contextWindow: options.contextWindow ?? options.transcript.recorded!.replayWindow! }
        : {}),
    });
    runs.push(run);
    options.onResult?.(run);
  }
  return runs;
}
