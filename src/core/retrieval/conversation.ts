// Ranking the messages of a conversation against a question. Every message is scored on its own
// (what is returned is single messages), but the score also reads what surrounds it, because in a
// dialogue the answer often sits in a reply whose words are in the question before it:
//
//   lexical views   BM25 of the message, of the message with its neighbours (two each side, same
//                   session), and of its whole session, each scaled by its best score and summed
//                   (the session only adds to a message that matches by itself or its neighbours);
//   speakers        a question that names one speaker ("What did Caroline paint?") favours that
//                   speaker's messages; the names speakers call each other by are left out of the
//                   message text ("Thanks, Caroline!" is not about Caroline) — see speakers.ts;
//   synonyms        a small built-in list ("kids" ~ "children") expands the question;
//   dates           a question naming a period ("in June 2023") favours messages said then or
//                   pointing there ("last month" said in July) — see temporal.ts;
//   feedback        optional pseudo-relevance feedback (RM3-style terms of the top messages), off by
//                   default: it did not help on LoCoMo;
//   embeddings      when the app's embedder is ready, reciprocal-rank fusion with cosine similarity.
//
// Weights were chosen on LoCoMo conversations 26, 41 and 43 only (scripts/bench-locomo.ts --ideas
// prints what each signal adds, on those and on the held-out 30 and 42). Pure: no DOM, no I/O.

import {
  divideByMax,
  indexTokens,
  prepareBm25,
  scoreBm25Weighted,
  type Bm25State,
  type LexicalIndex,
} from './lexical';
import { addressedNames, inferSpeakerNames, speakersNamed } from './speakers';
import { expandQuery } from './synonyms';
import { messageDateKeys, queryDateKeys } from './temporal';
import { DEFAULT_TOKENIZER, tokenize, type TokenizerOptions } from './tokenize';

export interface ConversationMessage {
  id: string;
  /** Who said it: a role ("user", "assistant") or a name. */
  speaker: string;
  text: string;
  /** When it was said (epoch ms): sessions and relative dates come from it. */
  at?: number;
}

export interface ConversationRankOptions {
  tokenizer: TokenizerOptions;
  /** BM25 of the message and neighbour views. */
  k1: number;
  b: number;
  /** Neighbours on each side that join a message's context view (same session only); 0 = off. */
  window: number;
  /** Weight of the context view against the message view (1). */
  windowWeight: number;
  /** Weight of the session view; 0 = off. */
  sessionWeight: number;
  /** A gap longer than this between two messages starts a new session. */
  sessionGapMs: number;
  /** Extra factor for the messages of the one speaker a question names (0.5 = x1.5); 0 = off. */
  speakerBoost: number;
  /** Infer speakers' names from how they address each other (and drop them from message text). */
  inferNames: boolean;
  /** Weight of a synonym added to the question; 0 = off. */
  synonymWeight: number;
  /** Extra factor for messages about a period the question names; 0 = off. */
  dateBoost: number;
  /** Pseudo-relevance feedback; off when undefined. */
  feedback?: { messages: number; terms: number; weight: number };
  /** Reciprocal-rank fusion constant for embeddings (60, as in Cormack et al. 2009). */
  rrfK: number;
  /** Weight of the embedding ranking in the fusion (1 = as much as the lexical one). */
  semanticWeight: number;
}

export const DEFAULT_CONVERSATION_RANKING: ConversationRankOptions = {
  tokenizer: DEFAULT_TOKENIZER,
  k1: 0.9,
  b: 0.4,
  window: 2,
  windowWeight: 2,
  sessionWeight: 1,
  sessionGapMs: 3 * 60 * 60 * 1000,
  speakerBoost: 0.5,
  inferNames: true,
  synonymWeight: 0.5,
  dateBoost: 1,
  rrfK: 60,
  semanticWeight: 1,
};

