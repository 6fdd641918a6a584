import { pad } from './dates';
import { execAll, push } from './text';
import { P, type Candidate } from './types';

const CLOCK_RE =
  /(?<![A-Za-z0-9_.:/])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_])))?(?![A-Za-z0-9_:]|\.\d)/g;
const AMPM_RE = /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]?([AaPp])(?:\.[Mm]\.|[Mm](?![A-Za-z0-9_]))/g;
const OCLOCK_RE = /(?<![A-Za-z0-9_.:/])(\d{1,2})[ \t]o['’]clock(?![A-Za-z])/g;

export function pushTime(
  out: Candidate[],
  start: number,
  end: number,
  hour: number,
  minute: number,
  second: number | undefined,
  meridiem: 'am' | 'pm' | undefined,
): void {
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return;
  if (meridiem) {
    if (hour < 1 || hour > 12) return;
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
  }
  if (hour > 24 || minute > 59 || (second ?? 0) > 59) return;
  const text = `${pad(hour)}:${pad(minute)}${second !== undefined ? `:${pad(second)}` : ''}`;
  push(out, start, end, 'date', 'time', text, P.time);
}

export function scanTimes(t: string, out: Candidate[]): void {
  for (const m of execAll(CLOCK_RE, t)) {
    const meridiem = m[4] ? (m[4].toLowerCase() === 'a' ? 'am' : 'pm') : undefined;
    const second = m[3] !== undefined ? Number(m[3]) : undefined;
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), Number(m[2]), second, meridiem);
  }
  for (const m of execAll(AMPM_RE, t)) {
    const meridiem = m[2]!.toLowerCase() === 'a' ? 'am' : 'pm';
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), 0, undefined, meridiem);
  }
  for (const m of execAll(OCLOCK_RE, t)) {
    pushTime(out, m.index, m.index + m[0].length, Number(m[1]), 0, undefined, undefined);
  }
}
