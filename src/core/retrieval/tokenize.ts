// The tokenizer the lexical rankers share: Unicode-aware word split, lowercase, optional accent
// folding, a small English stopword list and light stemming (Porter's step 1: plurals, -ed/-ing,
// final y). Chinese and Japanese text has no spaces, so runs of Han and kana become overlapping
// character pairs (a single character stays a unigram).

export interface TokenizerOptions {
  /** Drop common English function words. */
  stopwords: boolean;
  /** Light suffix stripping (paints, painted, painting -> paint). */
  stem: boolean;
  /** Shortest token kept (CJK tokens are always kept). */
  minLength: number;
  /** café -> cafe. */
  foldAccents: boolean;
  /** Irregular verb forms and plurals to their base form (bought -> buy, children -> child). */
  irregular?: boolean;
}

/**
 * What scikit-learn's TfidfVectorizer does by default, as DeerFlow uses it: words of two or more
 * word characters, lowercased, no stopwords, no stemming.
 */
export const SKLEARN_TOKENIZER: TokenizerOptions = {
  stopwords: false,
  stem: false,
  minLength: 2,
  foldAccents: false,
};

/** Our default for BM25 and the improved rankers (chosen on LoCoMo, see scripts/bench-locomo.ts). */
export const DEFAULT_TOKENIZER: TokenizerOptions = {
  stopwords: true,
  stem: true,
  minLength: 1,
  foldAccents: true,
};

import { baseForm } from './lemmas';

// Letters, marks, digits and underscore; apostrophes split words ("caroline's" -> caroline, s).
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/u;
const CJK_RUNS =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/gu;
const MARKS = /\p{M}+/gu;

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out ' +
    'over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves ' +
    // pieces left by the apostrophe split: it's, don't, I'm, you'll, we're, I've, I'd
    's t m ll re ve d ' +
    // chat filler
    'also yeah yes oh hey hi really got get just like well wow thanks thank lot'
  )
    .split(/\s+/)
    .filter(Boolean),
);

export function tokenize(text: string, options: TokenizerOptions = DEFAULT_TOKENIZER): string[] {
  const tokens: string[] = [];
  let normal = text.normalize(options.foldAccents ? 'NFKD' : 'NFKC').toLowerCase();
  if (options.foldAccents) normal = normal.replace(MARKS, '');
  for (const match of normal.matchAll(WORD)) {
    const word = match[0];
    if (CJK.test(word)) {
      for (const part of word.matchAll(CJK_RUNS)) {
        if (part[1]) pushCjk(part[1], tokens);
        else if (part[2]) pushWord(part[2], options, tokens);
      }
    } else pushWord(word, options, tokens);
  }
  return tokens;
}

function pushWord(word: string, options: TokenizerOptions, tokens: string[]): void {
  if (word.length < options.minLength) return;
  if (options.stopwords && STOPWORDS.has(word)) return;
  if (options.irregular) word = baseForm(word);
  tokens.push(options.stem ? stem(word) : word);
}

function pushCjk(run: string, tokens: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    tokens.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) tokens.push(`${chars[i]}${chars[i + 1]}`);
}

// --- Light stemming: Porter's step 1 (1a plurals, 1b -ed/-ing, 1c y -> i) ----------------------

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const result = step1c(step1b(step1a(word)));
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, result);
  return result;
}

const isConsonant = (word: string, i: number): boolean => {
  const c = word[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
};

/** Porter's m: the number of vowel-consonant sequences. */
function measure(word: string): number {
  let m = 0;
  let i = 0;
  const n = word.length;
  while (i < n && isConsonant(word, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(word, i)) i++;
    if (i >= n) break;
    m++;
    while (i < n && isConsonant(word, i)) i++;
  }
  return m;
}

const hasVowel = (word: string): boolean => {
  for (let i = 0; i < word.length; i++) if (!isConsonant(word, i)) return true;
  return false;
};

const endsDoubleConsonant = (word: string): boolean => {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
};

/** consonant-vowel-consonant at the end, the last not w, x or y (hop, not hoop or bow). */
const endsCvc = (word: string): boolean => {
  const n = word.length;
  if (n < 3) return false;
  const last = word[n - 1];
  return (
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
};

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  let stemmed: string | undefined;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stemmed = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stemmed = word.slice(0, -3);
  if (stemmed === undefined) return word;
  if (stemmed.endsWith('at') || stemmed.endsWith('bl') || stemmed.endsWith('iz'))
    return `${stemmed}e`;
  if (endsDoubleConsonant(stemmed) && !/[lsz]$/.test(stemmed)) return stemmed.slice(0, -1);
  if (measure(stemmed) === 1 && endsCvc(stemmed)) return `${stemmed}e`;
  return stemmed;
}

function step1c(word: string): string {
  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) return `${word.slice(0, -1)}i`;
  return word;
}
