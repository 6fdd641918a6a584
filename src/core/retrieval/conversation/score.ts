// Scoring a question against a conversation: what the question names (speaker, periods, entities,
// a name asked for), the boosts applied to the lexical views, and the precision-then-recall cascade.

import { asksForName, namesSomething } from '../answer-type';
import { speakersNamed } from '../speakers';
import { expandQuery } from '../synonyms';
import { queryDateKeys, queryDayKeys } from '../temporal';
import { tokenize } from '../tokenize';
import { addViews, combineViews, lexical, lexicalViews, type LexicalViews } from './lexical-views';
import {
  boostAnswerType,
  boostEntities,
  cascade,
  feedbackTerms,
  orderUnmatched,
  questionEntities,
  withWordFamilies,
} from './signals';
import type { ConversationIndex, ConversationScores, RankSignals } from './types';

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
