// The ranking's options, one per signal, with the tuned defaults and the plain-BM25 baseline.

import { DEFAULT_TOKENIZER, type TokenizerOptions } from '../tokenize';

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
