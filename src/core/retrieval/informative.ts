// How much a message tells, whatever the question: a prior for ranking the messages of a
// conversation. In a chat the answer to a later question is most often a message in which a
// speaker says something about themselves ("I", "my", "we"), when it happened ("yesterday", "last
// week", "just"), at some length, often as the news that opens a session; a question back ("How
// about you?") rarely is, nor is a reply about the other ("your painting is lovely"). Each of
// these counts 1 (length up to 1 at 20 tokens), a question -1, "you" -1; naming something (a place,
// a person, a title: answer-type.ts) counts 1 too, added by the ranker (it depends on the whole
// conversation).
// On the LoCoMo tuning conversations a message with a time word is evidence for some question 60 %
// of the time against 19 % without, one of 20 or more tokens 52 % against 4 % under 5, a session's
// first message 56 % against 20 % later, one that says "you" 16 % against 33 %, one that names
// something 60 % against 21 %. Pure; English words only.

import { WEEKDAY_NAME_SOURCE } from '../time';

const TIME_WORDS = new RegExp(
  `\\b(?:yesterday|today|tonight|ago|recently|just|last (?:week|weekend|night|month|year|${WEEKDAY_NAME_SOURCE}))\\b`,
  'i',
);
const FIRST_PERSON = /\b(?:i|i'm|i’m|i've|i’ve|my|we|our)\b/i;
const SECOND_PERSON = /\b(?:you|your)\b/i;
/** Whether the text ends with a question mark, before any bracketed note (an image description). */
function asks(text: string): boolean {
  let end = text.trimEnd();
  if (end.endsWith(']')) {
    const open = end.lastIndexOf('[');
    if (open >= 0) end = end.slice(0, open).trimEnd();
  }
  return end.endsWith('?');
}

/** Tokens at which the length counts fully. */
const FULL_LENGTH = 20;

/**
 * The message's informativeness from its own text, from -2 to 4: length (tokens / 20, at most
 * 1), a time word, the first person, opening its session (each 1), asking a question, saying
 * "you" (each -1).
 */
export function informativeness(text: string, tokens: number, opensSession: boolean): number {
  return informativenessOf(textInformativeness(text), tokens, opensSession);
}

/** The part of informativeness that reads the words alone (-2 to 2): a ranker keeps it per text. */
export function textInformativeness(text: string): number {
  let value = 0;
  if (TIME_WORDS.test(text)) value += 1;
  if (FIRST_PERSON.test(text)) value += 1;
  if (asks(text)) value -= 1;
  if (SECOND_PERSON.test(text)) value -= 1;
  return value;
}

/** Informativeness from the part of the text (textInformativeness), its length and position. */
export function informativenessOf(textPart: number, tokens: number, opensSession: boolean): number {
  return textPart + Math.min(1, tokens / FULL_LENGTH) + (opensSession ? 1 : 0);
}
