// Specifics: the concrete details a person would miss when they leave the model's context.
//
// extractSpecifics(text, origin) finds, deterministically and without a model:
//   number      numbers with a unit, currency, percent, multiplier or count ("12 MB", "$1,299.00",
//               "45%", "3-5 days", "3x", "2 kids", "3公斤", "5个"), and bare numbers that carry
//               information on their own (three or more digits, a decimal part, or thousands
//               separators: "4307", "1.5", "12,000"). Small bare integers ("3", "42") are noise.
//   date        absolute dates and clock times ("2024-03-05", "March 3rd, 2024", "8 May, 2023",
//               "3/4/2024", "14:30", "5pm", "2024年3月5日", "下午3点", "in 2019", "the 1990s").
//               Relative words ("yesterday", "next week", "on Friday") are not specifics; in
//               "yesterday at 5pm" the specific is "5pm".
//   path        file paths: absolute POSIX ("/memories/AGENTS.md"), home and dot-relative
//               ("~/x", "./x"), Windows ("C:\x", "\\server\share"), relative paths with a known
//               extension or three segments ("src/app.ts", "a/b/c"), bare file names with a known
//               extension ("client.py", "README.md").
//   url         scheme URLs and www. hosts; bare domains on common TLDs ("example.com").
//   email       e-mail addresses.
//   identifier  code-like tokens: dotted names ("time.monotonic()"), calls ("foo()"), camelCase,
//               PascalCase with an inner capital ("GitHub"), snake_case, SCREAMING_CASE, dunders,
//               --flags, versions ("v1.2", "3.12.2"), IPv4, UUIDs, git hashes, hex literals,
//               colors, ticket ids ("ABC-123"), issue refs ("#20"), letter-digit mixes ("H100"),
//               and single tokens in backticks.
//   quote       quoted strings: "…", '…', `…` with a space, “…”, ‘…’, 「…」, 『…』, 《…》, «…».
//               JSON/dict keys ("key": …) are not quotes; a quote whose whole content is another
//               specific is reported as that specific; quotes over 200 characters are passages,
//               not specifics.
//   name        two or more capitalised words ("Grace Hopper", "New York City", "Dr. Smith",
//               "Bank of America"); at a sentence start, common leading words ("Hey", "The",
//               "Yesterday") are dropped first. Single capitalised words are not specifics.
//
// Overlaps are resolved by a fixed priority (url > email > uuid > date > path > domain >
// identifier > number > name > camel/Pascal case > letter-digit mix), then the longer span, then
// the earlier: a URL is not also a path, a date is not also a number, a version is an identifier.
// Quotes are found separately and may contain other specifics.
//
// Full-width ASCII (０-９, Ａ-Ｚ, ！-～) and ideographic spaces are folded to ASCII before matching,
// without changing offsets. Speed: 200,000 characters take about 8 ms of CPU for chat, 25 ms for
// code and tool output, 40 ms for Chinese chat (scripts/specifics-sample.ts). What never spans
// white space (URLs, e-mail, paths, identifiers) is looked for only in the tokens that have the
// characters it needs, CJK dates and times only around their 年/月/点, and every pattern that
// starts with a repeated class has a lookbehind, so that no position inside a run is retried (no
// quadratic or exponential backtracking on long runs of digits, dots, slashes or capitalised
// words; specifics.test.ts has the adversarial inputs). The rules with examples are in RULES.md.

import { STOPWORDS } from '../retrieval/tokenize';
import {
  CURRENCY_PREFIXES,
  canonicalNumber,
  cjkNumeralValue,
  matchMultiplier,
  matchUnit,
  type UnitMatch,
} from './units';

export type SpecificKind =
  'number' | 'date' | 'path' | 'url' | 'email' | 'identifier' | 'quote' | 'name';

export const SPECIFIC_KINDS: readonly SpecificKind[] = [
  'number',
  'date',
  'path',
  'url',
  'email',
  'identifier',
  'quote',
  'name',
];

/** How each kind is called on screen. */
export const SPECIFIC_KIND_LABELS: Readonly<Record<SpecificKind, string>> = {
  number: 'Number',
  date: 'Date or time',
  path: 'File path',
  url: 'URL',
  email: 'E-mail address',
  identifier: 'Identifier',
  quote: 'Quoted text',
  name: 'Name',
};

/** Where a text came from, as the caller names it (all optional). */
export interface SourceRef {
  /** A message id, a tool call id… */
  id?: string;
  /** 'user', 'assistant', 'tool', 'system'… */
  role?: string;
  /** A section of the request ("Messages", "Memory", "Summary") or any other label. */
  label?: string;
}

/** Where a specific was first seen: the source and its UTF-16 offsets in that source's text. */
export interface SpecificOrigin extends SourceRef {
  start: number;
  end: number;
}

export interface Specific {
  kind: SpecificKind;
  /**
   * A finer class: number: unit | currency | percent | range | count | bare; date: date |
   * datetime | month-day | month | year | decade | time; path: posix | windows | relative | file;
   * url: url | domain; email: email; identifier: version | ip | uuid | hash | hex | color | ref |
   * ticket | flag | dotted | call | snake | camel | pascal | mixed | code; quote: quote; name: name.
   */
  subtype: string;
  /** As first written in the source. */
  text: string;
  /**
   * The form used for matching (see RULES.md): "1299 usd", "2024-03-05", "17:00",
   * "src/app.ts", "example.com/docs", "grace hopper", "pytest -q". Two specifics of the same kind
   * with the same normalized form are one specific.
   */
  normalized: string;
  origin: SpecificOrigin;
  /** How many times it occurs in the scanned text(s). */
  occurrences: number;
}

/** A text to scan and where it came from. */
export interface TextPart {
  text: string;
  origin?: SourceRef;
}

export interface ExtractOptions {
  /** At most this many characters are scanned (all parts together). Default MAX_SCAN_CHARS. */
  maxChars?: number;
}

export interface SpecificCollection {
  specifics: Specific[];
  /** Characters scanned and characters given: scannedChars < totalChars when input was cut. */
  scannedChars: number;
  totalChars: number;
  cut: boolean;
}

/** The default scan bound: about 1 second of work on a slow machine. */
export const MAX_SCAN_CHARS = 2_000_000;

/** Specifics in one text, deduplicated, in order of first occurrence. */
export function extractSpecifics(
  text: string,
  origin: SourceRef = {},
  options: ExtractOptions = {},
): Specific[] {
  return collectSpecifics([{ text, origin }], options).specifics;
}

/**
 * Specifics in several texts (the messages a compaction removed, say), deduplicated across them:
 * each keeps the origin of its first occurrence and counts all of them. Scans at most
 * options.maxChars characters in all and says so (cut) when the input was longer.
 */
export function collectSpecifics(
  parts: readonly TextPart[],
  options: ExtractOptions = {},
): SpecificCollection {
  const maxChars = Math.max(0, options.maxChars ?? MAX_SCAN_CHARS);
  const byKey = new Map<string, Specific>();
  let scanned = 0;
  let total = 0;
  for (const part of parts) {
    total += part.text.length;
    const room = maxChars - scanned;
    if (room <= 0) continue;
    const text = part.text.length > room ? part.text.slice(0, room) : part.text;
    scanned += text.length;
    for (const c of resolve(scan(text))) {
      const key = `${c.kind}\u0000${c.normalized}`;
      const seen = byKey.get(key);
      if (seen) {
        seen.occurrences++;
        continue;
      }
      byKey.set(key, {
        kind: c.kind,
        subtype: c.subtype,
        text: part.text.slice(c.start, c.end),
        normalized: c.normalized,
        origin: { ...part.origin, start: c.start, end: c.end },
        occurrences: 1,
      });
    }
  }
  return {
    specifics: [...byKey.values()],
    scannedChars: scanned,
    totalChars: total,
    cut: scanned < total,
  };
}

