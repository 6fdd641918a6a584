// Past arena runs in IndexedDB (their own database), listed after a reload. At most MAX_RUNS are
// kept; the oldest go first.

import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ArenaRun } from '../core/arena/results';
import { toStorageError } from './storage-errors';

export interface PastRunSummary {
  id: string;
  createdAt: number;
  title: string;
  strategies: string[];
  partial: boolean;
  mode: ArenaRun['mode'];
}

const INDEX = 'index';
export const MAX_RUNS = 20;

export class ArenaRunStore {
  private readonly store: UseStore;
  constructor(dbName = 'mp-arena') {
    this.store = createStore(dbName, 'runs');
  }
  async list(): Promise<PastRunSummary[]> {
    return (await get<PastRunSummary[]>(INDEX, this.store)) ?? [];
  }
  get(id: string): Promise<ArenaRun | undefined> {
    return get<ArenaRun>(`run:${id}`, this.store);
  }
  async put(run: ArenaRun): Promise<PastRunSummary[]> {
    const summary: PastRunSummary = {
      id: run.id,
      createdAt: run.createdAt,
      title: run.transcript.title,
      strategies: run.runs.map((r) => r.label),
      partial: run.partial,
      mode: run.mode,
    };
    try {
      await set(`run:${run.id}`, run, this.store);
      const list = [summary, ...(await this.list()).filter((r) => r.id !== run.id)];
      for (const old of list.slice(MAX_RUNS)) await del(`run:${old.id}`, this.store);
      const kept = list.slice(0, MAX_RUNS);
      await set(INDEX, kept, this.store);
      return kept;
    } catch (error) {
      throw toStorageError(error, 'arena run');
    }
  }
}
