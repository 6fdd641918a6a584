// App settings: validated on load, on save and on import. The API key is not part of settings: it
// lives in memory, or in a separate record only when the user opts in.

import { z } from 'zod';
import { BOUNDS, MAX_PATH_LENGTH } from './limits';
import { DEFAULT_MEMORY_SOURCES } from './memory/agents-md';
import { experimentToolListSchema } from './tools/experiment';
import { STRATEGY_IDS } from './strategies/types';
import {
  DEFAULT_LOCAL_MODEL,
  DEFAULT_MAX_NEW_TOKENS,
  LOCAL_DTYPES,
  MAX_NEW_TOKENS_RANGE,
} from './providers/local/models';

export const PROVIDER_IDS = ['demo', 'local', 'openai', 'anthropic'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  demo: 'Demo (offline)',
  local: 'In-browser model',
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

const connectionSchema = z.object({
  baseURL: z.string().max(2048),
  model: z.string().max(200),
});

/**
 * The "In-browser model" provider. CONNECTION SETTINGS: `baseURL` (the model host: '' = the Hugging
 * Face Hub, else a URL or a path the app serves, as for embeddings) and `model` decide where the
 * app downloads from, like a hosted provider's base URL and model: bundle import must apply them
 * only with the person's opt-in (CONNECTION_SETTINGS). `dtype` and `maxNewTokens` are not.
 */
export const localModelSchema = z.object({
  baseURL: z.string().max(2048),
  model: z.string().trim().min(1).max(200),
  dtype: z.enum(LOCAL_DTYPES),
  maxNewTokens: z.number().int().min(MAX_NEW_TOKENS_RANGE.min).max(MAX_NEW_TOKENS_RANGE.max),
});
export type LocalModelSettings = z.infer<typeof localModelSchema>;


export const DEFAULT_LOCAL_SETTINGS: LocalModelSettings = {
  baseURL: '',
  model: DEFAULT_LOCAL_MODEL,
  dtype: 'auto',
  maxNewTokens: DEFAULT_MAX_NEW_TOKENS,
};

/** Context compaction thresholds (SPEC section 8). Ranges are enforced on save and import. */
export const compactionSchema = z.object({
  /** Tool results over this many tokens are moved to /large_tool_results/. */
  offloadTokens: z.number().int().min(100).max(1_000_000),
  /** Compaction starts when the request exceeds this fraction of the context window. */
  triggerFraction: z.number().min(0.05).max(0.99),
  /** Summarization keeps the most recent messages worth this fraction of the window. */
  keepFraction: z.number().min(0.01).max(0.9),
  /** write_file / edit_file arguments longer than this are truncated in old messages. */
  truncateArgChars: z.number().int().min(100).max(1_000_000),
});
export type CompactionSettings = z.infer<typeof compactionSchema>;

export const COMPACTION_PRESETS = {
  default: {
    offloadTokens: 20_000,
    triggerFraction: 0.85,
    keepFraction: 0.1,
    truncateArgChars: 2_000,
  },
  /** The Deep Agents team's evaluation practice: trigger early so short sessions produce events. */
  stress: {
    offloadTokens: 2_000,
    triggerFraction: 0.15,
    keepFraction: 0.05,
    truncateArgChars: 500,
  },
} as const satisfies Record<string, CompactionSettings>;

/**
 * The context window the Stress preset also sets (as the window override): small enough that the
 * Demo's long file writes and big computations produce offload, truncation and summarization within
 * a few messages.
 */
export const STRESS_CONTEXT_WINDOW = 32_000;

export const SIMILARITY_METHODS = ['tfidf', 'bm25', 'embeddings', 'hybrid'] as const;
export type SimilarityMethod = (typeof SIMILARITY_METHODS)[number];

export const MAX_FACTS_CEILING = BOUNDS.maxFactsCeiling.value;

/** Fact memory (SPEC section 9). */
export const factsSchema = z.object({
  enabled: z.boolean(),
  /** Delay after a run before the updater runs; later runs restart it. */
  debounceMs: z.number().int().min(0).max(3_600_000),
  similarityWeight: z.number().min(0).max(1),
  confidenceWeight: z.number().min(0).max(1),
  /** Exact token budget of the injected <memory> block. */
  budgetTokens: z.number().int().min(0).max(100_000),
  /** How many recent turns form the ranking context. */
  contextTurns: z.number().int().min(1).max(50),
  method: z.enum(SIMILARITY_METHODS),
  /** Facts under this confidence are not stored. */
  minConfidence: z.number().min(0).max(1),
  /**
   * Facts kept in memory.json, 1..1,000 (src/core/limits.ts); the lowest confidence is dropped
   * first, and the cut is said. Earlier versions allowed up to 10,000: a saved or imported value
   * above the ceiling reads as the ceiling rather than discarding every other setting.
   */
  maxFacts: z.preprocess(
    (value) =>
      typeof value === 'number' && Number.isInteger(value) && value > MAX_FACTS_CEILING
        ? MAX_FACTS_CEILING
        : value,
    z.number().int().min(1).max(MAX_FACTS_CEILING),
  ),
  embeddingModel: z.string().min(1).max(300),
  /** Empty: the Hugging Face hub. Else a base URL or a local path served by the app. */
  embeddingModelBaseUrl: z.string().max(2048),
});
export type FactsSettings = z.infer<typeof factsSchema>;

export const DEFAULT_FACTS_SETTINGS: FactsSettings = {
  enabled: true,
  debounceMs: 30_000,
  similarityWeight: 0.6,
  confidenceWeight: 0.4,
  budgetTokens: 2_000,
  contextTurns: 3,
  method: 'tfidf',
  minConfidence: 0.7,
  maxFacts: BOUNDS.maxFactsDefault.value,
  embeddingModel: 'Xenova/all-MiniLM-L6-v2',
  embeddingModelBaseUrl: '',
};

/** Context strategies (SPEC section 10): the default for new threads and the model for their steps. */
export const strategySettingsSchema = z.object({
  default: z.enum(STRATEGY_IDS),
  /** Model for strategy steps (summary merge, extraction…) on the same connection; empty: the chat model. */
  memoryModel: z.string().max(200),
  /**
   * Who answers memory steps (summaries, fact updates, strategy steps, arena questions): the chat
   * provider ('chat', with memoryModel), or the in-browser model of the `local` settings ('local'),
   * whatever the chat provider is.
   */
  memoryProvider: z.enum(['chat', 'local']).default('chat'),
});
export type StrategySettings = z.infer<typeof strategySettingsSchema>;
export const DEFAULT_STRATEGY_SETTINGS: StrategySettings = {
  default: 'deep-agents',
  memoryModel: '',
  memoryProvider: 'chat',
};

export const settingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  openai: connectionSchema,
  anthropic: connectionSchema,
  /** Overrides the model profile's context window; null uses the profile. */
  contextWindow: z.number().int().min(1024).max(10_000_000).nullable(),
  refreshMemoryAfterEdits: z.boolean(),
  rememberKey: z.boolean(),
  memorySources: z.array(z.string().min(1).max(MAX_PATH_LENGTH)).max(BOUNDS.memorySources.value),
  // Added after the first release: settings saved before them get the defaults.
  compaction: compactionSchema.default(COMPACTION_PRESETS.default),
  facts: factsSchema.default(DEFAULT_FACTS_SETTINGS),
  /** User-defined tools with fixed or templated results, for staging scenarios. */
  experimentTools: experimentToolListSchema.default([]),
  strategy: strategySettingsSchema.default(DEFAULT_STRATEGY_SETTINGS),
  local: localModelSchema.default(DEFAULT_LOCAL_SETTINGS),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  provider: 'demo',
  openai: { baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
  anthropic: { baseURL: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' },
  contextWindow: null,
  refreshMemoryAfterEdits: true,
  rememberKey: false,
  memorySources: [...DEFAULT_MEMORY_SOURCES],
  compaction: { ...COMPACTION_PRESETS.default },
  facts: { ...DEFAULT_FACTS_SETTINGS },
  experimentTools: [],
  strategy: { ...DEFAULT_STRATEGY_SETTINGS },
  local: { ...DEFAULT_LOCAL_SETTINGS },
};

// ---------------------------------------------------------------------------------------------
// Connection settings

/**
 * Every setting that names a host, a URL or a model to download, or decides whether one is
 * downloaded, as a dotted key: the ONE list. A bundle import changes these only when the person
 * ticks "Import connection settings" (src/core/bundle/import.ts), and the preview lists them apart.
 * A new provider or model setting is one line here (an in-browser model provider would add its
 * model id and its host).
 */
export const CONNECTION_SETTINGS = [
  { key: 'provider', what: 'which provider gets the messages (and the key)' },
  { key: 'openai.baseURL', what: 'the host the OpenAI-compatible provider is sent to' },
  { key: 'anthropic.baseURL', what: 'the host the Anthropic provider is sent to' },
  { key: 'facts.embeddingModel', what: 'the embedding model downloaded and run in the browser' },
  { key: 'facts.embeddingModelBaseUrl', what: 'the host or local path models are downloaded from' },
  { key: 'facts.method', what: 'embeddings and hybrid download the embedding model' },
  { key: 'local.model', what: 'the in-browser model downloaded and run in the tab' },
  { key: 'local.baseURL', what: 'the host or local path the in-browser model is downloaded from' },
  {
    key: 'strategy.memoryProvider',
    what: 'memory steps on the in-browser model download it',
  },
] as const satisfies readonly { key: string; what: string }[];

export type ConnectionKey = (typeof CONNECTION_SETTINGS)[number]['key'];

/** Whether a dotted settings key (or a field inside one) is a connection setting. */
export function isConnectionKey(key: string): boolean {
  return CONNECTION_SETTINGS.some((c) => key === c.key || key.startsWith(`${c.key}.`));
}

/** `into` with every connection setting taken from `from` (nothing else changes). */
export function withConnectionOf(into: Settings, from: Settings): Settings {
  const next = structuredClone(into) as unknown as Record<string, unknown>;
  for (const { key } of CONNECTION_SETTINGS) {
    const path = key.split('.');
    let source: unknown = from;
    for (const part of path) source = (source as Record<string, unknown> | undefined)?.[part];
    let target: Record<string, unknown> | undefined = next;
    for (const part of path.slice(0, -1)) {
      const inner: unknown = target?.[part];
      target =
        typeof inner === 'object' && inner !== null
          ? (inner as Record<string, unknown>)
          : undefined;
    }
    if (target && source !== undefined) target[path[path.length - 1]!] = structuredClone(source);
  }
  return next as unknown as Settings;
}

/** Parses stored or imported settings; returns readable problems instead of throwing. */
export function parseSettings(
  value: unknown,
): { ok: true; settings: Settings } | { ok: false; problems: string[] } {
  const result = settingsSchema.safeParse(value);
  if (result.success) return { ok: true, settings: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`,
    ),
  };
}

/**
 * Thread state key: the compaction preset a thread uses instead of the one in Settings. The
 * "Show me compaction" suggestion starts its thread with "stress", so the Demo shows offload,
 * truncation and summarization within a few messages without a trip to Settings.
 */
export const THREAD_PRESET_KEY = 'compactionPreset';

/** Whether a thread's state asks for the Stress preset. */
export function usesStressPreset(state: Readonly<Record<string, unknown>> | undefined): boolean {
  return state?.[THREAD_PRESET_KEY] === 'stress';
}

/** The settings a thread runs with: the Stress thresholds and window when its state says so. */
export function settingsForThread(
  settings: Settings,
  state: Readonly<Record<string, unknown>> | undefined,
): Settings {
  if (!usesStressPreset(state)) return settings;
  return {
    ...settings,
    compaction: { ...COMPACTION_PRESETS.stress },
    contextWindow: STRESS_CONTEXT_WINDOW,
  };
}

const n = (value: number) => value.toLocaleString('en-US');

/** The notice a thread on the Stress preset shows, with the figures it runs with. */
export const STRESS_THREAD_NOTICE =
  `This thread uses the Stress preset: compaction triggers at ${Math.round(COMPACTION_PRESETS.stress.triggerFraction * 100)}% of a ${n(STRESS_CONTEXT_WINDOW)}-token window ` +
  `(${n(Math.round(COMPACTION_PRESETS.stress.triggerFraction * STRESS_CONTEXT_WINDOW))} tokens), tool results over ${n(COMPACTION_PRESETS.stress.offloadTokens)} tokens are offloaded, ` +
  `and old file inputs over ${n(COMPACTION_PRESETS.stress.truncateArgChars)} characters are truncated. Other threads keep your Settings.`;
