import { describe, expect, it } from 'vitest';
import {
  anyYearDayKey,
  anyYearMonthKey,
  dayKey,
  describeDateKey,
  messageDateKeys,
  monthKey,
  queryDateKeys,
  queryDayKeys,
  yearKey,
} from './temporal';

const at = (iso: string) => Date.parse(`${iso}T13:56:00Z`);

describe('message dates', () => {
  it('"last week" resolves against the day the message was said', () => {
    // Said on 3 June 2023: last week is late May; said on 20 June, it stays in June.
    expect(
      messageDateKeys('We moved house last week.', at('2023-06-03')).has(monthKey(2023, 4)),
    ).toBe(true);
    expect(
      messageDateKeys('We moved house last week.', at('2023-06-20')).has(monthKey(2023, 4)),
    ).toBe(false);
  });

  it('a message is about the day it was said', () => {
    const keys = messageDateKeys('Hello there', at('2023-05-08'));
    expect([...keys].sort()).toEqual(
      [
        anyYearMonthKey(4),
        monthKey(2023, 4),
        yearKey(2023),
        dayKey(2023, 4, 8),
        anyYearDayKey(4, 8),
      ].sort(),
    );
  });

  it('resolves relative expressions against the day it was said', () => {
    // 1 June 2023: yesterday is in May, last month is May, last year is 2022.
    const said = at('2023-06-01');
    expect(messageDateKeys('I went to a support group yesterday', said)).toContain(
      monthKey(2023, 4),
    );
    expect(messageDateKeys('We went camping last month', said)).toContain(monthKey(2023, 4));
    expect(messageDateKeys('That was last year', said)).toContain(yearKey(2022));
    expect(messageDateKeys('See you next month', said)).toContain(monthKey(2023, 6));
    expect(messageDateKeys('I started two weeks ago', said)).toContain(monthKey(2023, 4));
    expect(messageDateKeys('I moved 3 months ago', said)).toContain(monthKey(2023, 2));
    // Month arithmetic crosses the year: last month said in January is December of the year before.
    expect(messageDateKeys('last month was busy', at('2024-01-10'))).toContain(monthKey(2023, 11));
  });

  it('"last Friday" is the Friday before the day (never the day itself)', () => {
    // 2 June 2023 was a Friday: "last Friday" said then is 26 May.
    expect(messageDateKeys('last Friday I painted', at('2023-06-02'))).toContain(monthKey(2023, 4));
    expect(messageDateKeys('last Friday I painted', at('2023-06-05'))).toContain(monthKey(2023, 5));
  });

  it('without a time only explicit years count', () => {
    expect([...messageDateKeys('back in 2019, yesterday', undefined)]).toEqual([yearKey(2019)]);
  });

  it('words that only look relative add nothing', () => {
    const plain = messageDateKeys('I paint every day', at('2023-06-01'));
    expect(plain).toEqual(messageDateKeys('Hello', at('2023-06-01')));
  });

  it('expressions that name one day point to that day; "last week" to no day', () => {
    // Said on 8 July 2023 (a Saturday).
    const said = at('2023-07-08');
    expect(messageDateKeys('We had a picnic yesterday', said)).toContain(dayKey(2023, 6, 7));
    expect(messageDateKeys('I started three days ago', said)).toContain(dayKey(2023, 6, 5));
    expect(messageDateKeys('Last Friday I ran a race', said)).toContain(dayKey(2023, 6, 7));
    const lastWeek = messageDateKeys('We moved house last week', said);
    const days = [...lastWeek].filter((key) => /^[dD]/.test(key));
    expect(days).toEqual([dayKey(2023, 6, 8), anyYearDayKey(6, 8)]);
  });
});

describe('question dates', () => {
  it('a month with a year, a day or neither', () => {
    expect(queryDateKeys('What did Maria donate in December 2023?')).toEqual([monthKey(2023, 11)]);
    expect(queryDateKeys('What painting did Melanie show on October 13, 2023?')).toEqual([
      monthKey(2023, 9),
    ]);
    expect(queryDateKeys('When did Melanie go camping in June?')).toEqual([anyYearMonthKey(5)]);
  });

  it('years only when no month is named', () => {
    expect(queryDateKeys('How many times has Melanie gone to the beach in 2023?')).toEqual([
      yearKey(2023),
    ]);
    expect(queryDateKeys('What did she do?')).toEqual([]);
  });

  it('"may" is a month only with a day, a year, or after in/during', () => {
    expect(queryDateKeys('What may Caroline pursue?')).toEqual([]);
    expect(queryDateKeys('Who did Maria meet in May?')).toEqual([anyYearMonthKey(4)]);
    expect(queryDateKeys('Who did Maria have dinner with on May 3, 2023?')).toEqual([
      monthKey(2023, 4),
    ]);
  });

  it('a year written right after the comma still counts', () => {
    expect(queryDateKeys('Where was the picture shared on December 1,2023 taken?')).toEqual([
      monthKey(2023, 11),
    ]);
  });

  it('the days a question names, with or without the year', () => {
    expect(queryDayKeys('What natural disaster affected the area on 7 July, 2023?')).toEqual([
      dayKey(2023, 6, 7),
    ]);
    expect(queryDayKeys('Who did Maria have dinner with on May 3, 2023?')).toEqual([
      dayKey(2023, 4, 3),
    ]);
    expect(queryDayKeys('What book did Tim finish on 8th December, 2023?')).toEqual([
      dayKey(2023, 11, 8),
    ]);
    expect(queryDayKeys('Where was the picture shared on December 1,2023 taken?')).toEqual([
      dayKey(2023, 11, 1),
    ]);
    expect(queryDayKeys('What did Melanie show on October 13?')).toEqual([anyYearDayKey(9, 13)]);
    expect(queryDayKeys('What did Maria donate in December 2023?')).toEqual([]);
    expect(queryDayKeys('What may Caroline pursue?')).toEqual([]);
  });

  it('relative words in a question have nothing to resolve against', () => {
    expect(queryDateKeys('What did John do last week?')).toEqual([]);
  });

  it('keys read as dates', () => {
    expect(describeDateKey(monthKey(2023, 5))).toBe('June 2023');
    expect(describeDateKey(anyYearMonthKey(0))).toBe('January');
    expect(describeDateKey(yearKey(2022))).toBe('2022');
    expect(describeDateKey(dayKey(2023, 6, 7))).toBe('7 July 2023');
    expect(describeDateKey(anyYearDayKey(9, 13))).toBe('13 October');
  });
});
