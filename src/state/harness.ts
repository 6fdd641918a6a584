// The app's way into the harness (src/core/harness): resolves the edges the core cannot (the
// provider the settings name, the token counter, the in-browser model, the workspace, the memory
// journal) for a thread session (src/core/session), which builds its harness from them and keeps it
// while they stay the same. Nothing here holds run-time state: what a run produces goes out on the
// session's stream.

import type { ThreadState } from '../core/agent/middleware';
import { counterFor, createHarness, modelBasics, type HarnessDeps } from '../core/harness/harness';
import { getLayers, preferredRank, preferredSemantic } from '../core/harness/pipeline';
import type { RankerResolver } from '../core/retrieval/rank';
import { settingsForThread, type Settings } from '../core/settings';
import { strategyOf } from '../core/strategies/registry';
import type { TokenCounter } from '../core/tokens/counter';
import { THREAD_PRESET_KEY } from '../core/compaction/settings';
import type { HarnessPurpose, HarnessResolution } from '../core/session/types';
import { createWorkerCodeRunner } from '../adapters/execute-runner';
import { appRecordBuilder } from '../adapters/record-builder';
import { createProviderFor, memoryStepsProvider, type Connection } from './provider';
import { getServices } from './services';
import { connectionOf, useSettingsStore } from './settings';
import {
  GeneratorUnavailableError,
  localCounter,
  plannedLocalContextWindow,
  prepareLocalModel,
} from './local-model';

/** Rankers for fact memory and for the strategies (the facts store's, embeddings included). */
export interface HarnessRankers {
  factRankers?: RankerResolver;
  strategyRankers?: RankerResolver;
  onFactsInvalid?: (message: string) => void;
}

/**
 * The edges of a harness for the thread whose state `state` reads: its settings (the thread's
 * Stress preset over Settings), provider, counter and strategy, with the key the session keeps its
 * harness by. The strategy and the settings are read at every model call, so a switch mid-run
 * applies to the next call. A run readies the in-browser model (its `signal` stops the wait); a
 * preview never starts a download.
 */
export async function resolveHarness(
  state: () => ThreadState,
  purpose: HarnessPurpose,
  rankers: HarnessRankers = {},
): Promise<HarnessResolution> {
  const { apiKeys, settings: appSettings } = useSettingsStore.getState();
  const settingsNow = () => settingsForThread(useSettingsStore.getState().settings, state());
  const settings = settingsNow();
  const connection = connectionOf(settings, apiKeys);
  const preview = purpose.kind === 'preview';
  let model: { contextWindow: number; counter: TokenCounter };
  try {
    model = await modelSetup(connection, settings, preview ? undefined : purpose.signal);
  } catch (error) {
    if (!(error instanceof GeneratorUnavailableError)) return { ok: false, unavailable: 'stopped' };
    return error.reason === 'cancelled'
      ? { ok: false, unavailable: 'cancelled', message: error.message }
      : { ok: false, unavailable: 'failed', message: error.message };
  }
  const { contextWindow, counter } = model;
  const strategy = () => strategyOf(state(), settingsNow().strategy.default);
  const layers = getLayers(state());
  const key = {
    provider: connection.provider,
    baseURL: connection.baseURL,
    model: connection.model,
    apiKey: connection.apiKey,
    counter,
    contextWindow,
    strategy: JSON.stringify(strategy()),
    layers: JSON.stringify(layers),
    settings: appSettings,
    preset: JSON.stringify(state()[THREAD_PRESET_KEY] ?? null),
  };
  const build: Extract<HarnessResolution, { ok: true }>['build'] = async () => {
    let run: Pick<HarnessDeps, 'provider' | 'memory' | 'offlineSteps'> = {};
    if (!preview) {
      const created = await createProviderFor(
        connection,
        settings.contextWindow ? { contextWindow: settings.contextWindow } : {},
      );
      if (!created.ok) return { ok: false, problems: created.problems };
      run = {
        provider: created.provider,
        memory: await memoryStepsProvider(connection, created.provider),
        // The Demo answers strategy steps with the offline stand-ins (deterministic, extractive).
        offlineSteps: connection.provider === 'demo',
      };
    }
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
      strategy,
      layers,
      fs,
      ...(preview ? {} : { journal }),
      codeRunner: createWorkerCodeRunner(),
      buildRecord: appRecordBuilder(),
      ...(rankers.factRankers ? { factRankers: rankers.factRankers } : {}),
      ...(rankers.onFactsInvalid ? { onFactsInvalid: rankers.onFactsInvalid } : {}),
      ...(rankers.strategyRankers
        ? {
            rank: preferredRank(rankers.strategyRankers, wantEmbeddings),
            semantic: preferredSemantic(rankers.strategyRankers, wantEmbeddings),
          }
        : {}),
    });
    return {
      harness,
      provider: connection.provider,
      model: connection.model,
      contextWindow,
      counter,
    };
  };
  return { ok: true, key, settings, build };
}

// ---- the edges: counter and context window ----

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
