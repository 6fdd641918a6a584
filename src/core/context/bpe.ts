// Counting-only byte-pair encoding over a tiktoken rank table (js-tiktoken's o200k_base and
// cl100k_base files). Pure TypeScript, no DOM: runs in Node, the page and workers. Counts are
// exactly tiktoken's (tests compare with js-tiktoken on many texts), special-token text counted as
// plain text like Tiktoken.encode(text, [], []).
//
// Why our own loop: js-tiktoken's encode merges with string joins in quadratic time per piece (one
// 10,000-character run without spaces takes about 22 s), and both it and gpt-tokenizer allocate a
// string or a byte array for every pair they look up. Here:
// - a piece is split by the encoding's regular expression, then answered in this order: a rank-table
//   hit for an ASCII piece (one token), the piece cache (pieces seen before, in any text), or the
//   merge;
// - the merge works on token ranks, never on strings: the rank of a merged pair comes from a
//   numeric hash table keyed by the two ranks, filled on demand from a table of tokens by a
//   polynomial hash of their bytes (hash(a + b) follows from hash(a), hash(b) and b's length, so no
//   string is built; a candidate is confirmed by comparing bytes), so a CJK piece costs a few
//   integer probes per byte;
// - short pieces merge with a linear scan over typed arrays reused between calls; long ones (runs
//   without spaces, base64, minified code) with a binary heap and linked parts, O(n log n).

export interface TiktokenRanks {
  pat_str: string;
  bpe_ranks: string;
}

export interface BpeTokenizer {
  /** Tokens in a text. */
  countTokens(text: string): number;
  /** Empties the piece and pair caches (for benchmarks: a cold count). */
  clearCache(): void;
}

/** Pieces (of any text) whose count is remembered; two generations of this size at most. */
const PIECE_CACHE_ENTRIES = 50_000;
/** ... and of this many characters at most (a generation is retired when either is reached). */
const PIECE_CACHE_CHARS = 1_000_000;
/** Slots of the pair table (a power of two); it is emptied when 5/8 full. */
const PAIR_TABLE_BITS = 17;
/** Up to this many bytes a piece merges by linear scans; longer ones use the heap. */
const SCAN_MERGE_MAX_BYTES = 24;

const NO_RANK = -1;
/** Multiplier of the token-bytes hash (odd). */
const HASH_BASE = 0x01000193;
/** Pair-table value for a pair known not to merge. */
const NO_MERGE = -2;

/**
 * A counting-only tokenizer over a tiktoken rank table. Rank keys are the token's bytes as a Latin-1
 * string (atob gives exactly that), so an ASCII piece is its own key.
 */
