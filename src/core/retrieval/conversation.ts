// Ranking the messages of a conversation against a question. Every message is scored on its own
// (what is returned is single messages), but the score also reads what surrounds it, because in a
// dialogue the answer often sits in a reply whose words are in the question before it:
//
//   lexical views   BM25 of the message, of the message with its neighbours (two each side, same
//                   session), and of its whole session, each scaled by its best score and summed
//                   (the session only adds to a message that matches by itself or its neighbours);
//   words           the app's tokenizer with irregular forms to their base word ("bought" ->
//                   buy, "children" -> child; lemmas.ts);
//   speakers        a question that names one speaker ("What did Caroline paint?") favours that
//                   speaker's messages; the names come with the messages (an imported
//                   conversation) or from how the speakers address each other, and are left out of
//                   the message text ("Thanks, Caroline!" is not about Caroline) — see speakers.ts;
//   synonyms        a small built-in list ("kids" ~ "children") expands the question;
//   dates           a question naming a period ("in June 2023") favours messages said then or
//                   pointing there ("last month" said in July), and more those of the day it names
//                   ("on 7 July, 2023"; "yesterday" said on the 8th) — see temporal.ts;
//   names           the words a question writes with a capital, speakers' names aside ("Jean",
//                   "Chicago"), favour the matched messages that mention them;
//   answer type     a question asking for a name ("Which cities…?", "Who…?", "What books…?")
//                   favours the matched messages that write one ("I was in Chicago") — see
//                   answer-type.ts;
//   informative     a prior: messages in the first person, with a time word, long, or opening a
//                   session score a little more, questions a little less — see informative.ts;
//   unmatched       messages no question word reaches are ordered below every match by their
//                   adjacent message's score, a period and a speaker the question names (else 0);
//                   a question no word of which matches but that names a period still retrieves
//                   the messages of that period;
//   cascade         precision first, then recall: the ranking above decides the first 10 places;
//                   the places after come from the same ranking with the question widened to its
//                   words' full Porter stem classes in the conversation ("collect" reaches
//                   "collection") and the informativeness prior weighed more (`tail`);
//   feedback        optional pseudo-relevance feedback (RM3-style terms of the top messages), off by
//                   default: it did not help on LoCoMo;
//   embeddings      when the app's embedder is ready, reciprocal-rank fusion with cosine similarity.
//
// Weights were chosen on LoCoMo conversations 26, 41 and 43 only (scripts/bench-locomo.ts
// prints what each signal adds, on those and on the held-out 30 and 42). Pure: no DOM, no I/O.

import { stemmer } from 'stemmer';
import { asksForName, namesSomething, writtenNames, type WrittenNames } from './answer-type';
import { informativenessOf, textInformativeness } from './informative';
import { divideByMax } from './lexical';
import {
  addressedNames,
  inferSpeakerNames,
  lowercaseWords,
  speakersNamed,
  withoutCommonWords,
} from './speakers';
import { expandQuery } from './synonyms';
import { messageDateKeys, queryDateKeys, queryDayKeys } from './temporal';
import { DEFAULT_TOKENIZER, tokenize, type TokenizerOptions } from './tokenize';

export interface ConversationMessage {
  id: string;
  /** Who said it: a role ("user", "assistant") or a name. */
  speaker: string;
  /** The speaker's name, when the thread knows it (an imported conversation): a name for them. */
  name?: string;
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
  /**
   * Further factor for messages said on, or pointing to, a day the question names ("on 7 July,
   * 2023"), on top of dateBoost (needs it on); 0 = off.
   */
  dayBoost: number;
  /**
   * Extra factor for the matched messages that write a name (a capitalised word the conversation
   * never writes in lowercase, or a quoted title) when the question asks for one; 0 = off.
   */
  answerTypeBoost: number;
  /**
   * Weight of the informativeness prior: every scored message x exp(weight x informativeness),
   * from -2 to 5 (informative.ts, and 1 for a message that names something); 0 = off.
   */
  informativeWeight: number;
  /**
   * Extra factor for messages that mention what the question names with a capital (a place, a
   * person other than the speakers, a title), in proportion to how many of those they mention;
   * 0 = off.
   */
  entityBoost: number;
  /**
   * Order the messages no query word reaches (0 otherwise, so never retrieved) below every matched
   * one, by what surrounds them: the best score of the message before or after (same session),
   * being said on a date the question names, being said by the one speaker it names.
   * Off when false.
   */
  unmatched: boolean;
  /** Pseudo-relevance feedback; off when undefined. */
  feedback?: { messages: number; terms: number; weight: number };
  /**
   * A precision-then-recall cascade; off when undefined. The ranking decides the first `depth`
   * places; the places after come from a second ranking of the same question with its words'
   * word families added at `wordFamilyWeight` (the conversation's words with the same full Porter
   * stem: "collect" ~ "collection", "collector") and the informativeness prior at
   * `informativeWeight`. Ranks 1..depth are the ranking's own whatever the second one says.
   */
  tail?: { depth: number; wordFamilyWeight: number; informativeWeight: number };
  /** Reciprocal-rank fusion constant for embeddings (60, as in Cormack et al. 2009). */
  rrfK: number;
  /** Weight of the embedding ranking in the fusion (1 = as much as the lexical one). */
  semanticWeight: number;
}

