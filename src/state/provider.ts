// Builds the provider the settings name. Settings are checked first so that a bad URL or a
// missing key is explained before any request is made. The SDKs load on first use, which keeps
// them out of the initial page.

import { CREATE_KEYED_PROVIDER } from '../core/providers/create';
import type { ModelProvider } from '../core/agent/types';
import { createDemoProvider } from '../core/providers/demo';
import { validateProviderSettings } from '../core/providers/settings-check';
import type { ProviderId } from '../core/providers/settings';
import { useSettingsStore } from './settings';
import { localGenerator } from './local-model';

export interface Connection {
  provider: ProviderId;
  baseURL: string;
  model: string;
  apiKey: string;
}

/** `contextWindow`: the window set in Settings or by the thread's preset, told to the Demo. */
export async function createProviderFor(
  connection: Connection,
  demo: { contextWindow?: number } = {},
): Promise<{ ok: true; provider: ModelProvider } | { ok: false; problems: string[] }> {
  if (connection.provider === 'demo') return { ok: true, provider: createDemoProvider(demo) };
  if (connection.provider === 'local') {
    // The model runs in a worker; it downloads on the first call that needs it.
    const local = useSettingsStore.getState().settings.local;
    const { createLocalProvider } = await import('../core/providers/local/provider');
    return {
      ok: true,
      provider: createLocalProvider({
        generator: localGenerator(local),
        maxNewTokens: local.maxNewTokens,
      }),
    };
  }
  const problems = validateProviderSettings(connection).map((problem) => problem.message);
  if (problems.length > 0) return { ok: false, problems };
  // The provider's SDK loads here, on the first call that needs it.
  const options = { baseURL: connection.baseURL, apiKey: connection.apiKey };
  return { ok: true, provider: await CREATE_KEYED_PROVIDER[connection.provider](options) };
}

export interface MemoryStepsProvider {
  provider: ModelProvider;
  /** The model id memory requests carry. */
  model: string;
  /** True when the in-browser model answers them (chosen as the memory provider). */
  onDevice: boolean;
}

/**
 * Who answers memory steps (summaries, fact updates, strategy steps, arena questions): the
 * in-browser model when Settings say so ("Run memory steps on the in-browser model"), else the
 * chat provider with the "Memory model" (or the chat model).
 */
export async function memoryStepsProvider(
  connection: Connection,
  chat: ModelProvider,
): Promise<MemoryStepsProvider> {
  const { strategy, local } = useSettingsStore.getState().settings;
  if (strategy.memoryProvider === 'local' && connection.provider !== 'local') {
    const { createLocalProvider } = await import('../core/providers/local/provider');
    return {
      provider: createLocalProvider({
        generator: localGenerator(local),
        maxNewTokens: local.maxNewTokens,
      }),
      model: local.model,
      onDevice: true,
    };
  }
  return {
    provider: chat,
    model: strategy.memoryModel.trim() || connection.model,
    onDevice: connection.provider === 'local',
  };
}