export function createBpeTokenizer(bpe: TiktokenRanks): BpeTokenizer {
  const ranks = new Map<string, number>();
  // The bytes of each token as a Latin-1 string, by rank (only read when a new pair is met).
  const tokenBytes: string[] = [];
  for (const line of bpe.bpe_ranks.split('\n')) {
    if (!line) continue;
    const parts = line.split(' ');
    const offset = Number.parseInt(parts[1] ?? '0', 10);
    for (let i = 2; i < parts.length; i++) {
      const bytes = atob(parts[i] ?? '');
      ranks.set(bytes, offset + i - 2);
      tokenBytes[offset + i - 2] = bytes;
    }
  }
  const byteRank = new Int32Array(256);
  for (let b = 0; b < 256; b++) byteRank[b] = ranks.get(String.fromCharCode(b)) ?? NO_RANK;
  // Every byte is a token in tiktoken's tables; the merge relies on it.
  if (byteRank.includes(NO_RANK)) throw new Error('rank table lacks single-byte tokens');

  // ---- tokens by hash of their bytes: is left + right a token? without building the string ----
  // A polynomial hash per token, so that hash(left + right) = hash(left) * BASE^len(right) +
  // hash(right); candidates are confirmed by comparing the bytes.
  const tokenTotal = tokenBytes.length;
  const tokenHash = new Int32Array(tokenTotal);
  const tokenLength = new Int32Array(tokenTotal);
  let longest = 1;
  for (let rank = 0; rank < tokenTotal; rank++) {
    const bytes = tokenBytes[rank];
    if (bytes === undefined) continue;
    let hash = 0;
    for (let i = 0; i < bytes.length; i++)
      hash = (Math.imul(hash, HASH_BASE) + bytes.charCodeAt(i)) | 0;
    tokenHash[rank] = hash;
    tokenLength[rank] = bytes.length;
    if (bytes.length > longest) longest = bytes.length;
  }
  const power = new Int32Array(2 * longest + 1);
  power[0] = 1;
  for (let i = 1; i < power.length; i++) power[i] = Math.imul(power[i - 1] as number, HASH_BASE);
  let hashBits = 1;
  while (1 << hashBits < tokenTotal * 2) hashBits++;
  const hashMask = (1 << hashBits) - 1;
  const byHash = new Int32Array(1 << hashBits).fill(NO_RANK);
  const hashSlot = (hash: number, length: number) => {
    const mixed = Math.imul(hash ^ Math.imul(length, 0x27d4eb2d), 0x9e3779b1);
    return (mixed ^ (mixed >>> 15)) & hashMask;
  };
  for (let rank = 0; rank < tokenTotal; rank++) {
    if (tokenBytes[rank] === undefined) continue;
    let slot = hashSlot(tokenHash[rank] as number, tokenLength[rank] as number);
    while (byHash[slot] !== NO_RANK) slot = (slot + 1) & hashMask;
    byHash[slot] = rank;
  }

  /** The rank of the token whose bytes are those of `left` then `right`, or NO_MERGE. */
  function joinedRank(left: number, right: number): number {
    const rightLength = tokenLength[right] as number;
    const length = (tokenLength[left] as number) + rightLength;
    const hash =
      (Math.imul(tokenHash[left] as number, power[rightLength] as number) +
        (tokenHash[right] as number)) |
      0;
    for (let slot = hashSlot(hash, length); ; slot = (slot + 1) & hashMask) {
      const rank = byHash[slot] as number;
      if (rank === NO_RANK) return NO_MERGE;
      if (tokenHash[rank] !== hash || tokenLength[rank] !== length) continue;
      const bytes = tokenBytes[rank] as string;
      if (
        bytes.startsWith(tokenBytes[left] as string) &&
        bytes.endsWith(tokenBytes[right] as string)
      )
        return rank;
    }
  }
  // Capturing groups in the published patterns are only groupings: make them non-capturing.
  const pattern = new RegExp(bpe.pat_str.replace(/\((?!\?)/g, '(?:'), 'gu');

  // ---- pair table: (left rank, right rank) -> merged rank, NO_MERGE, or empty ----
  // One array, three numbers a slot (left, right, value) and a spare, so a probe reads one line.
  const size = 1 << PAIR_TABLE_BITS;
  const mask = size - 1;
  const pairTable = new Int32Array(size * 4).fill(NO_RANK);
  let pairCount = 0;

  function pairRank(left: number, right: number): number {
    let slot = Math.imul(left ^ Math.imul(right, 0x9e3779b1), 0x85ebca77);
    slot = ((slot ^ (slot >>> 16)) & mask) << 2;
    const table = pairTable;
    for (;;) {
      const key = table[slot] as number;
      if (key === left && table[slot + 1] === right) return table[slot + 2] as number;
      if (key === NO_RANK) break;
      slot = (slot + 4) & ((mask << 2) | 3);
    }
    const value = joinedRank(left, right);
    if (pairCount >= (size >> 3) * 5) {
      // Full enough to slow probing down: start over (it is only a cache).
      table.fill(NO_RANK);
      pairCount = 0;
      return value;
    }
    table[slot] = left;
    table[slot + 1] = right;
    table[slot + 2] = value;
    pairCount++;
    return value;
  }

  // ---- piece cache: two generations, so a hit costs one lookup and old pieces age out ----
  let young = new Map<string, number>();
  let old = new Map<string, number>();
  let youngChars = 0;

  function remember(piece: string, tokens: number): void {
    if (piece.length > PIECE_CACHE_CHARS) return;
    if (young.size >= PIECE_CACHE_ENTRIES || youngChars + piece.length > PIECE_CACHE_CHARS) {
      old = young;
      young = new Map();
      youngChars = 0;
    }
    young.set(piece, tokens);
    youngChars += piece.length;
  }

  // ---- merging ----
  let bytes = new Uint8Array(1024);
  let tokens = new Int32Array(1024);
  let pairs = new Int32Array(1024);
  let nextPart = new Int32Array(1024);
  let prevPart = new Int32Array(1024);
  // Each merge pushes at most two entries: 3n bounds the heap.
  let heapValues = new Float64Array(3 * 1024);

  function ensureCapacity(n: number): void {
    if (n <= bytes.length) return;
    let capacity = bytes.length;
    while (capacity < n) capacity *= 2;
    bytes = new Uint8Array(capacity);
    tokens = new Int32Array(capacity);
    pairs = new Int32Array(capacity);
    nextPart = new Int32Array(capacity);
    prevPart = new Int32Array(capacity);
    heapValues = new Float64Array(3 * capacity);
  }

  /** The piece's UTF-8 bytes into `bytes`; returns their number. */
  function encodePiece(piece: string, ascii: boolean): number {
    if (ascii) {
      ensureCapacity(piece.length);
      for (let i = 0; i < piece.length; i++) bytes[i] = piece.charCodeAt(i);
      return piece.length;
    }
    ensureCapacity(piece.length * 3);
    return utf8.encodeInto(piece, bytes).written;
  }

  /** tiktoken's rule by linear scans: merge the lowest-ranked pair, the leftmost on ties. */
  function scanMerge(n: number): number {
    const token = tokens;
    const pair = pairs;
    const input = bytes;
    for (let i = 0; i < n; i++) token[i] = byteRank[input[i] as number] as number;
    let previous = token[0] as number;
    for (let i = 0; i < n - 1; i++) {
      const current = token[i + 1] as number;
      pair[i] = pairRank(previous, current);
      previous = current;
    }
    let parts = n;
    while (parts > 1) {
      let best = -1;
      let bestRank = 0x7fffffff;
      for (let i = 0; i < parts - 1; i++) {
        const rank = pair[i] as number;
        if (rank >= 0 && rank < bestRank) {
          bestRank = rank;
          best = i;
        }
      }
      if (best < 0) break;
      token[best] = bestRank;
      // Remove part best + 1.
      for (let i = best + 1; i < parts - 1; i++) {
        token[i] = token[i + 1] as number;
        pair[i] = pair[i + 1] as number;
      }
      parts--;
      if (best < parts - 1) pair[best] = pairRank(bestRank, token[best + 1] as number);
      if (best > 0) pair[best - 1] = pairRank(token[best - 1] as number, bestRank);
    }
    return parts;
  }

  /**
   * The same rule with a binary heap of packed numbers (rank * n + start) and linked parts, for
   * longer pieces; outdated heap entries are recognised by the part's current pair rank and
   * skipped. O(n log n); the arrays are reused between calls.
   */
  function heapMerge(n: number): number {
    const next = nextPart;
    const prev = prevPart;
    const token = tokens;
    const pairOf = pairs;
    const heap = heapValues;
    const input = bytes;
    let length = 0;
    const push = (value: number) => {
      let i = length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const up = heap[parent] as number;
        if (up <= value) break;
        heap[i] = up;
        i = parent;
      }
      heap[i] = value;
    };
    const pop = (): number => {
      const top = heap[0] as number;
      const last = heap[--length] as number;
      if (length > 0) {
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= length) break;
          const right = left + 1;
          let child = left;
          if (right < length && (heap[right] as number) < (heap[left] as number)) child = right;
          if ((heap[child] as number) >= last) break;
          heap[i] = heap[child] as number;
          i = child;
        }
        heap[i] = last;
      }
      return top;
    };
    const consider = (start: number) => {
      const following = next[start] as number;
      const rank =
        following < n ? pairRank(token[start] as number, token[following] as number) : NO_MERGE;
      pairOf[start] = rank;
      if (rank >= 0) push(rank * n + start);
    };
    for (let i = 0; i < n; i++) {
      next[i] = i + 1;
      prev[i] = i - 1;
      token[i] = byteRank[input[i] as number] as number;
    }
    for (let i = 0; i < n - 1; i++) consider(i);
    pairOf[n - 1] = NO_MERGE;

    let parts = n;
    while (length > 0) {
      const value = pop();
      const start = value % n;
      const rank = (value - start) / n;
      if (pairOf[start] !== rank) continue; // outdated entry
      const following = next[start] as number;
      token[start] = rank;
      const after = next[following] as number;
      next[start] = after;
      if (after < n) prev[after] = start;
      pairOf[following] = NO_MERGE;
      parts--;
      const before = prev[start] as number;
      if (before >= 0) consider(before);
      consider(start);
    }
    return parts;
  }

  function countPiece(piece: string): number {
    // Pieces met before (in any text) first: the young map is far smaller than the rank table.
    let count = young.get(piece);
    if (count !== undefined) return count;
    count = old.get(piece);
    if (count === undefined) {
      let ascii = true;
      for (let i = 0; i < piece.length; i++) {
        if (piece.charCodeAt(i) > 0x7f) {
          ascii = false;
          break;
        }
      }
      // An ASCII piece is its own rank key. (A non-ASCII one is not: its key is its UTF-8 bytes.)
      if (ascii && ranks.has(piece)) count = 1;
      else {
        const n = encodePiece(piece, ascii);
        count = n <= SCAN_MERGE_MAX_BYTES ? scanMerge(n) : heapMerge(n);
      }
    }
    remember(piece, count);
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
      young = new Map();
      old = new Map();
      youngChars = 0;
      pairTable.fill(NO_RANK);
      pairCount = 0;
    },
  };
}

const utf8 = new TextEncoder();
