// Finding a specific in another text (the new context, a readable file, a summary), robust to
// how it is written there. Two ways, either one is enough:
//
// 1. Keys. The other text is scanned with the same extractor (every candidate, overlapping and
//    minor ones included) and each candidate gives keys: "n:1299 usd", "#214", "d:2024-03-05",
//    "t:17:00", "p:src/app.ts", "u:example.com/docs", "e:bob@example.com", "i:1.2.3". A specific
//    is found when one of its keys is among them. So "$1,299.00" finds "1299 USD", "200ms" finds
//    "200 milliseconds", "March 3rd, 2024" finds "2024-03-03", "5pm" finds "17:00", "45%" finds
//    "45 percent", "3公斤" finds "3 kg". A date finds a fuller one ("May 8" finds "2023-05-08"),
//    not the reverse. A number with a measurement unit needs the same value and unit; a count
//    ("3 retries") or a bare number ("4307") needs the same value as any number there.
// 2. Text. Paths, URLs, e-mails, identifiers, quotes and names are also searched as text: both
//    sides folded (full-width to ASCII, NFKC), lowercased, curly quotes made straight, backslashes
//    made slashes, runs of white space made one space; a hit must not continue a word on either
//    side ("grace hopper" is found in "Grace Hopper's", "app.ts" is not found in "myapp.tsx").
//    A path is found in a longer path that ends with it ("src/app.ts" in "/repo/src/app.ts").
//
// So names match ignoring case, quotes ignoring quote marks and spacing, paths ignoring a leading
// "./", a trailing slash and Windows case; URLs ignoring the scheme, "www." and a trailing slash.

import { MAX_SCAN_CHARS, fold, scan, type Candidate, type Specific } from './specifics';

/** A text prepared for finding specifics in it. */
export interface Haystack {
  /** The searchable form of the text (see above). */
  text: string;
  keys: Set<string>;
  /** Characters given, and characters indexed (fewer when the text was over the bound). */
  totalChars: number;
  indexedChars: number;
}

type Findable = Pick<Specific, 'kind' | 'subtype' | 'normalized'>;

/** The searchable form of a text (also applied to what is searched for). */
export function searchForm(text: string): string {
  return fold(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\\/g, '/')
    .replace(/\s+/g, ' ');
}

export function buildHaystack(text: string, maxChars: number = MAX_SCAN_CHARS): Haystack {
  const body = text.length > maxChars ? text.slice(0, maxChars) : text;
  const keys = new Set<string>();
  for (const c of scan(body, true)) for (const k of indexKeys(c)) keys.add(k);
  return { text: searchForm(body), keys, totalChars: text.length, indexedChars: body.length };
}

/** True when the haystack holds the specific, by key or by text (see the rules above). */
export function findSpecific(haystack: Haystack, specific: Findable): boolean {
  for (const k of lookupKeys(specific)) if (haystack.keys.has(k)) return true;
  return searchNeedles(specific).some((needle) => findWord(haystack.text, needle));
}

const stripRoot = (path: string): string => path.replace(/^\/(?!\/)/, '');
const valueOf = (normalized: string): string => normalized.split(' ')[0] ?? normalized;

/** Keys any of which, present in a haystack, mean the specific is there. */
export function lookupKeys(s: Findable): string[] {
  switch (s.kind) {
    case 'number':
      if (s.subtype === 'bare' || s.subtype === 'count') return [`#${valueOf(s.normalized)}`];
      return [`n:${s.normalized}`];
    case 'date':
      if (s.subtype === 'time') return [`t:${s.normalized}`];
      if (s.subtype === 'year') return [`d:${s.normalized}`, `#${s.normalized}`];
      return [`d:${s.normalized}`];
    case 'path':
      return [`p:${stripRoot(s.normalized)}`];
    case 'url':
      return [`u:${s.normalized.toLowerCase()}`];
    case 'email':
      return [`e:${s.normalized}`];
    case 'identifier':
      return [`i:${s.normalized}`];
    default:
      return [];
  }
}

/** Keys a candidate in a haystack provides: its own, and those of what it contains. */
export function indexKeys(c: Candidate): string[] {
  const keys = lookupKeys(c);
  const n = c.normalized;
  if (c.kind === 'number') {
    if (c.subtype === 'range') {
      const [from, to] = valueOf(n).split(/(?<=\d)-/);
      if (from) keys.push(`#${from}`);
      if (to) keys.push(`#${to}`);
    } else keys.push(`#${valueOf(n)}`);
  } else if (c.kind === 'date') {
    const [date, time] = n.split(' ');
    const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
    if (ymd) keys.push(`d:${date}`, `d:--${ymd[2]}-${ymd[3]}`, `d:${ymd[1]}-${ymd[2]}`);
    const ym = /^(\d{4})-(\d{2})(?:-|$)/.exec(date ?? '');
    if (ym) keys.push(`d:${ym[1]}`, `#${ym[1]}`);
    const clock = c.subtype === 'time' ? n : time;
    if (clock) keys.push(`t:${clock}`, `t:${clock.slice(0, 5)}`);
  }
  return keys;
}

/** The texts searched for, for the kinds that are searched as text. */
function searchNeedles(s: Findable): string[] {
  switch (s.kind) {
    case 'path':
      return [searchForm(stripRoot(s.normalized))];
    case 'name': {
      // "mr okafor" is also written "Mr. Okafor".
      const needle = searchForm(s.normalized).trim();
      const title = /^(mr|mrs|ms|mx|dr|prof) /.exec(needle);
      return title ? [needle, `${title[1]}.${needle.slice(title[1]!.length)}`] : [needle];
    }
    case 'url':
    case 'email':
    case 'identifier':
    case 'quote':
      return [searchForm(s.normalized).trim()].filter(Boolean);
    default:
      return [];
  }
}

const WORD = /[\p{L}\p{N}_]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A character that would continue a word: a letter, digit or underscore, but not CJK. */
const continuesWord = (c: string | undefined): boolean =>
  c !== undefined && WORD.test(c) && !CJK.test(c);

/** Finds needle in text where it does not continue a word on either side. */
export function findWord(text: string, needle: string): boolean {
  if (!needle) return false;
  const checkStart = continuesWord(needle[0]);
  const checkEnd = continuesWord(needle[needle.length - 1]);
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    if (checkStart && continuesWord(text[i - 1])) continue;
    if (checkEnd && continuesWord(text[i + needle.length])) continue;
    return true;
  }
  return false;
}
