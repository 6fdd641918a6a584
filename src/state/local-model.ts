// The in-browser model in the app: one generator client (worker) for the settings in force, its
// status for the UI (download progress, ready, failed), the model's files in this browser's cache,
// and the actions around them (cancel the download, remove the files, switch to the Demo).
//
// Nothing downloads until the "In-browser model" provider is chosen and a model call needs it (a
// message, a memory step) or the person asks for it.

import { create } from 'zustand';
import type { TokenCounter } from '../core/tokens/counter';
import {
  DEFAULT_LOCAL_CONTEXT_WINDOW,
  localModelInfo,
  publishedSize,
  resolveDtype,
} from '../core/providers/local/models';
import type { GeneratorStatus } from '../core/providers/local/status';
import type { LocalModelSettings } from '../core/providers/local/settings';
import { GeneratorClient, GeneratorUnavailableError } from '../adapters/generator-client';
import { resolveModelSource } from '../adapters/embedder-client';
import {
  cachedModelSize,
  modelCachePrefix,
  removeCachedModel,
  type CachedModel,
} from '../adapters/model-cache';
import { useSettingsStore } from './settings';
import { errorText } from '../core/text/errors';

interface LocalModelStore {
  status: GeneratorStatus;
  /** The model the status is about. */
  modelId: string;
  /** What the last check found in this browser's cache, per "model|host" key. */
  cached: Record<string, CachedModel | 'checking' | { error: string }>;
  /** Shown after "Remove downloaded model". */
  removed?: string;
  /** The generator client and its counters (see LocalGenerators). */
  generators: LocalGenerators;
}

const keyOf = (local: LocalModelSettings) =>
  JSON.stringify([local.model.trim(), local.baseURL.trim(), local.dtype]);
export const cacheKeyOf = (modelId: string, baseURL: string) =>
  `${modelId.trim()}|${baseURL.trim()}`;

/**
 * The one generator client (worker) for the settings in force, and the token counters built from
 * the tokenizers it loaded, per model. Made once by the store below, which holds it: nothing
 * run-time is module state.
 */
class LocalGenerators {
  client: GeneratorClient | null = null;
  private clientKey = '';
  private unsubscribe: (() => void) | undefined;
  /** Counters built from the tokenizer the worker loaded, per model. */
  readonly counters = new Map<string, TokenCounter>();

  constructor(private readonly setStatus: (status: GeneratorStatus, modelId: string) => void) {}

  /** The client for `local` (made when first needed; other settings replace it). */
  for(local: LocalModelSettings): GeneratorClient {
    const key = keyOf(local);
    if (this.client && this.clientKey === key) return this.client;
    this.unsubscribe?.();
    this.client?.dispose();
    this.clientKey = key;
    const client = new GeneratorClient({
      modelId: local.model.trim(),
      baseUrl: local.baseURL.trim(),
      dtype: local.dtype,
    });
    this.client = client;
    const modelId = local.model.trim();
    this.unsubscribe = client.subscribe((status) => {
      this.setStatus(status, modelId);
      if (status.state === 'ready') void refreshCached(modelId, local.baseURL);
    });
    return client;
  }
}

export const useLocalModelStore = create<LocalModelStore>((set) => ({
  status: { state: 'idle' },
  modelId: '',
  cached: {},
  generators: new LocalGenerators((status, modelId) => set({ status, modelId })),
}));

const generators = () => useLocalModelStore.getState().generators;

/** The client for the current settings (made when first needed; a settings change replaces it). */
export function localGenerator(
  local = useSettingsStore.getState().settings.local,
): GeneratorClient {
  return generators().for(local);
}

/** Starts the download / loading now (the "Download" and "Try again" buttons). */
export function loadLocalModel(): void {
  localGenerator().load();
}

export function cancelLocalDownload(): void {
  generators().client?.cancelDownload();
}

/**
 * Waits until the model is ready (downloading it on first use) and returns what a run needs: the
 * model's own token counter and the context window to plan with.
 */
export async function prepareLocalModel(
  settings: { local: LocalModelSettings; contextWindow: number | null },
  signal: AbortSignal,
): Promise<{ counter: TokenCounter | null; contextWindow: number }> {
  const generator = localGenerator(settings.local);
  await generator.whenReady(signal);
  const status = generator.status;
  const limit = status.state === 'ready' ? status.contextLimit : DEFAULT_LOCAL_CONTEXT_WINDOW;
  return {
    counter: await localCounter(),
    contextWindow: Math.min(settings.contextWindow ?? DEFAULT_LOCAL_CONTEXT_WINDOW, limit),
  };
}

