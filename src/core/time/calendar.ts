// The one representation every date parser normalizes to: a calendar date (year, month 1-12,
// day, any of them left out where the text leaves them out) and a clock time (24-hour), with
// their checks and their written forms ("2024-03-05", "--03-05", "2024-03", "14:30:05").

/** A date as written: a month with its day, its year or both (month 1-12). */
export interface CalendarDate {
  year?: number;
  month: number;
  day?: number;
}

/** A time of day on a 24-hour clock (24:00 allowed, as written for the end of a day). */
export interface ClockTime {
  hour: number;
  minute: number;
  second?: number;
}

export type Meridiem = 'am' | 'pm';

/** Two digits: 3 → "03". */
export const pad = (n: number): string => String(n).padStart(2, '0');

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a day exists in a month (1-12) of some year (29 February counts). */
export const validDay = (month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;

/** A year as written, two digits read as 1970-2069 ("24" → 2024, "85" → 1985). */
export function fullYear(year: string): number {
  const n = Number(year);
  return year.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

/**
 * A date checked: the day exists in its month, the month is 1-12, the year is 1000-2999, and it
 * has a day or a year besides its month. Undefined when it is not a date.
 */
export function calendarDate(
  year: number | undefined,
  month: number,
  day: number | undefined,
): CalendarDate | undefined {
  if (day !== undefined && !validDay(month, day)) return undefined;
  if (day === undefined && (month < 1 || month > 12)) return undefined;
  if (year !== undefined && (year < 1000 || year > 2999)) return undefined;
  if (year === undefined && day === undefined) return undefined;
  return { ...(year !== undefined ? { year } : {}), month, ...(day !== undefined ? { day } : {}) };
}

/** The written form of a date: "2024-03-05", "--03-05" (no year), "2024-03" (no day); a year has four digits. */
export function formatDate(date: CalendarDate): string {
  const { year, month, day } = date;
  const y = year === undefined ? '-' : String(year).padStart(4, '0');
  return day === undefined ? `${y}-${pad(month)}` : `${y}-${pad(month)}-${pad(day)}`;
}

/**
 * A time checked and put on the 24-hour clock: with a meridiem the hour is 1-12 ("12 am" is
 * 00:00, "12 pm" 12:00); the hour is at most 24, minutes and seconds at most 59.
 */
export function clockTime(
  hour: number,
  minute: number,
  second?: number,
  meridiem?: Meridiem,
): ClockTime | undefined {
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
  }
  if (hour < 0 || minute < 0 || hour > 24 || minute > 59 || (second ?? 0) > 59) return undefined;
  return { hour, minute, ...(second !== undefined ? { second } : {}) };
}

/** The written form of a time: "14:30", "09:05:07". */
export const formatTime = (time: ClockTime): string =>
  `${pad(time.hour)}:${pad(time.minute)}${time.second !== undefined ? `:${pad(time.second)}` : ''}`;

/** A date with a year and a day, at a time, as epoch milliseconds (UTC). */
export const utcMillis = (date: Required<CalendarDate>, time: ClockTime): number =>
  Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second ?? 0);
