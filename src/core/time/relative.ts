// Relative expressions of time in English ("yesterday", "last week", "two months ago", "next
// year", "last Friday"), read as shifts from the moment the text was said. What a shift covers
// is the caller's choice (the retrieval's dates: a day for day shifts, the month for others).

import { NUMBER_WORDS } from '../text/numerals';
import { WEEKDAY_NAME_SOURCE, weekdayOfName } from './names';

export type ShiftUnit = 'day' | 'week' | 'month' | 'year';

/** A move from the day a text was said: `by` units back (negative) or ahead (positive). */
export interface Shift {
  unit: ShiftUnit;
  by: number;
}

/** Counting words of "… ago": the number words, "a"/"an", "a few" (3), "a couple" (2). */
const COUNTS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  ...NUMBER_WORDS,
  few: 3,
  couple: 2,
};
const COUNT_WORDS = Object.keys(NUMBER_WORDS).join('|');
const AGO = new RegExp(
  `\\b(\\d{1,2}|an?|${COUNT_WORDS}|(?:a )?few|(?:a )?couple(?: of)?) (day|week|month|year)s? ago\\b`,
  'g',
);
const LAST_WEEKDAY = new RegExp(`\\blast (${WEEKDAY_NAME_SOURCE})\\b`, 'g');

/** Fixed phrases, in the order they are read. */
const PHRASES: readonly [RegExp, Shift][] = [
  [/\b(yesterday|last night)\b/, { unit: 'day', by: -1 }],
  [/\btomorrow\b/, { unit: 'day', by: 1 }],
  [/\blast (week|weekend)\b/, { unit: 'week', by: -1 }],
  [/\bnext (week|weekend)\b/, { unit: 'week', by: 1 }],
  [/\blast month\b/, { unit: 'month', by: -1 }],
  [/\bnext month\b/, { unit: 'month', by: 1 }],
  [/\blast year\b/, { unit: 'year', by: -1 }],
  [/\bnext year\b/, { unit: 'year', by: 1 }],
];

function countOf(word: string): number {
  const plain = word.replace(/^a /, '').replace(/ of$/, '');
  return COUNTS[plain] ?? Number(plain);
}

/**
 * The shifts a lowercase text's relative expressions make, said on a day that is `weekday`
 * (0 = Sunday): each fixed phrase once, then every "N units ago", then every "last <weekday>"
 * as the days back to the most recent such weekday before that day (a week back on the same
 * weekday).
 */
export function relativeShifts(lower: string, weekday: number): Shift[] {
  const shifts: Shift[] = [];
  for (const [phrase, shift] of PHRASES) if (phrase.test(lower)) shifts.push(shift);
  for (const match of lower.matchAll(AGO)) {
    const n = countOf(match[1]!);
    if (!Number.isFinite(n) || n <= 0) continue;
    shifts.push({ unit: match[2] as ShiftUnit, by: -n });
  }
  for (const match of lower.matchAll(LAST_WEEKDAY)) {
    const target = weekdayOfName(match[1]!)!;
    shifts.push({ unit: 'day', by: -((weekday - target + 7) % 7 || 7) });
  }
  return shifts;
}
