// ---- numbers --------------------------------------------------------------------------------

import {
  CURRENCY_PREFIXES,
  canonicalNumber,
  matchMultiplier,
  matchUnit,
  type UnitMatch,
} from '../units';
import { execAll, isWordChar, push } from './text';
import { P, type Candidate } from './types';

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
  if (previous === ' ' && !/[A-Z$]/.test(t[start - 2] ?? '')) return undefined;
  for (const [sign, canonical] of CURRENCY_PREFIXES) {
    for (const gap of ['', ' ']) {
      const at = start - gap.length - sign.length;
      if (at < 0 || t.slice(at, start) !== sign + gap) continue;
      if (/^[A-Z]/.test(sign) && isWordChar(t[at - 1])) continue;
      // "$ 5" is not written; "USD 5" and "R$ 5" are.
      if (gap && !/[A-Z]$/.test(sign) && sign.length < 2) continue;
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

/**
 * A line number: in a gutter at a line's start ("   12\tline", as read_file and cat -n print it;
 * "118: text", "118 | text", as grep -n and editors do), or after "line" / "lines"
 * ("line 118", "lines 40-52"). It points into a file; the file holds what it points at.
 */
function isLineNumber(t: string, start: number, end: number): boolean {
  const next = t[end] ?? '';
  const before = t.slice(Math.max(0, start - 12), start);
  if (/(?:^|\n)[ \t]*$/.test(before)) {
    if (/[\t→|]/.test(next)) return true;
    if (next === ':' && /^:(?:[ \t]|$)/m.test(t.slice(end, end + 2))) return true;
  }
  return (
    /(?:^|[^A-Za-z])[Ll]ines?[ \t]$/.test(before) ||
    /(?:^|[^A-Za-z])[Ll]ines[ \t][0-9]+[-–]$/.test(t.slice(Math.max(0, start - 20), start))
  );
}

export function scanNumbers(t: string, out: Candidate[], keepMinor: boolean): void {
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
      isLineNumber(t, start, numEnd)
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
    // Things are counted in whole numbers: "3.13 breaks" is a number and a verb.
    const whole = !m[0].includes('.') || end > numEnd;
    if (whole && noun?.[1] !== undefined && !NOT_COUNT_NOUNS.has(noun[1])) {
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