// ---- candidates ---------------------------------------------------------------------------------

/** A possible specific at [start, end) of the scanned text (internal; also used for matching). */
export interface Candidate {
  start: number;
  end: number;
  kind: SpecificKind;
  subtype: string;
  normalized: string;
  priority: number;
  /** True for what is indexed for matching but is not a specific by itself ("3", "一天"). */
  minor?: boolean;
}

const P = {
  url: 10,
  email: 11,
  uuid: 12,
  date: 20,
  time: 21,
  path: 30,
  domain: 35,
  identifier: 40,
  number: 50,
  name: 58,
  camel: 60,
  mixed: 70,
  quote: 90,
} as const;

/**
 * Full-width ASCII to ASCII and odd spaces to a space, one UTF-16 unit for one, so that offsets
 * in the folded text are offsets in the original.
 */
export function fold(text: string): string {
  if (!TO_FOLD.test(text)) return text;
  if (!UTF16)
    return text.replace(TO_FOLD_ALL, (c) => String.fromCharCode(foldCode(c.charCodeAt(0))));
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = foldCode(text.charCodeAt(i));
  return UTF16.decode(units);
}

const foldCode = (code: number): number =>
  code >= 0xff01 && code <= 0xff5e
    ? code - 0xfee0
    : code === 0x3000 || code === 0xa0 || code === 0x2007 || code === 0x202f
      ? 32
      : code;
const TO_FOLD = /[\uFF01-\uFF5E\u3000\u00A0\u2007\u202F]/;
const TO_FOLD_ALL = new RegExp(TO_FOLD.source, 'g');
// Decodes the folded UTF-16 units in one call; a leading U+FEFF is kept (ignoreBOM), so offsets
// stay. Only on little-endian machines (all current ones), else the slower replace above.
const UTF16 =
  new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
    ? new TextDecoder('utf-16le', { ignoreBOM: true })
    : undefined;

/**
 * Every candidate in a text, overlapping ones included. With `minor`, also what is indexed for
 * matching but is no specific by itself (small bare numbers).
 */
export function scan(text: string, keepMinor = false): Candidate[] {
  const t = fold(text);
  const out: Candidate[] = [];
  // What may span white space is found in the whole text; the patterns here start with a digit,
  // a capital, a quote mark or a CJK character, which the regex engine finds quickly.
  scanDates(t, out);
  scanTimes(t, out);
  scanNumbers(t, out, keepMinor);
  scanNames(t, out);
  scanQuotes(t, out);
  if (HAS_CJK.test(t)) {
    scanCjkDates(t, out);
    scanCjkTimes(t, out);
    scanCjkNumbers(t, out, keepMinor);
  }
  // What never spans white space (URLs, e-mail, paths, identifiers) is found token by token, and
  // only in tokens that have the characters it needs: most words of prose are skipped outright.
  scanTokens(text, t, out);
  return out;
}

const HAS_CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/** regex.exec over the whole text (cheaper per match than matchAll). */
function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    found.push(m);
    if (m[0].length === 0) re.lastIndex++;
  }
  return found;
}

// ---- tokens -------------------------------------------------------------------------------------

const F_DOT = 1; // a dot followed by a letter or digit
const F_SLASH = 2;
const F_BACKSLASH = 4;
const F_AT = 8;
const F_UNDERSCORE = 16;
const F_DIGIT = 32;
const F_INNER_CAPITAL = 64; // a capital after a letter: camelCase, GitHub
const F_DASH = 128;
const F_HASH = 256;
const F_COLON = 512;
const F_CALL = 1024; // "()"
const F_LETTER = 2048;

/** Characters that end a token besides white space: CJK punctuation (in the unfolded text). */
const isTokenBreak = (code: number): boolean =>
  code === 0x3001 || // 、
  code === 0x3002 || // 。
  (code >= 0x3008 && code <= 0x3011) || // 〈〉《》「」『』【】
  code === 0xff0c || // ，
  code === 0xff01 || // ！
  code === 0xff1f || // ？
  code === 0xff1b || // ；
  code === 0xff1a || // ：
  code === 0xff08 || // （
  code === 0xff09 || // ）
  code === 0x201c || // “
  code === 0x201d; // ”

function scanTokens(original: string, t: string, out: Candidate[]): void {
  let start = -1;
  let flags = 0;
  let previousLetter = false;
  for (let i = 0; i <= t.length; i++) {
    const code = i < t.length ? t.charCodeAt(i) : 32;
    if (code <= 32 || isTokenBreak(original.charCodeAt(i))) {
      if (start >= 0 && flags !== 0 && flags !== F_LETTER)
        scanToken(t.slice(start, i), start, flags, out);
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      flags = 0;
      previousLetter = false;
    }
    const upper = code >= 65 && code <= 90;
    const letter = upper || (code >= 97 && code <= 122);
    if (letter) {
      flags |= F_LETTER;
      if (upper && previousLetter) flags |= F_INNER_CAPITAL;
    } else if (code >= 48 && code <= 57) flags |= F_DIGIT;
    else if (code === 46) {
      const next = t.charCodeAt(i + 1);
      if (
        (next >= 48 && next <= 57) ||
        (next >= 65 && next <= 90) ||
        (next >= 97 && next <= 122) ||
        next === 95
      )
        flags |= F_DOT;
    } else if (code === 47) flags |= F_SLASH;
    else if (code === 92) flags |= F_BACKSLASH;
    else if (code === 64) flags |= F_AT;
    else if (code === 95) flags |= F_UNDERSCORE;
    else if (code === 45) flags |= F_DASH;
    else if (code === 35) flags |= F_HASH;
    else if (code === 58) flags |= F_COLON;
    else if (code === 40 && t.charCodeAt(i + 1) === 41) flags |= F_CALL;
    previousLetter = letter;
  }
}

/** The token-bound scanners on one token, their offsets moved to the text's. */
function scanToken(token: string, base: number, flags: number, out: Candidate[]): void {
  const local: Candidate[] = [];
  const has = (f: number) => (flags & f) === f;
  if ((flags & (F_COLON | F_DOT)) !== 0 && (token.includes('://') || /www\./i.test(token)))
    scanUrls(token, local);
  if (has(F_DOT)) scanDomains(token, local);
  if (has(F_AT)) scanEmails(token, local);
  scanPaths(token, flags, local);
  scanIdentifiers(token, flags, local);
  for (const c of local) {
    c.start += base;
    c.end += base;
    out.push(c);
  }
}

/**
 * The specifics among the candidates: minor ones dropped, overlaps resolved by priority, then
 * length, then position; quotes kept unless their whole content is one other specific.
 */
