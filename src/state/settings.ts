// Settings store. Settings persist in IndexedDB; the API keys stay in memory unless the user ticks
// "Remember key on this device", and are never part of the settings record.

import { create } from 'zustand';
import { DEFAULT_SETTINGS, parseSettings, type ProviderId, type Settings } from '../core/settings';
import { getServices } from './services';

type ApiKeys = Record<Exclude<ProviderId, 'demo'>, string>;

interface SettingsStore {
  settings: Settings;
  apiKeys: ApiKeys;
  loaded: boolean;
  /** Shown when stored settings were unreadable and defaults were used instead. */
  loadProblem?: string;
  load(): Promise<void>;
  save(settings: Settings, apiKeys: ApiKeys): Promise<void>;
}

const SETTINGS_KEY = 'settings';
const KEYS_KEY = 'apiKeys';
const EMPTY_KEYS: ApiKeys = { openai: '', anthropic: '' };

export const useSettingsStore = create<SettingsStore>((set) => ({
  settings: DEFAULT_SETTINGS,
  apiKeys: EMPTY_KEYS,
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
    const storedKeys = settings.rememberKey ? await kv.get<ApiKeys>(KEYS_KEY) : undefined;
    set({ settings, apiKeys: { ...EMPTY_KEYS, ...storedKeys }, loaded: true, loadProblem });
  },

  async save(settings, apiKeys) {
    const parsed = parseSettings(settings);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const { kv } = getServices();
    await kv.set(SETTINGS_KEY, parsed.settings);
    // The key is written to the device only on explicit opt-in; opting out erases it.
    if (parsed.settings.rememberKey) await kv.set(KEYS_KEY, apiKeys);
    else await kv.delete(KEYS_KEY);
    set({ settings: parsed.settings, apiKeys, loadProblem: undefined });
  },
}));

export function connectionOf(settings: Settings, apiKeys: ApiKeys) {
  if (settings.provider === 'demo')
    return { provider: 'demo' as const, baseURL: '', model: 'demo', apiKey: '' };
  const connection = settings[settings.provider];
  return {
    provider: settings.provider,
    baseURL: connection.baseURL,
    model: connection.model,
    apiKey: apiKeys[settings.provider],
  };
}
