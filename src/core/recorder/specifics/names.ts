// ---- names ----------------------------------------------------------------------------------

import { STOPWORDS } from '../../retrieval/tokenize';
import { MONTH_NAMES, WEEKDAY_NAMES } from '../../time';
import { LATIN, execAll, push } from './text';
import { P, type Candidate } from './types';

const TITLES =
  'Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Jr|St|Sir|Dame|Lady|Lord|Rev|Fr|Capt|Col|Gen|Lt|Sgt|Gov|Sen|Rep|Pres';
// Latin letters only: capitals A-Z À-Þ, small a-z ß-ÿ (× and ÷ aside, which never follow a letter).
const UPPER = 'A-Z\\u00C0-\\u00DE';
const LOWER = 'a-z\\u00DF-\\u00FF';
const NAME_WORD = `[${UPPER}][${LOWER}]+(?:(?:[\\-'’][${UPPER}]?|[${UPPER}]+)[${LOWER}]+)*[${UPPER}]*`;
const CONNECTORS = 'of|de|da|del|della|di|du|van|von|der|den|la|le|bin|al|the';
const NAME_TAIL = `(?: (?!(?:${TITLES})\\. )(?:(?:${CONNECTORS}) ){0,2}${NAME_WORD})`;
const NAME_RE = new RegExp(
  `(?<![${LATIN}0-9_'’.\\-])(?:(?:${TITLES})\\.? ${NAME_WORD}${NAME_TAIL}*|${NAME_WORD}${NAME_TAIL}*)`,
  'g',
);
/** Titles left out of a name's normalized form when a full name follows. */
const TITLE_SET = new Set(['mr', 'mrs', 'ms', 'mx', 'dr', 'prof']);
/** A first word that is likely capitalised by the sentence: -ing, -ed and -ly words. */
const SENTENCE_VERB = /^[A-Z][a-z]{3,}(?:ing|ed|ly)$/;
const isQuoteMark = (c: string | undefined): boolean =>
  c !== undefined && `"'“”‘’「」『』《》`.includes(c);
const CONNECTOR_SET = new Set(CONNECTORS.split('|'));
const TIME_WORDS = new Set([
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES,
  ...(
    'last next this every today tonight tomorrow yesterday morning afternoon evening night ' +
    'weekend week month year'
  ).split(' '),
]);
/** Words that are capitalised because they start a sentence (besides the stopwords). */
const SENTENCE_WORDS = new Set(
  (
    'hey hi hello bye goodbye yo woah whoa woohoo wooh yay yikes ugh ooh hooray cheers anytime nah dear thanks thank congrats congratulations wow oh ah aw aww hmm haha lol omg ' +
    'yes yeah yep no nope ok okay sure sounds great good nice cool awesome amazing glad sorry ' +
    'happy love please let here there what who why how where which when while if as at in on ' +
    'for from with by to of about since until after before during also then so and but or nor ' +
    'yet just maybe perhaps actually really definitely absolutely totally honestly anyway btw ' +
    'besides however although though because unlike like speaking look wait remember note see ' +
    'check run open make use add fix show tell find create write read go try set get keep ' +
    'ask call email ping message text contact meet visit book buy send give take bring put ' +
    'move copy paste delete remove update install build deploy test push pull merge review ' +
    'share post reply invite remind schedule cancel start stop restart save load print list ' +
    'search follow join leave call thanks ' +
    'replace replaced understood done one another other such very much everything nothing ' +
    'something anything everyone someone nobody same true exactly agreed right well sometimes ' +
    'always never once now still even only first second third finally next last both either ' +
    'neither each every all some any many most few several my our your his her their its the a ' +
    'an i we you he she they it this that these those is are was were do does did have has had ' +
    'can could would should will shall might must may'
  ).split(' '),
);
export const isCommon = (word: string): boolean => {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return (
    STOPWORDS.has(w) ||
    SENTENCE_WORDS.has(w) ||
    TIME_WORDS.has(w) ||
    (w.endsWith('s') && TIME_WORDS.has(w.slice(0, -1))) // "on Tuesdays"
  );
};

