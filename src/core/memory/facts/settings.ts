// Fact memory's settings (SPEC section 9). src/core/settings.ts combines every feature's settings.

import { z } from 'zod';
import { BOUNDS } from '../../limits';
import { SIMILARITY_METHODS } from '../../retrieval/types';

export const MAX_FACTS_CEILING = BOUNDS.maxFactsCeiling.value;

export const factsSchema = z.object({
  enabled: z.boolean(),
  /** Delay after a run before the updater runs; later runs restart it. */
  debounceMs: z.number().int().min(0).max(3_600_000),
  similarityWeight: z.number().min(0).max(1),
  confidenceWeight: z.number().min(0).max(1),
  /** Exact token budget of the injected <memory> block. */
  budgetTokens: z.number().int().min(0).max(100_000),
  /** How many recent turns form the ranking context. */
  contextTurns: z.number().int().min(1).max(50),
  method: z.enum(SIMILARITY_METHODS),
  /** Facts under this confidence are not stored. */
  minConfidence: z.number().min(0).max(1),
  /**
   * Facts kept in memory.json, 1..1,000 (src/core/limits.ts); the lowest confidence is dropped
   * first, and the cut is said. Earlier versions allowed up to 10,000: a saved or imported value
   * above the ceiling reads as the ceiling rather than discarding every other setting.
   */
  maxFacts: z.preprocess(
    (value) =>
      typeof value === 'number' && Number.isInteger(value) && value > MAX_FACTS_CEILING
        ? MAX_FACTS_CEILING
        : value,
    z.number().int().min(1).max(MAX_FACTS_CEILING),
  ),
  embeddingModel: z.string().min(1).max(300),
  /** Empty: the Hugging Face hub. Else a base URL or a local path served by the app. */
  embeddingModelBaseUrl: z.string().max(2048),
});
export type FactsSettings = z.infer<typeof factsSchema>;

export const DEFAULT_FACTS_SETTINGS: FactsSettings = {
  enabled: true,
  debounceMs: 30_000,
  similarityWeight: 0.6,
  confidenceWeight: 0.4,
  budgetTokens: 2_000,
  contextTurns: 3,
  method: 'tfidf',
  minConfidence: 0.7,
  maxFacts: BOUNDS.maxFactsDefault.value,
  embeddingModel: 'Xenova/all-MiniLM-L6-v2',
  embeddingModelBaseUrl: '',
};