/** Options with every signal off: plain BM25 over single messages (the ablation's baseline). */
export const PLAIN_MESSAGE_RANKING: ConversationRankOptions = {
  ...DEFAULT_CONVERSATION_RANKING,
  window: 0,
  sessionWeight: 0,
  speakerBoost: 0,
  inferNames: false,
  synonymWeight: 0,
  dateBoost: 0,
};

// Sessions are whole conversations: length normalisation as in textbook BM25.
const SESSION_BM25 = { k1: 1.2, b: 0.75 };

/**
 * What ranking a conversation needs: one inverted index over the messages. The neighbour and
 * session views are not indexed separately: their term counts are the sums of the messages'
 * counts, so a query gathers them from the message postings (exactly the BM25 of the joined
 * texts, at a fraction of the cost of indexing them).
 */
export interface ConversationIndex {
  readonly size: number;
  readonly ids: readonly string[];
  readonly speakers: readonly string[];
  /** Session number of each message (0-based, in order), and the number of sessions. */
  readonly session: Int32Array;
  readonly sessions: number;
  /** Speaker -> the names others call them by (inferred). */
  readonly names: ReadonlyMap<string, readonly string[]>;
  /** The periods each message talks about (temporal.ts keys); empty when dates are off. */
  readonly dates: readonly ReadonlySet<string>[];
  readonly index: LexicalIndex;
  readonly bm25: Bm25State;
  /** Tokens of each message's neighbour window (itself included), and their average. */
  readonly windowLength: Float64Array;
  readonly averageWindowLength: number;
  /** Tokens per session, and their average. */
  readonly sessionLength: Float64Array;
  readonly averageSessionLength: number;
  readonly options: ConversationRankOptions;
}

/** What a message's text gives, whatever the rest of the conversation: kept between builds. */
export interface MessageFeatures {
  tokens: string[];
  /** Names the message addresses someone by (speakers.ts). */
  addressed: string[];
  /** The periods it talks about, for a message said at `datesAt` (temporal.ts). */
  dates?: ReadonlySet<string>;
  datesAt?: number | undefined;
}

/** Session numbers: a new session after a gap longer than `gapMs` (no time: same session). */
export function sessionsOf(messages: readonly ConversationMessage[], gapMs: number): Int32Array {
  const out = new Int32Array(messages.length);
  let session = 0;
  let last: number | undefined;
  messages.forEach((message, i) => {
    const at = message.at;
    if (at !== undefined && Number.isFinite(at)) {
      if (last !== undefined && at - last > gapMs) session++;
      last = at;
    }
    out[i] = session;
  });
  return out;
}

/** The positions in message i's window: up to `window` each side, same session, itself included. */
export function windowOf(session: Int32Array, i: number, window: number): [number, number] {
  let from = i;
  while (from > 0 && i - from < window && session[from - 1] === session[i]) from--;
  let to = i;
  while (to < session.length - 1 && to - i < window && session[to + 1] === session[i]) to++;
  return [from, to];
}

/**
 * Builds what ranking a conversation needs. `features` may hold what earlier builds computed per
 * text (tokens, addressed names), so a conversation that grew is not tokenized again.
 */
