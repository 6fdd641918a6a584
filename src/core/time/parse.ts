// One whole string read as a date or a time, in any of the written forms (forms.ts, cjk.ts), and
// LoCoMo's session times ("1:56 pm on 8 May, 2023"). Bad input gives null; a string longer than
// MAX_DATE_TEXT is not read (a date is short: the bound keeps every pattern's work small).

import { calendarDate, clockTime, utcMillis, type CalendarDate, type ClockTime } from './calendar';
import { CJK_DATE_RE, CJK_TIME_RE, readCjkDate, readCjkTime } from './cjk';
import {
  AMPM_RE,
  CLOCK_RE,
  DAY_FIRST_RE,
  ISO_RE,
  MONTH_FIRST_RE,
  NUMERIC_DATE_RE,
  OCLOCK_RE,
  readAmPm,
  readClock,
  readDayFirst,
  readIso,
  readMonthFirst,
  readNumericDate,
  readOClock,
} from './forms';
import { MONTH_NAMES, WRITTEN_WEEKDAY_SOURCE } from './names';

/** The longest text read as one date or time, in characters. */
export const MAX_DATE_TEXT = 200;

const LEADING_WEEKDAY = new RegExp(`^${WRITTEN_WEEKDAY_SOURCE},?[ \\t]+`);

type Reader<T> = readonly [RegExp, (m: RegExpExecArray) => T | undefined];

/** The first form whose match covers the whole (trimmed) text, read. */
function whole<T>(text: string, readers: readonly Reader<T>[], from = 0): T | null {
  for (const [re, read] of readers) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index === from && m[0].length === text.length - from) return read(m) ?? null;
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return null;
}

const DATE_READERS: readonly Reader<CalendarDate>[] = [
  [ISO_RE, (m) => (m[4] === undefined ? readIso(m)?.date : undefined)],
  [MONTH_FIRST_RE, readMonthFirst],
  [DAY_FIRST_RE, readDayFirst],
  [NUMERIC_DATE_RE, readNumericDate],
  [CJK_DATE_RE, readCjkDate],
];
const TIME_READERS: readonly Reader<ClockTime>[] = [
  [CLOCK_RE, readClock],
  [AMPM_RE, readAmPm],
  [OCLOCK_RE, readOClock],
  [CJK_TIME_RE, readCjkTime],
];

/**
 * A text that is one date, in any written form: "2024-03-05", "March 3rd, 2024", "Friday, 8 May
 * 2023", "3/4/2024", "2024年3月5日", "Mar 3" (no year), "May 2023" (no day). Null for anything
 * else, and for a date that does not exist ("31 April").
 */
export function parseDate(text: string): CalendarDate | null {
  if (text.length > MAX_DATE_TEXT) return null;
  const t = text.trim();
  const found = whole(t, DATE_READERS);
  if (found) return found;
  // A weekday before the date: "Friday, March 3".
  const weekday = LEADING_WEEKDAY.exec(t);
  return weekday ? whole(t.slice(weekday[0].length), DATE_READERS) : null;
}

/** A text that is one time of day: "14:30", "2:05 pm", "5pm", "3 o'clock", "下午3点". Else null. */
export function parseTime(text: string): ClockTime | null {
  if (text.length > MAX_DATE_TEXT) return null;
  return whole(text.trim(), TIME_READERS);
}

const LOCOMO_DATE =
  /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i;

/**
 * LoCoMo's session time, "1:56 pm on 8 May, 2023", as epoch milliseconds (UTC); another form
 * that Date.parse reads is taken as Date.parse reads it. Undefined when it is not a date (a full
 * month name, a day of that month, minutes 0-59).
 */
export function parseLocomoDate(text: string): number | undefined {
  if (text.length > MAX_DATE_TEXT) return undefined;
  const m = LOCOMO_DATE.exec(text);
  if (!m) {
    const fallback = Date.parse(text);
    return Number.isFinite(fallback) ? fallback : undefined;
  }
  const month = MONTH_NAMES.indexOf(m[5]!.toLowerCase() as (typeof MONTH_NAMES)[number]) + 1;
  const date = calendarDate(Number(m[6]), month, Number(m[4]));
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  const time = clockTime(hour, Number(m[2]));
  return date?.year !== undefined && date.day !== undefined && time
    ? utcMillis({ year: date.year, month, day: date.day }, time)
    : undefined;
}
