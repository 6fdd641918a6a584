// The app's way into the harness (src/core/harness): resolves the edges the core cannot (the
// provider the settings name, the token counter, the in-browser model, the workspace, the memory
// journal) and hands them to createHarness, which composes the run. Stores call these functions and
// hold the state; harness events that concern another store (a fact update's result) go out to
// whoever listens here, never through a callback between stores.

import type { AgentEvent } from '../core/agent/events';
import { BASE_SYSTEM_PROMPT } from '../core/agent/prompt';
import type { ThreadState } from '../core/agent/middleware';
import type { Message } from '../core/agent/types';
import type { VirtualFs } from '../core/fs/types';
import {
  counterFor,
  createHarness,
  modelBasics,
  type Harness,
  type HarnessDeps,
} from '../core/harness/harness';
import { getLayers, preferredRank, preferredSemantic } from '../core/harness/pipeline';
import { createMemoryLoader } from '../core/memory/facts/store';
import type { MemoryUpdateOutcome } from '../core/memory/facts/updater';
import { resolveProfile } from '../core/providers/profiles';
import type { RankerResolver } from '../core/retrieval/rank';
import { settingsForThread, type Settings } from '../core/settings';
import { strategyOf } from '../core/strategies/registry';
import { createApproximateCounter, type TokenCounter } from '../core/tokens/counter';
import { createWorkerCodeRunner } from '../adapters/execute-runner';
import { appRecordBuilder } from '../adapters/record-builder';
import { createProviderFor, memoryStepsProvider, type Connection } from './provider';
import { getServices } from './services';
import { connectionOf, useSettingsStore } from './settings';
import { localCounter, plannedLocalContextWindow, prepareLocalModel } from './local-model';

export { GeneratorUnavailableError } from './local-model';

export interface ThreadHarnessOptions {
  /** A run: the provider is created, and the in-browser model waits until it is ready. */
  signal?: AbortSignal;
  /** Only a preview: no provider, no download. */
  preview?: boolean;
  /** Rankers for fact memory and for the strategies (the facts store's, embeddings included). */
  factRankers?: RankerResolver;
  strategyRankers?: RankerResolver;
  onFactsInvalid?: (message: string) => void;
}

export type ThreadHarness =
  | {
      ok: true;
      harness: Harness;
      connection: Connection;
      settings: Settings;
      contextWindow: number;
      counter: TokenCounter;
    }
  | { ok: false; problems: string[] };

/**
 * The harness for one run (or preview) of a thread: its settings (the thread's Stress preset over
 * Settings), provider, counter and strategy. The strategy and the settings are read at every model
 * call, so a switch mid-run applies to the next call. A run may throw GeneratorUnavailableError
 * when the in-browser model cannot be had.
 */
export async function harnessForThread(
  thread: { state: ThreadState },
  options: ThreadHarnessOptions = {},
): Promise<ThreadHarness> {
  const { apiKeys } = useSettingsStore.getState();
  const settingsNow = () => settingsForThread(useSettingsStore.getState().settings, thread.state);
  const settings = settingsNow();
  const connection = connectionOf(settings, apiKeys);
  let run: Pick<HarnessDeps, 'provider' | 'memory' | 'offlineSteps'> = {};
  if (!options.preview) {
    const created = await createProviderFor(connection);
    if (!created.ok) return { ok: false, problems: created.problems };
    run = {
      provider: created.provider,
      memory: await memoryStepsProvider(connection, created.provider),
      // The Demo answers strategy steps with the offline stand-ins (deterministic, extractive).
      offlineSteps: connection.provider === 'demo',
    };
  }
  const { contextWindow, counter } = await modelSetup(connection, settings, options.signal);
  const { fs, journal } = getServices();
  const wantEmbeddings = () => {
    const method = settingsNow().facts.method;
    return method === 'embeddings' || method === 'hybrid';
  };
  const harness = createHarness({
    ...run,
    model: connection.model,
    counter,
    contextWindow,
    settings: settingsNow,
    strategy: () => strategyOf(thread.state, settingsNow().strategy.default),
    layers: getLayers(thread.state),
    fs,
    ...(options.preview ? {} : { journal }),
    codeRunner: createWorkerCodeRunner(),
    buildRecord: appRecordBuilder(),
    loadMemory: memoryLoader(fs),
    ...(options.factRankers ? { factRankers: options.factRankers } : {}),
    ...(options.onFactsInvalid ? { onFactsInvalid: options.onFactsInvalid } : {}),
    ...(options.strategyRankers
      ? {
          rank: preferredRank(options.strategyRankers, wantEmbeddings),
          semantic: preferredSemantic(options.strategyRankers, wantEmbeddings),
        }
      : {}),
  });
  return { ok: true, harness, connection, settings, contextWindow, counter };
}

