// Fact memory in the app: memory.json as the Facts panel shows it, the scores of the last model
// call, the debounced updater queue, and the embedding model (a worker) when a method needs it.

import { create } from 'zustand';
import type { FactScore } from '../core/memory/facts/inject';
import { newId } from '../core/agent/ids';
import type { RankerResolver } from '../core/retrieval/rank';
import type { Fact, FactCategory, MemoryJson } from '../core/memory/facts/schema';
import { MEMORY_JSON_PATH, modifyMemory, readMemory } from '../core/memory/facts/store';
import { describeChanges, createUpdateQueue, type UpdateQueue } from '../core/memory/facts/updater';
import type { FactsSettings } from '../core/memory/facts/settings';
import { FactsEmbedder, type FactsEmbedderStatus } from './facts-embedder';
import { getServices } from './services';
import { authored } from '../core/fs/journal';
import { useSettingsStore } from './settings';
import type { FactUpdateResult } from '../core/session/types';
import { useFilesStore } from './files';
import { errorText } from '../core/text/errors';

export interface UpdateReport {
  at: number;
  threadId: string;
  kind: 'updated' | 'unchanged' | 'error' | 'skipped';
  message: string;
  /** The model's raw answer when it was not usable, so the user can see why. */
  answer?: string;
}

interface FactsStore {
  memory: MemoryJson | null;
  /** Why memory.json could not be read (line and field), when it is invalid. */
  invalid?: string;
  /** Set when memory.json holds more facts than "Maximum facts": the sentence that says the cut. */
  cut?: string;
  /** Scores of the last model call, by fact id. */
  scores: Record<string, FactScore>;
  rankedMethod?: string;
  fallback?: string;
  embedder: FactsEmbedderStatus;
  /** The embedding worker and the rankers that use it (made once; held here, not in a module). */
  embedderRuntime: FactsEmbedder;
  pendingThreads: string[];
  updating: boolean;
  lastUpdate?: UpdateReport;
  load(): Promise<void>;
  addFact(fact: {
    content: string;
    category: FactCategory;
    confidence: number;
  }): Promise<string | null>;
  editFact(
    id: string,
    change: Partial<Pick<Fact, 'content' | 'category' | 'confidence'>>,
  ): Promise<string | null>;
  deleteFact(id: string): Promise<string | null>;
  recordRanking(event: { method: string; fallback?: string; scores: FactScore[] }): void;
  /**
   * After a run: queues the thread's update (debounced); `update` runs it (the thread session's,
   * through its harness, which records a change on the thread).
   */
  schedule(threadId: string, update: () => Promise<FactUpdateResult>): void;
  /** "Update memory now": runs `update` for the thread at once (replacing a queued one). */
  updateNow(threadId: string, update: () => Promise<FactUpdateResult>): Promise<void>;
  /** Creates or drops the embedding worker to match the settings; call when they change. */
  syncEmbedder(settings: FactsSettings): void;
  retryEmbedder(): void;
}

type Update = () => Promise<FactUpdateResult>;

/** The debounced updater queue (one, made and held by the store below). */
function createAppUpdateQueue(): UpdateQueue<Update> {
  const queue: UpdateQueue<Update> = createUpdateQueue<Update>({
    delayMs: () => useSettingsStore.getState().settings.facts.debounceMs,
    run: (threadId, update) => runUpdate(threadId, update, () => queue.pending()),
    onError: (threadId, error) =>
      report(threadId, 'error', `Memory update failed: ${errorText(error)}`),
  });
  return queue;
}

function report(threadId: string, kind: UpdateReport['kind'], message: string, answer?: string) {
  useFactsStore.setState({
    lastUpdate: { at: Date.now(), threadId, kind, message, ...(answer ? { answer } : {}) },
  });
}

async function runUpdate(threadId: string, update: Update, pending: () => string[]) {
  useFactsStore.setState({ updating: true, pendingThreads: pending() });
  try {
    // Through the thread session's harness: it records a change on the thread's timeline.
    const outcome = await update();
    switch (outcome.status) {
      case 'no-provider':
        report(threadId, 'error', `Memory update skipped: ${outcome.problems.join(' ')}`);
        return;
      case 'updated': {
        const detail = describeChanges(outcome.changes);
        const skipped = outcome.skipped ? ` ${outcome.skipped}` : '';
        report(threadId, 'updated', `memory.json updated: ${detail}${skipped}`);
        await useFilesStore.getState().notifyChanged([MEMORY_JSON_PATH]);
        break;
      }
      case 'unchanged':
        report(
          threadId,
          'unchanged',
          `The model found nothing new to remember.${outcome.skipped ? ` ${outcome.skipped}` : ''}`,
        );
        break;
      case 'skipped':
        report(threadId, 'skipped', `Nothing to update: ${outcome.reason}.`);
        break;
      case 'invalid-answer':
        report(
          threadId,
          'error',
          `The model's answer was not a valid memory update, so nothing changed: ${outcome.error}`,
          outcome.answer,
        );
        break;
      case 'invalid-memory':
        report(
          threadId,
          'error',
          `memory.json is invalid, so it was not updated: ${outcome.error}`,
        );
        break;
      case 'failed':
        report(threadId, 'error', `Memory update failed, nothing changed: ${outcome.error}`);
        break;
    }
    await useFactsStore.getState().load();
  } finally {
    useFactsStore.setState({ updating: false, pendingThreads: pending() });
  }
}

