// ---- dates and times ------------------------------------------------------------------------
// The forms and their reading are the date module's (core/time); here each match becomes a
// candidate with its span.

import {
  DAY_FIRST_RE,
  DECADE_RE,
  ISO_RE,
  MONTH_FIRST_RE,
  NUMERIC_DATE_RE,
  SHORT_DECADE_RE,
  YEAR_CONTEXT_RE,
  YEAR_PAREN_RE,
  formatDate,
  formatTime,
  readDayFirst,
  readIso,
  readMonthFirst,
  readNumericDate,
  startWithWeekday,
  type CalendarDate,
} from '../../time';
import { execAll, push } from './text';
import { P, type Candidate } from './types';

/** A date found from `start` to `end`, as its written form ("2024-03-05", "--03-05", "2024-03"). */
export function pushDate(
  out: Candidate[],
  start: number,
  end: number,
  date: CalendarDate | undefined,
): void {
  if (!date) return;
  const form = date.day === undefined ? 'month' : date.year === undefined ? 'month-day' : 'date';
  push(out, start, end, 'date', form, formatDate(date), P.date);
}

export function scanDates(t: string, out: Candidate[]): void {
  for (const m of execAll(ISO_RE, t)) {
    const iso = readIso(m);
    if (!iso) continue;
    const end = m.index + m[0].length;
    if (iso.time)
      push(
        out,
        m.index,
        end,
        'date',
        'datetime',
        `${formatDate(iso.date)} ${formatTime(iso.time)}`,
        P.date,
      );
    else push(out, m.index, end, 'date', 'date', formatDate(iso.date), P.date);
  }
  for (const m of execAll(MONTH_FIRST_RE, t))
    pushDate(out, startWithWeekday(t, m.index), m.index + m[0].length, readMonthFirst(m));
  for (const m of execAll(DAY_FIRST_RE, t))
    pushDate(out, startWithWeekday(t, m.index), m.index + m[0].length, readDayFirst(m));
  for (const m of execAll(NUMERIC_DATE_RE, t))
    pushDate(out, m.index, m.index + m[0].length, readNumericDate(m));
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