/**
 * True when the text before `start` ends a sentence (or a line, or is empty); a Markdown mark
 * ("# ", "> ", "| ") or a line-number gutter ("    12\t") before it is still a line's start.
 */
function atSentenceStart(t: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[ \t"'“‘([*_>•`#|-]/.test(t[i]!)) i--;
  if (i >= 0 && /\d/.test(t[i]!) && /\t/.test(t.slice(i, start))) {
    let j = i;
    while (j >= 0 && /\d/.test(t[j]!)) j--;
    while (j >= 0 && (t[j] === ' ' || t[j] === '\t')) j--;
    if (j < 0 || t[j] === '\n') return true;
  }
  return i < 0 || /[\n.!?;:…。]/.test(t[i]!);
}

/** A word that names someone or something on its own: capitalised, no capital inside. */
const ONE_WORD_NAME = new RegExp(`^[${UPPER}][${LOWER}]{2,}(?:[-'’][${UPPER}]?[${LOWER}]+)*$`);
/** After a sentence's first word, what makes it a person's name ("Priya said", "Zoë's"). */
const NAME_CUE_AFTER = new RegExp(
  `^(?:['’]s\\b|,? (?:said|says|asked|asks|told|tells|wants|wanted|texted|called|replied|wrote|mentioned|suggested|agreed|thinks|thought)\\b| and [${UPPER}])`,
);

/**
 * A single capitalised word is a name (a person, a place, a brand: "Priya", "Lisbon", "Tomás")
 * when it is not a common word (stopwords, sentence openers, time words, NOT_NAMES), has no
 * capital inside ("RetryError" is an identifier), is not code (before "(" or "<", after "<",
 * "/", "@", "#", "."), does not number a part ("Step 12"), and either stands mid-sentence or, at a sentence's start, is followed by
 * a possessive or a verb that people do ("Priya said", "Tomás is").
 */
function mayBeOneWordName(word: string): boolean {
  // Set lookups first: they reject most words, and cost less than a pattern.
  const lower = word.toLowerCase();
  const possessive = lower.endsWith("'s") || lower.endsWith('’s');
  const bare = possessive ? lower.slice(0, -2) : lower;
  if (STOPWORDS.has(bare) || SENTENCE_WORDS.has(bare) || NOT_NAMES.has(bare)) return false;
  return !isCommon(bare) && ONE_WORD_NAME.test(possessive ? word.slice(0, -2) : word);
}

function isOneWordName(t: string, word: string, start: number, initial: boolean): boolean {
  if (!mayBeOneWordName(word)) return false;
  const bare = word.replace(/['’]s$/, '');
  const end = start + word.length;
  if (/[<(]/.test(t[end] ?? '') || /[<@#/.$&=]/.test(t[start - 1] ?? '')) return false;
  if (/^ \d/.test(t.slice(end, end + 2))) return false; // "Step 12", "Chapter 16": a numbered part
  if (!initial) return true;
  if (SENTENCE_VERB.test(bare)) return false;
  const after = t.slice(start + bare.length, start + bare.length + 24);
  if (!NAME_CUE_AFTER.test(after)) return false;
  // "Zoë's birthday" is a possessive; "Life's been", "Store's going" are "is" and "has".
  const next = /^['’]s (\p{L}+)/u.exec(after)?.[1];
  return next === undefined || !(isCommon(next) || CONTRACTION_NEXT.has(next.toLowerCase()));
}

/** Words after "'s" that make it "is" or "has" ("Life's been", "Store's going"). */
const CONTRACTION_NEXT = new Set(
  'going getting doing coming looking working been got gotten gonna always never really pretty'.split(
    ' ',
  ),
);

/** Capitalised words that are no names: languages and peoples, code and screen words. */
const NOT_NAMES = new Set(
  (
    'english spanish french german portuguese italian chinese japanese korean russian arabic ' +
    'hindi dutch swedish polish greek turkish american british european african asian ' +
    'canadian australian indian mexican brazilian latin western eastern northern southern ' +
    'error warning info debug trace fatal promise string number boolean object array map set ' +
    'date function class type interface enum null none true false nan undefined infinity ' +
    'symbol buffer component props state request response event regexp math json console ' +
    'document element exception result option some ok err self this super void main ' +
    'settings preferences enter escape shift ctrl control alt cmd command option tab space ' +
    'backspace return cancel submit save edit view help tools file files menu button page ' +
    'screen panel dialog window home end delete insert internet web god wi-fi todo fixme ' +
    'readme changelog license makefile dockerfile summary memory chat thread assistant user ' +
    'system tool agent model context source sources issue issues pull request ' +
    // nouns written capitalised at a sentence's start with "'s" ("Life's tough", "Nature's beauty")
    'life nature music art family mom dad mum grandma grandpa world work school love'
  ).split(' '),
);

/** True when `start` follows a Markdown heading mark ("## Next Steps"). */
const isHeadingLine = (t: string, start: number): boolean =>
  /(?:^|\n)[ \t]*#+[ \t]*$/.test(t.slice(Math.max(0, start - 16), start)) &&
  /#/.test(t.slice(Math.max(0, start - 16), start));

export function scanNames(t: string, out: Candidate[]): void {
  for (const m of execAll(NAME_RE, t)) {
    // Most single capitalised words are common ("The", "Thanks"): drop them before any other work.
    if (!m[0].includes(' ') && !mayBeOneWordName(m[0])) continue;
    if (isHeadingLine(t, m.index)) continue;
    const words: { text: string; start: number }[] = [];
    for (const w of m[0].matchAll(/\S+/g)) words.push({ text: w[0], start: m.index + w.index });
    // A run that fills a pair of quotes is a title as written ("The Santa Clause").
    const quoted = isQuoteMark(t[m.index - 1]) && isQuoteMark(t[m.index + m[0].length]);
    const sentenceStart = !quoted && atSentenceStart(t, m.index);
    // The first word may be capitalised only because it starts a sentence ("The", "Hey"), or be a
    // verb or adverb that does ("Playing", "Finally"); time words ("Last Friday") and connectors
    // never start a name.
    if (
      sentenceStart &&
      words.length > 0 &&
      (isCommon(words[0]!.text) || SENTENCE_VERB.test(words[0]!.text))
    )
      words.shift();
    while (words.length > 0) {
      const w = words[0]!.text;
      if (TIME_WORDS.has(w.toLowerCase()) || CONNECTOR_SET.has(w)) words.shift();
      else break;
    }
    while (words.length > 0 && CONNECTOR_SET.has(words[words.length - 1]!.text)) words.pop();
    const content = words.filter((w) => !CONNECTOR_SET.has(w.text));
    if (content.length === 1 && words.length === 1) {
      const word = words[0]!;
      // Mid-sentence when a common first word was dropped ("Meet Dmitri", "Hi Marta").
      const initial = sentenceStart && word.start === m.index;
      if (!quoted && isOneWordName(t, word.text, word.start, initial)) {
        const bare = word.text.replace(/['’]s$/, '');
        push(out, word.start, word.start + bare.length, 'name', 'word', bare.toLowerCase(), P.name);
      }
      continue;
    }
    if (content.length < 2 || content.length > 8) continue;
    if (content.every((w) => isCommon(w.text.replace(/\.$/, '')))) continue;
    const first = words[0]!;
    const last = words[words.length - 1]!;
    let end = last.start + last.text.length;
    if (/['’]s$/.test(last.text)) end -= 2;
    const written = t.slice(first.start, end);
    // "Dr. Grace Hopper" is found as "grace hopper"; "Dr. Smith" stays "dr smith".
    const parts = written.toLowerCase().split(' ');
    const title = parts[0]!.replace(/\.$/, '');
    const normalized =
      TITLE_SET.has(title) && parts.length >= 3 && !CONNECTOR_SET.has(parts[1]!)
        ? parts.slice(1).join(' ')
        : [title, ...parts.slice(1)].join(' ');
    push(out, first.start, end, 'name', 'name', normalized, P.name);
  }
}
