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
//
// This folder's surface: what importers use, re-exported from a file per concern.

export { bestIndices, reciprocalRankFusion, topIndices } from './fusion';
export {
  appendMessages,
  familyOf,
  indexConversation,
  namesOf,
  sessionsOf,
  windowOf,
} from './indexing';
export {
  CONVERSATION_TOKENIZER,
  DEFAULT_CONVERSATION_RANKING,
  PLAIN_MESSAGE_RANKING,
  type ConversationRankOptions,
} from './options';
export { createConversationRanker } from './ranker';
export { scoreConversation } from './score';
export {
  boostAnswerType,
  boostEntities,
  cascade,
  orderUnmatched,
  questionEntities,
  withWordFamilies,
} from './signals';
export type {
  ConversationIndex,
  ConversationMessage,
  ConversationRanking,
  ConversationScores,
  MessageFeatures,
  RankSignals,
} from './types';