export function resolve(candidates: readonly Candidate[]): Candidate[] {
  const length = candidates.reduce((n, c) => Math.max(n, c.end), 0);
  const spans = candidates.filter((c) => !c.minor && c.kind !== 'quote' && !isCodeQuote(c));
  spans.sort(
    (a, b) => a.priority - b.priority || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const taken: Candidate[] = [];
  const covered = new Coverage(length);
  for (const c of spans) {
    if (covered.overlaps(c.start, c.end)) continue;
    covered.add(c.start, c.end);
    taken.push(c);
  }
  const spanKey = (start: number, end: number) => start * 4_194_304 + end;
  const exact = new Set(taken.map((c) => spanKey(c.start, c.end)));
  const quotes = candidates.filter((c) => c.kind === 'quote' || isCodeQuote(c));
  quotes.sort((a, b) => a.start - b.start || b.end - a.end);
  const quoteSpans = new Coverage(length);
  for (const q of quotes) {
    if (q.minor || quoteSpans.overlaps(q.start, q.end)) continue;
    // The content without its quote marks: a quote that is just one specific is that specific.
    const inner = innerSpan(q);
    if (exact.has(spanKey(inner.start, inner.end))) continue;
    if (isCodeQuote(q) && covered.overlaps(inner.start, inner.end)) continue;
    quoteSpans.add(q.start, q.end);
    taken.push(q);
  }
  taken.sort((a, b) => a.start - b.start || a.end - b.end);
  return taken;
}

/** A single code token in backticks, reported as an identifier; its span includes the marks. */
const isCodeQuote = (c: Candidate): boolean => c.kind === 'identifier' && c.subtype === 'code';
const innerSpan = (q: Candidate): { start: number; end: number } => ({
  start: q.start + 1,
  end: q.end - 1,
});

/** Which offsets of a text are taken (a bitmap: a check costs the span's length). */
class Coverage {
  private readonly taken: Uint8Array;
  constructor(length: number) {
    this.taken = new Uint8Array(length);
  }
  overlaps(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.taken[i]) return true;
    return false;
  }
  add(start: number, end: number): void {
    this.taken.fill(1, start, end);
  }
}

// ---- shared helpers -------------------------------------------------------------------------

const LATIN = 'A-Za-z\\u00C0-\\u024F';
const isWordChar = (c: string | undefined): boolean =>
  c !== undefined && /[A-Za-z0-9_\u00C0-\u024F]/.test(c);
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Trailing characters that end a sentence rather than a URL or a path. */
function trimTrailing(t: string, start: number, end: number): number {
  while (end > start) {
    const c = t[end - 1]!;
    if (/[.,;:!?'"*]/.test(c)) {
      end--;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      const open = c === ')' ? '(' : c === ']' ? '[' : '{';
      const body = t.slice(start, end);
      if (count(body, open) < count(body, c)) {
        end--;
        continue;
      }
    }
    break;
  }
  return end;
}

const count = (s: string, c: string): number => {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) n++;
  return n;
};

function push(
  out: Candidate[],
  start: number,
  end: number,
  kind: SpecificKind,
  subtype: string,
  normalized: string,
  priority: number,
  minor = false,
): void {
  if (end <= start || !normalized) return;
  out.push({ start, end, kind, subtype, normalized, priority, ...(minor ? { minor } : {}) });
}

// ---- URLs, e-mail, domains ------------------------------------------------------------------

const URL_RE =
  /(?<![A-Za-z0-9_@./-])(?:(?:https?|ftps?|wss?|file|s3|gs|git|ssh|sftp):\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi;
const DOMAIN_RE =
  /(?<![A-Za-z0-9_@./-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|edu|gov|io|ai|dev|uk|de|fr|cn|jp|ru|eu|xyz)(?:\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*)?(?![A-Za-z0-9_-])/g;
const EMAIL_RE =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])/g;