/** The app's tokenizer with irregular forms to their base word (bought -> buy): +0.9 R@5 on tuning. */
export const CONVERSATION_TOKENIZER: TokenizerOptions = { ...DEFAULT_TOKENIZER, irregular: true };

export const DEFAULT_CONVERSATION_RANKING: ConversationRankOptions = {
  tokenizer: CONVERSATION_TOKENIZER,
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
  dayBoost: 1,
  entityBoost: 0.5,
  answerTypeBoost: 1,
  informativeWeight: 0.05,
  unmatched: true,
  tail: { depth: 10, wordFamilyWeight: 0.5, informativeWeight: 0.2 },
  rrfK: 60,
  semanticWeight: 1,
};

/** Options with every signal off: plain BM25 over single messages (the ablation's baseline). */
export const PLAIN_MESSAGE_RANKING: ConversationRankOptions = {
  ...DEFAULT_CONVERSATION_RANKING,
  tokenizer: DEFAULT_TOKENIZER,
  window: 0,
  sessionWeight: 0,
  speakerBoost: 0,
  inferNames: false,
  synonymWeight: 0,
  dateBoost: 0,
  dayBoost: 0,
  entityBoost: 0,
  answerTypeBoost: 0,
  informativeWeight: 0,
  unmatched: false,
  tail: undefined,
};

// Sessions are whole conversations: length normalisation as in textbook BM25.
const SESSION_BM25 = { k1: 1.2, b: 0.75 };

/**
 * What ranking a conversation needs: one inverted index over the messages, which grows when
 * messages are appended (a thread gains a turn between calls). The neighbour and session views
 * are not indexed separately: their term counts are the sums of the messages' counts, so a query
 * gathers them from the message postings (exactly the BM25 of the joined texts, at a fraction of
 * the cost of indexing them). Read-only outside this module.
 */
export interface ConversationIndex {
  size: number;
  readonly ids: string[];
  readonly speakers: string[];
  /** The messages' times (sessions and dates come from them). */
  readonly times: (number | undefined)[];
  /** Session number of each message (0-based, in order). */
  readonly session: number[];
  /** Speaker -> the names others call them by (inferred when the index was built). */
  readonly names: ReadonlyMap<string, readonly string[]>;
  /** Tokens of those names: left out of every message's tokens. */
  readonly nameTokens: ReadonlySet<string>;
  /** The periods each message talks about (temporal.ts keys); empty when dates are off. */
  readonly dates: ReadonlySet<string>[];
  /**
   * The names each message may write (answer-type.ts); empty when the answer type and the
   * informativeness prior are off.
   */
  readonly written: WrittenNames[];
  /** Word -> how many messages write it in lowercase (filled with `written`). */
  readonly lowercase: Map<string, number>;
  /** The words of the speakers' names, lowercase: never a name a message writes for an answer. */
  readonly speakerWords: ReadonlySet<string>;
  /** Each message's informativeness (informative.ts); empty when the prior is off. */
  readonly informative: number[];
  /** Each message's tokens (names left out). */
  readonly tokens: string[][];
  /**
   * Full Porter stem -> the terms of the conversation with that stem (word families); empty when
   * the cascade's word families are off.
   */
  readonly families: Map<string, string[]>;
  /** Term -> id; postings per term id: message positions and counts, in message order. */
  readonly terms: Map<string, number>;
  readonly postingDocs: number[][];
  readonly postingTfs: number[][];
  /** Tokens per message, per neighbour window (the message included) and per session. */
  readonly length: number[];
  readonly windowLength: number[];
  readonly sessionLength: number[];
  totalLength: number;
  totalWindowLength: number;
  readonly options: ConversationRankOptions;
}

