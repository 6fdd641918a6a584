// Dates in a conversation, for ranking: the periods a message talks about (the day it was said,
// and where its relative expressions point: "yesterday", "last week", "two months ago", "last
// year", "next month", "last Friday"), and the periods a question names ("in June", "on October
// 13, 2023", "in 2022"). A message matches a question when they share a period. Pure, in UTC (the
// LoCoMo parser and the app store epoch milliseconds).
//
// Keys: `y2023` a year, `m2023-4` a month of a year (months 0-based), `M4` a month in any year,
// `d2023-4-3` a day (3 May 2023), `D4-3` that day in any year. A message has day keys only for the
// day it was said and for expressions that name one day ("yesterday", "three days ago", "last
// Friday"), not for "last week" or "last month".

import { MONTH_NAME_SOURCE, monthName, monthOfName, relativeShifts } from '../time';

const DAY = 86_400_000;

const MONTH = MONTH_NAME_SOURCE;
/** A month's index (0-11) from its lowercase full name, as the keys count months. */
const monthIndex = (name: string): number => (monthOfName(name) ?? 0) - 1;
const QUERY_MONTH = new RegExp(
  `\\b(${MONTH})\\b(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?(?:,?\\s+|,)?(?:((?:19|20)\\d\\d)\\b)?`,
  'g',
);
const YEAR = /\b((?:19|20)\d\d)\b/g;

export function yearKey(year: number): string {
  return `y${year}`;
}
export function monthKey(year: number, month: number): string {
  return `m${year}-${month}`;
}
export function anyYearMonthKey(month: number): string {
  return `M${month}`;
}

function addDay(keys: Set<string>, at: number): void {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  keys.add(yearKey(year));
  keys.add(monthKey(year, month));
  keys.add(anyYearMonthKey(month));
}

export function dayKey(year: number, month: number, day: number): string {
  return `d${year}-${month}-${day}`;
}
export function anyYearDayKey(month: number, day: number): string {
  return `D${month}-${day}`;
}

/** The day itself, with its month and year. */
function addExactDay(keys: Set<string>, at: number): void {
  addDay(keys, at);
  const date = new Date(at);
  keys.add(dayKey(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  keys.add(anyYearDayKey(date.getUTCMonth(), date.getUTCDate()));
}

function addMonthOffset(keys: Set<string>, at: number, months: number): void {
  const date = new Date(at);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  keys.add(yearKey(year));
  keys.add(monthKey(year, month));
  keys.add(anyYearMonthKey(month));
}

/**
 * The periods a message said at `at` talks about: its own day, and every relative expression
 * resolved against it. Without a time (`at` undefined or not finite) only explicit years count.
 */
export function messageDateKeys(text: string, at: number | undefined): Set<string> {
  const keys = new Set<string>();
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(YEAR)) keys.add(yearKey(Number(match[1])));
  if (at === undefined || !Number.isFinite(at)) return keys;
  addExactDay(keys, at);
  for (const { unit, by } of relativeShifts(lower, new Date(at).getUTCDay())) {
    if (unit === 'day') addExactDay(keys, at + by * DAY);
    else if (unit === 'week') addDay(keys, at + 7 * by * DAY);
    else if (unit === 'month') addMonthOffset(keys, at, by);
    else keys.add(yearKey(new Date(at).getUTCFullYear() + by));
  }
  return keys;
}

/**
 * The periods a question names: a month, with its year when given ("in June", "October 13, 2023",
 * "December 2023"); else the years it names ("in 2022"). Relative words in a question ("last
 * week") have no date to resolve against and name nothing.
 */
export function queryDateKeys(query: string): string[] {
  const lower = query.toLowerCase();
  const keys: string[] = [];
  for (const match of lower.matchAll(QUERY_MONTH)) {
    const month = monthIndex(match[1]!);
    // "may" is also a verb: a date when a day or a year goes with it, or after "in", "during"…
    if (
      match[1] === 'may' &&
      match[0].trim() === 'may' &&
      !/\b(in|during|of|since|until|early|late|mid)[\s-]+$/.test(lower.slice(0, match.index))
    )
      continue;
    keys.push(match[2] ? monthKey(Number(match[2]), month) : anyYearMonthKey(month));
  }
  if (keys.length === 0)
    for (const match of lower.matchAll(YEAR)) keys.push(yearKey(Number(match[1])));
  return [...new Set(keys)];
}

const DAY_OF_MONTH = `(\\d{1,2})(?:st|nd|rd|th)?`;
const WITH_YEAR = `(?:(?:,?\\s+|,)((?:19|20)\\d\\d)\\b)?`;
const DAY_MONTH = new RegExp(`\\b${DAY_OF_MONTH}\\s+(?:of\\s+)?(${MONTH})\\b${WITH_YEAR}`, 'g');
const MONTH_DAY = new RegExp(`\\b(${MONTH})\\s+${DAY_OF_MONTH}\\b${WITH_YEAR}`, 'g');

/**
 * The days a question names: "on 7 July, 2023", "May 3, 2023", "8th December, 2023" (day keys),
 * "on October 13" (that day in any year).
 */
export function queryDayKeys(query: string): string[] {
  const lower = query.toLowerCase();
  const keys = new Set<string>();
  const add = (month: number, day: number, year: string | undefined) => {
    if (day < 1 || day > 31) return;
    keys.add(year ? dayKey(Number(year), month, day) : anyYearDayKey(month, day));
  };
  for (const m of lower.matchAll(DAY_MONTH)) add(monthIndex(m[2]!), Number(m[1]), m[3]);
  for (const m of lower.matchAll(MONTH_DAY)) add(monthIndex(m[1]!), Number(m[2]), m[3]);
  return [...keys];
}

/** A human reading of a key, for the Strategy panel ("June 2023", "June", "2023"). */
export function describeDateKey(key: string): string {
  const name = (index: string) => monthName(Number(index) + 1) ?? index;
  const day = /^d(\d+)-(\d+)-(\d+)$/.exec(key);
  if (day) return `${day[3]} ${name(day[2]!)} ${day[1]}`;
  const anyYearDay = /^D(\d+)-(\d+)$/.exec(key);
  if (anyYearDay) return `${anyYearDay[2]} ${name(anyYearDay[1]!)}`;
  const month = /^m(\d+)-(\d+)$/.exec(key);
  if (month) return `${name(month[2]!)} ${month[1]}`;
  const anyYear = /^M(\d+)$/.exec(key);
  if (anyYear) return name(anyYear[1]!);
  return key.slice(1);
}
