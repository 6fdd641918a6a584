// What never spans white space (URLs, e-mail, paths, identifiers) is found token by token.

import {
  F_AT,
  F_BACKSLASH,
  F_CALL,
  F_COLON,
  F_DASH,
  F_DIGIT,
  F_DOT,
  F_HASH,
  F_INNER_CAPITAL,
  F_LETTER,
  F_SLASH,
  F_UNDERSCORE,
} from './flags';
import { scanIdentifiers } from './identifiers';
import { scanPaths } from './paths';
import type { Candidate } from './types';
import { scanDomains, scanEmails, scanUrls } from './urls';

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

export function scanTokens(original: string, t: string, out: Candidate[]): void {
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
