// The written forms of dates and times, as global regexes (for scanning a text; lastIndex is the
// caller's) and the readers that turn a match into the one representation (calendar.ts). English
// and numeric forms here, Chinese and Japanese in cjk.ts. The specifics extractor scans with
// them; parse.ts reads one whole string with them.

import {
  calendarDate,
  clockTime,
  fullYear,
  validDay,
  type CalendarDate,
  type ClockTime,
  type Meridiem,
} from './calendar';
import { WRITTEN_MONTH_SOURCE, WRITTEN_WEEKDAY_SOURCE, monthOfName } from './names';

const MONTH = WRITTEN_MONTH_SOURCE;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)';
const YEAR = '(\\d{4})(?![\\d])';

/** "2024-03-05", "2024-03-05T14:30", "2024-03-05 14:30:05+02:00" (the zone is read, not kept). */
export const ISO_RE =
  /(?<![A-Za-z0-9_./:-])(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?(?![A-Za-z0-9_]|-\d)/g;
/** "March 3rd, 2024", "Mar 3", "March 2024", "May, 2023". */
export const MONTH_FIRST_RE = new RegExp(
  `\\b${MONTH}(?:[ \\t]+${DAY}(?:,?[ \\t]+${YEAR})?|,?[ \\t]+${YEAR})(?![A-Za-z0-9])`,
  'g',
);
/** "8 May, 2023", "3rd of March". */
export const DAY_FIRST_RE = new RegExp(
  `(?<![A-Za-z0-9])${DAY}[ \\t]+(?:of[ \\t]+)?${MONTH}(?:,?[ \\t]+${YEAR})?(?![A-Za-z0-9])`,
  'g',
);
/** "3/4/2024" (m/d/y), "4.3.2024" (d.m.y), "2024/3/4". */
export const NUMERIC_DATE_RE =
  /(?<![A-Za-z0-9_./:-])(?:(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})|(\d{1,2})\.(\d{1,2})\.(\d{4})|(\d{4})[/.](\d{1,2})[/.](\d{1,2}))(?![A-Za-z0-9_/]|\.\d)/g;
/** A year after a word that makes it one: "in 2019", "since 1998", "summer of 2022". */
export const YEAR_CONTEXT_RE =
  /(1[89]\d{2}|20\d{2})(?<=(?:^|[^A-Za-z])(?:in|since|from|by|until|till|of|year|around|before|after|circa|during|early|late|mid|summer|winter|spring|fall|autumn)[ \t]\d{4})(?![A-Za-z0-9_]|[.,]\d)/gi;
/** A year in parentheses: "(2019)". */
export const YEAR_PAREN_RE = /\((1[89]\d{2}|20\d{2})\)/g;
/** "the 1990s". */
export const DECADE_RE = /\b(1[89]\d0|20\d0)s(?![A-Za-z0-9_])/g;
/** "the '90s". */
export const SHORT_DECADE_RE = /['’](\d0)s(?![A-Za-z0-9_])(?<![A-Za-z0-9]['’]\d0s)/g;

/** A weekday written before a date ("Friday, March 3"): the text just before the date. */
const WEEKDAY_BEFORE = new RegExp(`(?<![A-Za-z])${WRITTEN_WEEKDAY_SOURCE},?[ \\t]+$`);

/** Where a date that starts at `start` starts with the weekday written before it, if any. */
export function startWithWeekday(text: string, start: number): number {
  const before = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, start - 12), start));
  return before ? start - before[0].length : start;
}

const monthOf = (name: string): number => monthOfName(name) ?? 0;
const optional = (digits: string | undefined): number | undefined =>
  digits !== undefined ? Number(digits) : undefined;

/** An ISO date and, when written, its time. */
export function readIso(
  m: RegExpExecArray,
): { date: Required<CalendarDate>; time?: ClockTime } | undefined {
  const [, y, mo, d, hh, mm, ss] = m;
  const date = { year: Number(y), month: Number(mo), day: Number(d) };
  if (!validDay(date.month, date.day)) return undefined;
  if (hh === undefined || mm === undefined) return { date };
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return undefined;
  return {
    date,
    time: { hour: Number(hh), minute: Number(mm), ...(ss !== undefined ? { second: +ss } : {}) },
  };
}

export function readMonthFirst(m: RegExpExecArray): CalendarDate | undefined {
  const month = monthOf(m[1]!);
  if (m[2] !== undefined) return calendarDate(optional(m[3]), month, Number(m[2]));
  return calendarDate(Number(m[4]), month, undefined);
}

export function readDayFirst(m: RegExpExecArray): CalendarDate | undefined {
  return calendarDate(optional(m[3]), monthOf(m[2]!), Number(m[1]));
}

export function readNumericDate(m: RegExpExecArray): CalendarDate | undefined {
  if (m[1] !== undefined) {
    // m/d/y as in the US, unless the first number cannot be a month.
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = fullYear(m[3]!);
    return a > 12 ? calendarDate(year, b, a) : calendarDate(year, a, b);
  }
  if (m[4] !== undefined) {
    // d.m.y as in Europe, unless the second number cannot be a month.
    const a = Number(m[4]);
    const b = Number(m[5]);
    return b > 12 ? calendarDate(Number(m[6]), a, b) : calendarDate(Number(m[6]), b, a);
  }
  return calendarDate(Number(m[7]), Number(m[8]), Number(m[9]));
}

/** "14:30", "2:05:07 pm", "9:30 a.m.". */
export const CLOCK_RE =
  /(?<![A-Za-z0-9_.:/])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_])))?(?![A-Za-z0-9_:]|\.\d)/g;
/** "5pm", "11 a.m.". */
export const AMPM_RE =
  /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_]))/g;
/** "3 o'clock". */
export const OCLOCK_RE = /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]o['’]clock(?![A-Za-z])/g;

const meridiemOf = (letter: string): Meridiem => (letter.toLowerCase() === 'a' ? 'am' : 'pm');

export function readClock(m: RegExpExecArray): ClockTime | undefined {
  const meridiem = m[4] ? meridiemOf(m[4]) : undefined;
  return clockTime(Number(m[1]), Number(m[2]), optional(m[3]), meridiem);
}

export const readAmPm = (m: RegExpExecArray): ClockTime | undefined =>
  clockTime(Number(m[1]), 0, undefined, meridiemOf(m[2]!));

export const readOClock = (m: RegExpExecArray): ClockTime | undefined => clockTime(Number(m[1]), 0);
