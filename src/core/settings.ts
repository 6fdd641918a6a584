// App settings: validated on load, on save and on import. The API key is not part of settings: it
// lives in memory, or in a separate record only when the user opts in.

import { z } from 'zod';
import { DEFAULT_MEMORY_SOURCES } from './memory/agents-md';

export const PROVIDER_IDS = ['demo', 'openai', 'anthropic'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  demo: 'Demo (offline)',
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

const connectionSchema = z.object({
  baseURL: z.string().max(2048),
  model: z.string().max(200),
});

export const settingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  openai: connectionSchema,
  anthropic: connectionSchema,
  /** Overrides the model profile's context window; null uses the profile. */
  contextWindow: z.number().int().min(1024).max(10_000_000).nullable(),
  refreshMemoryAfterEdits: z.boolean(),
  rememberKey: z.boolean(),
  memorySources: z.array(z.string().min(1).max(1024)).max(20),
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
};

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
