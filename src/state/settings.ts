// Settings store. Settings persist in IndexedDB; the API keys stay in memory unless the user ticks
// "Remember key on this device" (then they are stored encrypted: src/adapters/key-vault.ts), and
// are never part of the settings record.
//
// A key belongs to the endpoint it was entered for. Each key is bound to the origin of the base URL
// it was entered for; when the settings point a provider somewhere else (by hand, by a bundle
// import, by anything that reloads settings), the key is dropped, not sent: the person enters it
// again for the new endpoint, and Settings says why (keyNotice). connectionOf checks the binding
// once more before any request, so no path can hand a key to another endpoint.

import { create } from 'zustand';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../core/settings';
import {
  KEYED_PROVIDER_IDS,
  KEYED_PROVIDERS,
  mapKeyed,
  type KeyedProviderId,
} from '../core/providers/settings';
import { effectiveBaseURL } from '../core/providers/settings-check';
import { createKeyVault, type BoundKeys } from '../adapters/key-vault';
import { getServices } from './services';

/** Providers that take an API key (the Demo and the in-browser model do not). */
type KeyProvider = KeyedProviderId;
export type ApiKeys = Record<KeyProvider, string>;
const KEY_PROVIDERS = KEYED_PROVIDER_IDS;

interface SettingsStore {
  settings: Settings;
  apiKeys: ApiKeys;
  /** For each key held: the endpoint (origin of the base URL) it was entered for. */
  keyEndpoints: ApiKeys;
  loaded: boolean;
  /** Shown when stored settings were unreadable and defaults were used instead. */
  loadProblem?: string;
  /** Shown in Settings when a key was dropped because its endpoint changed. */
  keyNotice?: string;
  load(): Promise<void>;
  /**
   * Saves settings and keys. `entered` names the providers whose key the person typed for these
   * settings; any other key is kept only if it stays on the endpoint it was entered for.
   */
  save(
    settings: Settings,
    apiKeys: ApiKeys,
    entered?: Partial<Record<KeyProvider, boolean>>,
  ): Promise<void>;
}

const SETTINGS_KEY = 'settings';
/** No key for any provider. */
export const NO_KEYS: ApiKeys = mapKeyed(() => '');