/** What a message's text gives, whatever the rest of the conversation: kept between builds. */
export interface MessageFeatures {
  tokens: string[];
  /** Names the message addresses someone by (speakers.ts). */
  addressed: string[];
  /** The words it writes in lowercase (made when a name needs checking). */
  lowercase?: ReadonlySet<string>;
  /** The names it may write (answer-type.ts). */
  written?: WrittenNames;
  /** What its words alone say of its informativeness (informative.ts). */
  informative?: number;
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
export function windowOf(session: ArrayLike<number>, i: number, window: number): [number, number] {
  let from = i;
  while (from > 0 && i - from < window && session[from - 1] === session[i]) from--;
  let to = i;
  while (to < session.length - 1 && to - i < window && session[to + 1] === session[i]) to++;
  return [from, to];
}

function featuresOf(
  message: ConversationMessage,
  features: Map<string, MessageFeatures>,
  tokenizer: TokenizerOptions,
): MessageFeatures {
  let known = features.get(message.text);
  if (!known) {
    known = { tokens: tokenize(message.text, tokenizer), addressed: addressedNames(message.text) };
    features.set(message.text, known);
  }
  return known;
}

/** The speakers' names as the messages show them (none when inference is off). */
export function namesOf(
  messages: readonly ConversationMessage[],
  options: ConversationRankOptions,
  features: Map<string, MessageFeatures> = new Map(),
): Map<string, string[]> {
  if (!options.inferNames) return new Map();
  const inferred = inferSpeakerNames(
    messages.map((m) => ({
      speaker: m.speaker,
      names: featuresOf(m, features, options.tokenizer).addressed,
    })),
  );
  // Names the thread gives come first, before those inferred.
  const given = new Set<string>();
  for (const m of messages) {
    const name = m.name?.trim();
    if (!name) continue;
    given.add(name);
    const known = inferred.get(m.speaker) ?? [];
    if (!known.includes(name)) inferred.set(m.speaker, [name, ...known]);
  }
  // Only names not given are checked against the words the messages write in lowercase.
  const unsure = [...inferred.values()].some((list) => list.some((name) => !given.has(name)));
  return unsure
    ? withoutCommonWords(
        inferred,
        messages.map((m) => {
          const known = featuresOf(m, features, options.tokenizer);
          known.lowercase ??= lowercaseWords(m.text);
          return known.lowercase;
        }),
        given,
      )
    : inferred;
}

/**
 * Builds what ranking a conversation needs. `features` may hold what earlier builds computed per
 * text (tokens, addressed names, dates), so a conversation seen before is not tokenized again.
 */
export function indexConversation(
  messages: readonly ConversationMessage[],
  options: ConversationRankOptions = DEFAULT_CONVERSATION_RANKING,
  features: Map<string, MessageFeatures> = new Map(),
  names: Map<string, string[]> = namesOf(messages, options, features),
): ConversationIndex {
  const index: ConversationIndex = {
    size: 0,
    ids: [],
    speakers: [],
    times: [],
    session: [],
    names,
    nameTokens: new Set(
      [...names.values()].flat().flatMap((name) => tokenize(name, options.tokenizer)),
    ),
    dates: [],
    written: [],
    lowercase: new Map(),
    informative: [],
    speakerWords: new Set(
      [...names.values()].flat().flatMap((name) => name.toLowerCase().split(/\s+/).filter(Boolean)),
    ),
    tokens: [],
    families: new Map(),
    terms: new Map(),
    postingDocs: [],
    postingTfs: [],
    length: [],
    windowLength: [],
    sessionLength: [],
    totalLength: 0,
    totalWindowLength: 0,
    options,
  };
  appendMessages(index, messages, features);
  return index;
}

/**
 * Appends messages to an index in place (the same as indexing all of them afresh, provided the
 * speakers' names are the same: the caller checks).
 */
export function appendMessages(
  index: ConversationIndex,
  messages: readonly ConversationMessage[],
  features: Map<string, MessageFeatures> = new Map(),
): void {
  const { options } = index;
  const first = index.size;
  const families = (options.tail?.depth ?? 0) > 0 && (options.tail?.wordFamilyWeight ?? 0) > 0;
  for (const m of messages) {
    const d = index.size;
    const known = featuresOf(m, features, options.tokenizer);
    const tokens = index.nameTokens.size
      ? known.tokens.filter((t) => !index.nameTokens.has(t))
      : known.tokens;
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, count] of counts) {
      let t = index.terms.get(token);
      if (t === undefined) {
        t = index.terms.size;
        index.terms.set(token, t);
        index.postingDocs.push([]);
        index.postingTfs.push([]);
        if (families) {
          const family = familyOf(token);
          const members = index.families.get(family);
          if (members) members.push(token);
          else index.families.set(family, [token]);
        }
      }
      index.postingDocs[t]!.push(d);
      index.postingTfs[t]!.push(count);
    }
    // Sessions: a gap longer than the threshold since the last message with a time.
    let session = d > 0 ? index.session[d - 1]! : 0;
    const at = m.at !== undefined && Number.isFinite(m.at) ? m.at : undefined;
    if (at !== undefined) {
      let previous: number | undefined;
      for (let j = d - 1; j >= 0 && previous === undefined; j--) previous = index.times[j];
      if (previous !== undefined && at - previous > options.sessionGapMs) session++;
    }
    index.ids.push(m.id);
    index.speakers.push(m.speaker);
    index.times.push(at);
    index.session.push(session);
    if (options.informativeWeight > 0) {
      known.informative ??= textInformativeness(m.text);
      const opens = d === 0 || index.session[d - 1] !== session;
      index.informative.push(informativenessOf(known.informative, tokens.length, opens));
    }
    index.tokens.push(tokens);
    index.length.push(tokens.length);
    index.totalLength += tokens.length;
    index.sessionLength[session] = (index.sessionLength[session] ?? 0) + tokens.length;
    index.windowLength.push(0);
    if (options.dateBoost > 0) {
      if (!known.dates || known.datesAt !== m.at) {
        known.dates = messageDateKeys(m.text, m.at);
        known.datesAt = m.at;
      }
      index.dates.push(known.dates);
    }
    if (options.answerTypeBoost > 0 || options.informativeWeight > 0) {
      known.written ??= writtenNames(m.text);
      known.lowercase ??= lowercaseWords(m.text);
      index.written.push(known.written);
      for (const word of known.lowercase)
        index.lowercase.set(word, (index.lowercase.get(word) ?? 0) + 1);
    }
    index.size++;
  }
  // Windows that reach the new messages: the last `window` old ones and every new one.
  for (let i = Math.max(0, first - options.window); i < index.size; i++) {
    const [from, to] = windowOf(index.session, i, options.window);
    let length = 0;
    for (let j = from; j <= to; j++) length += index.length[j]!;
    index.totalWindowLength += length - index.windowLength[i]!;
    index.windowLength[i] = length;
  }
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
  /** What the question names with a capital (tokens), when the entity boost is on. */
  entities: string[];
  /** Whether the question asks for a name (and the answer-type boost is on). */
  asksForName: boolean;
  /**
   * The first place the cascade's second ranking ordered (11 when the ranking scored 10 or more
   * messages, earlier when it scored fewer); 0 = no cascade, or it ordered no place.
   */
  cascadeFrom: number;
  /** Words of the question's word families the second ranking read (tokens), when it ordered a place. */
  wordFamilies: string[];
}

