// File names a person can trust (issue 18, finding 5): a name shown in the Files panel must be the
// name the agent reads and writes. Two rules, both at the filesystem layer so every channel (the
// tools, the editor, the Files panel, a bundle) is covered:
//
// 1. No invisible or format characters. Refused, each named as U+XXXX with its Unicode name:
//    - format characters (general category Cf): zero-width space, joiners, bidi marks, embeddings,
//      overrides and isolates, the byte order mark, invisible operators, tag characters…;
//    - controls (Cc, C0 and C1), line and paragraph separators (Zl, Zp), noncharacters;
//    - letters and marks that draw nothing (Hangul fillers, the braille blank, the combining
//      grapheme joiner);
//    - lone surrogates (half of a UTF-16 pair: no character at all).
//    Exception: a zero-width joiner or non-joiner between two letters of a script that is written
//    with them (Arabic, Persian, the Indic scripts…: "می‌خواهم" needs its non-joiner), and a
//    zero-width joiner inside an emoji sequence (👩‍💻). There it changes what is drawn.
// 2. No name that looks like a sibling's. Two names in one directory are look-alikes when their
//    skeletons are equal: NFKC (compatibility forms: full-width letters, ligatures, the many
//    spaces), default-ignorable characters removed, and the Cyrillic and Greek letters that are
//    drawn exactly like Latin ones mapped to those (a subset of Unicode's confusables.txt). Case
//    is kept: "Notes.md" and "notes.md" look different and may both exist.
//
// Not a library: the confusables table in npm packages is either hand-picked and unmaintained
// or the full 6,000-line file for a check that only needs the letters people actually mix up.

import { FsError } from './types';

/** Names of the characters people meet, for messages; others read "a format character". */
const CHARACTER_NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte order mark)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
};

/** Drawn as nothing though not in Cf: refused like the format characters. */
const INVISIBLE = new Set([0x034f, 0x115f, 0x1160, 0x2800, 0x3164, 0xffa0]);
const FORBIDDEN = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;
const NONCHARACTER = (cp: number) => (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
/** Scripts written with zero-width (non-)joiners between letters. */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What may sit between a pictograph and a joiner: variation selectors and skin tones. */
const EMOJI_TAIL = /\p{Emoji_Modifier}|\uFE0E|\uFE0F/u;

/** "U+200B ZERO WIDTH SPACE", "U+D800 (a lone surrogate)". */
export function describeCharacter(codePoint: number): string {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return `${hex} (a lone surrogate)`;
  const name = CHARACTER_NAMES[codePoint];
  if (name) return `${hex} ${name}`;
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return `${hex} (a TAG character)`;
  if (NONCHARACTER(codePoint)) return `${hex} (a noncharacter)`;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f))
    return `${hex} (a control character)`;
  return `${hex} (an invisible format character)`;
}

/** The zero-width (non-)joiner at `index` of `chars` changes how its neighbours are drawn. */
function joinerInContext(chars: readonly string[], index: number): boolean {
  const cp = chars[index]!.codePointAt(0)!;
  let before = index - 1;
  while (before >= 0 && EMOJI_TAIL.test(chars[before]!)) before--;
  const prev = chars[before];
  const next = chars[index + 1];
  if (prev === undefined || next === undefined) return false;
  if (cp === 0x200d && PICTOGRAPH.test(prev) && PICTOGRAPH.test(next)) return true;
  return (
    LETTER_OR_MARK.test(prev) &&
    LETTER_OR_MARK.test(next) &&
    JOINING_SCRIPT.test(prev) &&
    JOINING_SCRIPT.test(next)
  );
}

/**
 * The first character of `path` a person could not see or trust, described for a message
 * ("U+200B ZERO WIDTH SPACE"), or undefined when there is none.
 */
export function findUntrustedCharacter(path: string): string | undefined {
  // Plain printable ASCII, the common case, has none of them.
  if (/^[\x20-\x7e]*$/.test(path)) return undefined;
  const chars = Array.from(path); // by code point: a lone surrogate stays one element
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const cp = char.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) return describeCharacter(cp);
    if (INVISIBLE.has(cp) || NONCHARACTER(cp)) return describeCharacter(cp);
    if (!FORBIDDEN.test(char)) continue;
    if ((cp === 0x200c || cp === 0x200d) && joinerInContext(chars, i)) continue;
    return describeCharacter(cp);
  }
  return undefined;
}

/** Cyrillic and Greek letters drawn exactly like Latin ones (from Unicode's confusables.txt). */
const LATIN_TWINS: Record<string, string> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  ι: 'i',
};
const TWIN = new RegExp(`[${Object.keys(LATIN_TWINS).join('')}]`, 'gu');
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The skeleton two names share when they would look alike (see the header). */
export function nameSkeleton(name: string): string {
  return name
    .normalize('NFKC')
    .replace(IGNORABLE, '')
    .replace(TWIN, (c) => LATIN_TWINS[c]!)
    .normalize('NFC');
}

/**
 * The existing path that `path` would look like: one whose segments equal `path`'s up to a segment
 * that differs but has the same skeleton (a sibling file, or a sibling directory on the way).
 * Paths are absolute and normalised; undefined when there is none.
 */
export function findLookAlike(path: string, existing: Iterable<string>): string | undefined {
  const segments = path.split('/').slice(1);
  const skeletons = segments.map(nameSkeleton);
  for (const other of existing) {
    if (other === path) continue;
    const theirs = other.split('/').slice(1);
    let k = 0;
    while (k < segments.length && k < theirs.length && segments[k] === theirs[k]) k++;
    if (k >= segments.length || k >= theirs.length) continue;
    if (nameSkeleton(theirs[k]!) === skeletons[k]) return `/${theirs.slice(0, k + 1).join('/')}`;
  }
  return undefined;
}

/**
 * Where two look-alike paths differ, for a message: "U+0410 where the other has U+0041". Both
 * names look the same on screen, so the code points are what tells them apart.
 */
export function describeDifference(path: string, twin: string): string {
  const a = Array.from(path);
  const b = Array.from(twin);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const code = (c: string | undefined) =>
      c === undefined
        ? 'nothing'
        : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return `${code(a[i])} where the other has ${code(b[i])}`;
  }
  return 'the same characters';
}

/** The refusal for a new path that looks like an existing one. */
export function lookAlikeError(path: string, twin: string): FsError {
  return new FsError(
    'invalid-path',
    `Invalid path ${quoteName(path)}: it would look the same as the existing ${quoteName(twin)} (${describeDifference(path, twin)}). Choose another name, or write to the existing file.`,
    path,
  );
}

/**
 * Quotes a (possibly hostile) name for a message, cut at `max` characters: control characters are
 * shown escaped (\xNN), and so is every character a person could not see (\u{…}), so a bidi
 * override cannot turn the message around.
 */
export function quoteName(name: string, max = 80): string {
  const shown = name.length > max ? `${name.slice(0, max)}…` : name;
  return `'${shown
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[^\x20-\x7e]/gu, (c) =>
      findUntrustedCharacter(c) === undefined
        ? c
        : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`,
    )}'`;
}
