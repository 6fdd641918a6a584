// Answers to questions about what the user says of themselves ("what city do I live in?", "who's
// my manager?"): found in what they said earlier in this thread, as the request carries it, and in
// memory (the user's AGENTS.md and fact memory), and quoted from there.

import { USER_MEMORY_PATH } from '../agents-md';
import { SUGGEST } from '../common';
import { clip } from '../text';
import { say, type Action, type TurnContext } from '../turn';
import { memoryLines, type MemoryLine } from './qa';
import { recallFromThread } from './recall-fallback';
import {
  asSaid,
  inSecondPerson,
  answersSlot,
  isHome,
  profileFacts,
  type ProfileFact,
  type ProfileSlot,
} from '../../../text/profile';

/** What the user has not told, in words: "where you live". */
const UNKNOWN: Record<ProfileSlot, string> = {
  name: 'your name',
  role: 'what you do',
  employer: 'where you work',
  place: 'where you live',
  person: 'who that is',
  project: 'what you are working on',
  plan: 'what you are planning',
  preference: 'what you prefer',
  dislike: 'what you dislike',
  learning: 'what you are learning',
  hobby: 'what you do for fun',
  language: 'which languages you speak',
};

function matches(slot: ProfileSlot, relation: string | undefined) {
  return (fact: ProfileFact) => answersSlot(fact, slot, relation);
}

/**
 * How well a fact answers: a preference said with the same verb, and a name ("TypeScript over
 * JavaScript") rather than a description ("short answers"); a place said as a home ("lives in")
 * before one said as a workplace ("teaches maths in").
 */
function fit(fact: ProfileFact, relation: string | undefined): number {
  if (fact.slot === 'place') return isHome(fact) ? 1 : 0;
  if (fact.slot === 'hobby') return 3;
  if (fact.slot !== 'preference') return 0;
  return (
    (relation && fact.verb.startsWith(relation) ? 2 : 0) + (/^\p{Lu}/u.test(fact.value) ? 1 : 0)
  );
}

/** The best fit, the newest first among equals. */
function best<T extends { fact: ProfileFact }>(
  found: T[],
  relation: string | undefined,
): T | undefined {
  return found.reduce<T | undefined>(
    (top, item) => (!top || fit(item.fact, relation) > fit(top.fact, relation) ? item : top),
    undefined,
  );
}

/** What was said in the thread about the slot, newest first, with the message that said it. */
function fromConversation(
  context: TurnContext,
  wanted: (fact: ProfileFact) => boolean,
): { fact: ProfileFact; said: string }[] {
  return [...context.earlierUser].reverse().flatMap((said) =>
    profileFacts(said)
      .filter(wanted)
      .reverse()
      .map((fact) => ({ fact, said })),
  );
}

/** The memory lines (the user's AGENTS.md, then fact memory) that state it, newest first. */
function fromMemory(
  context: TurnContext,
  wanted: (fact: ProfileFact) => boolean,
): { fact: ProfileFact; line: MemoryLine }[] {
  const sources = [...context.memory.filter((s) => s.path === USER_MEMORY_PATH), ...context.facts];
  return memoryLines(sources)
    .reverse()
    .flatMap((line) =>
      profileFacts(asSaid(line.text))
        .filter(wanted)
        .map((fact) => ({ fact, line })),
    );
}

function where(line: MemoryLine): string {
  return line.path.startsWith('/') && !/\s/.test(line.path)
    ? `${line.path} line ${line.line}`
    : line.path;
}

function unbulleted(text: string): string {
  return text.replace(/^(?:[-*+]|\d+[.)])\s+/, '');
}

export function profileAction(
  slot: ProfileSlot,
  relation: string | undefined,
  context: TurnContext,
): Action {
  const wanted = matches(slot, relation);
  const said = best(fromConversation(context, wanted), relation);
  const saved = best(fromMemory(context, wanted), relation);
  if (said) {
    const quote = clip(said.said.replace(/\s+/g, ' ').trim(), 200);
    const also = saved
      ? ` It is saved in ${where(saved.line)}: “${unbulleted(saved.line.text)}”`
      : ' It is not in my memory files, so another thread would not know it.';
    return say(
      `${inSecondPerson(said.fact)}. You told me earlier: “${quote}”${/[.!?]$/.test(quote) ? '' : '.'}${also}`,
      [SUGGEST.aboutMe],
    );
  }
  if (saved)
    return say(
      `${inSecondPerson(saved.fact)}. Used ${where(saved.line)}: “${unbulleted(saved.line.text)}”`,
      [SUGGEST.aboutMe],
    );
  // No fact of the slot: the earlier statement that shares most words with the question.
  const recalled = recallFromThread(relation ?? slot, context, {
    slot,
    ...(relation ? { relation } : {}),
  });
  if (recalled) return say(recalled.text, [SUGGEST.aboutMe]);
  const what = slot === 'person' && relation ? `who your ${relation} is` : UNKNOWN[slot];
  return say(
    `I don't know ${what}: you haven't said it in this conversation (as far as this request carries it), and neither ${USER_MEMORY_PATH} nor fact memory mentions it.`,
    [SUGGEST.aboutMe],
  );
}