export interface ConversationScores {
  /** In message order; 0 = not retrieved. Unbounded (sums of views scaled to 0..1, boosted). */
  scores: Float64Array;
  signals: RankSignals;
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Scales to 0..1 by the best score, in place. */
function scaled(scores: Float64Array): Float64Array {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i]! > max) max = scores[i]!;
  if (max > 0) for (let i = 0; i < scores.length; i++) scores[i] = scores[i]! / max;
  return scores;
}

/** BM25 of the three lexical views, unscaled: per message, per neighbour window, per session. */
interface LexicalViews {
  message: Float64Array;
  window: Float64Array;
  session: Float64Array;
}

/**
 * The three lexical views, each scaled by its best score: the message, its neighbour window
 * (weight windowWeight) and, for messages that already score, their session (sessionWeight).
 */
function lexical(index: ConversationIndex, query: ReadonlyMap<string, number>): Float64Array {
  return combineViews(index, lexicalViews(index, query));
}

/**
 * Adds the views of other terms into `into` (BM25 sums over the query's terms, each view's term
 * statistics its own, so the views of a query and of more terms add up to those of both).
 */
function addViews(into: LexicalViews, from: LexicalViews): void {
  for (const key of ['message', 'window', 'session'] as const) {
    const a = into[key];
    const b = from[key];
    for (let i = 0; i < a.length; i++) a[i] = a[i]! + b[i]!;
  }
}

