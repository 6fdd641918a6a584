// The two shortcuts of the counter against the plain algorithm they replace:
// - the seam walk over merge trees (seams.ts) against encoding the pair's bytes;
// - counting long pieces from their characters (characters.ts) against merging them whole.
// The plain algorithm itself is compared with js-tiktoken in ../tokens.test.ts.
import { describe, expect, it } from 'vitest';
import { loadRanks, type EncodingName } from '../counter';
import { createBpeTokenizer } from './index';
import { createMerger } from './merge';
import { createPairCache } from './pair-cache';
import { readRankTable } from './ranks';
import { createSeamCheck } from './seams';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: <T>(list: readonly T[]) => list[int(list.length)] as T };
}

/** Character ranges texts are drawn from: scripts, symbols, emoji, and what lies between. */
const RANGES: [number, number][] = [
  [0x4e00, 0x9fff], // CJK ideographs
  [0x3040, 0x30ff], // kana
  [0xac00, 0xd7a3], // Hangul
  [0x0400, 0x04ff], // Cyrillic
  [0x0590, 0x06ff], // Hebrew, Arabic
  [0x0900, 0x097f], // Devanagari
  [0x0e00, 0x0e7f], // Thai
  [0x00c0, 0x024f], // Latin accents
  [0x2000, 0x2bff], // punctuation, arrows, symbols
  [0x3000, 0x303f], // CJK punctuation
  [0xff00, 0xffef], // full-width forms
  [0x1f300, 0x1faff], // emoji
  [0x0300, 0x036f], // combining marks
  [0x0021, 0x007e], // ASCII
];

describe('seam check', () => {
  it.each(ENCODINGS)(
    'walking the merge trees answers as encoding the pair does (%s)',
    async (encoding) => {
      const table = readRankTable(await loadRanks(encoding));
      const pairs = createPairCache(17, table.joinedRank);
      const merger = createMerger(table.byteRank, table.size, pairs.get);
      const check = createSeamCheck(table, merger);
      const random = generator(encoding === 'o200k_base' ? 101 : 202);

      // Tokens worth pairing: those of characters in every range, of common words, and any rank.
      const tokens = new Set<number>();
      const encodeBytes = (bytes: Uint8Array) => {
        merger.ensureCapacity(bytes.length);
        merger.bytes().set(bytes);
        const n = bytes.length;
        const out = new Int32Array(n);
        const parts = merger.merge(n);
        merger.copyTokens(out, 0);
        return Array.from(out.subarray(0, parts));
      };
      const encode = (text: string) => encodeBytes(new TextEncoder().encode(text));
      // Words and runs, from the ranges' characters and from common words in several scripts.
      const words = [
        '我们',
        '今天',
        'プロジェクト',
        '문장입니다',
        'привет',
        '——',
        '。。',
        'ing',
        ' the',
      ];
      for (let i = 0; i < 2000; i++) {
        const [from, to] = random.pick(RANGES);
        const length = 2 + random.int(6);
        words.push(
          String.fromCodePoint(
            ...Array.from({ length }, () => from + random.int(Math.min(80, to - from + 1))),
          ),
        );
      }
      for (const [from, to] of RANGES)
        for (let i = 0; i < 300; i++)
          for (const token of encode(String.fromCodePoint(from + random.int(to - from + 1))))
            tokens.add(token);
      for (const word of words) for (const token of encode(word)) tokens.add(token);
      for (let i = 0; i < 3000; i++) tokens.add(random.int(table.size));
      const list = [...tokens];

      let invalid = 0;
      const checked = 60_000;
      for (let i = 0; i < checked; i++) {
        // A third: the seam between two texts encoded apart (words cut in two often do not stand
        // apart); a third: a token's encoding cut in two; a third: any two tokens.
        let left: number;
        let right: number;
        if (i % 3 === 0) {
          const word = random.pick(words);
          const cut = 1 + random.int(word.length - 1);
          const before = encode(word.slice(0, cut));
          const after = encode(word.slice(cut));
          left = before[before.length - 1] as number;
          right = after[0] as number;
        } else if (i % 3 === 1) {
          const token = random.pick(list);
          merger.ensureCapacity(table.longest);
          const n = table.copyBytes(token, merger.bytes(), 0);
          if (n < 2) continue;
          const bytes = merger.bytes().slice(0, n);
          const cut = 1 + random.int(n - 1);
          const before = encodeBytes(bytes.subarray(0, cut));
          const after = encodeBytes(bytes.subarray(cut));
          left = before[before.length - 1] as number;
          right = after[0] as number;
        } else {
          left = random.pick(list);
          right = random.pick(list);
        }
        const expected = check.byEncoding(left, right);
        if (!expected) invalid++;
        expect(check.valid(left, right), `seam ${left} | ${right}`).toBe(expected);
      }
      // Both answers were exercised.
      expect(invalid).toBeGreaterThan(checked / 10);
      expect(invalid).toBeLessThan(checked);
    },
    120_000,
  );
});

describe('counting long pieces from their characters', () => {
  function texts(seed: number): string[] {
    const random = generator(seed);
    const char = () => {
      const [from, to] = random.pick(RANGES);
      return String.fromCodePoint(from + random.int(to - from + 1));
    };
    const words = [
      '我们',
      '今天',
      '项目',
      '设计',
      'プロジェクト',
      'です',
      '한국어',
      '문장',
      'данные',
    ];
    const out: string[] = [
      '——'.repeat(300),
      '。'.repeat(500),
      'ーーーー'.repeat(100),
      '👍🏽'.repeat(200),
      '\u00e9'.repeat(400),
      '\u0301'.repeat(300),
      'ab\u0301'.repeat(200),
      '\ud800'.repeat(50) + '字\udfff字',
    ];
    for (let i = 0; i < 400; i++) {
      const length = 1 + random.int(120);
      let text = '';
      const script = random.int(4);
      while (text.length < length) {
        if (script === 0) text += random.pick(words);
        else if (script === 1) text += char();
        else if (script === 2) {
          const [from, to] = random.pick(RANGES.slice(0, 4));
          text += String.fromCodePoint(from + random.int(Math.min(60, to - from)));
        } else text += random.next() < 0.1 ? ' ' : random.pick(words) + char();
      }
      out.push(text);
    }
    return out;
  }

  it.each(ENCODINGS)(
    'gives the counts of merging every piece whole, cold and warm (%s)',
    async (encoding) => {
      const ranks = await loadRanks(encoding);
      const plain = createBpeTokenizer(ranks, { byCharacters: false });
      const ours = createBpeTokenizer(ranks);
      const all = texts(encoding === 'o200k_base' ? 5 : 6);
      const expected = all.map((text) => plain.countTokens(text));
      for (let pass = 0; pass < 3; pass++) {
        if (pass === 2) ours.clearCache();
        all.forEach((text, i) =>
          expect(ours.countTokens(text), `pass ${pass}: ${JSON.stringify(text)}`).toBe(expected[i]),
        );
      }
      expect(ours.countTokens(all.join(''))).toBe(plain.countTokens(all.join('')));
    },
    120_000,
  );
});
