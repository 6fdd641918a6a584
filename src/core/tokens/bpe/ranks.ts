// The rank table of a tiktoken encoding, read for counting: the rank of every byte, "is this byte
// string a token?", and "is left + right a token, and which?" answered from the two ranks alone.
//
// Layout, chosen so that a lookup touches few cache lines and no JavaScript strings:
// - every token's bytes, decoded once from the table's base64, in one byte arena;
// - per token, one record of four numbers: hash of its bytes, length, offset in the arena;
// - an open-addressing table of (rank, hash) by hash and length.
// The hash is polynomial, so hash(left + right) = hash(left) * BASE^len(right) + hash(right): the
// joined string is never built. A candidate with the same hash and length is confirmed by
// comparing bytes, so answers are exact.

export interface TiktokenRanks {
  pat_str: string;
  bpe_ranks: string;
}

export interface RankTable {
  /** The encoding's piece pattern, capturing groups made non-capturing. */
  pattern: RegExp;
  /** Rank of each single byte (every byte is a token in tiktoken's tables). */
  byteRank: Int32Array;
  /** Number of ranks (highest rank + 1). */
  size: number;
  /** Bytes in the longest token. */
  longest: number;
  /** Is this ASCII piece one token? */
  isToken(asciiPiece: string): boolean;
  /** Writes a token's bytes into out at `at`; returns their number. */
  copyBytes(rank: number, out: Uint8Array, at: number): number;
  /** The rank of the token whose bytes are those of `left` then `right`, or NO_MERGE. */
  joinedRank(left: number, right: number): number;
}

export const NO_RANK = -1;
/** A pair known not to merge. */
export const NO_MERGE = -2;
/** Multiplier of the token-bytes hash (odd). */
const HASH_BASE = 0x01000193;
/** Record fields: hash, length, arena offset (and a spare, for alignment). */
const HASH = 0;
const LENGTH = 1;
const OFFSET = 2;
const RECORD = 4;

const BASE64 = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++)
  BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;

/** Decodes base64 text[start, end) into out at `at`; returns the number of bytes. */
function decodeBase64(text: string, start: number, end: number, out: Uint8Array, at: number) {
  let bits = 0;
  let held = 0;
  let n = 0;
  for (let i = start; i < end; i++) {
    const value = BASE64[text.charCodeAt(i)] ?? -1;
    if (value < 0) continue; // '=' padding
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[at + n++] = (bits >> held) & 0xff;
    }
  }
  return n;
}

