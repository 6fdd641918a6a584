// Lexical rankers over an inverted index built once per document set: TF-IDF cosine with
// scikit-learn's defaults (what DeerFlow uses) and Okapi BM25 scaled to 0..1 by the best score.
// A query only walks the postings of its own terms.

import type { Ranker, RankDoc, Similarities } from './types';
import { createGrowingBm25 } from './growing-bm25';
import { DEFAULT_TOKENIZER, SKLEARN_TOKENIZER, tokenize, type TokenizerOptions } from './tokenize';

export interface LexicalIndex {
  readonly ids: readonly string[];
  readonly size: number;
  readonly tokenizer: TokenizerOptions;
  readonly terms: ReadonlyMap<string, number>;
  /** Documents holding each term. */
  readonly df: Int32Array;
  /** Postings in CSR form: term t's entries are [start[t], start[t + 1]). */
  readonly start: Int32Array;
  readonly postingDoc: Int32Array;
  readonly postingTf: Float32Array;
  /** Tokens per document. */
  readonly length: Float32Array;
  readonly averageLength: number;
}

export function buildLexicalIndex(
  docs: readonly RankDoc[],
  tokenizer: TokenizerOptions = DEFAULT_TOKENIZER,
): LexicalIndex {
  const terms = new Map<string, number>();
  const perDoc: Map<number, number>[] = [];
  const length = new Float32Array(docs.length);
  let total = 0;
  let postings = 0;
  docs.forEach((doc, d) => {
    const counts = new Map<number, number>();
    const tokens = tokenize(doc.text, tokenizer);
    for (const token of tokens) {
      let t = terms.get(token);
      if (t === undefined) {
        t = terms.size;
        terms.set(token, t);
      }
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    perDoc.push(counts);
    length[d] = tokens.length;
    total += tokens.length;
    postings += counts.size;
  });

  const df = new Int32Array(terms.size);
  for (const counts of perDoc) for (const t of counts.keys()) df[t] = (df[t] ?? 0) + 1;
  const start = new Int32Array(terms.size + 1);
  for (let t = 0; t < terms.size; t++) start[t + 1] = (start[t] ?? 0) + (df[t] ?? 0);
  const fill = start.slice(0, terms.size);
  const postingDoc = new Int32Array(postings);
  const postingTf = new Float32Array(postings);
  perDoc.forEach((counts, d) => {
    for (const [t, tf] of counts) {
      const at = fill[t] ?? 0;
      postingDoc[at] = d;
      postingTf[at] = tf;
      fill[t] = at + 1;
    }
  });

  return {
    ids: docs.map((doc) => doc.id),
    size: docs.length,
    tokenizer,
    terms,
    df,
    start,
    postingDoc,
    postingTf,
    length,
    averageLength: docs.length > 0 ? total / docs.length : 0,
  };
}

/** Query term -> how often it occurs, for terms the index knows; and the unknown ones. */
function queryTerms(index: LexicalIndex, query: string) {
  const known = new Map<number, number>();
  const unknown = new Map<string, number>();
  for (const token of tokenize(query, index.tokenizer)) {
    const t = index.terms.get(token);
    if (t === undefined) unknown.set(token, (unknown.get(token) ?? 0) + 1);
    else known.set(t, (known.get(t) ?? 0) + 1);
  }
  return { known, unknown };
}

// --- TF-IDF --------------------------------------------------------------------------------------

export interface TfidfOptions {
  tokenizer?: TokenizerOptions;
  /**
   * Count the query as one more document when computing IDF, as DeerFlow does by fitting
   * TfidfVectorizer on the context and the facts together (default true).
   */
  queryInIdf?: boolean;
  /** 1 + ln(tf) instead of raw counts (scikit-learn's sublinear_tf; default false). */
  sublinearTf?: boolean;
}

interface TfidfState {
  index: LexicalIndex;
  /** Squared L2 norm of each document vector, with the IDF of a query that shares no term. */
  normSq: Float64Array;
}

function tfWeight(tf: number, sublinear: boolean): number {
  return sublinear ? 1 + Math.log(tf) : tf;
}

function prepareTfidf(
  index: LexicalIndex,
  options: Required<Omit<TfidfOptions, 'tokenizer'>>,
): TfidfState {
  const n = index.size + (options.queryInIdf ? 1 : 0);
  const normSq = new Float64Array(index.size);
  for (let t = 0; t < index.terms.size; t++) {
    // scikit-learn's smooth IDF: ln((1 + n) / (1 + df)) + 1.
    const idf = Math.log((1 + n) / (1 + (index.df[t] ?? 0))) + 1;
    for (let p = index.start[t] ?? 0, end = index.start[t + 1] ?? 0; p < end; p++) {
      const w = tfWeight(index.postingTf[p] ?? 0, options.sublinearTf) * idf;
      const d = index.postingDoc[p] ?? 0;
      normSq[d] = (normSq[d] ?? 0) + w * w;
    }
  }
  return { index, normSq };
}

function scoreTfidf(
  state: TfidfState,
  query: string,
  options: Required<Omit<TfidfOptions, 'tokenizer'>>,
): Float64Array {
  const { index, normSq } = state;
  const scores = new Float64Array(index.size);
  const { known, unknown } = queryTerms(index, query);
  if (known.size === 0) return scores;
  const n = index.size + (options.queryInIdf ? 1 : 0);
  const extra = options.queryInIdf ? 1 : 0;
  let queryNormSq = 0;
  for (const [, tf] of unknown) {
    const idf = Math.log((1 + n) / (1 + extra)) + 1;
    queryNormSq += (tfWeight(tf, options.sublinearTf) * idf) ** 2;
  }
  const dot = new Float64Array(index.size);
  const normAdjust = options.queryInIdf ? new Float64Array(index.size) : undefined;
  for (const [t, qtf] of known) {
    const df = index.df[t] ?? 0;
    const idfBase = Math.log((1 + n) / (1 + df)) + 1;
    const idf = Math.log((1 + n) / (1 + df + extra)) + 1;
    const qw = tfWeight(qtf, options.sublinearTf) * idf;
    queryNormSq += qw * qw;
    for (let p = index.start[t] ?? 0, end = index.start[t + 1] ?? 0; p < end; p++) {
      const d = index.postingDoc[p] ?? 0;
      const tf = tfWeight(index.postingTf[p] ?? 0, options.sublinearTf);
      dot[d] = (dot[d] ?? 0) + qw * tf * idf;
      if (normAdjust)
        normAdjust[d] = (normAdjust[d] ?? 0) + tf * tf * (idf * idf - idfBase * idfBase);
    }
  }
  const queryNorm = Math.sqrt(queryNormSq);
  for (let d = 0; d < index.size; d++) {
    const value = dot[d] ?? 0;
    if (value === 0) continue;
    const docNorm = Math.sqrt((normSq[d] ?? 0) + (normAdjust?.[d] ?? 0));
    scores[d] = docNorm > 0 && queryNorm > 0 ? Math.min(1, value / (docNorm * queryNorm)) : 0;
  }
  return scores;
}

/** TF-IDF cosine with scikit-learn's defaults, fitted on the query and the docs (DeerFlow parity). */
export function createTfidfRanker(options: TfidfOptions = {}): Ranker & {
  scores(query: string, docs: readonly RankDoc[]): Float64Array;
} {
  const settings = {
    queryInIdf: options.queryInIdf ?? true,
    sublinearTf: options.sublinearTf ?? false,
  };
  const tokenizer = options.tokenizer ?? SKLEARN_TOKENIZER;
  const cache = docSetCache((docs) => prepareTfidf(buildLexicalIndex(docs, tokenizer), settings));
  const scores = (query: string, docs: readonly RankDoc[]) =>
    scoreTfidf(cache(docs).state, query, settings);
  return {
    id: 'tfidf',
    scores,
    similarities(query, docs) {
      const set = cache(docs);
      return new ScoreMap(set.ids, set.positions, scoreTfidf(set.state, query, settings));
    },
  };
}

// --- BM25 ----------------------------------------------------------------------------------------

export interface Bm25Options {
  tokenizer?: TokenizerOptions;
  /** Term frequency saturation (default 0.9, Anserini's default). */
  k1?: number;
  /** Length normalisation (default 0.4, Anserini's default). */
  b?: number;
  /** Count a query term once however often it occurs (default false: each occurrence counts). */
  uniqueQueryTerms?: boolean;
}

export const DEFAULT_BM25 = { k1: 0.9, b: 0.4 } as const;

export interface Bm25State {
  index: LexicalIndex;
  idf: Float64Array;
  /** k1 * (1 - b + b * length / average length), per document. */
  lengthNorm: Float64Array;
}

export function prepareBm25(index: LexicalIndex, k1: number, b: number): Bm25State {
  const n = index.size;
  const idf = new Float64Array(index.terms.size);
  for (let t = 0; t < idf.length; t++) {
    const df = index.df[t] ?? 0;
    // Lucene's IDF: never negative, so very common terms count a little instead of subtracting.
    idf[t] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
  const lengthNorm = new Float64Array(n);
  const average = index.averageLength || 1;
  for (let d = 0; d < n; d++) lengthNorm[d] = k1 * (1 - b + (b * (index.length[d] ?? 0)) / average);
  return { index, idf, lengthNorm };
}

/** Raw BM25 scores (unbounded). */
export function scoreBm25(
  state: Bm25State,
  query: string,
  k1: number,
  uniqueQueryTerms: boolean,
): Float64Array {
  const { index, idf, lengthNorm } = state;
  const scores = new Float64Array(index.size);
  const { known } = queryTerms(index, query);
  for (const [t, qtf] of known) {
    const weight = (idf[t] ?? 0) * (uniqueQueryTerms ? 1 : qtf) * (k1 + 1);
    for (let p = index.start[t] ?? 0, end = index.start[t + 1] ?? 0; p < end; p++) {
      const d = index.postingDoc[p] ?? 0;
      const tf = index.postingTf[p] ?? 0;
      scores[d] = (scores[d] ?? 0) + (weight * tf) / (tf + (lengthNorm[d] ?? 0));
    }
  }
  return scores;
}

/** BM25 with explicit query term weights (term id -> weight), for query expansion. */
export function scoreBm25Weighted(
  state: Bm25State,
  weights: ReadonlyMap<number, number>,
  k1: number,
): Float64Array {
  const { index, idf, lengthNorm } = state;
  const scores = new Float64Array(index.size);
  for (const [t, qw] of weights) {
    const weight = (idf[t] ?? 0) * qw * (k1 + 1);
    for (let p = index.start[t] ?? 0, end = index.start[t + 1] ?? 0; p < end; p++) {
      const d = index.postingDoc[p] ?? 0;
      const tf = index.postingTf[p] ?? 0;
      scores[d] = (scores[d] ?? 0) + (weight * tf) / (tf + (lengthNorm[d] ?? 0));
    }
  }
  return scores;
}

/** Scales to 0..1 by dividing by the best score (all zero stays zero). In place. */
export function divideByMax(scores: Float64Array): Float64Array {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if ((scores[i] ?? 0) > max) max = scores[i] ?? 0;
  if (max > 0) for (let i = 0; i < scores.length; i++) scores[i] = (scores[i] ?? 0) / max;
  return scores;
}

/**
 * Okapi BM25 (Lucene IDF; k1 0.9, b 0.4 as in Anserini, which did better than 1.2 / 0.75 on LoCoMo)
 * over our tokenizer, scaled to 0..1 by the top score.
 */
export function createBm25Ranker(options: Bm25Options = {}): Ranker & {
  /** Raw (unscaled) scores, for benchmarks and fusion. */
  rawScores(query: string, docs: readonly RankDoc[]): Float64Array;
} {
  const k1 = options.k1 ?? DEFAULT_BM25.k1;
  const b = options.b ?? DEFAULT_BM25.b;
  const unique = options.uniqueQueryTerms ?? false;
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  // The index grows with appended docs (a thread's next turn) instead of being rebuilt.
  const index = createGrowingBm25({ tokenizer, k1, b, uniqueQueryTerms: unique });
  const rawScores = (query: string, docs: readonly RankDoc[]) => {
    index.update(docs);
    return index.score(query);
  };
  return {
    id: 'bm25',
    rawScores,
    similarities(query, docs) {
      index.update(docs);
      return new ScoreMap(index.ids, index.positions, divideByMax(index.score(query)));
    },
  };
}

// --- Shared --------------------------------------------------------------------------------------

/**
 * Similarities over a fact set's positions: built in O(1) per query (the id -> position map is
 * made once per fact set), read like a Map.
 */
export class ScoreMap implements ReadonlyMap<string, number> {
  constructor(
    private readonly ids: readonly string[],
    private readonly positions: ReadonlyMap<string, number>,
    private readonly values_: ArrayLike<number>,
  ) {}
  get size(): number {
    return this.positions.size;
  }
  get(id: string): number | undefined {
    const at = this.positions.get(id);
    return at === undefined ? undefined : (this.values_[at] ?? 0);
  }
  has(id: string): boolean {
    return this.positions.has(id);
  }
  *entries(): MapIterator<[string, number]> {
    for (const [id, at] of this.positions) yield [id, this.values_[at] ?? 0];
  }
  keys(): MapIterator<string> {
    return this.positions.keys();
  }
  *values(): MapIterator<number> {
    for (const at of this.positions.values()) yield this.values_[at] ?? 0;
  }
  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }
  forEach(callback: (value: number, key: string, map: ReadonlyMap<string, number>) => void): void {
    for (const [id, value] of this.entries()) callback(value, id, this);
  }
  /** The ids in doc order (with duplicates, if the docs had any). */
  get order(): readonly string[] {
    return this.ids;
  }
  /** Id -> position in doc order. */
  get index(): ReadonlyMap<string, number> {
    return this.positions;
  }
  /** The similarities in doc order. */
  get array(): ArrayLike<number> {
    return this.values_;
  }
}

/** Id -> position of the last occurrence, as a Map built from the docs would have it. */
export function positionsOf(docs: readonly RankDoc[]): Map<string, number> {
  const positions = new Map<string, number>();
  docs.forEach((doc, i) => positions.set(doc.id, i));
  return positions;
}

/** A Map of similarities by id (builds the position index: use a cached one when ranking). */
export function toMap(docs: readonly RankDoc[], scores: ArrayLike<number>): Similarities {
  return new ScoreMap(
    docs.map((doc) => doc.id),
    positionsOf(docs),
    scores,
  );
}

export interface DocSet<T> {
  state: T;
  ids: string[];
  positions: Map<string, number>;
}

/**
 * Remembers what was built for the last document set and reuses it while the docs are the same
 * (same ids and texts in the same order); anything else rebuilds.
 */
export function docSetCache<T>(
  build: (docs: readonly RankDoc[]) => T,
): (docs: readonly RankDoc[]) => DocSet<T> {
  let lastTexts: string[] = [];
  let last: DocSet<T> | undefined;
  return (docs) => {
    if (last !== undefined && sameDocs(docs, last.ids, lastTexts)) return last;
    lastTexts = docs.map((doc) => doc.text);
    last = { state: build(docs), ids: docs.map((doc) => doc.id), positions: positionsOf(docs) };
    return last;
  };
}

export function sameDocs(
  docs: readonly RankDoc[],
  ids: readonly string[],
  texts: readonly string[],
): boolean {
  if (docs.length !== ids.length) return false;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (!doc || doc.id !== ids[i] || doc.text !== texts[i]) return false;
  }
  return true;
}
