// ---- dates and times ------------------------------------------------------------------------

import { cjkNumeralValue } from '../units';
import { execAll, push } from './text';
import { P, type Candidate } from './types';

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
// A year after a word that makes it one: "in 2019", "since 1998", "summer of 2022".
const YEAR_CONTEXT_RE =
  /(1[89]\d{2}|20\d{2})(?<=(?:^|[^A-Za-z])(?:in|since|from|by|until|till|of|year|around|before|after|circa|during|early|late|mid|summer|winter|spring|fall|autumn)[ \t]\d{4})(?![A-Za-z0-9_]|[.,]\d)/gi;
const YEAR_PAREN_RE = /\((1[89]\d{2}|20\d{2})\)/g;
const DECADE_RE = /\b(1[89]\d0|20\d0)s(?![A-Za-z0-9_])/g;
const SHORT_DECADE_RE = /['’](\d0)s(?![A-Za-z0-9_])(?<![A-Za-z0-9]['’]\d0s)/g;

export const pad = (n: number): string => String(n).padStart(2, '0');
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const validDay = (month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
const monthNumber = (name: string): number => MONTHS[name.slice(0, 3).toLowerCase()] ?? 0;
export const fullYear = (y: string): number => {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
};
export const numeral = (s: string): number => (/^\d+$/.test(s) ? Number(s) : cjkNumeralValue(s));

export function pushDate(
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

export function scanDates(t: string, out: Candidate[]): void {
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