export function indexConversation(
  messages: readonly ConversationMessage[],
  options: ConversationRankOptions = DEFAULT_CONVERSATION_RANKING,
  features: Map<string, MessageFeatures> = new Map(),
): ConversationIndex {
  const { tokenizer } = options;
  const perMessage = messages.map((m) => {
    let known = features.get(m.text);
    if (!known) {
      known = { tokens: tokenize(m.text, tokenizer), addressed: addressedNames(m.text) };
      features.set(m.text, known);
    }
    return known;
  });
  const names = options.inferNames
    ? inferSpeakerNames(
        messages.map((m, i) => ({ speaker: m.speaker, names: perMessage[i]!.addressed })),
      )
    : new Map<string, readonly string[]>();
  const nameTokens = new Set(
    [...names.values()].flat().flatMap((name) => tokenize(name, tokenizer)),
  );
  const tokens = perMessage.map(({ tokens: raw }) =>
    nameTokens.size ? raw.filter((t) => !nameTokens.has(t)) : raw,
  );
  const ids = messages.map((m) => m.id);
  const index = indexTokens(ids, tokens, tokenizer);
  const session = sessionsOf(messages, options.sessionGapMs);
  const sessions = messages.length ? session[messages.length - 1]! + 1 : 0;

  const windowLength = new Float64Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const [from, to] = windowOf(session, i, options.window);
    for (let j = from; j <= to; j++) windowLength[i] = windowLength[i]! + index.length[j]!;
  }
  const sessionLength = new Float64Array(sessions);
  for (let i = 0; i < messages.length; i++)
    sessionLength[session[i]!] = sessionLength[session[i]!]! + index.length[i]!;
  const average = (values: Float64Array) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;

  return {
    size: messages.length,
    ids,
    speakers: messages.map((m) => m.speaker),
    session,
    sessions,
    names,
    dates:
      options.dateBoost > 0
        ? messages.map((m, i) => {
            const known = perMessage[i]!;
            if (!known.dates || known.datesAt !== m.at) {
              known.dates = messageDateKeys(m.text, m.at);
              known.datesAt = m.at;
            }
            return known.dates;
          })
        : [],
    index,
    bm25: prepareBm25(index, options.k1, options.b),
    windowLength,
    averageWindowLength: average(windowLength),
    sessionLength,
    averageSessionLength: average(sessionLength),
    options,
  };
}

/** What fired for a question, for the Strategy panel. */
export interface RankSignals {
  /** The speaker the question is about (when it names exactly one). */
  speaker?: string;
  /** Periods the question names (temporal.ts keys). */
  dates: string[];
  /** Synonyms added to the question. */
  synonyms: string[];
  /** Terms pseudo-relevance feedback added. */
  feedback: string[];
}

