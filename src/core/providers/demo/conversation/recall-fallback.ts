// The recall fallback (issue 33): a question about the user that no pattern handled is answered
// from what the user said earlier in the thread. Each earlier statement is ranked by how many of
// the question's content words it shares (same stem, or a word of the same kind: job ~ occupation,
// live ~ city, sister ~ sibling); a fact the profile reader extracted answers when its slot is the
// one asked for, else the best statement is quoted.

import {
  answersSlot,
  inSecondPerson,
  profileFacts,
  sameRelation,
  type ProfileFact,
  type ProfileSlot,
} from '../../../text/profile';
import { SUGGEST } from '../common';
import { say, type Action, type TurnContext } from '../turn';
import { sameWord, terms } from './qa';

/** A question in the first person: about the user. */
export const FIRST_PERSON_QUESTION = /\b(?:my|I|me|mine|myself)\b/i;

/** The words of each slot: a question with one of them asks for that slot. */
const SLOT_WORDS: [ProfileSlot, string[]][] = [
  ['name', ['name', 'called', 'named', 'call', 'who am i', 'whoami']],
  [
    'role',
    [
      'job',
      'work',
      'occupation',
      'profession',
      'role',
      'line of work',
      'do for a living',
      'career',
    ],
  ],
  ['employer', ['company', 'employer', 'firm', 'work for', 'work at', 'employs', 'organisation']],
  ['place', ['live', 'lives', 'city', 'home', 'based', 'from', 'town', 'where', 'country']],
  ['learning', ['learning', 'studying', 'learn', 'study']],
  ['language', ['language', 'languages', 'speak']],
  ['hobby', ['hobby', 'hobbies', 'fun', 'pastime']],
];

/** Words that name a relation to the user: the question about one asks for a person. */
const RELATION =
  /\b(sister|brother|sibling|twin|wife|husband|partner|spouse|mother|mum|mom|father|dad|son|daughter|kid|child|friend|boss|manager|mentor|colleague|coworker|neighbou?r|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|girlfriend|boyfriend|fiance|fiancee|roommate|flatmate|dog|cat|pet)\b/i;

export interface Recalled {
  /** The reply, in the second person. */
  text: string;
  /** A fact of the slot asked for (not only a quoted statement). */
  fact: boolean;
}

/** The slot a question's words ask for: a relation first, then the employer, then SLOT_WORDS' order. */
function slotOf(question: string): { slot: ProfileSlot; relation?: string } | undefined {
  const relation = RELATION.exec(question)?.[1]?.toLowerCase();
  if (relation) return { slot: 'person', relation };
  const lower = ` ${question
    .toLowerCase()
    .replace(/[?!.,]/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const has = (words: string[]): boolean => words.some((w) => lower.includes(` ${w} `));
  // "which company do I work for?" asks for the employer, not the job.
  const employer = SLOT_WORDS.find(([slot]) => slot === 'employer')?.[1] ?? [];
  if (has(employer)) return { slot: 'employer' };
  return SLOT_WORDS.map(([slot, words]) => (has(words) ? { slot } : undefined)).find(Boolean);
}

/** The question's content words, with the other words of its slot. */
function wanted(question: string, slot?: ProfileSlot): string[] {
  const words = terms(question).filter((w) => w !== 'am');
  const same = SLOT_WORDS.find(([s]) => s === slot)?.[1] ?? [];
  return [...words, ...same.flatMap((w) => w.split(' ')).filter((w) => w.length > 2)];
}

function overlap(statement: string, words: string[]): number {
  const said = terms(statement);
  return words.filter((w) => said.some((s) => sameWord(s, w))).length;
}

/**
 * The answer to a question about the user from the thread's earlier statements, or undefined when
 * no statement matches (the caller then says it does not know). `question` may be only its words
 * ("sister", "job") when a pattern already found what it asks.
 */
export function recallFromThread(
  question: string,
  context: TurnContext,
  asked?: { slot: ProfileSlot; relation?: string },
): Recalled | undefined {
  const target = asked ?? slotOf(question);
  const earlier = context.earlierUser
    .map((text) => text.replace(/\s+/g, ' ').trim().slice(0, 2_000))
    .filter(Boolean);
  if (earlier.length === 0) return undefined;
  // An extracted fact of the slot asked for, newest first.
  if (target) {
    for (const text of [...earlier].reverse()) {
      const fact = profileFacts(text).findLast((f: ProfileFact) =>
        answersSlot(f, target.slot, target.relation),
      );
      if (fact)
        return {
          text: `${inSecondPerson(fact)}. You told me earlier: “${clipped(text)}”`,
          fact: true,
        };
    }
  }
  // Else the statement sharing most of the question's words (newest wins a tie).
  const words = wanted(question, target?.slot);
  let best: { text: string; score: number } | undefined;
  for (const text of earlier) {
    // A kind of fact a pattern named ("who is my wife?") is answered by a statement that names
    // something ("my twin sister is called Nora"), not by one that only shares a word ("my
    // wife's car is red", "I speak at conferences").
    if (/\?\s*$/.test(text) || (asked && !namesSomething(text))) continue;
    let score = overlap(text, words);
    if (target?.relation) {
      const named = RELATION.exec(text)?.[1];
      if (named && sameRelation(named, target.relation)) score += 2;
    }
    if (score > 0 && score >= (best?.score ?? 0)) best = { text, score };
  }
  return best ? { text: `Earlier you said: “${clipped(best.text)}”`, fact: false } : undefined;
}

/** A proper name or a number after the first word: "my twin sister is called Nora". */
function namesSomething(text: string): boolean {
  return text
    .split(/\s+/)
    .slice(1)
    .some((word) => /^(?:\p{Lu}|\d)/u.test(word) && !/^I(?:['’]\w+)?$/u.test(word));
}

function clipped(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}

/** The fallback as an action, or undefined when the thread has nothing that matches. */
export function threadRecallAction(question: string, context: TurnContext): Action | undefined {
  if (!FIRST_PERSON_QUESTION.test(question)) return undefined;
  const recalled = recallFromThread(question, context);
  return recalled ? say(recalled.text, [SUGGEST.aboutMe]) : undefined;
}
