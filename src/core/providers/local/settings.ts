// The "In-browser model" provider's settings. src/core/settings.ts combines every feature's settings.

import { z } from 'zod';
import {
  DEFAULT_LOCAL_MODEL,
  DEFAULT_MAX_NEW_TOKENS,
  LOCAL_DTYPES,
  MAX_NEW_TOKENS_RANGE,
} from './models';

/**
 * CONNECTION SETTINGS: `baseURL` (the model host: '' = the Hugging Face Hub, else a URL or a path the
 * app serves, as for embeddings) and `model` decide where the app downloads from, like a hosted
 * provider's base URL and model: bundle import must apply them only with the person's opt-in
 * (CONNECTION_SETTINGS in src/core/settings.ts). `dtype` and `maxNewTokens` are not.
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