/** The endpoint a key is bound to: the origin of the provider's effective base URL. */
export function keyEndpoint(settings: Settings, provider: KeyProvider): string {
  const url = effectiveBaseURL(provider, settings[provider].baseURL);
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The sentence Settings shows when a key was dropped. */
export function keyMovedNotice(provider: KeyProvider, from: string, settings: Settings): string {
  return `The ${KEYED_PROVIDERS[provider].label} API key was entered for ${from}; enter it again for the new base URL (${keyEndpoint(settings, provider)}). It is not sent there.`;
}

/** Keys whose endpoint still matches the settings; the others dropped, with a notice. */
function bindKeys(
  settings: Settings,
  keys: ApiKeys,
  endpoints: ApiKeys,
): { apiKeys: ApiKeys; keyEndpoints: ApiKeys; notices: string[] } {
  const apiKeys = { ...NO_KEYS };
  const keyEndpoints = { ...NO_KEYS };
  const notices: string[] = [];
  for (const provider of KEY_PROVIDERS) {
    if (!keys[provider]) continue;
    if (endpoints[provider] === keyEndpoint(settings, provider)) {
      apiKeys[provider] = keys[provider];
      keyEndpoints[provider] = endpoints[provider];
    } else
      notices.push(keyMovedNotice(provider, endpoints[provider] || 'another endpoint', settings));
  }
  return { apiKeys, keyEndpoints, notices };
}

const vault = () => createKeyVault(getServices().kv);

async function rememberKeys(apiKeys: ApiKeys, keyEndpoints: ApiKeys): Promise<void> {
  const bound: BoundKeys = {};
  for (const provider of KEY_PROVIDERS)
    if (apiKeys[provider])
      bound[provider] = { key: apiKeys[provider], endpoint: keyEndpoints[provider] };
  await vault().save(bound);
}

export const useSettingsStore = create<SettingsStore>((set, get) => ({
  settings: DEFAULT_SETTINGS,
  apiKeys: NO_KEYS,
  keyEndpoints: NO_KEYS,
  loaded: false,

  async load() {
    const { kv } = getServices();
    const stored = await kv.get<unknown>(SETTINGS_KEY);
    let settings = DEFAULT_SETTINGS;
    let loadProblem: string | undefined;
    if (stored !== undefined) {
      const parsed = parseSettings(stored);
      if (parsed.ok) settings = parsed.settings;
      else
        loadProblem = `Saved settings were invalid and defaults are in use (${parsed.problems.join('; ')}).`;
    }
    // Keys held in memory stay (a reload of settings is not a reason to forget them); remembered
    // keys come from the vault. Either way only for the endpoint they were entered for.
    let keys = { ...get().apiKeys };
    let endpoints = { ...get().keyEndpoints };
    if (settings.rememberKey) {
      const legacy = mapKeyed((provider) => keyEndpoint(settings, provider));
      const remembered = await vault()
        .load(legacy)
        .catch(() => undefined);
      for (const provider of KEY_PROVIDERS) {
        const entry = remembered?.[provider];
        if (entry && !keys[provider]) {
          keys = { ...keys, [provider]: entry.key };
          endpoints = { ...endpoints, [provider]: entry.endpoint };
        }
      }
    }
    const bound = bindKeys(settings, keys, endpoints);
    // A remembered key for a moved endpoint is forgotten on the device too.
    if (settings.rememberKey && bound.notices.length > 0)
      await rememberKeys(bound.apiKeys, bound.keyEndpoints).catch(() => undefined);
    set({
      settings,
      apiKeys: bound.apiKeys,
      keyEndpoints: bound.keyEndpoints,
      loaded: true,
      loadProblem,
      ...(bound.notices.length > 0 ? { keyNotice: bound.notices.join(' ') } : {}),
    });
  },

  async save(settings, apiKeys, entered = {}) {
    const parsed = parseSettings(settings);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const next = parsed.settings;
    const before = get();
    // A typed key is bound to the endpoint it was typed for; any other key keeps its binding.
    const endpoints = { ...NO_KEYS };
    for (const provider of KEY_PROVIDERS) {
      endpoints[provider] = entered[provider]
        ? keyEndpoint(next, provider)
        : apiKeys[provider] === before.apiKeys[provider]
          ? before.keyEndpoints[provider]
          : '';
    }
    const bound = bindKeys(next, apiKeys, endpoints);
    const { kv } = getServices();
    await kv.set(SETTINGS_KEY, next);
    // The key is written to the device only on explicit opt-in; opting out erases it.
    if (next.rememberKey) await rememberKeys(bound.apiKeys, bound.keyEndpoints);
    else await vault().clear();
    set({
      settings: next,
      apiKeys: bound.apiKeys,
      keyEndpoints: bound.keyEndpoints,
      loadProblem: undefined,
      keyNotice: bound.notices.length > 0 ? bound.notices.join(' ') : undefined,
    });
  },
}));

export function connectionOf(settings: Settings, apiKeys: ApiKeys) {
  if (settings.provider === 'demo')
    return { provider: 'demo' as const, baseURL: '', model: 'demo', apiKey: '' };
  if (settings.provider === 'local')
    return {
      provider: 'local' as const,
      baseURL: settings.local.baseURL,
      model: settings.local.model,
      apiKey: '',
    };
  const provider = settings.provider;
  const connection = settings[provider];
  // The last check before a request: a key goes only to the endpoint it was entered for.
  const { apiKeys: held, keyEndpoints } = useSettingsStore.getState();
  const boundHere =
    apiKeys[provider] !== '' &&
    apiKeys[provider] === held[provider] &&
    keyEndpoints[provider] === keyEndpoint(settings, provider);
  return {
    provider,
    baseURL: connection.baseURL,
    model: connection.model,
    apiKey: boundHere ? apiKeys[provider] : '',
  };
}

// What the settings fields offer and show, owned by this store (the features' schemas define them).
export {
  KEYED_PROVIDERS,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  isKeyedProvider,
  mapKeyed,
} from '../core/providers/settings';
export {
  COMPACTION_PRESETS,
  DEFAULT_SPECIFICS_BUDGET,
  STRESS_CONTEXT_WINDOW,
} from '../core/compaction/settings';
export { MAX_FACTS_CEILING } from '../core/memory/facts/settings';
export { SIMILARITY_METHODS } from '../core/retrieval/types';
