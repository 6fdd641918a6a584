// The providers the app offers: the ONE id list, and what the app needs to know about each keyed
// provider (one that takes a base URL and an API key) in one place. Every other file derives from
// this: the settings schema and defaults (src/core/settings.ts), the connection settings a bundle
// import guards, the settings checks, error wording, the key store and the Settings dialog.
// Adding a keyed provider: its own file (a ModelProvider built on sdk-call.ts), an entry here and
// its line in create.ts.
// No SDK imports here: the settings UI uses this, and the SDKs load only when a model is first called.

import { z } from 'zod';

/** Providers that take a base URL and an API key (the Demo and the in-browser model do not). */
export const KEYED_PROVIDER_IDS = ['openai', 'anthropic'] as const;
export type KeyedProviderId = (typeof KEYED_PROVIDER_IDS)[number];

export const PROVIDER_IDS = ['demo', 'local', ...KEYED_PROVIDER_IDS] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What a keyed provider is given to build itself (the settings checks have passed). */
export interface KeyedProviderOptions {
  baseURL: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  /** Retries on 408/409/429/5xx and connection errors, honouring retry-after. Default 2. */
  maxRetries?: number;
}

export interface KeyedProviderInfo {
  /** The name in the provider list, the header and the key notice. */
  label: string;
  /** Who answers at the default base URL, in error messages ("Anthropic rejected the API key"). */
  service: string;
  /** What an empty base URL means; also the placeholder in Settings. */
  defaultBaseURL: string;
  defaultModel: string;
  /** How error messages name the API ("did not answer as the Anthropic API does"). */
  api: string;
  /** Said after "The base URL … is probably wrong" when an endpoint is not an API. */
  baseURLHint: string;
  /** A path the SDK adds to every request, so the base URL must not end in it: the advice, or undefined. */
  addedPath(path: string, example: string): string | undefined;
  /** Whether servers on this machine (Ollama, LM Studio, vLLM) may run without a key. */
  keylessOnLocalhost: boolean;
  /** Said when the key is missing (and required). */
  keyRequired: string;
}

export const KEYED_PROVIDERS: Readonly<Record<KeyedProviderId, KeyedProviderInfo>> = {
  openai: {
    label: 'OpenAI-compatible',
    service: 'OpenAI',
    defaultBaseURL: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    api: 'an OpenAI-compatible API',
    baseURLHint: ' (OpenAI-compatible servers usually end in /v1)',
    addedPath: (path, example) =>
      /\/chat\/completions$/.test(path)
        ? `Leave /chat/completions out of the base URL (for example ${example}): it is added to every request.`
        : undefined,
    keylessOnLocalhost: true,
    keyRequired:
      'An API key is required (only servers on this machine, such as Ollama at http://localhost:11434/v1, may run without one).',
  },
  anthropic: {
    label: 'Anthropic',
    service: 'Anthropic',
    defaultBaseURL: 'https://api.anthropic.com',
    defaultModel: 'claude-sonnet-4-5',
    api: 'the Anthropic API',
    baseURLHint: '',
    addedPath: (path, example) =>
      /\/v1(\/messages)?$/.test(path)
        ? `Leave ${path.endsWith('/messages') ? '/v1/messages' : '/v1'} out of the Anthropic base URL (for example ${example}): it is added to every request.`
        : undefined,
    keylessOnLocalhost: false,
    keyRequired: 'An Anthropic API key is required.',
  },
};

/** The provider an error context that names none is worded for (any OpenAI-compatible server). */
export const GENERIC_PROVIDER: KeyedProviderId = 'openai';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  demo: 'Demo (offline)',
  local: 'In-browser model',
  ...mapKeyed((id) => KEYED_PROVIDERS[id].label),
};

export function isKeyedProvider(id: string): id is KeyedProviderId {
  return (KEYED_PROVIDER_IDS as readonly string[]).includes(id);
}

/** A record with one entry per keyed provider. */
export function mapKeyed<T>(value: (id: KeyedProviderId) => T): Record<KeyedProviderId, T> {
  return Object.fromEntries(KEYED_PROVIDER_IDS.map((id) => [id, value(id)])) as Record<
    KeyedProviderId,
    T
  >;
}

/** A hosted provider: its base URL and model. */
export const connectionSchema = z.object({
  baseURL: z.string().max(2048),
  model: z.string().max(200),
});
export type ConnectionSettings = z.infer<typeof connectionSchema>;

/** The settings fields of the keyed providers (`settings.openai`, `settings.anthropic`…). */
export const keyedConnectionsShape = mapKeyed(() => connectionSchema);

export const DEFAULT_CONNECTIONS: Record<KeyedProviderId, ConnectionSettings> = mapKeyed((id) => ({
  baseURL: KEYED_PROVIDERS[id].defaultBaseURL,
  model: KEYED_PROVIDERS[id].defaultModel,
}));

/** Each keyed provider's base URL is a connection setting (src/core/settings.ts). */
export const KEYED_CONNECTION_SETTINGS = KEYED_PROVIDER_IDS.map((id) => ({
  key: `${id}.baseURL` as const,
  what: `the host the ${KEYED_PROVIDERS[id].label} provider is sent to`,
}));
