// Chinese and Japanese dates and times: "2024年3月5日", "二〇二四年三月五日", "3月5号", "2019年",
// "下午3点", "15时30分", "三点半", "午後3時". The months are numerals before 月; a period of the
// day (下午 afternoon, 晚上 evening, 凌晨 small hours…) sets the half of the clock.

import { numeral } from '../text/numerals';
import { calendarDate, clockTime, fullYear, type CalendarDate, type ClockTime } from './calendar';

const CJK_NUM = '[〇零一二三四五六七八九十]';
/** A date from its 月: "2024年3月5日", "3月5号", "二〇二四年三月". */
export const CJK_DATE_RE = new RegExp(
  `(?<![\\d〇零一二三四五六七八九十])(?:(\\d{4}|\\d{2}|[〇零一二三四五六七八九]{4}|[〇零一二三四五六七八九]{2})[ ]?年[ ]?)?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?月(?:[ ]?(\\d{1,2}|${CJK_NUM}{1,3})[ ]?[日号號])?`,
  'g',
);
/** A year alone: "2019年" (not followed by a month). */
export const CJK_YEAR_RE = /(?<!\d)(\d{4})[ ]?年(?![ ]?(?:\d|[〇零一二三四五六七八九十])+[ ]?月)/g;

/** What a Chinese or Japanese date is found from (the scanner reads a window around each). */
export const CJK_DATE_ANCHOR = /月/g;
export const CJK_YEAR_ANCHOR = /年/g;
export const CJK_TIME_ANCHOR = /[点點時时]/g;

export function readCjkDate(m: RegExpExecArray): CalendarDate | undefined {
  const year = m[1] !== undefined ? fullYear(String(numeral(m[1]))) : undefined;
  const day = m[3] !== undefined ? numeral(m[3]) : undefined;
  if (year === undefined && day === undefined) return undefined; // "三月" alone is a month name
  if (m[1] !== undefined && m[1].length === 2 && !/^\d+$/.test(m[1])) return undefined;
  return calendarDate(year, numeral(m[2]!), day);
}

const CJK_PERIOD = '上午|下午|晚上|早上|中午|凌晨|傍晚|早晨|夜里|夜裡|今晚|午後|午前';
/** "下午3点", "15时30分", "三点半", "3点钟". */
export const CJK_TIME_RE = new RegExp(
  `(?:(${CJK_PERIOD})[ ]?)?(?<![\\d〇零一二两三四五六七八九十])(\\d{1,2}|[零〇一二两三四五六七八九十]{1,3})[ ]?([点點時时])(?:[ ]?(\\d{1,2}|[零〇一二三四五六七八九十]{1,3})[ ]?分|(半)|(钟|鐘))?`,
  'g',
);

export function readCjkTime(m: RegExpExecArray): ClockTime | undefined {
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
    return undefined;
  let hour = numeral(hourText!);
  const minute = half ? 30 : minuteText !== undefined ? numeral(minuteText) : 0;
  if (period && /下午|晚上|傍晚|夜里|夜裡|今晚|午後/.test(period) && hour < 12) hour += 12;
  if (period === '中午' && hour < 11) hour += 12;
  if (period === '凌晨' && hour === 12) hour = 0;
  return clockTime(hour, minute);
}
