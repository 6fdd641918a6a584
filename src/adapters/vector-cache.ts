// Embedding vectors cached per model: IndexedDB (idb-keyval custom store) under an in-memory layer,
// so ranking 10,000 facts with cached vectors needs no model call and, after the first read, no
// IndexedDB read either. A cache failure (no IndexedDB, quota) only costs recomputation.
import { createStore, getMany, setMany, clear, type UseStore } from 'idb-keyval';
import type { Embedder } from '../core/retrieval/embedder';
import { cyrb53 } from '../core/text/hash';

export const VECTOR_DB_NAME = 'mp-vectors';
const VECTOR_STORE_NAME = 'vectors';

/**
 * cyrb53 (core/text/hash.ts) run twice with different seeds (≈106 bits) plus the length: keys stay
 * short for long texts, and a collision (which would hand one fact another fact's vector) is
 * practically impossible at the sizes a browser holds.
 */
export function hashText(text: string): string {
  const half = (seed: number) => cyrb53(text, seed).toString(36);
  return `${half(0)}.${half(0x9e3779b9)}.${text.length.toString(36)}`;
}

export function vectorKey(modelId: string, text: string): string {
  return `${modelId}\u0000${hashText(text)}`;
}

export interface VectorCache {
  /** One entry per text, in order; undefined where nothing is cached. */
  getMany(modelId: string, texts: string[]): Promise<(Float32Array | undefined)[]>;
  setMany(modelId: string, entries: Array<[text: string, vector: Float32Array]>): Promise<void>;
  /** Drops every cached vector (memory and IndexedDB). */
  clear(): Promise<void>;
}

export interface VectorCacheOptions {
  /** IndexedDB database name (default `mp-vectors`); null keeps vectors in memory only. */
  dbName?: string | null;
  /** Most vectors kept in memory; the least recently used go first (default 200,000). */
  maxMemoryEntries?: number;
}

export function createVectorCache(options: VectorCacheOptions = {}): VectorCache {
  const dbName = options.dbName === undefined ? VECTOR_DB_NAME : options.dbName;
  const maxMemory = Math.max(0, options.maxMemoryEntries ?? 200_000);
  const store: UseStore | null =
    dbName !== null && typeof indexedDB !== 'undefined'
      ? createStore(dbName, VECTOR_STORE_NAME)
      : null;
  // Map iteration order is insertion order: re-inserting on use makes it an LRU.
  const memory = new Map<string, Float32Array>();

  const remember = (key: string, vector: Float32Array) => {
    memory.delete(key);
    memory.set(key, vector);
    while (memory.size > maxMemory) {
      const oldest = memory.keys().next();
      if (oldest.done) break;
      memory.delete(oldest.value);
    }
  };

  return {
    async getMany(modelId, texts) {
      const keys = texts.map((text) => vectorKey(modelId, text));
      const result: (Float32Array | undefined)[] = keys.map((key) => {
        const hit = memory.get(key);
        if (hit) remember(key, hit);
        return hit;
      });
      const missing = keys.flatMap((key, i) => (result[i] ? [] : [i]));
      if (!store || missing.length === 0) return result;
      try {
        const stored = await getMany<unknown>(
          missing.map((i) => keys[i]!),
          store,
        );
        stored.forEach((value, j) => {
          if (!(value instanceof Float32Array)) return;
          const i = missing[j]!;
          result[i] = value;
          remember(keys[i]!, value);
        });
      } catch (error) {
        console.warn('Could not read cached embedding vectors; they will be recomputed.', error);
      }
      return result;
    },

    async setMany(modelId, entries) {
      const keyed = entries.map(([text, vector]) => [vectorKey(modelId, text), vector] as const);
      for (const [key, vector] of keyed) remember(key, vector);
      if (!store || keyed.length === 0) return;
      try {
        await setMany(
          keyed.map(([key, vector]) => [key, vector]),
          store,
        );
      } catch (error) {
        // Quota or a closed database: the vectors stay in memory for this session.
        console.warn('Could not save embedding vectors to browser storage.', error);
      }
    },

    async clear() {
      memory.clear();
      if (store) await clear(store);
    },
  };
}

/**
 * An Embedder that answers from the cache and embeds only the texts it has not seen (each distinct
 * text once), then stores the new vectors. Rankers use it like any Embedder.
 */
export function withVectorCache(embedder: Embedder, cache: VectorCache): Embedder {
  return {
    modelId: embedder.modelId,
    async embed(texts, signal) {
      const cached = await cache.getMany(embedder.modelId, texts);
      const missing = [...new Set(texts.filter((_, i) => !cached[i]))];
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing, signal);
        const fresh = new Map(missing.map((text, i) => [text, vectors[i]!]));
        await cache.setMany(embedder.modelId, [...fresh]);
        return texts.map((text, i) => cached[i] ?? fresh.get(text)!);
      }
      return cached as Float32Array[];
    },
  };
}
