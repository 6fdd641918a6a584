// The date module: every written form it reads, normalized to one representation; bad input and
// over-long input give null (or undefined where a parser said so before).

import { describe, expect, it } from 'vitest';
import { NUMBER_WORDS, cjkNumeralValue, numeral } from '../text/numerals';
import {
  CALENDAR_WORDS,
  MAX_DATE_TEXT,
  formatDate,
  formatTime,
  monthName,
  monthOfName,
  parseDate,
  parseLocomoDate,
  parseTime,
  relativeShifts,
  weekdayOfName,
} from '.';

describe('calendar words', () => {
  it('names every month in full and abbreviated, in any case, with a full stop', () => {
    expect(monthOfName('January')).toBe(1);
    expect(monthOfName('may')).toBe(5);
    expect(monthOfName('Sept')).toBe(9);
    expect(monthOfName('Sep.')).toBe(9);
    expect(monthOfName('DEC')).toBe(12);
    expect(monthOfName('Mayo')).toBeUndefined();
    expect(monthOfName('ma')).toBeUndefined();
    expect(monthOfName('x'.repeat(10_000))).toBeUndefined();
    expect(monthName(6)).toBe('June');
    expect(monthName(13)).toBeUndefined();
  });

  it('names weekdays Sunday first, as Date counts them', () => {
    expect(weekdayOfName('Sunday')).toBe(0);
    expect(weekdayOfName('friday')).toBe(5);
    expect(weekdayOfName('fri')).toBeUndefined();
    expect(new Date(Date.UTC(2023, 4, 8)).getUTCDay()).toBe(weekdayOfName('Monday'));
  });

  it('knows the calendar words, abbreviations included', () => {
    for (const word of ['monday', 'thurs', 'sept', 'may', 'december', 'tue'])
      expect(CALENDAR_WORDS.has(word)).toBe(true);
    expect(CALENDAR_WORDS.has('mayo')).toBe(false);
  });
});

describe('parseDate', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['March 3rd, 2024', '2024-03-03'],
    ['Mar 3', '--03-03'],
    ['March 2024', '2024-03'],
    ['May, 2023', '2023-05'],
    ['8 May, 2023', '2023-05-08'],
    ['3rd of March', '--03-03'],
    ['Friday, 8 Sept. 2023', '2023-09-08'],
    ['3/4/2024', '2024-03-04'],
    ['13/4/24', '2024-04-13'],
    ['4.3.2024', '2024-03-04'],
    ['2024/3/4', '2024-03-04'],
    ['2024年3月5日', '2024-03-05'],
    ['二〇二四年三月五日', '2024-03-05'],
    ['3月5号', '--03-05'],
    ['  29 February 2024 ', '2024-02-29'],
  ])('reads %j as %s', (text, written) => {
    const date = parseDate(text);
    expect(date).not.toBeNull();
    expect(formatDate(date!)).toBe(written);
  });

  it.each([
    '',
    'tomorrow',
    'March',
    '三月',
    '31 April 2024',
    '2024-02-30',
    '13/13/2024',
    '8 May, 2023 and more',
    'March 3rd, 3024',
    'Funday, March 3',
  ])('gives null for %j', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it(`reads no text over ${MAX_DATE_TEXT} characters`, () => {
    const padded = `${' '.repeat(MAX_DATE_TEXT)}2024-03-05`;
    expect(parseDate(padded.trim())).not.toBeNull();
    expect(parseDate(padded)).toBeNull();
  });
});

describe('parseTime', () => {
  it.each([
    ['14:30', '14:30'],
    ['2:05:07 pm', '14:05:07'],
    ['9:30 a.m.', '09:30'],
    ['12 am', '00:00'],
    ['12pm', '12:00'],
    ['5pm', '17:00'],
    ["3 o'clock", '03:00'],
    ['下午3点', '15:00'],
    ['15时30分', '15:30'],
    ['三点半', '03:30'],
    ['凌晨12点', '00:00'],
  ])('reads %j as %s', (text, written) => {
    const time = parseTime(text);
    expect(time).not.toBeNull();
    expect(formatTime(time!)).toBe(written);
  });

  it.each(['', '25:00', '10:60', '13 pm', '3点', 'noon', `${'1'.repeat(MAX_DATE_TEXT)}:00`])(
    'gives null for %j',
    (text) => {
      expect(parseTime(text)).toBeNull();
    },
  );
});

describe('LoCoMo session times', () => {
  it('reads "1:56 pm on 8 May, 2023" as UTC epoch milliseconds', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe(Date.UTC(2023, 4, 8, 13, 56));
    expect(parseLocomoDate('12:05 am on 1 January 2024')).toBe(Date.UTC(2024, 0, 1, 0, 5));
    expect(parseLocomoDate('2023-05-08T10:00:00Z')).toBe(Date.UTC(2023, 4, 8, 10));
  });

  it('gives undefined for what is not a date, and for over-long text', () => {
    expect(parseLocomoDate('1:56 pm on 8 Maytember, 2023')).toBeUndefined();
    expect(parseLocomoDate('1:75 pm on 8 May, 2023')).toBeUndefined();
    expect(parseLocomoDate('1:56 pm on 31 April, 2023')).toBeUndefined();
    expect(parseLocomoDate('soon')).toBeUndefined();
    expect(parseLocomoDate(`${' '.repeat(MAX_DATE_TEXT)}1:56 pm on 8 May, 2023`)).toBeUndefined();
  });
});

describe('relative expressions', () => {
  const monday = 1;
  it('reads fixed phrases, "N units ago" and "last <weekday>" as shifts', () => {
    expect(relativeShifts('yesterday and next month', monday)).toEqual([
      { unit: 'day', by: -1 },
      { unit: 'month', by: 1 },
    ]);
    expect(relativeShifts('two weeks ago, a couple of years ago, 3 days ago', monday)).toEqual([
      { unit: 'week', by: -2 },
      { unit: 'year', by: -2 },
      { unit: 'day', by: -3 },
    ]);
    // Said on a Monday: last Friday is 3 days back, last Monday a week back.
    expect(relativeShifts('last friday', monday)).toEqual([{ unit: 'day', by: -3 }]);
    expect(relativeShifts('last monday', monday)).toEqual([{ unit: 'day', by: -7 }]);
    expect(relativeShifts('0 days ago, someday', monday)).toEqual([]);
  });
});

describe('numerals', () => {
  it('reads number words and Chinese numerals', () => {
    expect(NUMBER_WORDS.seven).toBe(7);
    expect(cjkNumeralValue('一百五十')).toBe(150);
    expect(cjkNumeralValue('二〇二四')).toBe(2024);
    expect(numeral('12')).toBe(12);
    expect(numeral('abc')).toBeNaN();
  });
});