export function normalizeUrl(url: string): string {
  let s = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = s.search(/[/?#]/);
  const host = (slash < 0 ? s : s.slice(0, slash)).toLowerCase().replace(/^www\./, '');
  s = host + (slash < 0 ? '' : s.slice(slash));
  return s.replace(/\/+$/, '');
}

function scanUrls(t: string, out: Candidate[]): void {
  for (const m of execAll(URL_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    const body = t.slice(start, end);
    const rest = body.replace(/^[a-z0-9]+:\/\/|^www\./i, '');
    if (!/[A-Za-z0-9]/.test(rest)) continue;
    push(out, start, end, 'url', 'url', normalizeUrl(body), P.url);
  }
}

function scanDomains(t: string, out: Candidate[]): void {
  for (const m of execAll(DOMAIN_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    push(out, start, end, 'url', 'domain', normalizeUrl(t.slice(start, end)), P.domain);
  }
}

function scanEmails(t: string, out: Candidate[]): void {
  for (const m of execAll(EMAIL_RE, t)) {
    push(out, m.index, m.index + m[0].length, 'email', 'email', m[0].toLowerCase(), P.email);
  }
}

// ---- dates and times ------------------------------------------------------------------------

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
// Full month names, or abbreviations with an optional full stop ("May." ends a sentence).
const MONTH =
  '(January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?)';
/** A weekday written before a date ("Friday, March 3"), taken into the date's span. */
const WEEKDAY_BEFORE =
  /(?<![A-Za-z])(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?,?[ \t]+$/;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)';
const YEAR = '(\\d{4})(?![\\d])';

const ISO_RE =
  /(?<![A-Za-z0-9_./:-])(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?(?![A-Za-z0-9_]|-\d)/g;
// "March 3rd, 2024", "Mar 3", "March 2024", "May, 2023"
const MONTH_FIRST_RE = new RegExp(
  `\\b${MONTH}(?:[ \\t]+${DAY}(?:,?[ \\t]+${YEAR})?|,?[ \\t]+${YEAR})(?![A-Za-z0-9])`,
  'g',
);
// "8 May, 2023", "3rd of March"
const DAY_FIRST_RE = new RegExp(
  `(?<![A-Za-z0-9])${DAY}[ \\t]+(?:of[ \\t]+)?${MONTH}(?:,?[ \\t]+${YEAR})?(?![A-Za-z0-9])`,
  'g',
);
const NUMERIC_DATE_RE =
  /(?<![A-Za-z0-9_./:-])(?:(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})|(\d{1,2})\.(\d{1,2})\.(\d{4})|(\d{4})[/.](\d{1,2})[/.](\d{1,2}))(?![A-Za-z0-9_/]|\.\d)/g;
const CJK_NUM = '[〇零一二三四五六七八九十]';
// Chinese and Japanese dates are found from their 月 (or 年): the pattern runs on a short window
// around each one, never over the whole text.
const CJK_DATE_RE = new RegExp(
  `(?<![\\d〇零一二三四五六七八九十])(?:(\\d{4}|\\d{2}|[〇零一二三四五六七八九]{4}|[〇零一二三四五六七八九]{2})[ ]?年[ ]?)?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?月(?:[ ]?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?[日号號])?`,
  'g',
);
const CJK_YEAR_RE = /(?<!\d)(\d{4})[ ]?年(?![ ]?(?:\d|[〇零一二三四五六七八九十])+[ ]?月)/g;
// A year after a word that makes it one: "in 2019", "since 1998", "summer of 2022".
const YEAR_CONTEXT_RE =
  /(1[89]\d{2}|20\d{2})(?<=(?:^|[^A-Za-z])(?:in|since|from|by|until|till|of|year|around|before|after|circa|during|early|late|mid|summer|winter|spring|fall|autumn)[ \t]\d{4})(?![A-Za-z0-9_]|[.,]\d)/gi;
const YEAR_PAREN_RE = /\((1[89]\d{2}|20\d{2})\)/g;
const DECADE_RE = /\b(1[89]\d0|20\d0)s(?![A-Za-z0-9_])/g;
const SHORT_DECADE_RE = /['’](\d0)s(?![A-Za-z0-9_])(?<![A-Za-z0-9]['’]\d0s)/g;

const pad = (n: number): string => String(n).padStart(2, '0');
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const validDay = (month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
const monthNumber = (name: string): number => MONTHS[name.slice(0, 3).toLowerCase()] ?? 0;
const fullYear = (y: string): number => {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
};
const numeral = (s: string): number => (/^\d+$/.test(s) ? Number(s) : cjkNumeralValue(s));

function pushDate(
  out: Candidate[],
  start: number,
  end: number,
  year: number | undefined,
  month: number,
  day: number | undefined,
): void {
  if (day !== undefined && !validDay(month, day)) return;
  if (day === undefined && (month < 1 || month > 12)) return;
  if (year !== undefined && (year < 1000 || year > 2999)) return;
  if (year !== undefined && day !== undefined)
    push(out, start, end, 'date', 'date', `${year}-${pad(month)}-${pad(day)}`, P.date);
  else if (day !== undefined)
    push(out, start, end, 'date', 'month-day', `--${pad(month)}-${pad(day)}`, P.date);
  else if (year !== undefined)
    push(out, start, end, 'date', 'month', `${year}-${pad(month)}`, P.date);
}

function withWeekday(t: string, start: number): number {
  const before = WEEKDAY_BEFORE.exec(t.slice(Math.max(0, start - 12), start));
  return before ? start - before[0].length : start;
}

function scanDates(t: string, out: Candidate[]): void {
  for (const m of execAll(ISO_RE, t)) {
    const [, y, mo, d, hh, mm, ss] = m;
    const month = Number(mo);
    const day = Number(d);
    if (!validDay(month, day)) continue;
    const date = `${y}-${mo}-${d}`;
    const end = m.index + m[0].length;
    if (hh !== undefined && mm !== undefined) {
      if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) continue;
      const time = `${hh}:${mm}${ss !== undefined ? `:${ss}` : ''}`;
      push(out, m.index, end, 'date', 'datetime', `${date} ${time}`, P.date);
    } else push(out, m.index, end, 'date', 'date', date, P.date);
  }
  for (const m of execAll(MONTH_FIRST_RE, t)) {
    const start = withWeekday(t, m.index);
    const month = monthNumber(m[1]!);
    const end = m.index + m[0].length;
    if (m[2] !== undefined) {
      const year = m[3] !== undefined ? Number(m[3]) : undefined;
      pushDate(out, start, end, year, month, Number(m[2]));
    } else pushDate(out, start, end, Number(m[4]), month, undefined);
  }
  for (const m of execAll(DAY_FIRST_RE, t)) {
    const year = m[3] !== undefined ? Number(m[3]) : undefined;
    pushDate(
      out,
      withWeekday(t, m.index),
      m.index + m[0].length,
      year,
      monthNumber(m[2]!),
      Number(m[1]),
    );
  }
  for (const m of execAll(NUMERIC_DATE_RE, t)) {
    const end = m.index + m[0].length;
    if (m[1] !== undefined) {
      // m/d/y as in the US, unless the first number cannot be a month.
      const a = Number(m[1]);
      const b = Number(m[2]);
      const year = fullYear(m[3]!);
      if (a > 12) pushDate(out, m.index, end, year, b, a);
      else pushDate(out, m.index, end, year, a, b);
    } else if (m[4] !== undefined) {
      // d.m.y as in Europe, unless the second number cannot be a month.
      const a = Number(m[4]);
      const b = Number(m[5]);
      if (b > 12) pushDate(out, m.index, end, Number(m[6]), a, b);
      else pushDate(out, m.index, end, Number(m[6]), b, a);
    } else pushDate(out, m.index, end, Number(m[7]), Number(m[8]), Number(m[9]));
  }
  for (const m of execAll(YEAR_CONTEXT_RE, t)) {
    push(out, m.index, m.index + m[0].length, 'date', 'year', m[1]!, P.date);
  }
  for (const m of execAll(YEAR_PAREN_RE, t)) {
    push(out, m.index + 1, m.index + m[0].length - 1, 'date', 'year', m[1]!, P.date);
  }
  for (const re of [DECADE_RE, SHORT_DECADE_RE]) {
    for (const m of execAll(re, t)) {
      push(out, m.index, m.index + m[0].length, 'date', 'decade', `${m[1]}s`, P.date);
    }
  }
}

/** Matches of `re` in a window of `t` around each occurrence of `anchor`, offsets in `t`. */
function anchored(
  t: string,
  anchor: RegExp,
  before: number,
  after: number,
  re: RegExp,
): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  let done = 0;
  for (const a of execAll(anchor, t)) {
    if (a.index < done) continue;
    const from = Math.max(done, a.index - before);
    const to = Math.min(t.length, a.index + a[0].length + after);
    for (const m of execAll(re, t.slice(from, to))) {
      const start = from + m.index;
      if (start > a.index || start + m[0].length <= a.index) continue; // not this anchor's
      m.index = start;
      found.push(m);
      done = start + m[0].length;
    }
  }
  return found;
}

function scanCjkDates(t: string, out: Candidate[]): void {
  for (const m of anchored(t, /月/g, 12, 6, CJK_DATE_RE)) {
    const year = m[1] !== undefined ? fullYear(String(numeral(m[1]))) : undefined;
    const month = numeral(m[2]!);
    const day = m[3] !== undefined ? numeral(m[3]) : undefined;
    if (year === undefined && day === undefined) continue; // "三月" alone is a month name
    if (m[1] !== undefined && m[1].length === 2 && !/^\d+$/.test(m[1])) continue;
    pushDate(out, m.index, m.index + m[0].length, year, month, day);
  }
  for (const m of anchored(t, /年/g, 5, 12, CJK_YEAR_RE)) {
    push(out, m.index, m.index + m[0].length, 'date', 'year', m[1]!, P.date);
  }
}

const CLOCK_RE =
  /(?<![A-Za-z0-9_.:/])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_])))?(?![A-Za-z0-9_:]|\.\d)/g;
const AMPM_RE = /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_]))/g;
const OCLOCK_RE = /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]o['’]clock(?![A-Za-z])/g;
const CJK_PERIOD = '上午|下午|晚上|早上|中午|凌晨|傍晚|早晨|夜里|夜裡|今晚|午後|午前';
const CJK_TIME_RE = new RegExp(
  `(?:(${CJK_PERIOD})[ ]?)?(?<![\\d〇零一二两三四五六七八九十])(\\d{1,2}|[零〇一二两三四五六七八九十]{1,3})[ ]?([点點時时])(?:[ ]?(\\d{1,2}|[零〇一二三四五六七八九十]{1,3})[ ]?分|(半)|(钟|鐘))?`,
  'g',
);

function pushTime(
  out: Candidate[],
  start: number,
  end: number,
  hour: number,
  minute: number,
  second: number | undefined,
  meridiem: 'am' | 'pm' | undefined,
): void {
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return;
  if (meridiem) {
    if (hour < 1 || hour > 12) return;
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
  }
  if (hour > 24 || minute > 59 || (second ?? 0) > 59) return;
  const text = `${pad(hour)}:${pad(minute)}${second !== undefined ? `:${pad(second)}` : ''}`;
  push(out, start, end, 'date', 'time', text, P.time);
}

function scanTimes(t: string, out: Candidate[]): void {
  for (const m of execAll(CLOCK_RE, t)) {
    const meridiem = m[4] ? (m[4].toLowerCase() === 'a' ? 'am' : 'pm') : undefined;
    const second = m[3] !== undefined ? Number(m[3]) : undefined;
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), Number(m[2]), second, meridiem);
  }
  for (const m of execAll(AMPM_RE, t)) {
    const meridiem = m[2]!.toLowerCase() === 'a' ? 'am' : 'pm';
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), 0, undefined, meridiem);
  }
  for (const m of execAll(OCLOCK_RE, t)) {
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), 0, undefined, undefined);
  }
}

