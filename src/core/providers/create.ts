// Building a keyed provider by its id: each provider's module (and its SDK) loads here, on first
// use. Kept apart from the id list (settings.ts), which the providers themselves read: a list that
// imported them would close an import circle.

import type { ModelProvider } from '../agent/types';
import type { KeyedProviderId, KeyedProviderOptions } from './settings';

export const CREATE_KEYED_PROVIDER: Readonly<
  Record<KeyedProviderId, (options: KeyedProviderOptions) => Promise<ModelProvider>>
> = {
  openai: async (options) => (await import('./openai')).createOpenAIProvider(options),
  anthropic: async (options) => (await import('./anthropic')).createAnthropicProvider(options),
};
