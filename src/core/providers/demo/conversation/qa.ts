// Questions answered from the AGENTS.md memory in the system prompt, naming the lines used.

import { USER_MEMORY_PATH, type MemorySource } from '../agents-md';

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her him his how i ' +
    "i'm im if in into is it its me mine my myself no not of on or our she should so some tell than that the " +
    'their them then there these they this those to too us was we were what whats when where which who whom ' +
    'why will with would you your yours yourself about any anything everything something know knows remember ' +
    'recall memory memories think please thanks show give let just also okay ok hi hello hey'
  ).split(' '),
);

const GENERAL_MEMORY_QUESTION =
  /\b(?:about me|know about|remember|memory|memories|prefer\w*|preferences?|likes?|favou?rites?|who am i|what do you know)\b/i;

export const GENERIC_TERMS =
  /^(?:prefer\w*|likes?|liked|loves?|favou?rites?|preferences?|settings?|facts?|details?|things?|list|describe|stuff)$/;

export function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? [];
  const result: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’](?:s|re|ve|d|ll|m|t)$/, '').replace(/['’]/g, '');
    if (word.length < 2 || STOP_WORDS.has(word) || STOP_WORDS.has(raw)) continue;
    if (!result.includes(word)) result.push(word);
  }
  return result;
}

/** Same word, same crude stem (tea/teas, use/used), or a shared prefix of 4+ letters covering
 * all but 2 letters of the shorter word (prefers/preferences). */
export function sameWord(a: string, b: string): boolean {
  if (a === b || stem(a) === stem(b)) return true;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return prefix >= 4 && prefix >= Math.min(a.length, b.length) - 2;
}

/**
 * Words that ask about the same thing in other words: "What's my job?" finds "User works as a
 * baker", "Where am I based?" finds "User lives in Leeds". Small on purpose: the profile words
 * people ask about.
 */
const SAME_THING: string[][] = [
  [
    'job',
    'work',
    'works',
    'worked',
    'working',
    'occupation',
    'profession',
    'career',
    'role',
    'employer',
    'company',
  ],
  [
    'live',
    'lives',
    'living',
    'home',
    'city',
    'town',
    'based',
    'location',
    'located',
    'from',
    'address',
  ],
  ['allergy', 'allergies', 'allergic', 'intolerant', 'intolerance'],
  ['diet', 'eat', 'eats', 'food', 'vegetarian', 'vegan', 'pescatarian'],
  ['pet', 'pets', 'dog', 'cat', 'dogs', 'cats'],
  ['language', 'languages', 'speak', 'speaks'],
  ['birthday', 'born', 'birth', 'age'],
  ['name', 'called', 'call'],
  ['timezone', 'tz'],
];

function sameThing(a: string, b: string): boolean {
  return SAME_THING.some((group) => group.includes(a) && group.includes(b));
}

function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's', 'd']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      return word.slice(0, -suffix.length);
  }
  return word;
}

export interface MemoryLine {
  path: string;
  line: number;
  text: string;
}

export function memoryLines(memory: readonly MemorySource[]): MemoryLine[] {
  const result: MemoryLine[] = [];
  for (const source of memory) {
    for (const [i, text] of source.content.split('\n').entries()) {
      const trimmed = text.trim();
      // Headings, rules and fences hold no facts worth quoting.
      if (trimmed === '' || /^(?:#|---|\*\*\*|```|~~~|<!--|[A-Z][\w ]*:$)/.test(trimmed)) continue;
      result.push({ path: source.path, line: i + 1, text: trimmed });
    }
  }
  return result;
}

/**
 * Answers a question from the AGENTS.md memory in the system prompt; when that has nothing, from
 * what the request carries of the conversation (earlier messages and the context strategy's
 * blocks), so that switching strategy changes what the Demo can recall, as it would for a model.
 */
export function answerFromMemory(
  question: string,
  memory: MemorySource[],
  conversation: MemorySource[] = [],
): { text: string; found: boolean } {
  // Words like "prefer" say what kind of answer is wanted, not what it is about: "What are my
  // preferences?" wants every preference, "What do I prefer for coffee?" the coffee lines.
  const wanted = terms(question).filter((term) => !GENERIC_TERMS.test(term));
  const lines = memoryLines(memory);

  let used: MemoryLine[] = [];
  let intro = 'From the memory in my system prompt, these lines share words with your question:';
  // The conversation wins when it shares more of the question's words than any memory line does
  // ("the locker code" against a memory line about "code examples").
  const recalled =
    wanted.length > 0 ? matching(wanted, memoryLines(conversation)) : { lines: [], best: 0 };
  if (wanted.length > 0) {
    const fromMemory = matching(wanted, lines);
    if (fromMemory.best >= recalled.best) used = fromMemory.lines;
  } else if (GENERAL_MEMORY_QUESTION.test(question)) {
    const user = lines.filter((line) => line.path === USER_MEMORY_PATH);
    const bullets = user.filter((line) => /^(?:[-*+]|\d+[.)])\s/.test(line.text));
    used = (bullets.length > 0 ? bullets : user.length > 0 ? user : lines).slice(0, 10);
    intro = 'Here is what my memory holds about you:';
  }
  if (used.length > 0) {
    const quoted = used.map((line) => `- Used ${where(line)}: “${unbulleted(line.text)}”`);
    return { text: `${intro}\n\n${quoted.join('\n')}`, found: true };
  }
  if (recalled.lines.length > 0) {
    const quoted = recalled.lines.map((line) => `- From ${line.path}: “${unbulleted(line.text)}”`);
    return {
      text: `My memory files say nothing closer to that, but what this request carries of our conversation (the context strategy decides what that is) shares words with your question:\n\n${quoted.join('\n')}`,
      found: true,
    };
  }
  if (memory.length === 0) {
    return {
      text: 'No memory is loaded (my system prompt has no AGENTS.md content), and nothing this request carries of our conversation matches, so I cannot answer that. Say "remember …" and I will save it.',
      found: false,
    };
  }
  const looked = wanted.length > 0 ? ` for “${wanted.join(', ')}”` : '';
  const sources = memory.map((source) => source.path).join(', ');
  return {
    text: `I looked in my memory (${sources}) and in what this request carries of our conversation${looked} and found nothing about that, so I can't say.`,
    found: false,
  };
}

function unbulleted(text: string): string {
  return text.replace(/^(?:[-*+]|\d+[.)])\s+/, '');
}

/** "/memories/AGENTS.md line 4", or the source's name when it has no lines of its own. */
function where(line: MemoryLine): string {
  return line.path.startsWith('/') && !/\s/.test(line.path)
    ? `${line.path} line ${line.line}`
    : line.path;
}

/** The best lines (up to 5, in their order) and the best line's count of shared words. */
function matching(wanted: string[], lines: MemoryLine[]): { lines: MemoryLine[]; best: number } {
  const seen = new Set<string>();
  const top = lines
    // The same line can come twice (retrieved documents overlap): quote it once.
    .filter((line) => !seen.has(line.text) && seen.add(line.text))
    .map((line, order) => {
      const words = terms(line.text);
      const score = wanted.filter((term) =>
        words.some((word) => sameWord(term, word) || sameThing(term, word)),
      ).length;
      return { line, order, score };
    })
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, 5);
  return {
    lines: top.sort((a, b) => a.order - b.order).map((item) => item.line),
    best: top.reduce((max, item) => Math.max(max, item.score), 0),
  };
}
