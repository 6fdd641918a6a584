// A long randomized check of the counter's two shortcuts against the plain algorithm (the unit
// tests run a short one on every `npm test`):
// - the seam walk over merge trees (src/core/tokens/bpe/seams.ts) against encoding the pair's
//   bytes, on token pairs cut from random byte strings (about half of them not valid) and on any
//   two ranks;
// - counting long pieces from their characters (bpe/characters.ts) against merging every piece
//   whole, on texts from many scripts, emoji, lone surrogates and runs of one character; every
//   200th text is also compared with js-tiktoken.
// Prints the number of cases and of mismatches per encoding; exits 1 on any mismatch.
//
//   npm run fuzz:tokens                       (1,000,000 pairs and 40,000 texts per encoding)
//   npm run fuzz:tokens -- --pairs 3000000 --texts 100000

import { Tiktoken } from 'js-tiktoken/lite';
import { createMerger } from '../src/core/tokens/bpe/merge';
import { createPairCache } from '../src/core/tokens/bpe/pair-cache';
import { readRankTable } from '../src/core/tokens/bpe/ranks';
import { createSeamCheck } from '../src/core/tokens/bpe/seams';
import { createBpeTokenizer, loadRanks, type EncodingName } from '../src/core/tokens/counter';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAIRS = option('--pairs', 1_000_000);
const TEXTS = option('--texts', 40_000);

const RANGES: [number, number][] = [
  [0x4e00, 0x9fff],
  [0x3040, 0x30ff],
  [0xac00, 0xd7a3],
  [0x0400, 0x04ff],
  [0x0590, 0x06ff],
  [0x0900, 0x097f],
  [0x0e00, 0x0e7f],
  [0x00c0, 0x024f],
  [0x2000, 0x2bff],
  [0x3000, 0x303f],
  [0xff00, 0xffef],
  [0x1f300, 0x1faff],
  [0x0300, 0x036f],
  [0x0021, 0x007e],
  [0xd800, 0xdfff],
];

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

let failures = 0;
for (const encoding of ['o200k_base', 'cl100k_base'] as EncodingName[]) {
  const ranks = await loadRanks(encoding);

  // ---- seams ----
  const table = readRankTable(ranks);
  const pairs = createPairCache(17, table.joinedRank);
  const merger = createMerger(table.byteRank, table.size, pairs.get);
  const check = createSeamCheck(table, merger);
  const random = generator(encoding === 'o200k_base' ? 99 : 98);
  const buffer = new Uint8Array(4 * table.longest);
  const encodeBytes = (bytes: Uint8Array) => {
    merger.ensureCapacity(bytes.length);
    merger.bytes().set(bytes);
    const out = new Int32Array(bytes.length);
    const parts = merger.merge(bytes.length);
    merger.copyTokens(out, 0);
    return out.subarray(0, parts);
  };
  let checked = 0;
  let invalid = 0;
  let seamMismatches = 0;
  for (let i = 0; i < PAIRS; i++) {
    let left: number;
    let right: number;
    if (i % 2 === 0) {
      // One or two tokens' bytes cut anywhere: the two sides' encodings meet at a seam.
      let length = table.copyBytes(Math.floor(random() * table.size), buffer, 0);
      if (random() < 0.5)
        length += table.copyBytes(Math.floor(random() * table.size), buffer, length);
      if (length < 2) continue;
      const cut = 1 + Math.floor(random() * (length - 1));
      const before = encodeBytes(buffer.slice(0, cut));
      const after = encodeBytes(buffer.slice(cut, length));
      left = before[before.length - 1] as number;
      right = after[0] as number;
    } else {
      left = Math.floor(random() * table.size);
      right = Math.floor(random() * table.size);
    }
    const expected = check.byEncoding(left, right);
    checked++;
    if (!expected) invalid++;
    if (check.valid(left, right) !== expected) {
      seamMismatches++;
      if (seamMismatches <= 5) console.log(`  seam mismatch ${encoding}: ${left} | ${right}`);
    }
  }
  console.log(
    `${encoding} seams: ${checked.toLocaleString('en-US')} pairs (${invalid.toLocaleString('en-US')} not valid), ${seamMismatches} mismatches`,
  );

  // ---- counting by characters ----
  const plain = createBpeTokenizer(ranks, { byCharacters: false });
  const ours = createBpeTokenizer(ranks);
  const reference = new Tiktoken(ranks);
  const pick = () => {
    const [from, to] = RANGES[Math.floor(random() * RANGES.length)]!;
    return [from, to] as const;
  };
  let characters = 0;
  let countMismatches = 0;
  for (let i = 0; i < TEXTS; i++) {
    const length = 1 + Math.floor(random() * 300);
    const kind = i % 4;
    const [from, to] = pick();
    const narrow = 2 + Math.floor(random() * 200);
    let text = '';
    while (text.length < length) {
      if (kind === 0) {
        const [f, t] = pick();
        text += String.fromCodePoint(f + Math.floor(random() * (t - f)));
      } else if (kind === 1) {
        // A few characters of one script, repeated: words form and re-form across seams.
        text += String.fromCodePoint(from + Math.floor(random() * Math.min(narrow, to - from)));
      } else if (kind === 2) {
        text += random() < 0.1 ? ' ' : String.fromCodePoint(from + Math.floor(random() * 8));
      } else text += String.fromCodePoint(from).repeat(1 + Math.floor(random() * 40));
    }
    characters += text.length;
    if (i % 5_000 === 0) ours.clearCache();
    const expected = plain.countTokens(text);
    let got = ours.countTokens(text);
    if (got === expected && i % 200 === 0) got = reference.encode(text, [], []).length;
    if (got !== expected) {
      countMismatches++;
      if (countMismatches <= 5)
        console.log(`  count mismatch ${encoding}: ${JSON.stringify(text)} ${got} vs ${expected}`);
    }
  }
  console.log(
    `${encoding} counts: ${TEXTS.toLocaleString('en-US')} texts, ${characters.toLocaleString('en-US')} characters, ${countMismatches} mismatches`,
  );
  failures += seamMismatches + countMismatches;
}
if (failures > 0) process.exitCode = 1;
