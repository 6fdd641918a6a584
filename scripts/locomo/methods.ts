// The turn-level ranking methods: the app's TF-IDF and BM25 over turn documents (with neighbours,
// dates, captions as options), BM25 with RM3 feedback, and fusions of several methods.

import {
  buildLexicalIndex,
  createBm25Ranker,
  createTfidfRanker,
  DEFAULT_BM25,
  divideByMax,
  prepareBm25,
  scoreBm25,
  scoreBm25Weighted,
  type Bm25State,
} from '../../src/core/retrieval/lexical';
import {
  DEFAULT_TOKENIZER,
  tokenize,
  type TokenizerOptions,
} from '../../src/core/retrieval/tokenize';
import { turnText, withNeighbours, type Conversation, type DocStyle } from './data';
import type { Scorer } from './scoring';

/** Per conversation, a cached value (index, vectors) built on first use. */
export function perConversation<T>(
  build: (conversation: Conversation) => T,
): (conversation: Conversation) => T {
  const cache = new Map<string, T>();
  return (conversation) => {
    let value = cache.get(conversation.name);
    if (value === undefined) {
      value = build(conversation);
      cache.set(conversation.name, value);
    }
    return value;
  };
}

export const docsOf = perConversation((c: Conversation) =>
  c.turns.map((turn) => ({ id: turn.id, text: turnText(turn, 'speaker+caption') })),
);

/** The app's TF-IDF ranker (DeerFlow parity: scikit-learn tokenisation, query counted in IDF). */
export function tfidfScorer(
  options: Parameters<typeof createTfidfRanker>[0] = {},
  style: DocStyle = 'speaker+caption',
): Scorer {
  const ranker = createTfidfRanker(options);
  const docs = perConversation((c: Conversation) =>
    c.turns.map((t) => ({ id: t.id, text: turnText(t, style) })),
  );
  return (c, q) => ranker.scores(q, docs(c));
}

export interface Bm25Config {
  tokenizer?: TokenizerOptions;
  k1?: number;
  b?: number;
  style?: DocStyle;
  before?: number;
  after?: number;
  unique?: boolean;
}

export function bm25Scorer(config: Bm25Config = {}): Scorer {
  const ranker = createBm25Ranker({
    tokenizer: config.tokenizer ?? DEFAULT_TOKENIZER,
    k1: config.k1 ?? DEFAULT_BM25.k1,
    b: config.b ?? DEFAULT_BM25.b,
    uniqueQueryTerms: config.unique ?? false,
  });
  const style = config.style ?? 'speaker+caption';
  const docs = perConversation((c: Conversation) =>
    config.before || config.after
      ? withNeighbours(c.turns, style, config.before ?? 0, config.after ?? 0)
      : c.turns.map((t) => ({ id: t.id, text: turnText(t, style) })),
  );
  return (c, q) => ranker.rawScores(q, docs(c));
}

/** BM25 with RM3-style pseudo-relevance feedback: terms of the top documents join the query. */
export function rm3Scorer(
  config: Bm25Config & { feedbackDocs: number; terms: number; weight: number },
): Scorer {
  const k1 = config.k1 ?? DEFAULT_BM25.k1;
  const tokenizer = config.tokenizer ?? DEFAULT_TOKENIZER;
  const style = config.style ?? 'speaker+caption';
  const state = perConversation((c: Conversation): Bm25State => {
    const docs =
      config.before || config.after
        ? withNeighbours(c.turns, style, config.before ?? 0, config.after ?? 0)
        : c.turns.map((t) => ({ id: t.id, text: turnText(t, style) }));
    return prepareBm25(buildLexicalIndex(docs, tokenizer), k1, config.b ?? DEFAULT_BM25.b);
  });
  return (c, q) => {
    const s = state(c);
    const first = scoreBm25(s, q, k1, false);
    const order = [...first.keys()]
      .filter((d) => (first[d] ?? 0) > 0)
      .sort((a, b) => (first[b] ?? 0) - (first[a] ?? 0));
    const weights = new Map<number, number>();
    for (const token of tokenize(q, tokenizer)) {
      const t = s.index.terms.get(token);
      if (t !== undefined) weights.set(t, (weights.get(t) ?? 0) + 1);
    }
    // Feedback terms: tf in the top documents x idf, the query's own terms excluded.
    const feedback = new Map<number, number>();
    const top = new Set(order.slice(0, config.feedbackDocs));
    for (let t = 0; t < s.index.terms.size; t++) {
      if (weights.has(t)) continue;
      for (let p = s.index.start[t] ?? 0, end = s.index.start[t + 1] ?? 0; p < end; p++) {
        if (top.has(s.index.postingDoc[p] ?? -1))
          feedback.set(t, (feedback.get(t) ?? 0) + (s.index.postingTf[p] ?? 0) * (s.idf[t] ?? 0));
      }
    }
    const best = [...feedback].sort((a, b) => b[1] - a[1]).slice(0, config.terms);
    const max = best[0]?.[1] ?? 1;
    for (const [t, value] of best)
      weights.set(t, (weights.get(t) ?? 0) + (config.weight * value) / max);
    return scoreBm25Weighted(s, weights, k1);
  };
}

/** Reciprocal-rank fusion of several scorers (k = 60), or a weighted mix of max-scaled scores. */
export function fusionScorer(
  parts: { scorer: Scorer; weight: number }[],
  mode: 'rrf' | 'weighted',
): Scorer {
  return async (c, q) => {
    const out = new Float64Array(c.turns.length);
    for (const part of parts) {
      const scores = Float64Array.from(await part.scorer(c, q));
      if (mode === 'weighted') {
        divideByMax(scores);
        scores.forEach((value, i) => (out[i] = (out[i] ?? 0) + part.weight * value));
      } else {
        const order = [...scores.keys()]
          .filter((i) => (scores[i] ?? 0) > 0)
          .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
        order.forEach((i, rank) => (out[i] = (out[i] ?? 0) + part.weight / (60 + rank + 1)));
      }
    }
    return out;
  };
}

/** The best BM25 variant found: the app's BM25 with the previous turn and the session date. */
export const BEST: Bm25Config = { before: 1, style: 'speaker+caption+date' };
