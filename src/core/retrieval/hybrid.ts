// Hybrid similarity: a lexical ranker (BM25) and an embedding ranker combined, either as a
// weighted mix of their 0..1 similarities or by reciprocal-rank fusion scaled to 0..1.

import type { Ranker, RankDoc, Similarities } from './types';
import { ScoreMap } from './lexical';

export interface HybridOptions {
  lexical: Ranker;
  semantic: Ranker;
  /** 'weighted' (default): w x semantic + (1 - w) x lexical. 'rrf': reciprocal-rank fusion. */
  mode?: 'weighted' | 'rrf';
  /** Weight of the semantic similarity in 'weighted' mode (default 0.5). */
  semanticWeight?: number;
  /** RRF's k (default 60). */
  rrfK?: number;
}

export function createHybridRanker(options: HybridOptions): Ranker {
  const mode = options.mode ?? 'weighted';
  const w = Math.min(1, Math.max(0, options.semanticWeight ?? 0.5));
  const k = Math.max(1, options.rrfK ?? 60);
  return {
    id: 'hybrid',
    async similarities(query: string, docs: readonly RankDoc[]): Promise<Similarities> {
      const [lexical, semantic] = await Promise.all([
        options.lexical.similarities(query, docs),
        options.semantic.similarities(query, docs),
      ]);
      if (mode === 'weighted') {
        // Both lexical and embedding rankers answer ScoreMaps over the doc order: mix the arrays.
        if (
          lexical instanceof ScoreMap &&
          semantic instanceof ScoreMap &&
          sameOrder(lexical.order, semantic.order)
        ) {
          const a = lexical.array;
          const b = semantic.array;
          const mixed = new Float64Array(a.length);
          for (let i = 0; i < mixed.length; i++) mixed[i] = w * (b[i] ?? 0) + (1 - w) * (a[i] ?? 0);
          return new ScoreMap(lexical.order, lexical.index, mixed);
        }
        const out = new Map<string, number>();
        for (const doc of docs)
          out.set(doc.id, w * (semantic.get(doc.id) ?? 0) + (1 - w) * (lexical.get(doc.id) ?? 0));
        return out;
      }
      const out = new Map<string, number>();
      const lexicalRank = ranks(lexical);
      const semanticRank = ranks(semantic);
      const best = 2 / (k + 1);
      for (const doc of docs) {
        const a = lexicalRank.get(doc.id);
        const b = semanticRank.get(doc.id);
        const fused = (a ? 1 / (k + a) : 0) + (b ? 1 / (k + b) : 0);
        out.set(doc.id, fused / best);
      }
      return out;
    },
  };
}

/** 1-based rank of each doc with a positive similarity (ties share the better rank). */
export function ranks(similarities: Similarities): Map<string, number> {
  const entries = [...similarities].filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1]);
  const out = new Map<string, number>();
  let rank = 0;
  let previous = Number.NaN;
  entries.forEach(([id, value], i) => {
    if (value !== previous) rank = i + 1;
    previous = value;
    out.set(id, rank);
  });
  return out;
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
