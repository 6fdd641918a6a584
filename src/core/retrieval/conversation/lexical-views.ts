// The three lexical views of a query, gathered from the message postings: BM25 of the message, of
// its neighbour window and of its session, each scaled by its best score and summed with weights.

import { windowOf } from './indexing';
import type { ConversationIndex } from './types';

// Sessions are whole conversations: length normalisation as in textbook BM25.
const SESSION_BM25 = { k1: 1.2, b: 0.75 };

export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Scales to 0..1 by the best score, in place. */
function scaled(scores: Float64Array): Float64Array {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i]! > max) max = scores[i]!;
  if (max > 0) for (let i = 0; i < scores.length; i++) scores[i] = scores[i]! / max;
  return scores;
}

/** BM25 of the three lexical views, unscaled: per message, per neighbour window, per session. */
export interface LexicalViews {
  message: Float64Array;
  window: Float64Array;
  session: Float64Array;
}

/**
 * The three lexical views, each scaled by its best score: the message, its neighbour window
 * (weight windowWeight) and, for messages that already score, their session (sessionWeight).
 */
export function lexical(
  index: ConversationIndex,
  query: ReadonlyMap<string, number>,
): Float64Array {
  return combineViews(index, lexicalViews(index, query));
}

/**
 * Adds the views of other terms into `into` (BM25 sums over the query's terms, each view's term
 * statistics its own, so the views of a query and of more terms add up to those of both).
 */
export function addViews(into: LexicalViews, from: LexicalViews): void {
  for (const key of ['message', 'window', 'session'] as const) {
    const a = into[key];
    const b = from[key];
    for (let i = 0; i < a.length; i++) a[i] = a[i]! + b[i]!;
  }
}

/**
 * A view gathered from the message postings (neighbour windows or sessions): the query term's
 * count per unit, the units it touched, and what that view's BM25 reads.
 */
interface GatheredView {
  scores: Float64Array;
  tf: Float64Array;
  touched: number[];
  /** How many units the view has (the idf's N). */
  units: number;
  lengths: readonly number[];
  average: number;
  k1: number;
  b: number;
}

/** An empty view over `units` units (no arrays when the view is not used). */
function gatheredView(
  used: boolean,
  units: number,
  lengths: readonly number[],
  totalLength: number,
  bm25: { k1: number; b: number },
): GatheredView {
  return {
    scores: new Float64Array(used ? units : 0),
    tf: new Float64Array(used ? units : 0),
    touched: [],
    units,
    lengths,
    average: totalLength / Math.max(1, units) || 1,
    ...bm25,
  };
}

function gather(view: GatheredView, unit: number, count: number): void {
  if (view.tf[unit] === 0) view.touched.push(unit);
  view.tf[unit] = view.tf[unit]! + count;
}

/** Adds one query term's BM25 to the units it touched, and clears their counts for the next. */
function scoreTouched(view: GatheredView, weight: number): void {
  const { scores, tf, touched, k1, b } = view;
  const w = idf(view.units, touched.length) * weight * (k1 + 1);
  for (const i of touched) {
    const norm = k1 * (1 - b + (b * view.lengths[i]!) / view.average);
    scores[i] = scores[i]! + (w * tf[i]!) / (tf[i]! + norm);
    tf[i] = 0;
  }
  touched.length = 0;
}

export function lexicalViews(
  index: ConversationIndex,
  query: ReadonlyMap<string, number>,
): LexicalViews {
  const { options, session } = index;
  const n = index.size;
  const sessions = n ? session[n - 1]! + 1 : 0;
  const { k1, b } = options;
  const useWindow = options.window > 0 && options.windowWeight > 0;
  const useSession = options.sessionWeight > 0 && sessions > 0;
  const message = new Float64Array(n);
  const window = gatheredView(useWindow, n, index.windowLength, index.totalWindowLength, { k1, b });
  const sessionView = gatheredView(
    useSession,
    sessions,
    index.sessionLength,
    index.totalLength,
    SESSION_BM25,
  );
  const average = index.totalLength / Math.max(1, n) || 1;
  for (const [token, weight] of query) {
    const t = index.terms.get(token);
    if (t === undefined) continue;
    const docs = index.postingDocs[t]!;
    const counts = index.postingTfs[t]!;
    const w = idf(n, docs.length) * weight * (k1 + 1);
    for (let p = 0; p < docs.length; p++) {
      const d = docs[p]!;
      const count = counts[p]!;
      const norm = k1 * (1 - b + (b * index.length[d]!) / average);
      message[d] = message[d]! + (w * count) / (count + norm);
      if (useWindow) {
        const [from, to] = windowOf(session, d, options.window);
        for (let i = from; i <= to; i++) gather(window, i, count);
      }
      if (useSession) gather(sessionView, session[d]!, count);
    }
    if (useWindow) scoreTouched(window, weight);
    if (useSession) scoreTouched(sessionView, weight);
  }
  return { message, window: window.scores, session: sessionView.scores };
}

/** The views scaled by their best scores and summed with their weights (uses the views up). */
export function combineViews(index: ConversationIndex, views: LexicalViews): Float64Array {
  const { options, session } = index;
  const n = index.size;
  const { message, window, session: sessionScore } = views;
  const useWindow = window.length > 0;
  const useSession = sessionScore.length > 0;
  const scores = scaled(message);
  if (useWindow) {
    scaled(window);
    for (let i = 0; i < n; i++) scores[i] = scores[i]! + options.windowWeight * window[i]!;
  }
  if (useSession) {
    scaled(sessionScore);
    for (let i = 0; i < n; i++)
      if (scores[i]! > 0)
        scores[i] = scores[i]! + options.sessionWeight * sessionScore[session[i]!]!;
  }
  return scores;
}
