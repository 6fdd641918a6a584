// Dates in a conversation, for ranking: the periods a message talks about (the day it was said,
// and where its relative expressions point: "yesterday", "last week", "two months ago", "last
// year", "next month", "last Friday"), and the periods a question names ("in June", "on October
// 13, 2023", "in 2022"). A message matches a question when they share a period. Pure, in UTC (the
// LoCoMo parser and the app store epoch milliseconds).
//
// Keys: `y2023` a year, `m2023-4` a month of a year (months 0-based), `M4` a month in any year.

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
  `\\b(${MONTH})\\b(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?,?(?:\\s+((?:19|20)\\d\\d)\\b)?`,
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
  addDay(keys, at);
  if (/\b(yesterday|last night)\b/.test(lower)) addDay(keys, at - DAY);
  if (/\btomorrow\b/.test(lower)) addDay(keys, at + DAY);
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
    if (unit === 'day') addDay(keys, at - n * DAY);
    else if (unit === 'week') addDay(keys, at - 7 * n * DAY);
    else if (unit === 'month') addMonthOffset(keys, at, -n);
    else keys.add(yearKey(new Date(at).getUTCFullYear() - n));
  }
  for (const match of lower.matchAll(LAST_WEEKDAY)) {
    const target = WEEKDAYS.indexOf(match[1]!);
    const today = new Date(at).getUTCDay();
    const back = (today - target + 7) % 7 || 7;
    addDay(keys, at - back * DAY);
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

/** A human reading of a key, for the Strategy panel ("June 2023", "June", "2023"). */
export function describeDateKey(key: string): string {
  const month = /^m(\d+)-(\d+)$/.exec(key);
  if (month) return `${cap(MONTHS[Number(month[2])]!)} ${month[1]}`;
  const anyYear = /^M(\d+)$/.exec(key);
  if (anyYear) return cap(MONTHS[Number(anyYear[1])]!);
  return key.slice(1);
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