export function readRankTable(bpe: TiktokenRanks): RankTable {
  // Segments "! <first rank> <token> <token> …", one per line; tokens are base64.
  const text = bpe.bpe_ranks;
  const segments: { offset: number; from: number; to: number }[] = [];
  let size = 0;
  let arenaBytes = 0;
  for (let lineStart = 0; lineStart < text.length;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const firstSpace = text.indexOf(' ', lineStart);
    const secondSpace = firstSpace < 0 ? -1 : text.indexOf(' ', firstSpace + 1);
    if (secondSpace > 0 && secondSpace < lineEnd) {
      const offset = Number.parseInt(text.slice(firstSpace + 1, secondSpace), 10);
      let count = 0;
      for (let i = secondSpace; i < lineEnd; i++) if (text.charCodeAt(i) === 32) count++;
      segments.push({ offset, from: secondSpace + 1, to: lineEnd });
      size = Math.max(size, offset + count);
      arenaBytes += lineEnd - secondSpace; // base64 is longer than its bytes: room to spare
    }
    lineStart = lineEnd + 1;
  }

  const arena = new Uint8Array(arenaBytes);
  const records = new Int32Array(size * RECORD);
  const present = new Uint8Array(size);
  let used = 0;
  let longest = 1;
  for (const segment of segments) {
    let rank = segment.offset;
    for (let start = segment.from; start < segment.to; rank++) {
      let end = text.indexOf(' ', start);
      if (end < 0 || end > segment.to) end = segment.to;
      const length = decodeBase64(text, start, end, arena, used);
      let hash = 0;
      for (let i = 0; i < length; i++)
        hash = (Math.imul(hash, HASH_BASE) + (arena[used + i] as number)) | 0;
      const record = rank * RECORD;
      records[record + HASH] = hash;
      records[record + LENGTH] = length;
      records[record + OFFSET] = used;
      present[rank] = 1;
      used += length;
      if (length > longest) longest = length;
      start = end + 1;
    }
  }

  const power = new Int32Array(2 * longest + 1);
  power[0] = 1;
  for (let i = 1; i < power.length; i++) power[i] = Math.imul(power[i - 1] as number, HASH_BASE);
  let hashBits = 1;
  while (1 << hashBits < size * 2) hashBits++;
  const hashMask = (1 << hashBits) - 1;
  // Two numbers a slot: rank (NO_RANK = empty) and the token's hash.
  const byHash = new Int32Array(2 << hashBits).fill(NO_RANK);
  const hashSlot = (hash: number, length: number) => {
    const mixed = Math.imul(hash ^ Math.imul(length, 0x27d4eb2d), 0x9e3779b1);
    return ((mixed ^ (mixed >>> 15)) & hashMask) << 1;
  };
  const slotMask = (hashMask << 1) | 1;
  for (let rank = 0; rank < size; rank++) {
    if (!present[rank]) continue;
    const record = rank * RECORD;
    const hash = records[record + HASH] as number;
    let slot = hashSlot(hash, records[record + LENGTH] as number);
    while (byHash[slot] !== NO_RANK) slot = (slot + 2) & slotMask;
    byHash[slot] = rank;
    byHash[slot + 1] = hash;
  }

  const byteRank = new Int32Array(256).fill(NO_RANK);
  const single = new Uint8Array(1);
  /** The rank of the token with bytes bytes[0, length), or NO_RANK. */
  function rankOf(bytes: Uint8Array, length: number): number {
    let hash = 0;
    for (let i = 0; i < length; i++) hash = (Math.imul(hash, HASH_BASE) + (bytes[i] as number)) | 0;
    for (let slot = hashSlot(hash, length); ; slot = (slot + 2) & slotMask) {
      const rank = byHash[slot] as number;
      if (rank === NO_RANK) return NO_RANK;
      const record = rank * RECORD;
      if (byHash[slot + 1] !== hash || records[record + LENGTH] !== length) continue;
      const offset = records[record + OFFSET] as number;
      let same = true;
      for (let i = 0; i < length && same; i++) same = arena[offset + i] === bytes[i];
      if (same) return rank;
    }
  }
  for (let b = 0; b < 256; b++) {
    single[0] = b;
    byteRank[b] = rankOf(single, 1);
  }
  // The merges start from single bytes and rely on each being a token.
  if (byteRank.includes(NO_RANK)) throw new Error('rank table lacks single-byte tokens');

  let asciiBuffer = new Uint8Array(64);
  return {
    // Capturing groups in the published patterns are only groupings.
    pattern: new RegExp(bpe.pat_str.replace(/\((?!\?)/g, '(?:'), 'gu'),
    byteRank,
    size,
    longest,
    isToken(asciiPiece) {
      if (asciiPiece.length > longest) return false;
      if (asciiBuffer.length < asciiPiece.length) asciiBuffer = new Uint8Array(longest);
      for (let i = 0; i < asciiPiece.length; i++) asciiBuffer[i] = asciiPiece.charCodeAt(i);
      return rankOf(asciiBuffer, asciiPiece.length) !== NO_RANK;
    },
    copyBytes(rank, out, at) {
      const record = rank * RECORD;
      const offset = records[record + OFFSET] as number;
      const length = records[record + LENGTH] as number;
      for (let i = 0; i < length; i++) out[at + i] = arena[offset + i] as number;
      return length;
    },
    joinedRank(left, right) {
      const leftRecord = left * RECORD;
      const rightRecord = right * RECORD;
      const leftLength = records[leftRecord + LENGTH] as number;
      const rightLength = records[rightRecord + LENGTH] as number;
      const length = leftLength + rightLength;
      const hash =
        (Math.imul(records[leftRecord + HASH] as number, power[rightLength] as number) +
          (records[rightRecord + HASH] as number)) |
        0;
      for (let slot = hashSlot(hash, length); ; slot = (slot + 2) & slotMask) {
        const rank = byHash[slot] as number;
        if (rank === NO_RANK) return NO_MERGE;
        if (byHash[slot + 1] !== hash) continue;
        const record = rank * RECORD;
        if (records[record + LENGTH] !== length) continue;
        const offset = records[record + OFFSET] as number;
        const leftOffset = records[leftRecord + OFFSET] as number;
        const rightOffset = records[rightRecord + OFFSET] as number;
        let same = true;
        for (let i = 0; i < leftLength && same; i++)
          same = arena[offset + i] === arena[leftOffset + i];
        for (let i = 0; i < rightLength && same; i++)
          same = arena[offset + leftLength + i] === arena[rightOffset + i];
        if (same) return rank;
      }
    },
  };
}
