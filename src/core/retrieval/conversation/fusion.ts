// Positions of the best scores, and reciprocal-rank fusion of rankings (lexical with embeddings).

/**
 * The same as topIndices for a small `n`, in one pass (no sort of every score): positions of the
 * `n` best positive scores, best first, ties earlier first.
 */
export function bestIndices(scores: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  if (n <= 0) return out;
  for (let i = 0; i < scores.length; i++) {
    const value = scores[i]!;
    if (!(value > 0)) continue;
    if (out.length === n && value <= scores[out[n - 1]!]!) continue;
    // Insert after every position that scores at least as much (earlier positions win ties).
    let at = out.length;
    while (at > 0 && scores[out[at - 1]!]! < value) at--;
    out.splice(at, 0, i);
    if (out.length > n) out.pop();
  }
  return out;
}

/** Positions of the `n` best positive scores, best first (ties: earlier first). */
export function topIndices(scores: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) out.push(i);
  out.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return out.slice(0, n);
}

/**
 * Reciprocal-rank fusion: sum over rankings of weight / (k + rank), ranks 1-based over the
 * positive scores of each ranking (ties share the better rank). Scaled so that first in every
 * ranking is 1. A position no ranking retrieved scores 0.
 */
export function reciprocalRankFusion(
  rankings: readonly { scores: ArrayLike<number>; weight: number }[],
  k = 60,
): Float64Array {
  const size = rankings[0]?.scores.length ?? 0;
  const out = new Float64Array(size);
  let best = 0;
  for (const { scores, weight } of rankings) {
    if (weight <= 0) continue;
    if (scores.length !== size)
      throw new Error('reciprocalRankFusion: rankings of different sizes');
    best += weight / (k + 1);
    const order = topIndices(scores, size);
    let rank = 0;
    let previous = Number.NaN;
    order.forEach((i, at) => {
      if (scores[i] !== previous) rank = at + 1;
      previous = scores[i]!;
      out[i] = out[i]! + weight / (k + rank);
    });
  }
  if (best > 0) for (let i = 0; i < size; i++) out[i] = out[i]! / best;
  return out;
}
