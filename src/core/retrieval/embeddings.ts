// Embedding similarity: cosine between the query vector and each fact vector. The embedder (the
// transformers.js worker in the app) is injected, and an optional cache holds vectors per model.
// Vectors are normalised here, whatever the embedder returns, so cosine is a dot product over one
// contiguous matrix that is kept for the current fact set and rebuilt only when it changes.

import type { Embedder } from './embedder';
import type { Ranker, RankDoc, Similarities } from './types';
import { createDotKernel } from './dot';

export { cosineScores } from './dot';
import { ScoreMap, positionsOf, sameDocs as sameDocList } from './lexical';

export type { Embedder } from './embedder';

/**
 * Vectors cached per model under their text (the app's IndexedDB cache in src/adapters has this
 * shape). A fact's vector is looked up by its content, so an edited fact is embedded again and
 * an unchanged one never is; the ranker also keeps the current fact set's matrix in memory.
 */
export interface VectorCache {
  getMany(modelId: string, texts: string[]): Promise<(Float32Array | undefined)[]>;
  setMany(modelId: string, entries: Array<[text: string, vector: Float32Array]>): Promise<void>;
}

/** A simple in-memory cache (tests, benchmarks). */
export function createMemoryVectorCache(): VectorCache & { readonly size: number } {
  const vectors = new Map<string, Float32Array>();
  return {
    getMany: async (modelId, texts) => texts.map((text) => vectors.get(`${modelId}\u0000${text}`)),
    async setMany(modelId, entries) {
      for (const [text, vector] of entries) vectors.set(`${modelId}\u0000${text}`, vector);
    },
    get size() {
      return vectors.size;
    },
  };
}

/** Unit length copy (a zero vector stays zero). */
export function normalize(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] ?? 0) ** 2;
  const out = new Float32Array(vector.length);
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = 0; i < vector.length; i++) out[i] = (vector[i] ?? 0) * scale;
  return out;
}

export interface EmbeddingRankerOptions {
  embedder: Embedder;
  cache?: VectorCache;
  /** false: the plain loop instead of WebAssembly SIMD (tests compare the two). */
  wasm?: boolean;
  /** Texts per embed() call when filling the cache (default 64). */
  batchSize?: number;
}

interface Matrix {
  ids: string[];
  texts: string[];
  positions: Map<string, number>;
  dim: number;
}

const QUERY_CACHE_SIZE = 16;

export function createEmbeddingRanker(options: EmbeddingRankerOptions): Ranker & {
  /** 'wasm-simd' or 'js': how the dot products run. */
  readonly kernel: string;
  /** Scores in doc order (for benchmarks). */
  scores(query: string, docs: readonly RankDoc[]): Promise<Float64Array>;
} {
  const { embedder } = options;
  const cache = options.cache;
  const batchSize = Math.max(1, options.batchSize ?? 64);
  let matrix: Matrix | undefined;
  const kernel = createDotKernel(options.wasm === false ? { wasm: false } : {});
  // The same context is ranked several times in one run (each model call of a tool loop).
  const queries = new Map<string, Float32Array>();

  async function embedNormalized(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const batch = texts.slice(i, i + batchSize);
      const vectors = await embedder.embed(batch);
      if (vectors.length !== batch.length)
        throw new Error(
          `the embedder returned ${vectors.length} vectors for ${batch.length} texts`,
        );
      for (const vector of vectors) out.push(normalize(vector));
    }
    return out;
  }

  async function matrixFor(docs: readonly RankDoc[]): Promise<Matrix> {
    if (matrix && sameDocs(matrix, docs)) return matrix;
    const texts = docs.map((doc) => doc.text);
    const vectors: (Float32Array | undefined)[] = cache
      ? await cache.getMany(embedder.modelId, texts)
      : texts.map(() => undefined);
    // Each distinct missing text is embedded once.
    const missing = [...new Set(texts.filter((_, i) => !vectors[i]))];
    if (missing.length > 0) {
      const fresh = await embedNormalized(missing);
      const byText = new Map(missing.map((text, i) => [text, fresh[i]]));
      texts.forEach((text, i) => (vectors[i] ??= byText.get(text)));
      await cache?.setMany(
        embedder.modelId,
        missing.flatMap((text) => {
          const vector = byText.get(text);
          return vector ? [[text, vector] as [string, Float32Array]] : [];
        }),
      );
    }
    const dim = vectors[0]?.length ?? 0;
    matrix = undefined; // until the kernel holds the new rows
    kernel.reserve(docs.length, dim);
    vectors.forEach((vector, i) => {
      if (!vector || vector.length !== dim)
        throw new Error(
          `embedding size mismatch: expected ${dim} numbers, got ${vector?.length ?? 0}`,
        );
      // A shared cache may hold vectors that were not normalised.
      kernel.setRow(i, isUnit(vector) ? vector : normalize(vector));
    });
    matrix = { ids: docs.map((doc) => doc.id), texts, positions: positionsOf(docs), dim };
    return matrix;
  }

  async function queryVector(query: string): Promise<Float32Array> {
    const cached = queries.get(query);
    if (cached) return cached;
    const [vector] = await embedNormalized([query]);
    if (!vector) throw new Error('the embedder returned no vector for the query');
    queries.set(query, vector);
    if (queries.size > QUERY_CACHE_SIZE) {
      const oldest = queries.keys().next().value;
      if (oldest !== undefined) queries.delete(oldest);
    }
    return vector;
  }

  /** Scores in doc order, and the matrix they were computed on. */
  async function score(
    query: string,
    docs: readonly RankDoc[],
  ): Promise<{ scores: Float64Array; matrix?: Matrix }> {
    if (docs.length === 0 || query.trim() === '') return { scores: new Float64Array(docs.length) };
    const q = await queryVector(query);
    // The kernel holds one fact set; a concurrent call for another set may swap it while this one
    // waits, so check and score in one synchronous step.
    for (let attempt = 0; attempt < 3; attempt++) {
      const m = await matrixFor(docs);
      if (q.length !== m.dim)
        throw new Error(
          `embedding size mismatch: the query has ${q.length} numbers, facts ${m.dim}`,
        );
      if (matrix === m) return { scores: kernel.scores(q), matrix: m };
    }
    throw new Error('the fact set changed during ranking');
  }

  return {
    id: 'embeddings',
    kernel: kernel.kind,
    scores: async (query, docs) => (await score(query, docs)).scores,
    async similarities(query, docs): Promise<Similarities> {
      const { scores, matrix: m } = await score(query, docs);
      return m
        ? new ScoreMap(m.ids, m.positions, scores)
        : new ScoreMap(
            docs.map((d) => d.id),
            positionsOf(docs),
            scores,
          );
    },
  };
}

function isUnit(vector: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] ?? 0) ** 2;
  return Math.abs(sum - 1) < 1e-3;
}

function sameDocs(matrix: Matrix, docs: readonly RankDoc[]): boolean {
  return sameDocList(docs, matrix.ids, matrix.texts);
}
