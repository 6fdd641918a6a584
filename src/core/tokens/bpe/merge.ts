// tiktoken's merge rule on the bytes of one piece: merge the adjacent pair whose joined token has
// the lowest rank, the leftmost on ties, until no pair joins. Works on ranks, never on strings; the
// typed arrays are reused between calls.
// - up to SCAN_MERGE_MAX_BYTES bytes: linear scans;
// - longer: a binary heap of packed numbers (rank * n + start) over linked parts, O(n log n);
//   outdated heap entries are recognised by the part's current pair rank and skipped.
// A merge that ends in one token has just encoded that token's own bytes: its last join is the
// token's split, kept for the seam walk (seams.ts).

import { NO_MERGE } from './ranks';

/** splits value: not learned yet. */
export const SPLIT_UNKNOWN = -1;

/** Up to this many bytes a piece merges by linear scans; longer ones use the heap. */
const SCAN_MERGE_MAX_BYTES = 24;

export interface Merger {
  /** The buffer to write a piece's bytes into (valid until the next ensureCapacity). */
  bytes(): Uint8Array;
  /** Makes room for n bytes. */
  ensureCapacity(n: number): void;
  /** Merges bytes[0..n) and returns the number of tokens; first() and last() then name the ends. */
  merge(n: number): number;
  /** The first token of the last merge. */
  first(): number;
  /** The last token of the last merge. */
  last(): number;
  /** Writes the tokens of the last merge, in order, into out from offset. */
  copyTokens(out: Int32Array, offset: number): void;
  /**
   * Per token, two numbers: the left and right token of the last join of its own encoding, learned
   * from merges that ended in that one token; SPLIT_UNKNOWN where not learned yet.
   */
  readonly splits: Int32Array;
  /** Forgets the splits learned. */
  clear(): void;
}

export function createMerger(
  byteRank: Int32Array,
  tokenCount: number,
  pairRank: (left: number, right: number) => number,
): Merger {
  const splits = new Int32Array(tokenCount * 2).fill(SPLIT_UNKNOWN);
  let bytes = new Uint8Array(1024);
  let tokens = new Int32Array(1024);
  let pairs = new Int32Array(1024);
  let nextPart = new Int32Array(1024);
  let prevPart = new Int32Array(1024);
  // Each merge pushes at most two entries: 3n bounds the heap.
  let heapValues = new Float64Array(3 * 1024);
  let firstToken = 0;
  let lastToken = 0;
  // How the last merge left its tokens: packed in tokens[0..parts) (scan) or linked (heap).
  let lastWasHeap = false;
  let lastLength = 0;
  let lastParts = 0;
  // The two tokens of the last merge made.
  let joinedLeft = 0;
  let joinedRight = 0;

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
      joinedLeft = token[best] as number;
      joinedRight = token[best + 1] as number;
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
    firstToken = token[0] as number;
    lastToken = token[parts - 1] as number;
    return parts;
  }

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
    let tail = n - 1;
    while (length > 0) {
      const value = pop();
      const start = value % n;
      const rank = (value - start) / n;
      if (pairOf[start] !== rank) continue; // outdated entry
      const following = next[start] as number;
      joinedLeft = token[start] as number;
      joinedRight = token[following] as number;
      token[start] = rank;
      const after = next[following] as number;
      next[start] = after;
      if (after < n) prev[after] = start;
      else tail = start;
      pairOf[following] = NO_MERGE;
      parts--;
      const before = prev[start] as number;
      if (before >= 0) consider(before);
      consider(start);
    }
    firstToken = token[0] as number;
    lastToken = token[tail] as number;
    return parts;
  }

  return {
    bytes: () => bytes,
    ensureCapacity,
    merge(n) {
      lastWasHeap = n > SCAN_MERGE_MAX_BYTES;
      lastLength = n;
      lastParts = lastWasHeap ? heapMerge(n) : scanMerge(n);
      if (lastParts === 1 && n > 1) {
        splits[firstToken * 2] = joinedLeft;
        splits[firstToken * 2 + 1] = joinedRight;
      }
      return lastParts;
    },
    first: () => firstToken,
    last: () => lastToken,
    splits,
    clear: () => splits.fill(SPLIT_UNKNOWN),
    copyTokens(out, offset) {
      if (!lastWasHeap) {
        for (let i = 0; i < lastParts; i++) out[offset + i] = tokens[i] as number;
        return;
      }
      for (let part = 0; part < lastLength; part = nextPart[part] as number)
        out[offset++] = tokens[part] as number;
    },
  };
}