function lexicalViews(index: ConversationIndex, query: ReadonlyMap<string, number>): LexicalViews {
  const { options, session } = index;
  const n = index.size;
  const sessions = n ? session[n - 1]! + 1 : 0;
  const { k1, b } = options;
  const useWindow = options.window > 0 && options.windowWeight > 0;
  const useSession = options.sessionWeight > 0 && sessions > 0;
  const message = new Float64Array(n);
  const window = new Float64Array(useWindow ? n : 0);
  const sessionScore = new Float64Array(useSession ? sessions : 0);
  const tf = new Float64Array(useWindow ? n : 0);
  const sessionTf = new Float64Array(useSession ? sessions : 0);
  const touched: number[] = [];
  const touchedSessions: number[] = [];
  const average = index.totalLength / Math.max(1, n) || 1;
  const averageWindow = index.totalWindowLength / Math.max(1, n) || 1;
  const averageSession = index.totalLength / Math.max(1, sessions) || 1;
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
      const ww = idf(n, touched.length) * weight * (k1 + 1);
      for (const i of touched) {
        const norm = k1 * (1 - b + (b * index.windowLength[i]!) / averageWindow);
        window[i] = window[i]! + (ww * tf[i]!) / (tf[i]! + norm);
        tf[i] = 0;
      }
      touched.length = 0;
    }
    if (useSession) {
      const { k1: sk1, b: sb } = SESSION_BM25;
      const sw = idf(sessions, touchedSessions.length) * weight * (sk1 + 1);
      for (const s of touchedSessions) {
        const norm = sk1 * (1 - sb + (sb * index.sessionLength[s]!) / averageSession);
        sessionScore[s] = sessionScore[s]! + (sw * sessionTf[s]!) / (sessionTf[s]! + norm);
        sessionTf[s] = 0;
      }
      touchedSessions.length = 0;
    }
  }
  return { message, window, session: sessionScore };
}

