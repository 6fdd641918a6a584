// Similarity between a query and documents, behind one interface, shared by fact memory and the
// retrieval-based context strategies: TF-IDF cosine (DeerFlow parity), BM25, local embeddings, and a
// hybrid of BM25 and embeddings. Every ranker answers a similarity in 0..1 per document.

import { createBm25Ranker, createTfidfRanker } from './lexical';
import { createEmbeddingRanker, type Embedder, type VectorCache } from './embeddings';
import { createHybridRanker } from './hybrid';
import type { Ranker, SimilarityMethod } from './types';

export {
  SIMILARITY_METHODS,
  type RankDoc,
  type Ranker,
  type Similarities,
  type SimilarityMethod,
} from './types';

export type { Embedder, VectorCache } from './embeddings';
export {
  createBm25Ranker,
  createTfidfRanker,
  buildLexicalIndex,
  type Bm25Options,
  type LexicalIndex,
  type TfidfOptions,
} from './lexical';
export { createEmbeddingRanker, createMemoryVectorCache } from './embeddings';
export { createHybridRanker, type HybridOptions } from './hybrid';
export { tokenize, DEFAULT_TOKENIZER, SKLEARN_TOKENIZER, type TokenizerOptions } from './tokenize';

/**
 * Where the embedder stands (the worker client's status has this shape). Only 'ready' ranks by
 * embeddings; anything else falls back to lexical ranking. 'idle' means the model has not been
 * asked to load: the resolver does not start a download by itself.
 */
export interface EmbedderState {
  state: 'idle' | 'loading' | 'ready' | 'failed' | 'off';
  message?: string;
}

export interface ResolvedRanker {
  ranker: Ranker;
  /** The method actually used when it differs from the one asked for. */
  fallback?: SimilarityMethod;
  /** Why the fallback happened, for a notice. */
  reason?: string;
  /** The lexical ranker to use if this one fails during the call (embeddings that error out). */
  lexical: Ranker;
}

export type RankerResolver = (method: SimilarityMethod) => ResolvedRanker;

/** The lexical method that stands in for embeddings while they are unavailable. */
export const LEXICAL_FALLBACK: SimilarityMethod = 'bm25';

/**
 * Method -> ranker, with lexical fallback while the embedding model is not loaded, loading, off,
 * or failed. Rankers are created once and reused, so their per-fact-set caches survive between
 * calls.
 */
export function createRankerResolver(
  options: {
    /** The current embedder (the worker client); undefined when embeddings are off. */
    embedder?: () => Embedder | undefined;
    /** Its status, read on every call (default: ready whenever there is an embedder). */
    status?: () => EmbedderState;
    cache?: VectorCache;
  } = {},
): RankerResolver {
  const tfidf = createTfidfRanker();
  const bm25 = createBm25Ranker();
  // Rebuilt when the app hands over another embedder (a new model, a restarted worker), so keep
  // the embedder object stable while it is the same: the fact matrix is then reused between calls.
  let semantic: { source: Embedder; embeddings: Ranker; hybrid: Ranker } | undefined;
  const semanticFor = (embedder: Embedder) => {
    if (semantic?.source !== embedder) {
      const embeddings = createEmbeddingRanker({
        embedder,
        ...(options.cache ? { cache: options.cache } : {}),
      });
      semantic = {
        source: embedder,
        embeddings,
        hybrid: createHybridRanker({ lexical: bm25, semantic: embeddings }),
      };
    }
    return semantic;
  };

  // The same answer for a lexical method every time (asked before every model call).
  const lexicalOnly = {
    tfidf: Object.freeze({ ranker: tfidf, lexical: tfidf }),
    bm25: Object.freeze({ ranker: bm25, lexical: bm25 }),
  };
  return (method) => {
    if (method === 'tfidf' || method === 'bm25') return lexicalOnly[method];
    const embedder = options.embedder?.();
    const status: EmbedderState = embedder
      ? (options.status?.() ?? { state: 'ready' })
      : { state: 'off' };
    if (!embedder || status.state !== 'ready') {
      const reason = status.message ?? NOT_READY[status.state];
      return { ranker: bm25, lexical: bm25, fallback: LEXICAL_FALLBACK, reason };
    }
    const pair = semanticFor(embedder);
    return { ranker: method === 'embeddings' ? pair.embeddings : pair.hybrid, lexical: bm25 };
  };
}

const NOT_READY: Record<EmbedderState['state'], string> = {
  idle: 'the embedding model has not been loaded yet',
  loading: 'the embedding model is loading',
  failed: 'the embedding model failed to load',
  off: 'embeddings are not available',
  ready: '',
};
