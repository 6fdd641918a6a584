// Shared by the scanners: full-width folding, regex loops, trimming, and pushing a candidate.

import type { Candidate, SpecificKind } from './types';

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

/** regex.exec over the whole text (cheaper per match than matchAll). */
export function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    found.push(m);
    if (m[0].length === 0) re.lastIndex++;
  }
  return found;
}

export const LATIN = 'A-Za-z\\u00C0-\\u024F';
export const isWordChar = (c: string | undefined): boolean =>
  c !== undefined && /[A-Za-z0-9_\u00C0-\u024F]/.test(c);
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Trailing characters that end a sentence rather than a URL or a path. */
export function trimTrailing(t: string, start: number, end: number): number {
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

export function push(
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
