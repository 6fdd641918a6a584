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

const DAY = 86_400_000;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  few: 3,
  couple: 2,
};

const MONTH = MONTHS.join('|');
const QUERY_MONTH = new RegExp(
  `\\b(${MONTH})\\b(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?(?:,?\\s+|,)?(?:((?:19|20)\\d\\d)\\b)?`,
  'g',
);
const YEAR = /\b((?:19|20)\d\d)\b/g;
const AGO =
  /\b(\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|(?:a )?few|(?:a )?couple(?: of)?) (day|week|month|year)s? ago\b/g;
const LAST_WEEKDAY = new RegExp(`\\blast (${WEEKDAYS.join('|')})\\b`, 'g');

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

function countOf(word: string): number {
  const plain = word.replace(/^a /, '').replace(/ of$/, '');
  return COUNTS[plain] ?? Number(plain);
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
  if (/\b(yesterday|last night)\b/.test(lower)) addExactDay(keys, at - DAY);
  if (/\btomorrow\b/.test(lower)) addExactDay(keys, at + DAY);
  if (/\blast (week|weekend)\b/.test(lower)) addDay(keys, at - 7 * DAY);
  if (/\bnext (week|weekend)\b/.test(lower)) addDay(keys, at + 7 * DAY);
  if (/\blast month\b/.test(lower)) addMonthOffset(keys, at, -1);
  if (/\bnext month\b/.test(lower)) addMonthOffset(keys, at, 1);
  if (/\blast year\b/.test(lower)) keys.add(yearKey(new Date(at).getUTCFullYear() - 1));
  if (/\bnext year\b/.test(lower)) keys.add(yearKey(new Date(at).getUTCFullYear() + 1));
  for (const match of lower.matchAll(AGO)) {
    const n = countOf(match[1]!);
    if (!Number.isFinite(n) || n <= 0) continue;
    const unit = match[2];
    if (unit === 'day') addExactDay(keys, at - n * DAY);
    else if (unit === 'week') addDay(keys, at - 7 * n * DAY);
    else if (unit === 'month') addMonthOffset(keys, at, -n);
    else keys.add(yearKey(new Date(at).getUTCFullYear() - n));
  }
  for (const match of lower.matchAll(LAST_WEEKDAY)) {
    const target = WEEKDAYS.indexOf(match[1]!);
    const today = new Date(at).getUTCDay();
    const back = (today - target + 7) % 7 || 7;
    addExactDay(keys, at - back * DAY);
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
    const month = MONTHS.indexOf(match[1]!);
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
  for (const m of lower.matchAll(DAY_MONTH)) add(MONTHS.indexOf(m[2]!), Number(m[1]), m[3]);
  for (const m of lower.matchAll(MONTH_DAY)) add(MONTHS.indexOf(m[1]!), Number(m[2]), m[3]);
  return [...keys];
}

/** A human reading of a key, for the Strategy panel ("June 2023", "June", "2023"). */
export function describeDateKey(key: string): string {
  const day = /^d(\d+)-(\d+)-(\d+)$/.exec(key);
  if (day) return `${day[3]} ${cap(MONTHS[Number(day[2])]!)} ${day[1]}`;
  const anyYearDay = /^D(\d+)-(\d+)$/.exec(key);
  if (anyYearDay) return `${anyYearDay[2]} ${cap(MONTHS[Number(anyYearDay[1])]!)}`;
  const month = /^m(\d+)-(\d+)$/.exec(key);
  if (month) return `${cap(MONTHS[Number(month[2])]!)} ${month[1]}`;
  const anyYear = /^M(\d+)$/.exec(key);
  if (anyYear) return cap(MONTHS[Number(anyYear[1])]!);
  return key.slice(1);
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
