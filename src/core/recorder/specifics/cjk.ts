// Chinese and Japanese dates, times and numbers.

import { cjkNumeralValue } from '../../text/numerals';
import {
  CJK_DATE_ANCHOR,
  CJK_DATE_RE,
  CJK_TIME_ANCHOR,
  CJK_TIME_RE,
  CJK_YEAR_ANCHOR,
  CJK_YEAR_RE,
  readCjkDate,
  readCjkTime,
} from '../../time';
import { matchUnit } from '../units';
import { pushDate } from './dates';
import { execAll, push } from './text';
import { pushTime } from './times';
import { P, type Candidate } from './types';

// Chinese and Japanese dates and times are found from their 月, 年 or 点: the pattern runs on a
// short window around each one, never over the whole text.

/** Matches of `re` in a window of `t` around each occurrence of `anchor`, offsets in `t`. */
function anchored(
  t: string,
  anchor: RegExp,
  before: number,
  after: number,
  re: RegExp,
): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  let done = 0;
  for (const a of execAll(anchor, t)) {
    if (a.index < done) continue;
    const from = Math.max(done, a.index - before);
    const to = Math.min(t.length, a.index + a[0].length + after);
    for (const m of execAll(re, t.slice(from, to))) {
      const start = from + m.index;
      if (start > a.index || start + m[0].length <= a.index) continue; // not this anchor's
      m.index = start;
      found.push(m);
      done = start + m[0].length;
    }
  }
  return found;
}

export function scanCjkDates(t: string, out: Candidate[]): void {
  for (const m of anchored(t, CJK_DATE_ANCHOR, 12, 6, CJK_DATE_RE))
    pushDate(out, m.index, m.index + m[0].length, readCjkDate(m));
  for (const m of anchored(t, CJK_YEAR_ANCHOR, 5, 12, CJK_YEAR_RE)) {
    push(out, m.index, m.index + m[0].length, 'date', 'year', m[1]!, P.date);
  }
}

export function scanCjkTimes(t: string, out: Candidate[]): void {
  for (const m of anchored(t, CJK_TIME_ANCHOR, 6, 6, CJK_TIME_RE))
    pushTime(out, m.index, m.index + m[0].length, readCjkTime(m));
}

// Chinese numerals with a measurement unit: "三公斤", "两天", "一百元"; "百分之五十" is 50%.
const CJK_NUMBER_RE =
  /(百分之)?([零〇一二两兩三四五六七八九十][零〇一二两兩三四五六七八九十百千万萬亿億]*)/g;

export function scanCjkNumbers(t: string, out: Candidate[], keepMinor: boolean): void {
  for (const m of execAll(CJK_NUMBER_RE, t)) {
    const value = cjkNumeralValue(m[2]!);
    if (!Number.isFinite(value)) continue;
    const end = m.index + m[0].length;
    if (m[1]) {
      push(out, m.index, end, 'number', 'percent', `${value} %`, P.number);
      continue;
    }
    const unit = matchUnit(t, end);
    if (!unit || unit.unitClass === 'count') continue;
    const normalized = `${value} ${unit.canonical}`;
    if (value >= 2 || keepMinor)
      push(out, m.index, unit.end, 'number', unit.unitClass, normalized, P.number, value < 2);
  }
}
