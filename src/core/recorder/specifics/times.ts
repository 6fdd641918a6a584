import {
  AMPM_RE,
  CLOCK_RE,
  OCLOCK_RE,
  formatTime,
  readAmPm,
  readClock,
  readOClock,
  type ClockTime,
} from '../../time';
import { execAll, push } from './text';
import { P, type Candidate } from './types';

/** A time found from `start` to `end`, as its written form ("14:30", "09:05:07"). */
export function pushTime(
  out: Candidate[],
  start: number,
  end: number,
  time: ClockTime | undefined,
): void {
  if (time) push(out, start, end, 'date', 'time', formatTime(time), P.time);
}

export function scanTimes(t: string, out: Candidate[]): void {
  for (const [re, read] of [
    [CLOCK_RE, readClock],
    [AMPM_RE, readAmPm],
    [OCLOCK_RE, readOClock],
  ] as const)
    for (const m of execAll(re, t)) pushTime(out, m.index, m.index + m[0].length, read(m));
}
