// What the arena holds while the app runs, outside what it shows: the worker, the kept runs'
// IndexedDB store, the page-side model (real provider) and the Stop watchdog. One instance is
// made by the arena store (store.ts) and lives in its closure; nothing here is module state.

import type { ModelRequest } from '../../core/agent/types';
import { createStepCache } from '../../core/arena/cache';
import type { StepFn } from '../../core/strategies/types';
import { ArenaRunStore } from '../../adapters/arena-runs';

export type PageAsk = (request: ModelRequest, signal: AbortSignal) => Promise<string>;

export class ArenaRuntime {
  /** The replay worker (made on the first run; replaced after a failure). */
  worker: Worker | undefined;
  /** Model step answers on the page side (real provider), shared by reruns in this session. */
  private readonly pageCaches = new Map<string, ReturnType<typeof createStepCache>>();
  private runStore: ArenaRunStore | undefined;
  /** The page-side model: memory steps and probe questions the worker asks for. */
  pageStep: StepFn | undefined;
  pageAsk: PageAsk | undefined;
  /** Aborts the page-side model calls of the run in progress. */
  pageAbort: AbortController | undefined;
  stopWatchdog: ReturnType<typeof setTimeout> | undefined;

  /** The kept runs in IndexedDB (opened when first needed). */
  runs(): ArenaRunStore {
    return (this.runStore ??= new ArenaRunStore());
  }

  pageCacheFor(key: string): ReturnType<typeof createStepCache> {
    let cache = this.pageCaches.get(key);
    if (!cache) this.pageCaches.set(key, (cache = createStepCache()));
    return cache;
  }

  /** Ends the worker (and whatever it was doing); the next run starts a fresh one. */
  endWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }

  /** Stops the page-side model calls of the run in progress. */
  abortPage(): void {
    this.pageAbort?.abort();
    this.pageAbort = undefined;
  }

  clearWatchdog(): void {
    clearTimeout(this.stopWatchdog);
  }
}