/** The views scaled by their best scores and summed with their weights (uses the views up). */
function combineViews(index: ConversationIndex, views: LexicalViews): Float64Array {
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

/** Scores every message of the index against the question. */
export function scoreConversation(index: ConversationIndex, query: string): ConversationScores {
  const { options } = index;
  const tokens = tokenize(query, options.tokenizer);
  const expanded = expandQuery(tokens, options.tokenizer, options.synonymWeight);
  const signals: RankSignals = {
    dates: [],
    synonyms: [...expanded.keys()].filter((t) => !tokens.includes(t)),
    feedback: [],
    entities: [],
    asksForName: false,
    cascadeFrom: 0,
    wordFamilies: [],
  };
  // What the question names, read once for the ranking and the cascade's second one.
  const named = index.names.size ? speakersNamed(query, index.names) : [];
  const speaker = options.speakerBoost > 0 && named.length === 1 ? named[0] : undefined;
  if (speaker !== undefined) signals.speaker = speaker;
  const months = index.dates.length ? queryDateKeys(query) : [];
  const days = index.dates.length && options.dayBoost > 0 ? queryDayKeys(query) : [];
  const keys = [...months, ...days];
  if (options.dateBoost > 0 && index.dates.length) signals.dates = keys;
  if (options.entityBoost > 0)
    signals.entities = questionEntities(query, options.tokenizer, index.nameTokens);
  signals.asksForName =
    options.answerTypeBoost > 0 && index.written.length === index.size && asksForName(query);

  // Each scored message's informativeness, names included (read now, as a later message may write
  // the word in lowercase); filled once, for the ranking and the cascade's second one.
  let prior: Float64Array | undefined;
  const priorOf = (i: number): number => {
    prior ??= new Float64Array(index.size).fill(Number.NaN);
    if (Number.isNaN(prior[i]!))
      prior[i] =
        index.informative[i]! +
        (namesSomething(index.written[i]!, index.lowercase, index.speakerWords) ? 1 : 0);
    return prior[i]!;
  };
  const rank = (
    lexicalScores: Float64Array,
    terms: ReadonlyMap<string, number>,
    informativeWeight: number,
  ): Float64Array => {
    let scores = lexicalScores;
    if (options.feedback && options.feedback.messages > 0 && options.feedback.terms > 0) {
      const added = feedbackTerms(index, scores, terms, options.feedback);
      if (added.size) {
        if (terms === expanded) signals.feedback = [...added.keys()];
        scores = lexical(index, new Map([...terms, ...added]));
      }
    }
    if (speaker !== undefined)
      for (let i = 0; i < scores.length; i++)
        if (index.speakers[i] === speaker) scores[i] = scores[i]! * (1 + options.speakerBoost);
    if (options.dateBoost > 0 && keys.length)
      for (let i = 0; i < scores.length; i++) {
        const dates = index.dates[i]!;
        if (scores[i]! > 0 && keys.some((key) => dates.has(key)))
          scores[i] = scores[i]! * (1 + options.dateBoost);
        if (scores[i]! > 0 && days.some((key) => dates.has(key)))
          scores[i] = scores[i]! * (1 + options.dayBoost);
      }
    if (options.entityBoost > 0)
      boostEntities(index, scores, signals.entities, options.entityBoost);
    if (signals.asksForName) boostAnswerType(index, scores, options.answerTypeBoost);
    if (options.unmatched)
      orderUnmatched(index, scores, {
        speaker: named.length === 1 ? named[0] : undefined,
        keys,
        days,
      });
    if (informativeWeight > 0 && index.informative.length === index.size)
      for (let i = 0; i < scores.length; i++)
        if (scores[i]! > 0) scores[i] = scores[i]! * Math.exp(informativeWeight * priorOf(i));
    return scores;
  };

  const views = lexicalViews(index, expanded);
  const tail = options.tail && options.tail.depth > 0 ? options.tail : undefined;
  let widened: Map<string, number> | undefined;
  let tailViews: LexicalViews | undefined;
  if (tail) {
    // The second pass's lexical views: the question's plus those of the words its families add.
    widened = withWordFamilies(index, tokens, expanded, tail.wordFamilyWeight);
    tailViews = lexicalViews(
      index,
      new Map([...widened].filter(([token]) => !expanded.has(token))),
    );
    addViews(tailViews, views);
  }
  const scores = rank(combineViews(index, views), expanded, options.informativeWeight);
  if (tail && widened && tailViews) {
    const second = rank(combineViews(index, tailViews), widened, tail.informativeWeight);
    const kept = cascade(scores, second, tail.depth);
    // Said only when the second ranking ordered a place (a message scored past the kept ones).
    let scored = 0;
    for (const value of scores) if (value > 0) scored++;
    if (scored > kept) {
      signals.cascadeFrom = kept + 1;
      signals.wordFamilies = [...widened.keys()].filter((t) => !expanded.has(t));
    }
  }
  return { scores, signals };
}

const familyCache = new Map<string, string>();
const FAMILY_CACHE_LIMIT = 50_000;

/**
 * A term's word family: its full Porter stem (npm `stemmer`; terms that are not plain a-z words are
 * their own). Kept per term, so a thread indexed again does not stem its words again.
 */
export function familyOf(term: string): string {
  if (!/^[a-z]+$/.test(term)) return term;
  let family = familyCache.get(term);
  if (family === undefined) {
    family = stemmer(term);
    if (familyCache.size >= FAMILY_CACHE_LIMIT) familyCache.clear();
    familyCache.set(term, family);
  }
  return family;
}

/**
 * The query with the conversation's other words of each question word's family added at `weight`
 * ("collect" adds "collection" when a message writes it). Synonyms already in the query stay.
 */
export function withWordFamilies(
  index: ConversationIndex,
  tokens: readonly string[],
  query: ReadonlyMap<string, number>,
  weight: number,
): Map<string, number> {
  const out = new Map(query);
  if (weight <= 0 || index.families.size === 0) return out;
  for (const token of new Set(tokens))
    for (const other of index.families.get(familyOf(token)) ?? [])
      if (!out.has(other)) out.set(other, weight);
  return out;
}

/**
 * A precision-then-recall cascade, in place: the `depth` best of `head` keep their scores and
 * places; every other message takes its `tail` score scaled below the last of them (half of it at
 * most), so places depth+1… follow the tail ranking. A message neither ranking scores stays at 0.
 * (The second ranking reads the question's words and more, with the same signals, so a message
 * the first one scores it scores too, pseudo-relevance feedback aside.) Returns how many places
 * the first ranking kept (fewer than `depth` when it scored fewer messages).
 */
export function cascade(head: Float64Array, tail: ArrayLike<number>, depth: number): number {
  const top = bestIndices(head, depth);
  const kept = new Uint8Array(head.length);
  for (const i of top) kept[i] = 1;
  const floor = top.length ? head[top[top.length - 1]!]! : 1;
  let best = 0;
  for (let i = 0; i < head.length; i++) if (!kept[i] && tail[i]! > best) best = tail[i]!;
  const scale = best > 0 ? (0.5 * floor) / best : 0;
  for (let i = 0; i < head.length; i++) if (!kept[i]) head[i] = tail[i]! > 0 ? scale * tail[i]! : 0;
  return top.length;
}

/**
 * The tokens of the words a question writes with a capital, its first word left out (it has one
 * anyway), the speakers' names too (the speaker signal reads those): "Where did Maria meet Jean in
 * Paris?" names jean and paris.
 */
export function questionEntities(
  query: string,
  tokenizer: TokenizerOptions,
  names: ReadonlySet<string> = new Set(),
): string[] {
  const words =
    query.replace(/^\s*\S+/, '').match(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’-]*/gu) ?? [];
  return [
    ...new Set(words.flatMap((word) => tokenize(word, tokenizer)).filter((t) => !names.has(t))),
  ];
}