export interface ConversationScores {
  /** In message order; 0 = not retrieved. Unbounded (sums of views scaled to 0..1, boosted). */
  scores: Float64Array;
  signals: RankSignals;
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * The three lexical views, each scaled by its best score: the message, its neighbour window
 * (weight windowWeight) and, for messages that already score, their session (sessionWeight).
 */
function lexical(index: ConversationIndex, query: ReadonlyMap<string, number>): Float64Array {
  const { options, index: lex, session } = index;
  const n = index.size;
  const weights = new Map<number, number>();
  for (const [token, weight] of query) {
    const t = lex.terms.get(token);
    if (t !== undefined) weights.set(t, (weights.get(t) ?? 0) + weight);
  }
  const message = scoreBm25Weighted(index.bm25, weights, options.k1);
  divideByMax(message);
  const useWindow = options.window > 0 && options.windowWeight > 0;
  const useSession = options.sessionWeight > 0 && index.sessions > 0;
  if (!useWindow && !useSession) return message;

  const window = new Float64Array(n);
  const sessionScore = new Float64Array(index.sessions);
  const tf = new Float64Array(n);
  const sessionTf = new Float64Array(index.sessions);
  const touched: number[] = [];
  const touchedSessions: number[] = [];
  const { k1, b } = options;
  const averageWindow = index.averageWindowLength || 1;
  const averageSession = index.averageSessionLength || 1;
  for (const [t, weight] of weights) {
    for (let p = lex.start[t]!, end = lex.start[t + 1]!; p < end; p++) {
      const d = lex.postingDoc[p]!;
      const count = lex.postingTf[p]!;
      if (useWindow) {
        const [from, to] = windowOf(session, d, options.window);
        for (let i = from; i <= to; i++) {
          if (tf[i] === 0) touched.push(i);
          tf[i] = tf[i]! + count;
        }
      }
      if (useSession) {
        const s = session[d]!;
        if (sessionTf[s] === 0) touchedSessions.push(s);
        sessionTf[s] = sessionTf[s]! + count;
      }
    }
    if (useWindow) {
      const w = idf(n, touched.length) * weight * (k1 + 1);
      for (const i of touched) {
        const norm = k1 * (1 - b + (b * index.windowLength[i]!) / averageWindow);
        window[i] = window[i]! + (w * tf[i]!) / (tf[i]! + norm);
        tf[i] = 0;
      }
      touched.length = 0;
    }
    if (useSession) {
      const { k1: sk1, b: sb } = SESSION_BM25;
      const w = idf(index.sessions, touchedSessions.length) * weight * (sk1 + 1);
      for (const s of touchedSessions) {
        const norm = sk1 * (1 - sb + (sb * index.sessionLength[s]!) / averageSession);
        sessionScore[s] = sessionScore[s]! + (w * sessionTf[s]!) / (sessionTf[s]! + norm);
        sessionTf[s] = 0;
      }
      touchedSessions.length = 0;
    }
  }
  const scores = message;
  if (useWindow) {
    divideByMax(window);
    for (let i = 0; i < n; i++) scores[i] = scores[i]! + options.windowWeight * window[i]!;
  }
  if (useSession) {
    divideByMax(sessionScore);
    for (let i = 0; i < n; i++)
      if (scores[i]! > 0)
        scores[i] = scores[i]! + options.sessionWeight * sessionScore[session[i]!]!;
  }
  return scores;
}

/** Scores every message of the index against the question. */
export function scoreConversation(index: ConversationIndex, query: string): ConversationScores {
  const { options } = index;
  const tokens = tokenize(query, options.tokenizer);
  const expanded = expandQuery(tokens, options.tokenizer, options.synonymWeight);
  const signals: RankSignals = {
    dates: [],
    synonyms: [...expanded.keys()].filter((t) => !tokens.includes(t)),
    feedback: [],
  };
  let scores = lexical(index, expanded);

  if (options.feedback && options.feedback.messages > 0 && options.feedback.terms > 0) {
    const added = feedbackTerms(index, scores, expanded, options.feedback);
    if (added.size) {
      signals.feedback = [...added.keys()];
      scores = lexical(index, new Map([...expanded, ...added]));
    }
  }

  if (options.speakerBoost > 0 && index.names.size) {
    const named = speakersNamed(query, index.names);
    if (named.length === 1) {
      signals.speaker = named[0];
      for (let i = 0; i < scores.length; i++)
        if (index.speakers[i] === named[0]) scores[i] = scores[i]! * (1 + options.speakerBoost);
    }
  }

  if (options.dateBoost > 0 && index.dates.length) {
    const keys = queryDateKeys(query);
    signals.dates = keys;
    if (keys.length)
      for (let i = 0; i < scores.length; i++) {
        const dates = index.dates[i]!;
        if (scores[i]! > 0 && keys.some((key) => dates.has(key)))
          scores[i] = scores[i]! * (1 + options.dateBoost);
      }
  }
  return { scores, signals };
}

/** RM3-style expansion terms: tf/length x score x idf over the top messages, the query's excluded. */
function feedbackTerms(
  index: ConversationIndex,
  scores: Float64Array,
  query: ReadonlyMap<string, number>,
  feedback: NonNullable<ConversationRankOptions['feedback']>,
): Map<string, number> {
  const { index: lex, bm25 } = index;
  const top = topIndices(scores, feedback.messages);
  const termNames = [...lex.terms.keys()];
  const weights = new Map<number, number>();
  const inTop = new Map(top.map((d) => [d, scores[d]!]));
  for (let t = 0; t < termNames.length; t++) {
    if (query.has(termNames[t]!)) continue;
    for (let p = lex.start[t]!, end = lex.start[t + 1]!; p < end; p++) {
      const d = lex.postingDoc[p]!;
      const score = inTop.get(d);
      if (score === undefined) continue;
      const length = lex.length[d] || 1;
      weights.set(t, (weights.get(t) ?? 0) + (lex.postingTf[p]! / length) * score * bm25.idf[t]!);
    }
  }
  const best = [...weights].sort((a, b) => b[1] - a[1]).slice(0, feedback.terms);
  const max = best[0]?.[1] ?? 1;
  return new Map(best.map(([t, w]) => [termNames[t]!, (feedback.weight * w) / max]));
}

/** Positions of the `n` best positive scores, best first (ties: earlier first). */
export function topIndices(scores: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) out.push(i);
  out.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return out.slice(0, n);
}

