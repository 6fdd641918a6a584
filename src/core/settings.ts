// App settings: validated on load, on save and on import. The API key is not part of settings: it
// lives in memory, or in a separate record only when the user opts in.

import { z } from 'zod';
import { zodProblems } from './text/errors';
import { agentsMdSettingsShape, DEFAULT_MEMORY_SOURCES } from './memory/agents-md';
import { DEFAULT_FACTS_SETTINGS, factsSchema } from './memory/facts/settings';
import {
  COMPACTION_PRESETS,
  compactionSchema,
  STRESS_CONTEXT_WINDOW,
  usesStressPreset,
} from './compaction/settings';
import { experimentToolListSchema } from './tools/experiment';
import { DEFAULT_STRATEGY_SETTINGS, strategySettingsSchema } from './strategies/settings';
import {
  DEFAULT_CONNECTIONS,
  KEYED_CONNECTION_SETTINGS,
  keyedConnectionsShape,
  PROVIDER_IDS,
} from './providers/settings';
import { DEFAULT_LOCAL_SETTINGS, localModelSchema } from './providers/local/settings';

export const settingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  /** `openai`, `anthropic`…: each keyed provider's base URL and model (providers/settings.ts). */
  ...keyedConnectionsShape,
  /** Overrides the model profile's context window; null uses the profile. */
  contextWindow: z.number().int().min(1024).max(10_000_000).nullable(),
  refreshMemoryAfterEdits: agentsMdSettingsShape.refreshMemoryAfterEdits,
  rememberKey: z.boolean(),
  memorySources: agentsMdSettingsShape.memorySources,
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
  ...DEFAULT_CONNECTIONS,
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
 * ticks "Import connection settings" (src/core/bundle/import/), and the preview lists them apart.
 * A new provider or model setting is one line here (an in-browser model provider would add its
 * model id and its host).
 */
export const CONNECTION_SETTINGS = [
  { key: 'provider', what: 'which provider gets the messages (and the key)' },
  ...KEYED_CONNECTION_SETTINGS,
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
  return { ok: false, problems: zodProblems(result.error, 'settings') };
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
