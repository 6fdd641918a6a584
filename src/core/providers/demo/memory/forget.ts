// "Forget …": the matching lines of /memories/AGENTS.md removed in one edit_file, so the removal
// shows as any memory edit does (a "Memory updated" chip with its diff and undo).

import { USER_MEMORY_PATH } from '../agents-md';
import { SUGGEST } from '../common';
import { SLOT_NOUNS, profileQuestion } from '../conversation/patterns';
import { GENERIC_TERMS, sameWord, terms } from '../conversation/qa';
import { stringArg } from '../text';
import { failed, hasTool, type Action, type Step, type TurnContext } from '../turn';
import { factsOf } from './patterns';
import { comparable } from './remember';
import { countOccurrences } from './unique';
import { answersSlot, asSaid, isHome, profileFacts, type ProfileSlot } from '../../../text/profile';

/** Words that say where a thing is in memory, not what it is. */
const NOT_ABOUT =
  /^(?:line|lines|entry|entries|fact|facts|memory|memories|file|said|told|mentioned|thing|things|stuff|bit|part|note|user|prefers?|likes?|fact)$/;
/** More lines than this matching equally well: ask which, rather than remove them all. */
const MAX_REMOVED = 3;

interface Line {
  index: number;
  text: string;
}

/** Kinds of fact named by a noun and found by their words: "my diet" is "User is vegetarian.". */
const KIND_WORDS: [RegExp, RegExp][] = [
  [
    /^(?:diet|dietary\s+(?:needs|requirements|restrictions?))$/i,
    /\b(?:vegetarian|vegan|pescatarian|gluten|lactose|halal|kosher|allergic|intolerant|eats?|diet)\b/i,
  ],
  [
    /^(?:pets?|animals?)$/i,
    /\b(?:dog|dogs|cat|cats|pet|pets|puppy|kitten|rabbit|parrot|hamster)\b/i,
  ],
];

/**
 * The kind of fact the words name: a noun ("my city", "my job") or a question about the user
 * ("where I live", "what I do", "who my manager is"), as profile questions read it.
 */
function kindOfFact(what: string): { slot: ProfileSlot; relation?: string } | undefined {
  const slot = SLOT_NOUNS.find(([, noun]) => noun.test(what.trim()))?.[0];
  if (slot) return { slot };
  // "the languages I speak" asks what "what languages I speak" asks.
  const asked = what.replace(/^the\s+(?=\w+(?:\s+\w+)?\s+(?:I|my)\b)/i, 'what ');
  return /^(?:where|what|who|which)\b/i.test(asked) ? profileQuestion(asked) : undefined;
}

/**
 * The bullet lines that state that kind of fact; for a place, those that say where the user lives
 * when there are any ("remove where I live" keeps "User teaches physics in York.").
 */
function linesStating(lines: Line[], kind: { slot: ProfileSlot; relation?: string }): Line[] {
  const stating = lines.flatMap((line) => {
    if (!BULLET.test(line.text)) return [];
    const facts = profileFacts(asSaid(line.text)).filter((fact) =>
      answersSlot(fact, kind.slot, kind.relation),
    );
    return facts.length > 0 ? [{ line, home: facts.some(isHome) }] : [];
  });
  const homes = stating.filter((item) => item.home);
  return (homes.length > 0 ? homes : stating).map((item) => item.line);
}

const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+\S/;

/**
 * The lines of the memory file that the words name: an exact statement first, then the lines
 * that state that kind of fact ("my city" names "User lives in Leeds."), else shared words.
 */
function matchingLines(content: string, what: string): Line[] {
  const lines = content.split('\n').map((text, index) => ({ index, text }));
  const facts = new Set([...factsOf(what), what].map(comparable));
  const exact = lines.filter((line) => line.text.trim() !== '' && facts.has(comparable(line.text)));
  if (exact.length > 0) return exact;
  const kind = kindOfFact(what);
  const stated = kind ? linesStating(lines, kind) : [];
  if (stated.length > 0) return stated;
  const telling = KIND_WORDS.find(([noun]) => noun.test(what.trim()))?.[1];
  const told = telling
    ? lines.filter((line) => BULLET.test(line.text) && telling.test(line.text))
    : [];
  if (told.length > 0) return told;
  const wanted = terms(what).filter((term) => !GENERIC_TERMS.test(term) && !NOT_ABOUT.test(term));
  if (wanted.length === 0) return [];
  const scored = lines
    .filter((line) => BULLET.test(line.text))
    .map((line) => {
      const words = terms(line.text);
      const score = wanted.filter((term) => words.some((word) => sameWord(term, word))).length;
      return { line, score };
    })
    .filter((item) => item.score > 0);
  const best = Math.max(0, ...scored.map((item) => item.score));
  return scored.filter((item) => item.score === best).map((item) => item.line);
}