/**
 * Reciprocal-rank fusion: sum over rankings of weight / (k + rank), ranks 1-based over the
 * positive scores of each ranking (ties share the better rank). Scaled so that first in every
 * ranking is 1. A position no ranking retrieved scores 0.
 */
export function reciprocalRankFusion(
  rankings: readonly { scores: ArrayLike<number>; weight: number }[],
  k = 60,
): Float64Array {
  const size = rankings[0]?.scores.length ?? 0;
  const out = new Float64Array(size);
  let best = 0;
  for (const { scores, weight } of rankings) {
    if (weight <= 0) continue;
    if (scores.length !== size)
      throw new Error('reciprocalRankFusion: rankings of different sizes');
    best += weight / (k + 1);
    const order = topIndices(scores, size);
    let rank = 0;
    let previous = Number.NaN;
    order.forEach((i, at) => {
      if (scores[i] !== previous) rank = at + 1;
      previous = scores[i]!;
      out[i] = out[i]! + weight / (k + rank);
    });
  }
  if (best > 0) for (let i = 0; i < size; i++) out[i] = out[i]! / best;
  return out;
}

export interface ConversationRanking extends ConversationScores {
  /** Whether embedding similarities were fused in. */
  fused: boolean;
}

/**
 * A ranker for one conversation at a time that keeps its index while the messages are the same
 * and reuses the tokens of messages it has seen when the conversation grows.
 */
export function createConversationRanker(options: Partial<ConversationRankOptions> = {}): {
  readonly options: ConversationRankOptions;
  /** The index for these messages (cached). */
  index(messages: readonly ConversationMessage[]): ConversationIndex;
  /**
   * Scores in message order, 0..1 (best = 1). With `semantic` (cosine similarity per message,
   * the same order), the lexical and embedding rankings are fused by reciprocal rank.
   */
  rank(
    query: string,
    messages: readonly ConversationMessage[],
    semantic?: ArrayLike<number>,
  ): ConversationRanking;
} {
  const settings: ConversationRankOptions = { ...DEFAULT_CONVERSATION_RANKING, ...options };
  let last: { messages: ConversationMessage[]; index: ConversationIndex } | undefined;
  let features = new Map<string, MessageFeatures>();
  const index = (messages: readonly ConversationMessage[]) => {
    if (last && sameMessages(last.messages, messages)) return last.index;
    // Keep only what this conversation's texts gave (an edited thread must not grow the cache).
    const keep = new Map<string, MessageFeatures>();
    for (const m of messages) {
      const known = features.get(m.text);
      if (known) keep.set(m.text, known);
    }
    features = keep;
    const built = indexConversation(messages, settings, features);
    last = { messages: messages.map((m) => ({ ...m })), index: built };
    return built;
  };
  return {
    options: settings,
    index,
    rank(query, messages, semantic) {
      const { scores, signals } = scoreConversation(index(messages), query);
      if (semantic && semantic.length === scores.length && settings.semanticWeight > 0) {
        const fused = reciprocalRankFusion(
          [
            { scores, weight: 1 },
            { scores: semantic, weight: settings.semanticWeight },
          ],
          settings.rrfK,
        );
        return { scores: fused, signals, fused: true };
      }
      return { scores: divideByMax(scores), signals, fused: false };
    },
  };
}

function sameMessages(
  a: readonly ConversationMessage[],
  b: readonly ConversationMessage[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.id !== y.id || x.text !== y.text || x.speaker !== y.speaker || x.at !== y.at)
      return false;
  }
  return true;
}
