import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../core/retrieval/embedder';
import { createVectorCache, hashText, vectorKey, withVectorCache } from './vector-cache';

let dbCounter = 0;
const freshDb = () => `mp-vectors-test-${++dbCounter}`;

function countingEmbedder(modelId = 'm'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    modelId,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((t) => new Float32Array([t.length, 1, 2]));
    },
  };
}

describe('vector keys', () => {
  it('stay those already stored in browsers (the hash moved to core/text/hash.ts)', () => {
    expect(hashText('hello')).toBe('19jqrdkps12.1c72bhqo60e.5');
  });

  it('are per model and stable per text', () => {
    expect(vectorKey('a', 'hello')).toBe(vectorKey('a', 'hello'));
    expect(vectorKey('a', 'hello')).not.toBe(vectorKey('b', 'hello'));
    expect(vectorKey('a', 'hello')).not.toBe(vectorKey('a', 'hello!'));
    expect(vectorKey('a', 'x').startsWith('a\u0000')).toBe(true);
  });

  it('do not collide on many similar texts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(hashText(`fact number ${i}`));
    expect(seen.size).toBe(20_000);
  });
});

describe('createVectorCache', () => {
  it('round-trips Float32Array values through IndexedDB across instances', async () => {
    const dbName = freshDb();
    const first = createVectorCache({ dbName });
    await first.setMany('model-a', [
      ['alpha', new Float32Array([1, 2, 3])],
      ['beta', new Float32Array([4, 5, 6])],
    ]);
    // A new instance has an empty memory layer, so this reads IndexedDB.
    const second = createVectorCache({ dbName });
    const [alpha, gamma, beta] = await second.getMany('model-a', ['alpha', 'gamma', 'beta']);
    expect(alpha).toBeInstanceOf(Float32Array);
    expect([...alpha!]).toEqual([1, 2, 3]);
    expect(gamma).toBeUndefined();
    expect([...beta!]).toEqual([4, 5, 6]);
  });

  it('keeps models apart', async () => {
    const cache = createVectorCache({ dbName: freshDb() });
    await cache.setMany('model-a', [['same text', new Float32Array([1])]]);
    expect(await cache.getMany('model-b', ['same text'])).toEqual([undefined]);
    expect([...(await cache.getMany('model-a', ['same text']))[0]!]).toEqual([1]);
  });

  it('serves from memory without IndexedDB and evicts least recently used', async () => {
    const cache = createVectorCache({ dbName: null, maxMemoryEntries: 2 });
    await cache.setMany('m', [
      ['a', new Float32Array([1])],
      ['b', new Float32Array([2])],
    ]);
    await cache.getMany('m', ['a']); // a is now the most recently used
    await cache.setMany('m', [['c', new Float32Array([3])]]);
    const [a, b, c] = await cache.getMany('m', ['a', 'b', 'c']);
    expect(a).toBeDefined();
    expect(b).toBeUndefined();
    expect(c).toBeDefined();
  });

  it('clear drops memory and stored vectors', async () => {
    const dbName = freshDb();
    const cache = createVectorCache({ dbName });
    await cache.setMany('m', [['a', new Float32Array([1])]]);
    await cache.clear();
    expect(await cache.getMany('m', ['a'])).toEqual([undefined]);
    expect(await createVectorCache({ dbName }).getMany('m', ['a'])).toEqual([undefined]);
  });
});

describe('withVectorCache', () => {
  it('embeds only texts it has not seen, each distinct text once, in order', async () => {
    const inner = countingEmbedder();
    const cached = withVectorCache(inner, createVectorCache({ dbName: freshDb() }));
    const first = await cached.embed(['one', 'three', 'one']);
    expect(first.map((v) => v[0])).toEqual([3, 5, 3]);
    expect(inner.calls).toEqual([['one', 'three']]);

    const second = await cached.embed(['three', 'four', 'one']);
    expect(second.map((v) => v[0])).toEqual([5, 4, 3]);
    expect(inner.calls).toEqual([['one', 'three'], ['four']]);

    await cached.embed(['four', 'one']);
    expect(inner.calls).toHaveLength(2); // all cached: no model call
    expect(cached.modelId).toBe('m');
  });

  it('survives a reload: a new cache on the same database needs no model call', async () => {
    const dbName = freshDb();
    await withVectorCache(countingEmbedder(), createVectorCache({ dbName })).embed(['x', 'y']);
    const inner = countingEmbedder();
    const vectors = await withVectorCache(inner, createVectorCache({ dbName })).embed(['y', 'x']);
    expect(vectors.map((v) => v[0])).toEqual([1, 1]);
    expect(inner.calls).toEqual([]);
  });

  it('passes the abort signal and errors of the inner embedder through', async () => {
    const failing: Embedder = {
      modelId: 'f',
      embed: (_texts, signal) =>
        Promise.reject(
          signal?.aborted ? new DOMException('aborted', 'AbortError') : new Error('x'),
        ),
    };
    const controller = new AbortController();
    controller.abort();
    const cached = withVectorCache(failing, createVectorCache({ dbName: null }));
    await expect(cached.embed(['a'], controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    await expect(cached.embed(['a'])).rejects.toThrow('x');
  });
});