/** The context window to plan with before the model is loaded (the Context inspector's preview). */
export function plannedLocalContextWindow(settings: {
  local: LocalModelSettings;
  contextWindow: number | null;
}): number {
  const limit = localModelInfo(settings.local.model)?.contextLimit ?? DEFAULT_LOCAL_CONTEXT_WINDOW;
  return Math.min(settings.contextWindow ?? DEFAULT_LOCAL_CONTEXT_WINDOW, limit);
}

/**
 * The loaded model's own token counter, built once per model from the tokenizer files the worker
 * handed over; null before the model is loaded (callers then estimate).
 */
export async function localCounter(): Promise<TokenCounter | null> {
  const { client, counters } = generators();
  if (!client || client.status.state !== 'ready') return null;
  const existing = counters.get(client.modelId);
  if (existing) return existing;
  const files = client.tokenizerFiles;
  if (!files) return null;
  const { tokenCounterFromFiles } = await import('../core/providers/local/tokenizer');
  const counter = tokenCounterFromFiles(client.modelId, files.json, files.config);
  counters.set(client.modelId, counter);
  return counter;
}

/** Reads how much of a model this browser holds. */
export async function refreshCached(modelId: string, baseURL: string): Promise<void> {
  const key = cacheKeyOf(modelId, baseURL);
  const prefix = modelCachePrefix(modelId.trim(), resolveModelSource(baseURL.trim()));
  if (!prefix) {
    useLocalModelStore.setState((s) => ({
      cached: { ...s.cached, [key]: { bytes: 0, files: 0 } },
    }));
    return;
  }
  useLocalModelStore.setState((s) => ({ cached: { ...s.cached, [key]: 'checking' } }));
  try {
    const found = await cachedModelSize(prefix);
    useLocalModelStore.setState((s) => ({ cached: { ...s.cached, [key]: found } }));
  } catch (error) {
    const message = errorText(error);
    useLocalModelStore.setState((s) => ({ cached: { ...s.cached, [key]: { error: message } } }));
  }
}

/**
 * "Remove downloaded model": deletes the model's files from this browser's cache, and drops it
 * from memory when it is the one loaded, so both the disk space and the memory are given back.
 */
export async function removeDownloadedModel(modelId: string, baseURL: string): Promise<void> {
  const prefix = modelCachePrefix(modelId.trim(), resolveModelSource(baseURL.trim()));
  if (!prefix) return;
  const freed = await removeCachedModel(prefix);
  const { client, counters } = generators();
  if (client && client.modelId === modelId.trim()) {
    client.unload();
    counters.delete(client.modelId);
  }
  useLocalModelStore.setState({
    removed: `Removed ${modelId.trim()} from this browser (${formatFreed(freed)}).`,
  });
  await refreshCached(modelId, baseURL);
}

function formatFreed(freed: CachedModel): string {
  const mb = freed.bytes / 1e6;
  return `${mb >= 100 ? mb.toFixed(0) : mb.toFixed(1)} MB, ${freed.files} file${freed.files === 1 ? '' : 's'}`;
}

/** "Use the Demo instead": the provider becomes the Demo (saved), nothing else changes. */
export async function switchToDemo(): Promise<void> {
  const { settings, apiKeys, save } = useSettingsStore.getState();
  await save({ ...settings, provider: 'demo' }, apiKeys);
}

/** When the model only answers memory steps: give them back to the chat provider (saved). */
export async function memoryStepsToChat(): Promise<void> {
  const { settings, apiKeys, save } = useSettingsStore.getState();
  await save({ ...settings, strategy: { ...settings.strategy, memoryProvider: 'chat' } }, apiKeys);
}

/** The published size of the model in the quantization each device would use, for the hints. */
export function expectedDownload(local: LocalModelSettings): { webgpu?: number; wasm?: number } {
  const webgpu = publishedSize(local.model, resolveDtype(local.dtype, 'webgpu'));
  const wasm = publishedSize(local.model, resolveDtype(local.dtype, 'wasm'));
  return {
    ...(webgpu !== undefined ? { webgpu } : {}),
    ...(wasm !== undefined ? { wasm } : {}),
  };
}

export { GeneratorUnavailableError };

// The in-browser models this store offers, their sizes and speeds, as the UI shows them.
export {
  DEFAULT_LOCAL_CONTEXT_WINDOW,
  LOCAL_DTYPE_LABELS,
  LOCAL_DTYPES,
  LOCAL_MODELS,
  MAX_NEW_TOKENS_RANGE,
  formatBytes,
  localModelInfo,
} from '../core/providers/local/models';
export { describeCallSpeed, downloadPercent } from '../core/providers/local/status';
