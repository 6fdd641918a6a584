// What ranking a conversation reads and returns: the messages, the index built over them (with
// what each message's text gives), and the scores with the signals that fired.

import type { WrittenNames } from '../answer-type';
import type { ConversationRankOptions } from './options';

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

export interface ConversationRanking extends ConversationScores {
  /** Whether embedding similarities were fused in. */
  fused: boolean;
}