function scanCjkTimes(t: string, out: Candidate[]): void {
  for (const m of anchored(t, /[点點時时]/g, 6, 6, CJK_TIME_RE)) {
    const [, period, hourText, mark, minuteText, half, clock] = m;
    const arabic = /^\d+$/.test(hourText!);
    // "3点" alone is also "3 points": a time needs a period of day, minutes, 半 or 钟, or 时/時.
    if (
      !period &&
      minuteText === undefined &&
      !half &&
      !clock &&
      (mark === '点' || mark === '點' || !arabic)
    )
      continue;
    let hour = numeral(hourText!);
    const minute = half ? 30 : minuteText !== undefined ? numeral(minuteText) : 0;
    if (period && /下午|晚上|傍晚|夜里|夜裡|今晚|午後/.test(period) && hour < 12) hour += 12;
    if (period === '中午' && hour < 11) hour += 12;
    if (period === '凌晨' && hour === 12) hour = 0;
    pushTime(out, m.index, m.index + m[0].length, hour, minute, undefined, undefined);
  }
}

// ---- paths ----------------------------------------------------------------------------------

const EXTENSIONS =
  'py|pyi|ipynb|ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonl|ndjson|md|mdx|markdown|txt|rst|csv|tsv|yaml|yml|toml|ini|cfg|conf|env|lock|log|html|htm|css|scss|sass|less|xml|svg|png|jpg|jpeg|gif|webp|ico|bmp|pdf|doc|docx|xls|xlsx|ppt|pptx|odt|rtf|zip|gz|tgz|tar|bz2|xz|7z|rar|go|rs|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|cs|fs|rb|php|swift|m|mm|r|jl|lua|pl|sh|bash|zsh|fish|ps1|bat|cmd|sql|db|sqlite|sqlite3|parquet|arrow|feather|pkl|pt|pth|onnx|safetensors|bin|wasm|proto|graphql|gql|vue|svelte|astro|dart|ex|exs|erl|hs|ml|clj|tf|tfvars|gradle|mp3|mp4|wav|flac|ogg|mov|avi|mkv|webm|ttf|otf|woff|woff2|eps|psd|ai|sketch|fig|key|pem|crt|cer|p12|dockerfile|makefile|patch|diff|bak|tmp|dat|npy|npz|h5|hdf5|ckpt|gguf|mdc';
const EXTENSION_SET = new Set(EXTENSIONS.split('|'));
const DOTFILES =
  'env|gitignore|gitattributes|gitmodules|dockerignore|npmrc|nvmrc|bashrc|zshrc|profile|vimrc|editorconfig|prettierrc|eslintrc|babelrc|env\\.local|env\\.example';

// A segment of an absolute or Windows path: no spaces, quotes, brackets or CJK punctuation.
const SEG = '[^\\s/\\\\:*?"\'<>|()\\[\\]{},;`，。；：！？、（）「」『』《》【】“”‘’]+';
const POSIX_RE = new RegExp(`(?<![A-Za-z0-9_/.~@\\\\<-])(?:~|\\.{1,2})?/${SEG}(?:/${SEG})*/?`, 'g');
const RSEG = `[${LATIN}0-9_@.+-]+`;
const RELATIVE_RE = new RegExp(`(?<![${LATIN}0-9_/.~@\\\\:-])${RSEG}(?:/${RSEG})+/?`, 'g');
const WINDOWS_RE = new RegExp(
  `(?<![A-Za-z0-9_])[A-Za-z]:[\\\\/](?:${SEG}(?:[\\\\/]${SEG})*[\\\\/]?)?`,
  'g',
);
const UNC_RE = new RegExp(`(?<![A-Za-z0-9_\\\\])\\\\\\\\[A-Za-z0-9_.-]+(?:\\\\${SEG})+\\\\?`, 'g');
const FILE_RE = new RegExp(
  `(?<![${LATIN}0-9_/.~@\\\\-])[${LATIN}0-9_][${LATIN}0-9_+-]*(?:\\.[${LATIN}0-9_+-]+)*\\.(?:${EXTENSIONS})(?![A-Za-z0-9_/\\\\-]|\\.[A-Za-z0-9])`,
  'gi',
);
const DOTFILE_RE = new RegExp(
  `(?<![A-Za-z0-9_/.~@\\\\-])\\.(?:${DOTFILES})(?![A-Za-z0-9_/.-])`,
  'g',
);

const hasExtension = (segment: string): boolean => {
  const dot = segment.lastIndexOf('.');
  return dot > 0 && EXTENSION_SET.has(segment.slice(dot + 1).toLowerCase());
};

