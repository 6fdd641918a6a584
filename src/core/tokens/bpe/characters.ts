// Counting a long piece (a run of CJK text, emoji, accented words without spaces) from the
// encodings of its characters instead of merging all its bytes at once.
//
// Why it is exact: call a token sequence valid when it is the byte-pair encoding of its own bytes.
// Every token that an encoding outputs is valid on its own, every sub-sequence of a valid sequence
// is valid (the merges that built it never crossed its ends), and a valid sequence followed by a
// token is valid when the pair at the seam is: when encoding the bytes of (left, right) gives back
// exactly (left, right). A merge across the seam would have to begin as a merge of a part of the
// left token with a part of the right one, and encoding the pair tries exactly those. So a
// sequence whose every adjacent pair is valid is the encoding of its bytes, the only one. (The
// argument is that of github/rust-gems' "bpe" crate, its corollaries II and III.)
//
// So the tokens of each character (cached per UTF-16 unit) are pushed on a stack one by one; where
// the seam with the top is not valid (seams.ts), the two tokens are replaced by the encoding of
// their bytes (cached per pair: "valid", or the one or two tokens it gives), pushed in turn. When the
// piece ends, every seam on the stack is valid: its height is the count. Known characters cost an
// array read and a pair lookup or two each, with no strings and no heap.
//
// A piece that needs more re-encodings than STEPS_PER_CHAR per character (a safeguard against
// inputs built to cascade) is handed back to the whole-piece merge, so the worst case stays the
// heap's O(n log n).

import type { Merger } from './merge';
import { createPairCache } from './pair-cache';
import { NO_RANK } from './ranks';
import type { SeamCheck } from './seams';

/** Slots of the seam table (a power of two). */
const SEAM_TABLE_BITS = 16;
/** Seam-table value: the pair is valid. */
const VALID = -3;
/** Seam-table value: the pair's bytes encode into three or more tokens (encoded again when met). */
const LONG = -4;
/** Re-encodings allowed per UTF-16 unit before the piece goes back to the whole-piece merge. */
const STEPS_PER_CHAR = 4;

export interface CharacterCounter {
  /** Tokens in the piece, or -1 when it should be merged whole instead. */
  count(piece: string): number;
  clear(): void;
}

export function createCharacterCounter(merger: Merger, check: SeamCheck): CharacterCounter {
  // The tokens of each UTF-16 unit on its own, 4 numbers a unit: count (0 = not yet), tokens.
  const byUnit = new Int32Array(0x10000 * 4);
  let stack = new Int32Array(256);
  let pending = new Int32Array(256);
  let scratch = new Int32Array(64);

  let secondToken = NO_RANK;
  const seams = createPairCache(
    SEAM_TABLE_BITS,
    (left, right) => {
      secondToken = NO_RANK;
      if (check.valid(left, right)) return VALID;
      const parts = check.encodePair(left, right);
      if (parts === 2) secondToken = merger.last();
      return parts <= 2 ? merger.first() : LONG;
    },
    () => secondToken,
  );

  /** The result of the last merge, pushed on `pending` last token first. */
  function queueMerged(parts: number, top: number): number {
    if (scratch.length < parts) scratch = new Int32Array(parts * 2);
    merger.copyTokens(scratch, 0);
    for (let k = parts - 1; k >= 0; k--) pending[top++] = scratch[k] as number;
    return top;
  }

  /** Index in byUnit of the unit's entry, filled if new. */
  function unitEntry(unit: number): number {
    const entry = unit * 4;
    if (byUnit[entry] !== 0) return entry;
    const bytes = merger.bytes();
    let n: number;
    if (unit < 0x80) {
      bytes[0] = unit;
      n = 1;
    } else if (unit < 0x800) {
      bytes[0] = 0xc0 | (unit >> 6);
      bytes[1] = 0x80 | (unit & 0x3f);
      n = 2;
    } else {
      // A lone surrogate is written as U+FFFD, as TextEncoder does (pairs are handled apart).
      const code = unit >= 0xd800 && unit < 0xe000 ? 0xfffd : unit;
      bytes[0] = 0xe0 | (code >> 12);
      bytes[1] = 0x80 | ((code >> 6) & 0x3f);
      bytes[2] = 0x80 | (code & 0x3f);
      n = 3;
    }
    byUnit[entry] = merger.merge(n);
    merger.copyTokens(byUnit, entry + 1);
    return entry;
  }

  return {
    count(piece) {
      const room = 4 * piece.length + 8;
      if (stack.length < room) {
        stack = new Int32Array(room);
        pending = new Int32Array(room);
      }
      let depth = 0;
      let top = 0;
      let steps = STEPS_PER_CHAR * piece.length;
      for (let i = 0; i < piece.length;) {
        const unit = piece.charCodeAt(i);
        const low = unit >= 0xd800 && unit < 0xdc00 ? piece.charCodeAt(i + 1) : 0;
        if (low >= 0xdc00 && low < 0xe000) {
          // A character beyond the BMP: four bytes, encoded each time (rare enough).
          const code = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          const bytes = merger.bytes();
          bytes[0] = 0xf0 | (code >> 18);
          bytes[1] = 0x80 | ((code >> 12) & 0x3f);
          bytes[2] = 0x80 | ((code >> 6) & 0x3f);
          bytes[3] = 0x80 | (code & 0x3f);
          top = queueMerged(merger.merge(4), top);
          i += 2;
        } else {
          const entry = unitEntry(unit);
          const count = byUnit[entry] as number;
          i++;
          if (
            depth === 0 ||
            seams.get(stack[depth - 1] as number, byUnit[entry + 1] as number) === VALID
          ) {
            // The usual case: the character's first token stands apart from what comes before,
            // and its own tokens stand apart from each other (they are one encoding).
            for (let k = 1; k <= count; k++) stack[depth++] = byUnit[entry + k] as number;
            continue;
          }
          for (let k = count; k >= 1; k--) pending[top++] = byUnit[entry + k] as number;
        }
        while (top > 0) {
          const token = pending[--top] as number;
          if (depth === 0) {
            stack[depth++] = token;
            continue;
          }
          const left = stack[depth - 1] as number;
          const joined = seams.get(left, token);
          if (joined === VALID) {
            stack[depth++] = token;
            continue;
          }
          if (--steps < 0) return -1;
          depth--;
          if (joined === LONG) top = queueMerged(check.encodePair(left, token), top);
          else {
            const second = seams.extra();
            if (second !== NO_RANK) pending[top++] = second;
            pending[top++] = joined;
          }
        }
      }
      return depth;
    },
    clear() {
      byUnit.fill(0);
      seams.clear();
    },
  };
}
