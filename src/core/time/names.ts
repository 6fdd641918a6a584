// Calendar words: the English month and weekday names with their abbreviations. The one table
// every date parser reads (the specifics extractor, the retrieval's dates, the LoCoMo importer,
// the answer-type check); the Chinese and Japanese forms are in cjk.ts.

/** English month names, January first: a month's number is its index + 1. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** Month abbreviations ("may" has none), with "sept" beside "sep". */
export const MONTH_ABBREVIATIONS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sept',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

/** English weekday names, Sunday first, as `Date.getUTCDay` counts them. */
export const WEEKDAY_NAMES = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Weekday abbreviations, with the longer ones ("tues", "thurs") beside the short. */
export const WEEKDAY_ABBREVIATIONS = [
  'mon',
  'tues',
  'tue',
  'wed',
  'thurs',
  'thur',
  'thu',
  'fri',
  'sat',
  'sun',
] as const;

/** Every month and weekday name and abbreviation, lowercase. */
export const CALENDAR_WORDS: ReadonlySet<string> = new Set([
  ...WEEKDAY_NAMES,
  ...WEEKDAY_ABBREVIATIONS,
  ...MONTH_NAMES,
  ...MONTH_ABBREVIATIONS,
]);

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A month's name, capitalised ("June"), from its number (1-12); undefined outside 1-12. */
export function monthName(month: number): string | undefined {
  const name = MONTH_NAMES[month - 1];
  return name ? capitalised(name) : undefined;
}

/**
 * The month (1-12) a name or an abbreviation names, in any case, with or without a full stop
 * ("May.", "Sept", "DECEMBER"); undefined for any other word.
 */
export function monthOfName(word: string): number | undefined {
  if (word.length > 10) return undefined;
  const lower = word.toLowerCase().replace(/\.$/, '');
  const full = MONTH_NAMES.indexOf(lower as (typeof MONTH_NAMES)[number]);
  if (full >= 0) return full + 1;
  if (lower === 'sept') return 9;
  const short = MONTH_NAMES.findIndex((name) => name !== 'may' && name.slice(0, 3) === lower);
  return short >= 0 ? short + 1 : undefined;
}

/** The weekday (0 = Sunday … 6 = Saturday) a full weekday name names, in any case; else undefined. */
export function weekdayOfName(word: string): number | undefined {
  const day = WEEKDAY_NAMES.indexOf(word.toLowerCase() as (typeof WEEKDAY_NAMES)[number]);
  return day >= 0 ? day : undefined;
}

/** The full month names as a regex alternation, lowercase ("january|february|…"). */
export const MONTH_NAME_SOURCE = MONTH_NAMES.join('|');
/** The full weekday names as a regex alternation, lowercase. */
export const WEEKDAY_NAME_SOURCE = WEEKDAY_NAMES.join('|');
/**
 * A capitalised month as a regex group: a full name, or an abbreviation with an optional full
 * stop ("May." ends a sentence): "(January|…|December|(?:Jan|…|Dec)\.?)".
 */
export const WRITTEN_MONTH_SOURCE = `(${MONTH_NAMES.map(capitalised).join('|')}|(?:${MONTH_ABBREVIATIONS.map(capitalised).join('|')})\\.?)`;
/** A capitalised weekday, full or abbreviated, with an optional full stop (no group). */
export const WRITTEN_WEEKDAY_SOURCE = `(?:${[...WEEKDAY_NAMES, ...WEEKDAY_ABBREVIATIONS].map(capitalised).join('|')})\\.?`;
