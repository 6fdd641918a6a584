// The remembered API keys, encrypted at rest. "Remember key on this device" stores the keys in
// IndexedDB as AES-GCM ciphertext under a 256-bit WebCrypto key that is generated here and is
// non-extractable: IndexedDB keeps the CryptoKey object itself (structured clone), and no script,
// this app's included, can read its bytes; it can only ask the browser to decrypt with it.
//
// What this protects, honestly: the key never sits in plain text in IndexedDB next to the files,
// so a copy of the browser profile, a storage dump or a devtools glance does not show it. Code
// running in this origin could still ask the browser to decrypt, so the real wall against
// model-written code is the execute sandbox (opaque origin: it has no access to this database).
//
// Each key is stored with the endpoint (origin of the base URL) it was entered for, so a key is
// never handed to another endpoint (src/state/settings.ts).

import { KEYED_PROVIDER_IDS, type KeyedProviderId } from '../core/providers/settings';

export interface BoundKey {
  key: string;
  /** The origin of the base URL the key was entered for, e.g. https://api.openai.com. */
  endpoint: string;
}

export type BoundKeys = Partial<Record<KeyedProviderId, BoundKey>>;

/** The part of the app's key-value store the vault uses (IdbKeyValue in the app). */
export interface VaultStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

interface SealedRecord {
  version: 1;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** Where things live in the key-value store. */
export const VAULT_ENTRY = 'apiKeyVault';
export const VAULT_KEY_ENTRY = 'apiKeyVaultKey';
/** Where earlier versions kept the keys in plain text (read once, then deleted). */
export const PLAINTEXT_ENTRY = 'apiKeys';

export interface KeyVault {
  /**
   * The remembered keys, or undefined when none are stored. A plain-text record from an earlier
   * version is migrated: encrypted, stored, and the plain text deleted; its keys are bound to
   * `legacyEndpoints` (the endpoints configured when they were saved).
   */
  load(legacyEndpoints: Partial<Record<KeyedProviderId, string>>): Promise<BoundKeys | undefined>;
  save(keys: BoundKeys): Promise<void>;
  /** Forgets every remembered key (and the plain-text record, if any is left). */
  clear(): Promise<void>;
}

export function createKeyVault(
  storage: VaultStorage,
  subtle: SubtleCrypto = crypto.subtle,
): KeyVault {
  const cryptoKey = async (create: boolean): Promise<CryptoKey | undefined> => {
    const existing = await storage.get<CryptoKey>(VAULT_KEY_ENTRY);
    if (existing || !create) return existing;
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await storage.set(VAULT_KEY_ENTRY, key);
    return key;
  };

  const save = async (keys: BoundKeys) => {
    const key = await cryptoKey(true);
    if (!key) throw new Error('the key vault could not create its encryption key');
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await subtle.encrypt(
      { name: 'AES-GCM', iv },
      key,
      new TextEncoder().encode(JSON.stringify(keys)),
    );
    const record: SealedRecord = { version: 1, iv, data };
    await storage.set(VAULT_ENTRY, record);
    await storage.delete(PLAINTEXT_ENTRY);
  };

  return {
    async load(legacyEndpoints) {
      const plaintext = await storage.get<unknown>(PLAINTEXT_ENTRY);
      if (plaintext !== undefined) {
        const migrated = readLegacy(plaintext, legacyEndpoints);
        await save(migrated);
        return migrated;
      }
      const record = await storage.get<SealedRecord>(VAULT_ENTRY);
      if (!record) return undefined;
      const key = await cryptoKey(false);
      if (!key) return undefined;
      try {
        const clear = await subtle.decrypt({ name: 'AES-GCM', iv: record.iv }, key, record.data);
        return readBound(JSON.parse(new TextDecoder().decode(clear)));
      } catch {
        // Unreadable (tampered, or the key was lost): the person enters the key again.
        return undefined;
      }
    },
    save,
    async clear() {
      await storage.delete(VAULT_ENTRY);
      await storage.delete(PLAINTEXT_ENTRY);
    },
  };
}

function readLegacy(
  value: unknown,
  endpoints: Partial<Record<KeyedProviderId, string>>,
): BoundKeys {
  const out: BoundKeys = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const provider of KEYED_PROVIDER_IDS) {
    const key = (value as Record<string, unknown>)[provider];
    if (typeof key === 'string' && key !== '')
      out[provider] = { key, endpoint: endpoints[provider] ?? '' };
  }
  return out;
}

function readBound(value: unknown): BoundKeys {
  const out: BoundKeys = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const provider of KEYED_PROVIDER_IDS) {
    const entry = (value as Record<string, unknown>)[provider] as Partial<BoundKey> | undefined;
    if (typeof entry?.key === 'string' && typeof entry.endpoint === 'string' && entry.key !== '')
      out[provider] = { key: entry.key, endpoint: entry.endpoint };
  }
  return out;
}