/** Scores x (1 + boost x the share of the entities a message mentions), for messages that score. */
export function boostEntities(
  index: ConversationIndex,
  scores: Float64Array,
  entities: readonly string[],
  boost: number,
): void {
  if (entities.length === 0) return;
  // From the postings: only the messages that mention an entity are visited.
  const found = new Map<number, number>();
  for (const entity of entities) {
    const t = index.terms.get(entity);
    if (t === undefined) continue;
    for (const d of index.postingDocs[t]!) found.set(d, (found.get(d) ?? 0) + 1);
  }
  for (const [d, count] of found)
    if (scores[d]! > 0) scores[d] = scores[d]! * (1 + (boost * count) / entities.length);
}

/** Scores x (1 + boost) for the messages that score and write a name (answer-type.ts). */
export function boostAnswerType(
  index: ConversationIndex,
  scores: Float64Array,
  boost: number,
): void {
  for (let i = 0; i < scores.length; i++)
    if (scores[i]! > 0 && namesSomething(index.written[i]!, index.lowercase, index.speakerWords))
      scores[i] = scores[i]! * (1 + boost);
}

/**
 * Gives the messages that scored 0 a score below the lowest positive one, in proportion to what
 * supports them: their best-scoring neighbour (as a share of the best score), a date the question
 * names, the speaker it names (each 0..1, summed). A message with none of these stays at 0. When
 * no message matched, only a question that names a period retrieves anything: that period's
 * messages (the speaker it names first), in order.
 */
