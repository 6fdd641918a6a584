// BM25 over an inverted index that grows when documents are appended. A thread's retrieval
// documents only ever gain one turn's documents at a time, so rebuilding the whole index (every
// document tokenized and stemmed again) on each new turn would cost as much as the first build;
// appending costs only the new documents. Anything other than "the same documents" or "the same
// documents and some more after them" rebuilds. Scores are the ones prepareBm25 + scoreBm25 give
// for the same documents: same IDF, same length normalisation, same order of summation.

import type { RankDoc } from './types';
import { tokenize, type TokenizerOptions } from './tokenize';

export interface GrowingBm25 {
  /** Brings the index to these docs (reuse, append or rebuild). */
  update(docs: readonly RankDoc[]): void;
  /** Raw BM25 scores of the current docs, in doc order. */
  score(query: string): Float64Array;
  /** Ids in doc order and id -> position of its last occurrence; replaced, never mutated. */
  readonly ids: readonly string[];
  readonly positions: ReadonlyMap<string, number>;
}

export function createGrowingBm25(options: {
  tokenizer: TokenizerOptions;
  k1: number;
  b: number;
  uniqueQueryTerms: boolean;
}): GrowingBm25 {
  const { tokenizer, k1, b, uniqueQueryTerms } = options;
  let terms = new Map<string, number>();
  let postingDocs: number[][] = [];
  let postingTfs: number[][] = [];
  let lengths: number[] = [];
  let total = 0;
  let texts: string[] = [];
  let ids: string[] = [];
  let positions = new Map<string, number>();

  function reset() {
    terms = new Map();
    postingDocs = [];
    postingTfs = [];
    lengths = [];
    total = 0;
    texts = [];
    ids = [];
    positions = new Map();
  }

  function append(added: readonly RankDoc[]) {
    const nextIds = [...ids];
    const nextPositions = new Map(positions);
    for (const doc of added) {
      const d = lengths.length;
      const tokens = tokenize(doc.text, tokenizer);
      const counts = new Map<number, number>();
      for (const token of tokens) {
        let t = terms.get(token);
        if (t === undefined) {
          t = terms.size;
          terms.set(token, t);
          postingDocs.push([]);
          postingTfs.push([]);
        }
        counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      for (const [t, tf] of counts) {
        postingDocs[t]!.push(d);
        postingTfs[t]!.push(tf);
      }
      lengths.push(tokens.length);
      total += tokens.length;
      texts.push(doc.text);
      nextIds.push(doc.id);
      nextPositions.set(doc.id, d);
    }
    ids = nextIds;
    positions = nextPositions;
  }

  return {
    get ids() {
      return ids;
    },
    get positions() {
      return positions;
    },
    update(docs) {
      const known = ids.length;
      let same = docs.length >= known;
      for (let i = 0; same && i < known; i++) {
        const doc = docs[i]!;
        if (doc.id !== ids[i] || doc.text !== texts[i]) same = false;
      }
      if (same && docs.length === known) return;
      if (!same) reset();
      append(docs.slice(ids.length));
    },
    score(query) {
      const n = lengths.length;
      const scores = new Float64Array(n);
      const average = (n > 0 ? total / n : 0) || 1;
      const known = new Map<number, number>();
      for (const token of tokenize(query, tokenizer)) {
        const t = terms.get(token);
        if (t !== undefined) known.set(t, (known.get(t) ?? 0) + 1);
      }
      for (const [t, qtf] of known) {
        const docs = postingDocs[t]!;
        const tfs = postingTfs[t]!;
        const df = docs.length;
        // Lucene's IDF, as prepareBm25.
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const weight = idf * (uniqueQueryTerms ? 1 : qtf) * (k1 + 1);
        for (let p = 0; p < docs.length; p++) {
          const d = docs[p]!;
          const tf = tfs[p]!;
          const lengthNorm = k1 * (1 - b + (b * lengths[d]!) / average);
          scores[d] = (scores[d] ?? 0) + (weight * tf) / (tf + lengthNorm);
        }
      }
      return scores;
    },
  };
}
