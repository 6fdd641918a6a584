import { describe, expect, it } from 'vitest';
import { CREATE_KEYED_PROVIDER } from './create';
import { DEFAULT_SETTINGS, isConnectionKey, parseSettings } from '../settings';
import {
  KEYED_PROVIDER_IDS,
  KEYED_PROVIDERS,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  isKeyedProvider,
} from './settings';
import { effectiveBaseURL, validateProviderSettings } from './settings-check';

// The id list is the one place a keyed provider is named: everything below derives from it.
describe('the provider id list', () => {
  it('offers every provider with a label, the keyed ones after the Demo and the in-browser model', () => {
    expect(PROVIDER_IDS).toEqual(['demo', 'local', ...KEYED_PROVIDER_IDS]);
    for (const id of PROVIDER_IDS) expect(PROVIDER_LABELS[id]).toMatch(/\S/);
    expect(PROVIDER_IDS.filter(isKeyedProvider)).toEqual([...KEYED_PROVIDER_IDS]);
  });

  it.each(KEYED_PROVIDER_IDS)(
    '%s: has a settings field with its defaults, guarded as a connection setting',
    (id) => {
      const info = KEYED_PROVIDERS[id];
      expect(DEFAULT_SETTINGS[id]).toEqual({
        baseURL: info.defaultBaseURL,
        model: info.defaultModel,
      });
      // A bundle import may not point the key somewhere else unasked.
      expect(isConnectionKey(`${id}.baseURL`)).toBe(true);
      // Stored settings without the provider's field are refused, not half-read.
      const { [id]: _dropped, ...without } = DEFAULT_SETTINGS;
      const parsed = parseSettings(without);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problems.join(' ')).toContain(id);
    },
  );

  it.each(KEYED_PROVIDER_IDS)(
    '%s: an empty base URL means its default; a key is asked for',
    (id) => {
      const info = KEYED_PROVIDERS[id];
      expect(effectiveBaseURL(id, '  ')).toBe(info.defaultBaseURL);
      const problems = validateProviderSettings({
        provider: id,
        baseURL: '',
        apiKey: '',
        model: 'm',
      });
      expect(problems).toEqual([{ field: 'apiKey', message: info.keyRequired }]);
    },
  );

  it.each(KEYED_PROVIDER_IDS)('%s: builds a provider with its own id', async (id) => {
    const provider = await CREATE_KEYED_PROVIDER[id]({
      baseURL: KEYED_PROVIDERS[id].defaultBaseURL,
      apiKey: 'sk-test',
    });
    expect(provider.id).toBe(id);
  });

  it('refuses an id that is not on the list', () => {
    expect(validateProviderSettings({ provider: 'nonesuch' })).toEqual([
      { field: 'provider', message: 'Unknown provider "nonesuch".' },
    ]);
  });
});