export function orderUnmatched(
  index: ConversationIndex,
  scores: Float64Array,
  question: { speaker?: string | undefined; keys: readonly string[]; days?: readonly string[] },
): void {
  let lowest = Infinity;
  let best = 0;
  for (const value of scores)
    if (value > 0) {
      if (value < lowest) lowest = value;
      if (value > best) best = value;
    }
  // Nothing matched: only a period the question names retrieves anything.
  const periodOnly = best === 0;
  if (periodOnly) {
    if (question.keys.length === 0) return;
    best = 1;
    lowest = 1;
  }
  // The adjacent messages (matched ones already carry their two-each-side context view).
  const window = 1;
  const support = new Float64Array(scores.length);
  let most = 0;
  for (let i = 0; i < scores.length; i++) {
    if (scores[i]! > 0) continue;
    const [from, to] = windowOf(index.session, i, window);
    let neighbour = 0;
    for (let j = from; j <= to; j++) if (scores[j]! > neighbour) neighbour = scores[j]!;
    let value = neighbour / best;
    const dates = index.dates[i];
    const inPeriod = dates !== undefined && question.keys.some((key) => dates.has(key));
    if (inPeriod) value += 1;
    else if (periodOnly) continue;
    if (inPeriod && question.days?.some((key) => dates.has(key))) value += 1;
    if (question.speaker !== undefined && index.speakers[i] === question.speaker) value += 1;
    support[i] = value;
    if (value > most) most = value;
  }
  if (most === 0) return;
  for (let i = 0; i < scores.length; i++)
    if (support[i]! > 0) scores[i] = (0.5 * lowest * support[i]!) / most;
}

/** RM3-style expansion terms: tf/length x score x idf over the top messages, the query's excluded. */
function feedbackTerms(
  index: ConversationIndex,
  scores: Float64Array,
  query: ReadonlyMap<string, number>,
  feedback: NonNullable<ConversationRankOptions['feedback']>,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const d of topIndices(scores, feedback.messages)) {
    const tokens = index.tokens[d]!;
    const length = tokens.length || 1;
    for (const token of tokens) {
      if (query.has(token)) continue;
      const df = index.postingDocs[index.terms.get(token)!]!.length;
      weights.set(token, (weights.get(token) ?? 0) + (scores[d]! / length) * idf(index.size, df));
    }
  }
  const best = [...weights].sort((a, b) => b[1] - a[1]).slice(0, feedback.terms);
  const max = best[0]?.[1] ?? 1;
  return new Map(best.map(([token, w]) => [token, (feedback.weight * w) / max]));
}

/**
 * The same as topIndices for a small `n`, in one pass (no sort of every score): positions of the
 * `n` best positive scores, best first, ties earlier first.
 */
export function bestIndices(scores: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  if (n <= 0) return out;
  for (let i = 0; i < scores.length; i++) {
    const value = scores[i]!;
    if (!(value > 0)) continue;
    if (out.length === n && value <= scores[out[n - 1]!]!) continue;
    // Insert after every position that scores at least as much (earlier positions win ties).
    let at = out.length;
    while (at > 0 && scores[out[at - 1]!]! < value) at--;
    out.splice(at, 0, i);
    if (out.length > n) out.pop();
  }
  return out;
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
    const grown = last && extends_(messages, last.messages);
    if (last && grown && messages.length === last.messages.length) return last.index;
    const names = namesOf(messages, settings, features);
    if (last && grown && sameNames(names, last.index.names)) {
      // The thread gained messages: append them (their tokens are made once).
      const added = messages.slice(last.messages.length);
      appendMessages(last.index, added, features);
      for (const m of added) last.messages.push({ ...m });
      return last.index;
    }
    // Keep only what this conversation's texts gave (an edited thread must not grow the cache).
    const keep = new Map<string, MessageFeatures>();
    for (const m of messages) {
      const known = features.get(m.text);
      if (known) keep.set(m.text, known);
    }
    features = keep;
    const built = indexConversation(messages, settings, features, names);
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

/** Whether `messages` starts with exactly `before` (same ids, texts, speakers and times). */
function extends_(
  messages: readonly ConversationMessage[],
  before: readonly ConversationMessage[],
): boolean {
  if (messages.length < before.length) return false;
  for (let i = 0; i < before.length; i++) {
    const x = before[i]!;
    const y = messages[i]!;
    if (x.id !== y.id || x.text !== y.text || x.speaker !== y.speaker || x.at !== y.at)
      return false;
  }
  return true;
}

function sameNames(
  a: ReadonlyMap<string, readonly string[]>,
  b: ReadonlyMap<string, readonly string[]>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [speaker, names] of a) {
    const other = b.get(speaker);
    if (!other || other.length !== names.length || names.some((n, i) => n !== other[i]))
      return false;
  }
  return true;
}
