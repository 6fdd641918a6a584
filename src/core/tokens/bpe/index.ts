// Counting-only byte-pair encoding over a tiktoken rank table (js-tiktoken's o200k_base and
// cl100k_base files). Pure TypeScript, no DOM: runs in Node, the page and workers. Counts are
// exactly tiktoken's (tests compare with js-tiktoken on many texts), special-token text counted as
// plain text like Tiktoken.encode(text, [], []).
//
// Why our own loop: js-tiktoken's encode merges with string joins in quadratic time per piece (one
// 10,000-character run without spaces takes about 22 s), and both it and gpt-tokenizer allocate a
// string or a byte array for every pair they look up. Here a text is split by the encoding's
// pattern, and each piece is answered by the first that applies of:
// - an ASCII piece that is a token: 1;
// - the piece cache (pieces met before, in any text);
// - a long piece with non-ASCII characters: built from its characters' encodings, re-encoding only
//   the seams that need it (characters.ts): exact, and no byte-level merge for known characters;
// - the merge of its bytes (merge.ts), on ranks only, pair ranks cached (pair-cache.ts, ranks.ts).
//
// Files: ranks.ts (the table), pair-cache.ts, merge.ts, characters.ts, seams.ts, generations.ts
// (the piece cache).

import { createCharacterCounter } from './characters';
import { GenerationCache } from './generations';
import { createMerger } from './merge';
import { createPairCache } from './pair-cache';
import { readRankTable, type TiktokenRanks } from './ranks';
import { createSeamCheck } from './seams';

export type { TiktokenRanks } from './ranks';

export interface BpeTokenizer {
  /** Tokens in a text. */
  countTokens(text: string): number;
  /** Empties every cache (for benchmarks: a cold count). */
  clearCache(): void;
}

/** Pieces (of any text) whose count is remembered; two generations of this size at most. */
const PIECE_CACHE_ENTRIES = 50_000;
/** ... and of this many characters at most (a generation is retired when either is reached). */
const PIECE_CACHE_CHARS = 1_000_000;
/** Slots of the pair-rank table (a power of two). */
const PAIR_TABLE_BITS = 17;
/** Non-ASCII pieces of more than this many UTF-16 units are counted by characters. */
const BY_CHARACTERS_MIN = 8;

export interface BpeOptions {
  /**
   * Count long non-ASCII pieces from their characters (default true). False merges every piece
   * whole: the plain algorithm, kept as the reference the tests compare with.
   */
  byCharacters?: boolean;
}

export function createBpeTokenizer(bpe: TiktokenRanks, options: BpeOptions = {}): BpeTokenizer {
  const byCharacters = options.byCharacters ?? true;
  const table = readRankTable(bpe);
  const pairs = createPairCache(PAIR_TABLE_BITS, table.joinedRank);
  const merger = createMerger(table.byteRank, table.size, pairs.get);
  const characters = createCharacterCounter(merger, createSeamCheck(table, merger));
  const pieces = new GenerationCache(PIECE_CACHE_ENTRIES, PIECE_CACHE_CHARS);
  const pattern = table.pattern;

  function countPiece(piece: string): number {
    let count = pieces.get(piece);
    if (count !== undefined) return count;
    let ascii = true;
    for (let i = 0; i < piece.length; i++) {
      if (piece.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      // An ASCII piece's characters are its bytes: looked up, or merged, without encoding.
      if (table.isToken(piece)) count = 1;
      else {
        merger.ensureCapacity(piece.length);
        const bytes = merger.bytes();
        for (let i = 0; i < piece.length; i++) bytes[i] = piece.charCodeAt(i);
        count = merger.merge(piece.length);
      }
    } else {
      count = byCharacters && piece.length > BY_CHARACTERS_MIN ? characters.count(piece) : -1;
      if (count < 0) {
        merger.ensureCapacity(piece.length * 3);
        count = merger.merge(utf8.encodeInto(piece, merger.bytes()).written);
      }
    }
    pieces.set(piece, count);
    return count;
  }

  return {
    countTokens(text: string): number {
      let total = 0;
      pattern.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(text)) !== null) {
        const piece = match[0];
        if (piece.length === 0) {
          pattern.lastIndex++;
          continue;
        }
        total += countPiece(piece);
      }
      return total;
    },
    clearCache(): void {
      pieces.clear();
      pairs.clear();
      merger.clear();
      characters.clear();
    },
  };
}

const utf8 = new TextEncoder();
