import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { PLAINTEXT_ENTRY } from '../adapters/key-vault';
import { getServices } from './services';
import { connectionOf, NO_KEYS, useSettingsStore } from './settings';

const A = 'https://api.openai.com/v1';
const B = 'https://evil.example/v1';
const withOpenAI = (baseURL: string, rememberKey = false): Settings => ({
  ...DEFAULT_SETTINGS,
  provider: 'openai',
  openai: { ...DEFAULT_SETTINGS.openai, baseURL },
  rememberKey,
});
const keyOf = () => {
  const { settings, apiKeys } = useSettingsStore.getState();
  return connectionOf(settings, apiKeys).apiKey;
};

beforeEach(async () => {
  const { kv } = getServices();
  for (const entry of ['settings', 'apiKeys', 'apiKeyVault', 'apiKeyVaultKey'])
    await kv.delete(entry);
  useSettingsStore.setState({
    settings: DEFAULT_SETTINGS,
    apiKeys: NO_KEYS,
    keyEndpoints: NO_KEYS,
    keyNotice: undefined,
  });
});

describe('a key belongs to the endpoint it was entered for', () => {
  it('a typed key is used for its endpoint', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    expect(keyOf()).toBe('sk-a');
    expect(useSettingsStore.getState().keyEndpoints.openai).toBe('https://api.openai.com');
  });

  it('changing the base URL by hand without typing the key again drops it, with a notice', async () => {
    const store = useSettingsStore.getState();
    await store.save(withOpenAI(A), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    await useSettingsStore.getState().save(withOpenAI(B), { ...NO_KEYS, openai: 'sk-a' });
    expect(keyOf()).toBe('');
    expect(useSettingsStore.getState().apiKeys.openai).toBe('');
    expect(useSettingsStore.getState().keyNotice).toContain(
      'The OpenAI-compatible API key was entered for https://api.openai.com; enter it again for the new base URL (https://evil.example).',
    );
    // Typed again for the new endpoint: used there.
    await useSettingsStore
      .getState()
      .save(withOpenAI(B), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    expect(keyOf()).toBe('sk-a');
    expect(useSettingsStore.getState().keyNotice).toBeUndefined();
  });

  it('another path on the same origin keeps the key', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    await useSettingsStore
      .getState()
      .save(withOpenAI('https://api.openai.com/v2'), { ...NO_KEYS, openai: 'sk-a' });
    expect(keyOf()).toBe('sk-a');
  });

  it('settings changed underneath (a bundle import) drop the in-memory and the remembered key on load', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A, true), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    await getServices().kv.set('settings', withOpenAI(B, true));
    await useSettingsStore.getState().load();
    expect(keyOf()).toBe('');
    expect(useSettingsStore.getState().keyNotice).toContain('entered for https://api.openai.com');
    // Not on the device either: a fresh start with the old settings back has no key.
    useSettingsStore.setState({
      apiKeys: NO_KEYS,
      keyEndpoints: NO_KEYS,
    });
    await getServices().kv.set('settings', withOpenAI(A, true));
    await useSettingsStore.getState().load();
    expect(keyOf()).toBe('');
  });

  it('a key put back into the store by hand (setState) is still not sent to another endpoint', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    useSettingsStore.setState({ settings: withOpenAI(B) });
    expect(keyOf()).toBe('');
  });

  it('a remembered key survives a reload for its own endpoint; a plain-text one is migrated', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A, true), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    useSettingsStore.setState({
      apiKeys: NO_KEYS,
      keyEndpoints: NO_KEYS,
    });
    await useSettingsStore.getState().load();
    expect(keyOf()).toBe('sk-a');

    const { kv } = getServices();
    await kv.delete('apiKeyVault');
    await kv.set(PLAINTEXT_ENTRY, { openai: 'sk-plain', anthropic: '' });
    useSettingsStore.setState({
      apiKeys: NO_KEYS,
      keyEndpoints: NO_KEYS,
    });
    await useSettingsStore.getState().load();
    expect(keyOf()).toBe('sk-plain');
    expect(await kv.get(PLAINTEXT_ENTRY)).toBeUndefined();
  });

  it('turning "remember" off erases the remembered key', async () => {
    await useSettingsStore
      .getState()
      .save(withOpenAI(A, true), { ...NO_KEYS, openai: 'sk-a' }, { openai: true });
    await useSettingsStore.getState().save(withOpenAI(A, false), { ...NO_KEYS, openai: 'sk-a' });
    expect(await getServices().kv.get('apiKeyVault')).toBeUndefined();
    expect(keyOf()).toBe('sk-a');
  });
});
