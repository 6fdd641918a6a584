// What a token holds (a bit per character class), so that each scanner runs only on the tokens that
// have the characters it needs.

export const F_DOT = 1; // a dot followed by a letter or digit
export const F_SLASH = 2;
export const F_BACKSLASH = 4;
export const F_AT = 8;
export const F_UNDERSCORE = 16;
export const F_DIGIT = 32;
export const F_INNER_CAPITAL = 64; // a capital after a letter: camelCase, GitHub
export const F_DASH = 128;
export const F_HASH = 256;
export const F_COLON = 512;
export const F_CALL = 1024; // "()"
export const F_LETTER = 2048;
