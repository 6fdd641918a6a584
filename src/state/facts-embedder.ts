// The embedding model (a worker) for fact and turn ranking, when a method needs it, and the
// rankers that use it. One instance is made by the facts store (facts.ts) and lives in its
// closure; nothing here is module state.

import type { EmbedderStatus } from '../core/retrieval/embedder';
import { createRankerResolver, type RankerResolver } from '../core/retrieval/rank';
import type { FactsSettings } from '../core/memory/facts/settings';
import { createEmbedderClient, type EmbedderClient } from '../adapters/embedder-client';
import { createVectorCache, type VectorCache } from '../adapters/vector-cache';

export type FactsEmbedderStatus = EmbedderStatus | { state: 'off' };

export class FactsEmbedder {
  private client: EmbedderClient | undefined;
  /** The settings the client was made for ('' when embeddings are off). */
  private key = '';
  private unsubscribe: (() => void) | undefined;
  private cache: VectorCache | undefined;
  /** Rankers for the facts middleware; embeddings fall back to BM25 until the worker is ready. */
  readonly factRankers: RankerResolver;
  /**
   * The same rankers for the context strategies (retrieval, long-term, ranked page-in), as
   * separate instances: each ranker caches its last document set, and facts and turns differ.
   */
  readonly strategyRankers: RankerResolver;

  constructor(private readonly setStatus: (status: FactsEmbedderStatus) => void) {
    this.factRankers = this.createRankers();
    this.strategyRankers = this.createRankers();
  }

  /** Creates or drops the worker to match the settings (nothing happens when they are the same). */
  sync(settings: FactsSettings): void {
    const wanted =
      settings.enabled && (settings.method === 'embeddings' || settings.method === 'hybrid');
    const key = wanted ? `${settings.embeddingModel}\u0000${settings.embeddingModelBaseUrl}` : '';
    if (key === this.key) return;
    this.unsubscribe?.();
    this.client?.dispose();
    this.client = undefined;
    this.unsubscribe = undefined;
    this.key = key;
    if (!wanted) {
      this.setStatus({ state: 'off' });
      return;
    }
    const client = createEmbedderClient({
      modelId: settings.embeddingModel,
      baseUrl: settings.embeddingModelBaseUrl,
    });
    this.client = client;
    this.unsubscribe = client.subscribe((status) => this.setStatus(status));
    // Start the download now so the progress bar shows; ranking stays lexical until it is ready.
    client.load();
  }

  /** Makes the next sync start a fresh worker even with the same settings. */
  forget(): void {
    this.key = '';
  }

  private createRankers(): RankerResolver {
    const cache = () => (this.cache ??= createVectorCache());
    return createRankerResolver({
      embedder: () => this.client,
      status: () => {
        const status = this.client?.status;
        if (!status) return { state: 'off' };
        return status.state === 'failed'
          ? { state: 'failed', message: status.message }
          : { state: status.state };
      },
      // Read lazily: the vector cache (IndexedDB) opens when the embeddings first need it.
      get cache() {
        return cache();
      },
    });
  }
}