/** The edit_file arguments that take the lines out (their block, widened until it is unique). */
function removal(content: string, remove: readonly Line[]): Record<string, unknown> {
  const lines = content.split('\n');
  let first = remove[0]!.index;
  const last = remove.at(-1)!.index;
  const drop = new Set(remove.map((line) => line.index));
  const block = (from: number) => {
    const kept = lines.slice(from, last + 1).filter((_, i) => !drop.has(from + i));
    const text = lines.slice(from, last + 1).join('\n');
    // The memory block comes without the file's final newline: at the end, the line break taken
    // out is the one before the block, so no empty line is left behind.
    if (last + 1 === lines.length && from > 0)
      return { old: `\n${text}`, new: kept.length > 0 ? `\n${kept.join('\n')}` : '' };
    const ending = last + 1 < lines.length ? '\n' : '';
    return { old: `${text}${ending}`, new: kept.length > 0 ? `${kept.join('\n')}${ending}` : '' };
  };
  let edit = block(first);
  while (first > 0 && countOccurrences(content, edit.old) > 1) edit = block(--first);
  return { file_path: USER_MEMORY_PATH, old_string: edit.old, new_string: edit.new };
}

function quoted(lines: readonly Line[]): string {
  return lines
    .map((line) => `“${line.text.trim().replace(/^(?:[-*+]|\d+[.)])\s+/, '')}”`)
    .join(', ');
}

/** The lines an edit took out: those of its old_string that its new_string no longer has. */
function removedBy(args: Record<string, unknown>): string[] {
  const after = new Set((stringArg(args, 'new_string') ?? '').split('\n'));
  return (stringArg(args, 'old_string') ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !after.has(line));
}

export function forgetAction(what: string, context: TurnContext): Action {
  return {
    accepts: (mine, next) =>
      mine.length === 0 &&
      next.call.name === 'edit_file' &&
      stringArg(next.args, 'file_path') === USER_MEMORY_PATH,
    step(mine) {
      const done = mine[0];
      if (!done) return plan(what, context);
      if (failed(done))
        return {
          text: `The edit failed, so nothing was removed from ${USER_MEMORY_PATH}. The edit_file tool said:\n\n> ${done.result.content.split('\n')[0] ?? ''}`,
        };
      const removed = quoted(removedBy(done.args).map((text, index) => ({ index, text })));
      const count = removedBy(done.args).length;
      return {
        text: `Removed from ${USER_MEMORY_PATH}: ${removed}${/[.!?]”$/.test(removed) ? '' : '.'} Undo on the “Memory updated” chip puts ${count === 1 ? 'it' : 'them'} back.`,
        suggestions: [SUGGEST.aboutMe],
      };
    },
  };
}

/** Before the edit: the call that removes the matching lines, or why there is none. */
function plan(what: string, context: TurnContext): Step {
  const source = context.memory.find((item) => item.path === USER_MEMORY_PATH);
  if (what === '')
    return {
      text: `I remove one thing at a time: say what to forget, for example “forget that I prefer Python”. To empty ${USER_MEMORY_PATH}, edit it in the Editor.`,
      suggestions: [SUGGEST.aboutMe],
    };
  if (!source || source.content.trim() === '')
    return {
      text: `There is nothing to forget: ${USER_MEMORY_PATH} is ${source ? 'empty' : 'missing'}.`,
      suggestions: [SUGGEST.aboutMe],
    };
  const found = matchingLines(source.content, what);
  if (found.length === 0) {
    const words = terms(what).filter((term) => !GENERIC_TERMS.test(term) && !NOT_ABOUT.test(term));
    return {
      text: `Nothing in ${USER_MEMORY_PATH} mentions ${words.length > 0 ? words.join(', ') : `“${what}”`}, so there is nothing to remove.`,
      suggestions: [SUGGEST.aboutMe],
    };
  }
  if (found.length > MAX_REMOVED)
    return {
      text: `${found.length} lines of ${USER_MEMORY_PATH} match “${what}”: ${quoted(found)}. Which one should I forget?`,
      suggestions: found
        .slice(0, 3)
        .map((line) => `Forget “${line.text.trim().replace(/^[-*+]\s+/, '')}”`),
    };
  if (!hasTool(context, 'edit_file'))
    return {
      text: 'The edit_file tool is not available in this thread, so I cannot change memory.',
    };
  return {
    call: {
      name: 'edit_file',
      args: removal(source.content, found),
      intro: `Removing ${found.length === 1 ? 'a line' : `${found.length} lines`} from ${USER_MEMORY_PATH} with edit_file.`,
    },
  };
}
