import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IdbKeyValue } from './idb-threads';
import { PLAINTEXT_ENTRY, VAULT_ENTRY, VAULT_KEY_ENTRY, createKeyVault } from './key-vault';

let n = 0;
const freshKv = () => new IdbKeyValue(`mp-vault-test-${++n}`);
const endpoints = { openai: 'https://api.openai.com', anthropic: 'https://api.anthropic.com' };

describe('key vault', () => {
  it('stores the key encrypted under a non-extractable key, and reads it back', async () => {
    const kv = freshKv();
    const vault = createKeyVault(kv);
    await vault.save({ openai: { key: 'sk-secret-123', endpoint: 'https://api.openai.com' } });

    const record = await kv.get<{ iv: Uint8Array; data: ArrayBuffer }>(VAULT_ENTRY);
    const stored = JSON.stringify(record, (_k, v: unknown) =>
      v instanceof ArrayBuffer ? Buffer.from(v).toString('latin1') : v,
    );
    expect(stored).not.toContain('sk-secret-123');
    const cryptoKey = await kv.get<CryptoKey>(VAULT_KEY_ENTRY);
    expect(cryptoKey?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', cryptoKey!)).rejects.toThrow();

    expect(await createKeyVault(kv).load(endpoints)).toEqual({
      openai: { key: 'sk-secret-123', endpoint: 'https://api.openai.com' },
    });
  });

  it('migrates a plain-text key: re-stored encrypted, bound to the configured endpoint, plain text deleted', async () => {
    const kv = freshKv();
    await kv.set(PLAINTEXT_ENTRY, { openai: 'sk-old-plain', anthropic: '' });
    const loaded = await createKeyVault(kv).load(endpoints);
    expect(loaded).toEqual({ openai: { key: 'sk-old-plain', endpoint: 'https://api.openai.com' } });
    expect(await kv.get(PLAINTEXT_ENTRY)).toBeUndefined();
    expect(await kv.get(VAULT_ENTRY)).toBeDefined();
    // Read again from the encrypted record.
    expect(await createKeyVault(kv).load(endpoints)).toEqual(loaded);
  });

  it('a tampered record reads as no key, and clear forgets everything', async () => {
    const kv = freshKv();
    const vault = createKeyVault(kv);
    await vault.save({ anthropic: { key: 'sk-ant', endpoint: 'https://api.anthropic.com' } });
    const record = await kv.get<{ iv: Uint8Array; data: ArrayBuffer }>(VAULT_ENTRY);
    const bytes = new Uint8Array(record!.data.slice(0));
    bytes[0] = bytes[0]! ^ 1;
    await kv.set(VAULT_ENTRY, { ...record, data: bytes.buffer });
    expect(await vault.load(endpoints)).toBeUndefined();
    await vault.clear();
    expect(await kv.get(VAULT_ENTRY)).toBeUndefined();
  });
});
