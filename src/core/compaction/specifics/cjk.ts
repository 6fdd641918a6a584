// Chinese and Japanese dates, times and numbers.

import { cjkNumeralValue, matchUnit } from '../units';
import { fullYear, numeral, pushDate } from './dates';
import { execAll, push } from './text';
import { pushTime } from './times';
import { P, type Candidate } from './types';

const CJK_NUM = '[〇零一二三四五六七八九十]';
// Chinese and Japanese dates are found from their 月 (or 年): the pattern runs on a short window
// around each one, never over the whole text.
const CJK_DATE_RE = new RegExp(
  `(?<![\\d〇零一二三四五六七八九十])(?:(\\d{4}|\\d{2}|[〇零一二三四五六七八九]{4}|[〇零一二三四五六七八九]{2})[ ]?年[ ]?)?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?月(?:[ ]?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?[日号號])?`,
  'g',
);
const CJK_YEAR_RE = /(?<!\d)(\d{4})[ ]?年(?![ ]?(?:\d|[〇零一二三四五六七八九十])+[ ]?月)/g;

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
  for (const m of anchored(t, /月/g, 12, 6, CJK_DATE_RE)) {
    const year = m[1] !== undefined ? fullYear(String(numeral(m[1]))) : undefined;
    const month = numeral(m[2]!);
    const day = m[3] !== undefined ? numeral(m[3]) : undefined;
    if (year === undefined && day === undefined) continue; // "三月" alone is a month name
    if (m[1] !== undefined && m[1].length === 2 && !/^\d+$/.test(m[1])) continue;
    pushDate(out, m.index, m.index + m[0].length, year, month, day);
  }
  for (const m of anchored(t, /年/g, 5, 12, CJK_YEAR_RE)) {
    push(out, m.index, m.index + m[0].length, 'date', 'year', m[1]!, P.date);
  }
}

const CJK_PERIOD = '上午|下午|晚上|早上|中午|凌晨|傍晚|早晨|夜里|夜裡|今晚|午後|午前';
const CJK_TIME_RE = new RegExp(
  `(?:(${CJK_PERIOD})[ ]?)?(?<![\\d〇零一二两三四五六七八九十])(\\d{1,2}|[零〇一二两三四五六七八九十]{1,3})[ ]?([点點時时])(?:[ ]?(\\d{1,2}|[零〇一二三四五六七八九十]{1,3})[ ]?分|(半)|(钟|鐘))?`,
  'g',
);

export function scanCjkTimes(t: string, out: Candidate[]): void {
  for (const m of anchored(t, /[点點時时]/g, 6, 6, CJK_TIME_RE)) {
    const [, period, hourText, mark, minuteText, half, clock] = m;
    const arabic = /^\d+$/.test(hourText!);
    // "3点" alone is also "3 points": a time needs a period of day, minutes, 半 or 钟, or 时/時.
    if (
      !period &&
      minuteText === undefined &&
      !half &&
      !clock &&
      (mark === '点' || mark === '點' || !arabic)
    )
      continue;
    let hour = numeral(hourText!);
    const minute = half ? 30 : minuteText !== undefined ? numeral(minuteText) : 0;
    if (period && /下午|晚上|傍晚|夜里|夜裡|今晚|午後/.test(period) && hour < 12) hour += 12;
    if (period === '中午' && hour < 11) hour += 12;
    if (period === '凌晨' && hour === 12) hour = 0;
    pushTime(out, m.index, m.index + m[0].length, hour, minute, undefined, undefined);
  }
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
