// Dates and times, one module for every parser: the calendar words (names.ts), the one
// representation (calendar.ts), the written forms as regexes with their readers (forms.ts,
// cjk.ts), relative expressions (relative.ts), and whole strings read (parse.ts). Pure.

export * from './calendar';
export * from './cjk';
export * from './forms';
export * from './names';
export * from './parse';
export * from './relative';