const maxFacts = () => useSettingsStore.getState().settings.facts.maxFacts;

async function change(mutate: (memory: MemoryJson) => MemoryJson): Promise<string | null> {
  try {
    const result = await modifyMemory(
      authored(getServices().fs, { kind: 'user', via: 'facts' }),
      mutate,
      { maxFacts: maxFacts() },
    );
    if (result.status === 'invalid') return `memory.json is invalid: ${result.error}`;
    await useFilesStore.getState().notifyChanged([MEMORY_JSON_PATH]);
    await useFactsStore.getState().load();
    return null;
  } catch (error) {
    return errorText(error);
  }
}

export const useFactsStore = create<FactsStore>((set, get) => {
  const queue = createAppUpdateQueue();
  return {
    embedderRuntime: new FactsEmbedder((embedder) => set({ embedder })),
    memory: null,
    scores: {},
    embedder: { state: 'off' },
    pendingThreads: [],
    updating: false,

    async load() {
      const read = await readMemory(getServices().fs, undefined, { maxFacts: maxFacts() });
      if (read.ok)
        set({
          memory: read.memory,
          invalid: undefined,
          // What a read left out: facts over the limit, malformed facts (each named).
          cut: [read.cut?.message, read.skipped].filter(Boolean).join(' ') || undefined,
        });
      else set({ memory: null, invalid: read.error, cut: undefined });
    },

    addFact({ content, category, confidence }) {
      // At the limit, the lowest confidence goes: a new fact below every kept one would be dropped
      // as soon as it is saved, so it is refused with the reason instead.
      const kept = get().memory?.facts ?? [];
      const limit = maxFacts();
      if (kept.length >= limit && kept.every((fact) => fact.confidence > confidence))
        return Promise.resolve(
          `Maximum facts (${limit.toLocaleString('en-US')}) is reached and every fact has a higher confidence than ${confidence}, so this one would be dropped at once. Raise Maximum facts in Settings, delete a fact, or give this one a higher confidence.`,
        );
      return change((memory) => ({
        ...memory,
        lastUpdated: new Date().toISOString(),
        facts: [
          ...memory.facts,
          {
            id: newId('fact'),
            content: content.trim(),
            category,
            confidence,
            createdAt: new Date().toISOString(),
            source: 'manual',
          },
        ],
      }));
    },

    editFact(id, edit) {
      return change((memory) => ({
        ...memory,
        lastUpdated: new Date().toISOString(),
        facts: memory.facts.map((fact) => (fact.id === id ? { ...fact, ...edit } : fact)),
      }));
    },

    deleteFact(id) {
      return change((memory) => ({
        ...memory,
        lastUpdated: new Date().toISOString(),
        facts: memory.facts.filter((fact) => fact.id !== id),
      }));
    },

    recordRanking(event) {
      set({
        scores: Object.fromEntries(event.scores.map((score) => [score.id, score])),
        rankedMethod: event.method,
        fallback: event.fallback,
      });
    },

    schedule(threadId, update) {
      if (!useSettingsStore.getState().settings.facts.enabled) return;
      queue.schedule(threadId, update);
      set({ pendingThreads: queue.pending() });
    },

    async updateNow(threadId, update) {
      queue.schedule(threadId, update);
      await queue.flush(threadId);
      set({ pendingThreads: queue.pending() });
    },

    syncEmbedder(settings) {
      get().embedderRuntime.sync(settings);
    },

    retryEmbedder() {
      const { embedderRuntime } = get();
      embedderRuntime.forget();
      embedderRuntime.sync(useSettingsStore.getState().settings.facts);
    },
  };
});

/** The rankers the chat hands to each harness: the store's own, for the app's lifetime. */
export const factRankers: RankerResolver = useFactsStore.getState().embedderRuntime.factRankers;
export const strategyRankers: RankerResolver =
  useFactsStore.getState().embedderRuntime.strategyRankers;

// The fact categories and the file the Facts panel names.
export { FACT_CATEGORIES } from '../core/memory/facts/schema';
export { MEMORY_JSON_PATH };
