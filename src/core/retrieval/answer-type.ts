// What a question asks for, for ranking: a question that asks for a name ("Where…?", "Who…?",
// "Which city…?", "What books…?", "What is the name of…?") is answered by a message that writes a
// name: a capitalised word inside a sentence that the conversation never writes in lowercase
// ("I was in Chicago", "Patrick Rothfuss", "the UK"), or a quoted title ("Brave" by Sara
// Bareilles). The classic answer-type step of question answering, with the question word and a short
// list of English nouns for named things instead of a tagger. Pure; no conversation-specific words.

import { CALENDAR_WORDS } from '../time';

/** Nouns whose instances have names: "which city", "what books", "what is the name of". */
const NAMED_THINGS = [
  'city',
  'cities',
  'country',
  'countries',
  'state',
  'states',
  'place',
  'places',
  'location',
  'locations',
  'book',
  'books',
  'author',
  'authors',
  'series',
  'show',
  'shows',
  'movie',
  'movies',
  'film',
  'films',
  'team',
  'teams',
  'band',
  'bands',
  'artist',
  'artists',
  'singer',
  'singers',
  'song',
  'songs',
  'restaurant',
  'restaurants',
  'shop',
  'shops',
  'store',
  'stores',
  'brand',
  'brands',
  'company',
  'companies',
  'name',
  'names',
];

const ASKS_FOR_NAME = new RegExp(
  `^\\s*(?:where|who|whom)\\b|\\b(?:which|what)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${NAMED_THINGS.join('|')})\\b|\\bname of\\b`,
  'iu',
);

/** Whether a question asks for a name (a person, a place, a title): see NAMED_THINGS. */
export function asksForName(question: string): boolean {
  return ASKS_FOR_NAME.test(question);
}

/** Capitalised calendar words (months, weekdays, their abbreviations) are dates, not names. */
const CALENDAR = CALENDAR_WORDS;

// A capitalised word not at the start of the text or of a sentence (after . ! ? : or a newline),
// nor right after an opening quote (a quoted title counts as a whole, below). The look-behinds
// read at most four characters back, so a long text costs linear time.
const INSIDE_CAPITAL =
  /(?<![.!?:…]\s{0,3}|^\s{0,3}|["“‘'(\n]\s{0,3})(?<![\p{L}\p{M}\p{N}'’-])(\p{Lu}[\p{L}\p{M}\p{N}]*)(?:['’]s)?(?![\p{L}\p{M}\p{N}])/gu;
const QUOTED = /["“][^"”\n]{2,80}["”]/u;

export interface WrittenNames {
  /** Lowercased capitalised words inside sentences (still to be checked against the conversation). */
  capitals: string[];
  /** Whether the text quotes a title. */
  quoted: boolean;
}

/** The candidate names a text writes (before the conversation's lowercase words rule some out). */
export function writtenNames(text: string): WrittenNames {
  const capitals = new Set<string>();
  for (const match of text.matchAll(INSIDE_CAPITAL)) {
    const word = match[1]!.toLowerCase();
    if (word === 'i' || CALENDAR.has(word)) continue;
    capitals.add(word);
  }
  return { capitals: [...capitals], quoted: QUOTED.test(text) };
}

/**
 * Whether a text names something: a quoted title, or a capitalised word that is not a common word
 * of the conversation (`lowercase`: words it writes in lowercase somewhere) nor a speaker's name.
 */
export function namesSomething(
  written: WrittenNames,
  lowercase: ReadonlyMap<string, number>,
  speakers: ReadonlySet<string>,
): boolean {
  if (written.quoted) return true;
  return written.capitals.some((word) => !lowercase.has(word) && !speakers.has(word));
}
