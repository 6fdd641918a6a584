// What every ranker shares: documents, similarities, the ranker interface and the methods the app
// offers (fact memory's "Similarity" setting, the strategies' ranking).

export interface RankDoc {
  id: string;
  text: string;
}

/** Similarity in 0..1 by document id; every document given has an entry. */
export type Similarities = ReadonlyMap<string, number>;

export interface Ranker {
  readonly id: string;
  /**
   * Scores every doc against the query. Rankers keep what they computed for the last doc set
   * (statistics, vectors), so calling again with the same docs only scores the query.
   */
  similarities(query: string, docs: readonly RankDoc[]): Similarities | Promise<Similarities>;
}

export const SIMILARITY_METHODS = ['tfidf', 'bm25', 'embeddings', 'hybrid'] as const;
export type SimilarityMethod = (typeof SIMILARITY_METHODS)[number];