/** Paths compared: forward slashes, no "./", no doubled or trailing slash; Windows ignores case. */
export function normalizePath(path: string): string {
  let p = path.replace(/\\/g, '/');
  const windows = /^[A-Za-z]:\//.test(p) || p.startsWith('//');
  p = p
    .replace(/(?<!^)\/{2,}/g, '/')
    .replace(/^\.\//, '')
    .replace(/\/+$/, '');
  if (windows) p = p.toLowerCase();
  return p || '/';
}

/**
 * Ends a path where Chinese or Japanese text starts after ASCII in the same segment
 * ("/src/app.ts文件" -> "/src/app.ts"); a segment that starts with CJK ("/笔记/日记.md") is a name.
 */
function trimCjkTail(t: string, start: number, end: number): number {
  let segmentStart = start;
  for (let i = start; i < end; i++) {
    const c = t[i]!;
    if (c === '/' || c === '\\') segmentStart = i + 1;
    else if (i > segmentStart && CJK_CHAR.test(c)) {
      if (!CJK_CHAR.test(t[segmentStart]!)) return i;
      // "メモ.txtです": a known extension followed by CJK ends the name.
      const ext = /\.([A-Za-z0-9]{1,10})$/.exec(t.slice(segmentStart, i));
      if (ext && EXTENSION_SET.has(ext[1]!.toLowerCase())) return i;
    }
  }
  return end;
}

function scanPaths(t: string, flags: number, out: Candidate[]): void {
  if (flags & F_SLASH) scanSlashPaths(t, out);
  if (flags & (F_SLASH | F_BACKSLASH) && flags & (F_COLON | F_BACKSLASH)) scanWindowsPaths(t, out);
  if (flags & F_DOT) scanFileNames(t, out);
}

function scanSlashPaths(t: string, out: Candidate[]): void {
  for (const m of execAll(POSIX_RE, t)) {
    const start = m.index;
    let end = trimTrailing(t, start, start + m[0].length);
    end = trimTrailing(t, start, trimCjkTail(t, start, end));
    const body = t.slice(start, end);
    const rooted = body.replace(/^(?:~|\.{1,2})/, '');
    const prefixed = rooted.length !== body.length;
    const segments = rooted.split('/').filter(Boolean);
    if (segments.length === 0) continue;
    if (segments.every((s) => /^[\d.]+$/.test(s))) continue;
    const trailing = body.endsWith('/');
    const ok =
      prefixed ||
      segments.length >= 2 ||
      hasExtension(segments[0]!) ||
      (trailing && segments[0]!.length >= 2);
    if (ok) push(out, start, end, 'path', 'posix', normalizePath(body), P.path);
  }
  for (const m of execAll(RELATIVE_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    const body = t.slice(start, end);
    const segments = body.split('/').filter(Boolean);
    if (segments.length < 2 || segments.every((s) => /^[\d.,]+$/.test(s))) continue;
    const last = segments[segments.length - 1]!;
    const ok =
      hasExtension(last) ||
      segments.length >= 3 ||
      body.endsWith('/') ||
      /^[.@]/.test(segments[0]!);
    if (ok) push(out, start, end, 'path', 'relative', normalizePath(body), P.path);
  }
}

function scanWindowsPaths(t: string, out: Candidate[]): void {
  for (const re of [WINDOWS_RE, UNC_RE]) {
    for (const m of execAll(re, t)) {
      const start = m.index;
      let end = trimTrailing(t, start, start + m[0].length);
      end = trimTrailing(t, start, trimCjkTail(t, start, end));
      const body = t.slice(start, end);
      if (body.replace(/^[A-Za-z]:/, '').replace(/[\\/]/g, '').length === 0) continue;
      push(out, start, end, 'path', 'windows', normalizePath(body), P.path);
    }
  }
}

function scanFileNames(t: string, out: Candidate[]): void {
  for (const m of execAll(FILE_RE, t)) {
    const start = m.index;
    const end = start + m[0].length;
    // "Node.js", "Vue.js": a capitalised name with .js is a library, not a file.
    if (/^[A-Z][A-Za-z0-9]*\.js$/.test(m[0]) && !/^[A-Z]+\.js$/.test(m[0])) {
      push(out, start, end, 'identifier', 'dotted', m[0].toLowerCase(), P.identifier);
      continue;
    }
    push(out, start, end, 'path', 'file', normalizePath(m[0]), P.path);
  }
  for (const m of execAll(DOTFILE_RE, t)) {
    push(out, m.index, m.index + m[0].length, 'path', 'file', m[0], P.path);
  }
}

// ---- identifiers ----------------------------------------------------------------------------

const VERSION_RE =
  /(?<![A-Za-z0-9_.])(?:[vV]?\d+(?:\.\d+){2,}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?:\+[0-9A-Za-z.-]+)?|[vV]\d+(?:\.\d+)?)(?![A-Za-z0-9_]|\.\d)/g;
const UUID_RE =
  /(?<![A-Za-z0-9_-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9_-])/g;
const HASH_RE = /(?<![A-Za-z0-9_])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,64}(?![A-Za-z0-9_])/g;
const HEX_RE = /(?<![A-Za-z0-9_])0[xX][0-9a-fA-F]+(?![A-Za-z0-9_])/g;
const HASHREF_RE =
  /(?<![A-Za-z0-9_&#])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3}|\d{2,})(?![A-Za-z0-9_])/g;
const TICKET_RE = /(?<![A-Za-z0-9_-])[A-Z][A-Z0-9]{1,9}-\d{1,7}(?![A-Za-z0-9_]|-\d)/g;
const FLAG_RE = /(?<![A-Za-z0-9_-])--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g;
const DOTTED_RE = /(?<![A-Za-z0-9_$@./-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?/g;
const CALL_RE = /(?<![A-Za-z0-9_$.])[A-Za-z_$][\w$]*\(\)/g;
const DUNDER_RE = /(?<![A-Za-z0-9_])__[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*__(?![A-Za-z0-9_])/g;
const SNAKE_RE = /(?<![A-Za-z0-9_$])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![A-Za-z0-9_$])/g;
const CAMEL_RE = /(?<![A-Za-z0-9_$])[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*(?![A-Za-z0-9_$])/g;
const PASCAL_RE =
  /(?<![A-Za-z0-9_$])(?:[A-Z][a-z0-9]+[A-Z]|[A-Z]{2,}[a-z]+[A-Z])[A-Za-z0-9]*(?![A-Za-z0-9_$])/g;
const MIXED_RE =
  /(?<![A-Za-z0-9_$-])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{3,}(?![A-Za-z0-9_$])/g;

function scanIdentifiers(t: string, flags: number, out: Candidate[]): void {
  const has = (f: number) => (flags & f) === f;
  const id = (
    m: RegExpExecArray,
    subtype: string,
    normalized: string,
    priority: number = P.identifier,
  ) => push(out, m.index, m.index + m[0].length, 'identifier', subtype, normalized, priority);
  if (has(F_DIGIT)) {
    if (flags & (F_DOT | F_LETTER)) {
      for (const m of execAll(VERSION_RE, t)) {
        // "v1.2.3" is "1.2.3"; "v2" stays "v2".
        const parts = m[0].replace(/^[vV]/, '').split('.');
        const bare = parts.length >= 3 ? m[0].replace(/^[vV]/, '') : m[0];
        const ip =
          m[0] === bare &&
          parts.length === 4 &&
          parts.every((p) => /^\d+$/.test(p) && Number(p) <= 255);
        id(m, ip ? 'ip' : 'version', bare.toLowerCase());
      }
    }
    if (has(F_DASH)) {
      for (const m of execAll(UUID_RE, t)) id(m, 'uuid', m[0].toLowerCase(), P.uuid);
      for (const m of execAll(TICKET_RE, t)) id(m, 'ticket', m[0].toLowerCase());
    }
    if (has(F_LETTER)) {
      for (const m of execAll(HASH_RE, t)) id(m, 'hash', m[0]);
      for (const m of execAll(HEX_RE, t)) id(m, 'hex', m[0].toLowerCase());
      for (const m of execAll(MIXED_RE, t)) {
        if (/^\d+(?:st|nd|rd|th|s)$/i.test(m[0])) continue; // 21st, 1990s
        id(m, 'mixed', m[0].toLowerCase(), P.mixed);
      }
    }
  }
  if (has(F_HASH)) {
    for (const m of execAll(HASHREF_RE, t)) {
      if (/^#\d+$/.test(m[0])) id(m, 'ref', m[0]);
      else if (/\d/.test(m[0]) || m[0].length >= 7) id(m, 'color', m[0].toLowerCase());
    }
  }
  if (has(F_DASH)) for (const m of execAll(FLAG_RE, t)) id(m, 'flag', m[0].toLowerCase());
  if (has(F_DOT)) {
    for (const m of execAll(DOTTED_RE, t)) {
      const call = m[0].endsWith('()');
      const body = call ? m[0].slice(0, -2) : m[0];
      const segments = body.split('.');
      if (!call && segments.every((seg) => seg.length <= 2)) continue; // e.g, i.e, U.S, Ph.D
      // "done.Then": a missing space after a full stop, not a name.
      if (
        !call &&
        segments.length === 2 &&
        /^[a-z]{2,}$/.test(segments[0]!) &&
        /^[A-Z][a-z]+$/.test(segments[1]!)
      )
        continue;
      if (!call && hasExtension(body)) continue;
      id(m, 'dotted', body.toLowerCase());
    }
  }
  if (has(F_CALL))
    for (const m of execAll(CALL_RE, t)) id(m, 'call', m[0].slice(0, -2).toLowerCase());
  if (has(F_UNDERSCORE)) {
    for (const m of execAll(DUNDER_RE, t)) id(m, 'snake', m[0].toLowerCase());
    for (const m of execAll(SNAKE_RE, t)) id(m, 'snake', m[0].toLowerCase());
  }
  if (has(F_INNER_CAPITAL)) {
    for (const m of execAll(CAMEL_RE, t)) id(m, 'camel', m[0].toLowerCase(), P.camel);
    for (const m of execAll(PASCAL_RE, t)) id(m, 'pascal', m[0].toLowerCase(), P.camel);
  }
}

// ---- numbers --------------------------------------------------------------------------------

const NUMBER_RE = /(?<![A-Za-z0-9_./\u00C0-\u024F])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?/g;
const RANGE_SEP_RE = /[ \t]?(?:-|–|—|~|〜|～|to|至|到)[ \t]?(?=[$€£¥₹\d])/y;
const RANGE_NUMBER_RE = /(?:[$€£¥₹])?((?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?)/y;
const COUNT_NOUN_RE =
  /[ \t]((?:[a-z]{3,}(?<![siu])s)|people|children|men|women|persons)(?![A-Za-z0-9_'’-])/y;
const NOT_COUNT_NOUNS = new Set(
  (
    'always perhaps sometimes besides towards afterwards unless does goes says gets makes takes ' +
    'comes looks seems means keeps needs uses was has this thus yes plus minus across various ' +
    'previous famous serious nervous obvious lots whereas its hers ours yours theirs others ' +
    'sounds works runs tests looks feels'
  ).split(' '),
);

interface NumberPiece {
  value: string;
  unit?: UnitMatch;
  end: number;
}

/** The number written at [start, end) and what follows it: a multiplier, then a unit. */
function numberPiece(t: string, written: string, end: number): NumberPiece {
  const unit = matchUnit(t, end);
  if (unit) return { value: canonicalNumber(written), unit, end: unit.end };
  const multiplier = matchMultiplier(t, end);
  if (multiplier) {
    const value = canonicalNumber(written, multiplier.factor);
    const after = matchUnit(t, multiplier.end);
    return after ? { value, unit: after, end: after.end } : { value, end: multiplier.end };
  }
  return { value: canonicalNumber(written), end };
}

const CURRENCY_LAST = new Set([' ', ...CURRENCY_PREFIXES.map(([sign]) => sign[sign.length - 1]!)]);

function currencyBefore(
  t: string,
  start: number,
): { canonical: string; start: number } | undefined {
  const previous = t[start - 1];
  // Only a sign, or a space after a code ("USD 5"), can come right before the digits.
  if (previous === undefined || !CURRENCY_LAST.has(previous)) return undefined;
  if (previous === ' ' && !/[A-Z]/.test(t[start - 2] ?? '')) return undefined;
  for (const [sign, canonical] of CURRENCY_PREFIXES) {
    for (const gap of ['', ' ']) {
      const at = start - gap.length - sign.length;
      if (at < 0 || t.slice(at, start) !== sign + gap) continue;
      if (/[A-Z]$/.test(sign) && isWordChar(t[at - 1])) continue;
      if (gap && !/[A-Z]$/.test(sign)) continue; // "$ 5" is not written; "USD 5" is
      return { canonical, start: at };
    }
  }
  return undefined;
}

/**
 * True when a small bare integer cannot become a specific: nothing after it can be a unit, a
 * multiplier, a range or a counted noun, and no currency sign is before it. Most numbers in text
 * and code end here, which keeps long runs of them cheap.
 */
function plainSmallNumber(t: string, start: number, end: number): boolean {
  if (end - start > 2 || CURRENCY_LAST.has(t[start - 1] ?? '')) return false;
  const next = t.charCodeAt(end);
  if (Number.isNaN(next)) return true;
  if (next === 45 || next === 0x2013 || next === 0x2014 || next === 126 || next === 0x301c) {
    // "1-2": a range only when a unit follows the second number (the first has none).
    let j = end + 1;
    while (j < t.length && t.charCodeAt(j) >= 48 && t.charCodeAt(j) <= 57) j++;
    return (
      j > end + 1 && t[j] !== '.' && t[j] !== ',' && !matchUnit(t, j) && !matchMultiplier(t, j)
    );
  }
  return next < 128 && next !== 32 && next !== 9 && next !== 37 && !/[A-Za-z]/.test(t[end]!);
}

function scanNumbers(t: string, out: Candidate[], keepMinor: boolean): void {
  for (const m of execAll(NUMBER_RE, t)) {
    if (!keepMinor && plainSmallNumber(t, m.index, m.index + m[0].length)) continue;
    let start = m.index;
    const numEnd = start + m[0].length;
    const next = t[numEnd];
    if (next === '.' && /\d/.test(t[numEnd + 1] ?? '')) continue; // 1.2.3: a version
    // Not specifics by themselves, but indexed for matching: "#123" (an issue reference, found as
    // an identifier), "D1:3", "12:30" (a time), and a line-number gutter ("   12\tline", as
    // read_file and cat -n print it).
    if (
      t[start - 1] === '#' ||
      t[start - 1] === ':' ||
      (next === ':' && /\d/.test(t[numEnd + 1] ?? '')) ||
      (/[\t→]/.test(next ?? '') && /(?:^|\n)[ \t]*$/.test(t.slice(Math.max(0, start - 12), start)))
    ) {
      if (keepMinor)
        push(out, start, numEnd, 'number', 'bare', canonicalNumber(m[0]), P.number, true);
      continue;
    }
    let sign = '';
    if (
      (t[start - 1] === '-' || t[start - 1] === '−') &&
      !isWordChar(t[start - 2]) &&
      !/\d/.test(t[start - 2] ?? '')
    ) {
      sign = '-';
      start--;
    }
    const currency = currencyBefore(t, start);
    if (currency) start = currency.start;
    const first = numberPiece(t, sign + m[0], numEnd);
    let end = first.end;
    const value = first.value;
    const unit = first.unit;
    // A range: "3-5 days", "10–20%", "$5-10", "5 to 10 kg".
    RANGE_SEP_RE.lastIndex = end;
    if (RANGE_SEP_RE.test(t)) {
      RANGE_NUMBER_RE.lastIndex = RANGE_SEP_RE.lastIndex;
      const second = RANGE_NUMBER_RE.exec(t);
      if (second?.[1] !== undefined) {
        const piece = numberPiece(t, second[1], RANGE_NUMBER_RE.lastIndex);
        const rangeUnit = piece.unit ?? unit;
        // A range goes up ("200ms to 180 ms" is two numbers) and has one unit.
        const rising = Number(piece.value) > Number(value);
        const sameUnit = !unit || !piece.unit || unit.canonical === piece.unit.canonical;
        if ((rangeUnit || currency) && rising && sameUnit) {
          const u = currency ? currency.canonical : rangeUnit!.canonical;
          push(
            out,
            start,
            piece.end,
            'number',
            'range',
            `${value}-${piece.value}${u ? ` ${u}` : ''}`,
            P.number,
          );
          continue;
        }
      }
    }
    if (currency) {
      push(out, start, end, 'number', 'currency', `${value} ${currency.canonical}`, P.number);
      continue;
    }
    if (unit) {
      const subtype = unit.unitClass === 'count' ? 'count' : unit.unitClass;
      const normalized = unit.canonical
        ? `${value} ${unit.canonical}`
        : `${value} ${t.slice(numEnd, unit.end).trim()}`;
      // A progress figure alone in brackets ("PASSED [ 15%]", as test runners print) is noise.
      const progress =
        subtype === 'percent' && /\[ *$/.test(t.slice(start - 4, start)) && t[end] === ']';
      push(out, start, end, 'number', subtype, normalized, P.number, progress);
      continue;
    }
    // A count: "3 retries", "2 kids", "214 items".
    COUNT_NOUN_RE.lastIndex = end;
    const noun = COUNT_NOUN_RE.exec(t);
    if (noun?.[1] !== undefined && !NOT_COUNT_NOUNS.has(noun[1])) {
      end = COUNT_NOUN_RE.lastIndex;
      push(out, start, end, 'number', 'count', `${value} ${noun[1]}`, P.number);
      continue;
    }
    if (isWordChar(t[end])) continue; // "12abc": a letter-digit identifier, not a number
    const digits = m[0].replace(/\D/g, '');
    const significant =
      end > numEnd || // a multiplier: "5M", "3万"
      m[0].includes('.') ||
      m[0].includes(',') ||
      digits.replace(/^0+/, '').length >= 3;
    if (significant || keepMinor)
      push(out, start, end, 'number', 'bare', value, P.number, !significant);
  }
}

// Chinese numerals with a measurement unit: "三公斤", "两天", "一百元"; "百分之五十" is 50%.
const CJK_NUMBER_RE =
  /(百分之)?([零〇一二两兩三四五六七八九十][零〇一二两兩三四五六七八九十百千万萬亿億]*)/g;

function scanCjkNumbers(t: string, out: Candidate[], keepMinor: boolean): void {
  for (const m of execAll(CJK_NUMBER_RE, t)) {
    const value = cjkNumeralValue(m[2]!);
    if (!Number.isFinite(value)) continue;
    const end = m.index + m[0].length;
    if (m[1]) {
      push(out, m.index, end, 'number', 'percent', `${value} %`, P.number);
      continue;
    }
    const unit = matchUnit(t, end);
    if (!unit || unit.unitClass === 'count') continue;
    const normalized = `${value} ${unit.canonical}`;
    if (value >= 2 || keepMinor)
      push(out, m.index, unit.end, 'number', unit.unitClass, normalized, P.number, value < 2);
  }
}

// ---- names ----------------------------------------------------------------------------------

const TITLES =
  'Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Jr|St|Sir|Dame|Lady|Lord|Rev|Fr|Capt|Col|Gen|Lt|Sgt|Gov|Sen|Rep|Pres';
// Latin letters only: capitals A-Z À-Þ, small a-z ß-ÿ (× and ÷ aside, which never follow a letter).
const UPPER = 'A-Z\\u00C0-\\u00DE';
const LOWER = 'a-z\\u00DF-\\u00FF';
const NAME_WORD = `[${UPPER}][${LOWER}]+(?:(?:[\\-'’][${UPPER}]?|[${UPPER}]+)[${LOWER}]+)*[${UPPER}]*`;
const CONNECTORS = 'of|de|da|del|della|di|du|van|von|der|den|la|le|bin|al|the';
const NAME_TAIL = `(?: (?!(?:${TITLES})\\. )(?:(?:${CONNECTORS}) ){0,2}${NAME_WORD})`;
const NAME_RE = new RegExp(
  `(?<![${LATIN}0-9_'’.\\-])(?:(?:${TITLES})\\.? ${NAME_WORD}${NAME_TAIL}*|${NAME_WORD}${NAME_TAIL}+)`,
  'g',
);
/** Titles left out of a name's normalized form when a full name follows. */
const TITLE_SET = new Set(['mr', 'mrs', 'ms', 'mx', 'dr', 'prof']);
/** A first word that is likely capitalised by the sentence: -ing, -ed and -ly words. */
const SENTENCE_VERB = /^[A-Z][a-z]{3,}(?:ing|ed|ly)$/;
const isQuoteMark = (c: string | undefined): boolean =>
  c !== undefined && `"'“”‘’「」『』《》`.includes(c);
const CONNECTOR_SET = new Set(CONNECTORS.split('|'));
const TIME_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may ' +
    'june july august september october november december last next this every today tonight ' +
    'tomorrow yesterday morning afternoon evening night weekend week month year'
  ).split(' '),
);
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
const isCommon = (word: string): boolean => {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return STOPWORDS.has(w) || SENTENCE_WORDS.has(w) || TIME_WORDS.has(w);
};

/** True when the text before `start` ends a sentence (or a line, or is empty). */
function atSentenceStart(t: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[ \t"'“‘([*_>•`-]/.test(t[i]!)) i--;
  return i < 0 || /[\n.!?;:…。]/.test(t[i]!);
}

/** True when `start` follows a Markdown heading mark ("## Next Steps"). */
const isHeadingLine = (t: string, start: number): boolean =>
  /(?:^|\n)[ \t]*#+[ \t]*$/.test(t.slice(Math.max(0, start - 16), start)) &&
  /#/.test(t.slice(Math.max(0, start - 16), start));

function scanNames(t: string, out: Candidate[]): void {
  for (const m of execAll(NAME_RE, t)) {
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

// ---- quotes ---------------------------------------------------------------------------------

// [opening mark, pattern, style]; a pattern runs only when its opening mark is in the text.
const QUOTE_RES: [string, RegExp, string][] = [
  ['"', /"([^"\\\n]*(?:\\.[^"\\\n]*)*)"/g, 'double'],
  ['“', /“([^”\n]*)”/g, 'curly'],
  ['‘', /‘((?:[^’\n]|’(?=\p{L}))*)’(?!\p{L})/gu, 'curly'],
  ['「', /「([^」\n]*)」/g, 'cjk'],
  ['『', /『([^』\n]*)』/g, 'cjk'],
  ['《', /《([^》\n]*)》/g, 'cjk'],
  ['«', /«([^»\n]*)»/g, 'cjk'],
  ['`', /`(?<!``)([^`\n]+)`(?!`)/g, 'code'],
  ["'", /'(?<![\p{L}\p{N}]')([^'\n]*)'(?![\p{L}\p{N}])/gu, 'single'],
];
const MAX_QUOTE_CHARS = 200;

/** A quote's content compared: folded, lowercased, spaces collapsed, curly apostrophes straight. */
export function normalizeQuote(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'`]+|["'`.,;:!?。，！？]+$/g, '');
}

/** A quoted string's escapes undone ("a\\"b" -> a"b), as JSON and most languages write them. */
const unescape = (s: string): string =>
  s.includes('\\')
    ? s.replace(/\\(["'\\/nrt])/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '' : c,
      )
    : s;

function scanQuotes(t: string, out: Candidate[]): void {
  for (const [open, re, style] of QUOTE_RES) {
    if (!t.includes(open)) continue;
    for (const m of execAll(re, t)) {
      const content =
        style === 'double' || style === 'single' ? unescape(m[1] ?? '') : (m[1] ?? '');
      const trimmed = content.trim();
      if (!trimmed || content.length > MAX_QUOTE_CHARS) continue;
      if (style !== 'cjk' && trimmed.length < 3) continue; // "a", "ok"
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const end = m.index + m[0].length;
      // A JSON or dict key ("path": …) is structure, not something a person said.
      if ((style === 'double' || style === 'single') && /^[ \t]*:/.test(t.slice(end, end + 4)))
        continue;
      // Quotes must hug their content ("a " b " c" pairs the wrong marks).
      if (style !== 'cjk' && trimmed !== content) continue;
      const oneWord = !/\s/.test(trimmed);
      if (style === 'code' && oneWord) {
        // One code token in backticks is an identifier, whatever it looks like.
        push(
          out,
          m.index,
          end,
          'identifier',
          'code',
          trimmed.replace(/\(\)$/, '').toLowerCase(),
          P.quote,
        );
        continue;
      }
      // One short or common word in quotes ("a", "ok", "the") is not a specific.
      if (
        oneWord &&
        style !== 'cjk' &&
        (trimmed.length < 3 || isCommon(trimmed) || /^\d+$/.test(trimmed))
      )
        continue;
      push(out, m.index, end, 'quote', 'quote', normalizeQuote(trimmed), P.quote);
    }
  }
}
