// The providers the app offers and a hosted provider's connection settings. src/core/settings.ts
// combines every feature's settings.

import { z } from 'zod';

export const PROVIDER_IDS = ['demo', 'local', 'openai', 'anthropic'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  demo: 'Demo (offline)',
  local: 'In-browser model',
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

/** A hosted provider: its base URL and model. */
export const connectionSchema = z.object({
  baseURL: z.string().max(2048),
  model: z.string().max(200),
});
