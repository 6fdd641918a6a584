// Numbers written as words: the small English counting words and Chinese numerals. Shared by the
// date parsers (core/time), the units of the flight recorder and the Demo's file writer.

/** English number words one to ten. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const CJK_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CJK_SMALL_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const CJK_BIG_UNITS: Record<string, number> = { 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };

/** The value of a Chinese numeral ("三", "十二", "二〇二四", "一百五十"), or NaN. */
export function cjkNumeralValue(numeral: string): number {
  const chars = Array.from(numeral);
  // Digit by digit: 二〇二四 = 2024.
  if (chars.length > 1 && chars.every((c) => c in CJK_DIGITS))
    return Number(chars.map((c) => CJK_DIGITS[c]).join(''));
  let total = 0;
  let section = 0;
  let digit = -1;
  for (const c of chars) {
    if (c in CJK_DIGITS) digit = CJK_DIGITS[c]!;
    else if (c in CJK_SMALL_UNITS) {
      section += (digit < 0 ? 1 : digit) * CJK_SMALL_UNITS[c]!;
      digit = -1;
    } else if (c in CJK_BIG_UNITS) {
      total += (section + Math.max(digit, 0)) * CJK_BIG_UNITS[c]!;
      section = 0;
      digit = -1;
    } else return Number.NaN;
  }
  return total + section + Math.max(digit, 0);
}

/** A number written in digits or in Chinese numerals ("12", "十二"), or NaN. */
export const numeral = (s: string): number => (/^\d+$/.test(s) ? Number(s) : cjkNumeralValue(s));