/**
 * What a compaction outside a run needs ("Compact now"): the thread's compaction settings, the
 * model's window and counter, and the summarizer its run would use. Never starts a download.
 */
export async function compactionSetup(thread: { state: ThreadState }) {
  const made = await harnessForThread(thread);
  if (!made.ok)
    throw new Error(
      `Settings need attention: ${made.problems.join(' ')} Open Settings to fix them.`,
    );
  return {
    compaction: made.settings.compaction,
    contextWindow: made.contextWindow,
    counter: made.counter,
    summarize: made.harness.summarize,
    model: made.connection.model,
    system: BASE_SYSTEM_PROMPT,
  };
}

// ---- fact updates ----

const listeners = new Set<(event: AgentEvent) => void>();

/** Harness events from outside a run (a fact update's result); returns the unsubscribe. */
export function onHarnessEvent(listener: (event: AgentEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Fact memory's update for a thread after a run, through the harness (the memory-step provider
 * answers). A change comes back to the listeners as a 'facts-updated' event.
 */
export async function updateFacts(
  threadId: string,
  messages: readonly Message[],
  newId: () => string,
): Promise<MemoryUpdateOutcome | { status: 'no-provider'; problems: string[] }> {
  const settings = useSettingsStore.getState().settings;
  const connection = connectionOf(settings, useSettingsStore.getState().apiKeys);
  const created = await createProviderFor(connection);
  if (!created.ok) return { status: 'no-provider', problems: created.problems };
  const harness = createHarness({
    provider: created.provider,
    memory: await memoryStepsProvider(connection, created.provider),
    model: connection.model,
    // A fact update counts nothing and carries no context: the harness needs no tokenizer here.
    counter: createApproximateCounter(),
    contextWindow: resolveProfile(connection.model).contextWindow,
    settings: () => useSettingsStore.getState().settings,
    strategy: () => strategyOf(undefined, settings.strategy.default),
    fs: getServices().fs,
    tools: [],
  });
  return harness.updateFacts({
    threadId,
    messages,
    newId,
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
  });
}

// ---- the edges: counter, context window, memory.json loader ----

/**
 * The model's context window and token counter (core/harness's modelBasics for a hosted model). The
 * in-browser model counts with its own tokenizer: with a signal (a run) it waits for the model,
 * downloading it on first use; without one (a preview) it never starts a download and estimates
 * until the model is loaded.
 */
async function modelSetup(
  connection: Connection,
  settings: Settings,
  signal?: AbortSignal,
): Promise<{ contextWindow: number; counter: TokenCounter }> {
  if (connection.provider === 'local') {
    const estimate = () => counterFor(connection.model);
    if (signal) {
      const prepared = await prepareLocalModel(settings, signal);
      return {
        contextWindow: prepared.contextWindow,
        counter: prepared.counter ?? (await estimate()),
      };
    }
    return {
      contextWindow: plannedLocalContextWindow(settings),
      counter: (await localCounter()) ?? (await estimate()),
    };
  }
  return modelBasics(connection.model, settings.contextWindow ?? undefined);
}

let sharedLoader: { fs: VirtualFs; load: ReturnType<typeof createMemoryLoader> } | undefined;
/** One memory.json loader for the app, so its parse cache survives between runs. */
function memoryLoader(fs: VirtualFs) {
  if (sharedLoader?.fs !== fs)
    sharedLoader = {
      fs,
      // Facts over "Maximum facts" are never ranked or injected (the Facts panel says the cut).
      load: createMemoryLoader(
        fs,
        undefined,
        () => useSettingsStore.getState().settings.facts.maxFacts,
      ),
    };
  return sharedLoader.load;
}
