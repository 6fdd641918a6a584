// Threads and runs: the UI's view of the agent. It asks the harness for a run (state/harness.ts
// composes it from the settings), feeds the run's events into the current thread through the
// recorder, and saves the thread to IndexedDB as it grows.

import { create } from 'zustand';
import type { TokenCounter } from '../core/tokens/counter';
import type { RequestPreview } from '../core/harness/preview';
import { newId } from '../core/agent/ids';
import { createThreadRecorder, recoverDraft, type StreamingDraft } from '../core/thread/recorder';
import {
  STRESS_THREAD_NOTICE,
  THREAD_PRESET_KEY,
  usesStressPreset,
} from '../core/compaction/settings';
import type { Settings } from '../core/settings';
import {
  copyThread,
  summarize,
  titleFrom,
  type ContextEvent,
  type MemoryEdit,
  type Thread,
  type ThreadSummary,
} from '../core/thread/thread';
import type { AgentEvent } from '../core/agent/events';
import type { Message } from '../core/agent/types';
import { memoryLoadedEntry } from '../core/memory/agents-md';
import type { UndoResult } from '../core/fs/journal';
import { layersSlot, type MemoryLayers } from '../core/harness/pipeline';
import {
  defaultSelection,
  normalizeSelection,
  strategyChoiceSlot,
  strategyOf as strategyOfState,
} from '../core/strategies/registry';
import type { StrategySelection } from '../core/strategies/types';
import { GeneratorUnavailableError, harnessForThread, onHarnessEvent } from './harness';
import { getServices, WORKSPACE } from './services';
import { useSettingsStore } from './settings';
import { useFilesStore } from './files';
import { useJournalStore } from './journal';
import { factRankers, strategyRankers, useFactsStore } from './facts';
import { errorText } from '../core/text/errors';

export type StreamingToolCall = StreamingDraft['toolCalls'][number];

/** The strategy a thread uses: its stored choice, or the default for new threads. */
export function strategyOf(thread: Thread | null, settings: Settings): StrategySelection {
  return strategyOfState(thread?.state, settings.strategy.default);
}

export type OpenResult = 'opened' | 'missing' | 'busy' | 'stale';

interface ChatStore {
  threads: ThreadSummary[];
  thread: Thread | null;
  running: boolean;
  /** The assistant message being streamed, before it lands in the thread. */
  streaming: { text: string; toolCalls: StreamingToolCall[] } | null;
  /** A storage or setup problem to show (the thread in memory is intact). */
  error?: string;
  loadThreads(): Promise<void>;
  /**
   * Opens a stored thread: 'missing' when none has the id, 'busy' while a run is going, 'stale'
   * when another open asked later.
   */
  openThread(id: string): Promise<OpenResult>;
  /** Shows a thread already read from storage (false while a run is going). */
  showThread(thread: Thread): boolean;
  newThread(): void;
  /**
   * Sends a message. `preset: 'stress'` puts the thread on the Stress compaction preset first,
   * with a notice saying so (the "Show me compaction" suggestion).
   */
  send(text: string, options?: SendOptions): Promise<void>;
  stop(): void;
  /**
   * Undoes a memory write recorded by this browser's journal (a chip's Undo, or the journal list's).
   * Refused, with the reason, for anything else: an imported record, a changed file.
   */
  undoMemoryEdit(entryId: string): Promise<UndoResult>;
  /** The exact request the next model call would send if `nextMessage` were sent now. */
  /** The next request as a run would send it, with the token counter that run would use. */
  previewNext(nextMessage?: string): Promise<RequestPreview & { counter: TokenCounter }>;
  dismissError(): void;
  /** Records an event that happened outside a run (e.g. a fact update) on a thread. */
  appendThreadEvent(threadId: string, event: Omit<ContextEvent, 'id' | 'at'>): Promise<void>;
  /** The strategy of the new thread that the next message starts (when no thread is open). */
  pendingStrategy: StrategySelection | null;
  /**
   * Chooses the context strategy of the open thread (or of the next new thread). It takes effect at
   * the next model call, mid-run included; the switch is recorded on the timeline then.
   */
  setStrategy(selection: StrategySelection): Promise<void>;
  /** Turns the AGENTS.md / fact memory layers on or off for the open thread (from the next run). */
  setLayers(layers: MemoryLayers): Promise<void>;
  /**
   * Saves a change to the open thread made outside a run (pins, an applied "Compact now"). Refused
   * (false) while a run is going or when another thread is open.
   */
  commitThread(thread: Thread): Promise<boolean>;
}

export interface SendOptions {
  preset?: 'stress';
}

let abortController: AbortController | null = null;
/** The running thread's working copy, so a strategy switch mid-run reaches the next model call. */
let runningThread: Thread | null = null;
/** Events for the running thread that arrived from outside the run (e.g. a fact update). */
const lateEvents: ContextEvent[] = [];
let saveChain: Promise<void> = Promise.resolve();
/** Only the latest openThread shows its thread (two clicks in a row may resolve out of order). */
let openSeq = 0;

function emptyThread(): Thread {
  const now = Date.now();
  const { settings } = useSettingsStore.getState();
  const pending = useChatStore.getState().pendingStrategy;
  const state = {};
  strategyChoiceSlot.write(state, pending ?? defaultSelection(settings.strategy.default));
  return {
    id: newId('thread'),
    title: 'New thread',
    workspace: WORKSPACE,
    createdAt: now,
    updatedAt: now,
    messages: [],
    state,
    calls: [],
    memoryEdits: [],
  };
}

export const useChatStore = create<ChatStore>((set, get) => {
  /** Saves in order; a failure is shown but never loses the thread held in memory. */
  function persist(thread: Thread) {
    const snapshot = copyThread(thread);
    saveChain = saveChain
      .then(() => getServices().threads.put(snapshot))
      .then(() => {
        const summary = summarize(snapshot);
        const others = get().threads.filter((t) => t.id !== summary.id);
        set({ threads: [summary, ...others].sort((a, b) => b.updatedAt - a.updatedAt) });
      })
      .catch((error: unknown) => set({ error: errorText(error) }));
    return saveChain;
  }

  return {
    threads: [],
    thread: null,
    running: false,
    streaming: null,
    pendingStrategy: null,

    async loadThreads() {
      set({ threads: await getServices().threads.list() });
    },

    async openThread(id) {
      if (get().running) return 'busy';
      const seq = ++openSeq;
      const thread = await getServices().threads.get(id);
      if (seq !== openSeq) return 'stale';
      if (!thread) return 'missing';
      return get().showThread(thread) ? 'opened' : 'busy';
    },

    showThread(thread) {
      if (get().running) return get().thread?.id === thread.id;
      openSeq++;
      const recovered = recoverDraft(thread);
      set({ thread, streaming: null, pendingStrategy: null });
      if (recovered) void persist(thread);
      return true;
    },

    newThread() {
      if (get().running) return;
      openSeq++;
      set({ thread: null, streaming: null, pendingStrategy: null });
    },

    async setStrategy(selection) {
      const choice = normalizeSelection(selection);
      const thread = get().thread;
      if (!thread) {
        set({ pendingStrategy: choice });
        return;
      }
      if (runningThread?.id === thread.id) strategyChoiceSlot.write(runningThread.state, choice);
      const state = { ...thread.state };
      strategyChoiceSlot.write(state, choice);
      const updated = { ...thread, state };
      set({ thread: updated });
      if (!get().running) await persist(updated);
    },

    async setLayers(layers) {
      const thread = get().thread;
      if (!thread || get().running) return;
      const state = { ...thread.state };
      layersSlot.write(state, layers);
      const updated = { ...thread, state };
      set({ thread: updated });
      await persist(updated);
    },

    async commitThread(thread) {
      if (get().running || get().thread?.id !== thread.id) return false;
      const updated = { ...thread, updatedAt: Date.now() };
      set({ thread: updated });
      await persist(updated);
      return true;
    },

    dismissError() {
      set({ error: undefined });
    },

    async appendThreadEvent(threadId, event) {
      const full: ContextEvent = { id: newId('evt'), at: Date.now(), ...event };
      if (get().running && get().thread?.id === threadId) {
        // The run's working copy owns the thread until it ends; it picks this up then.
        lateEvents.push(full);
        return;
      }
      const current = get().thread;
      if (current?.id === threadId && !get().running) {
        const updated = { ...current, events: [...(current.events ?? []), full] };
        set({ thread: updated });
        await persist(updated);
        return;
      }
      const stored = await getServices().threads.get(threadId);
      if (stored) await persist({ ...stored, events: [...(stored.events ?? []), full] });
    },

    stop() {
      abortController?.abort();
    },

    async send(text, options) {
      const content = text.trim();
      if (!content || get().running) return;
      set({ running: true, streaming: null, error: undefined });
      const controller = new AbortController();
      abortController = controller;

      // The working copy is mutated by the run and published to the store after each event.
      const working: Thread = copyThread(get().thread ?? emptyThread());
      if (working.messages.length === 0) working.title = titleFrom(content);
      const publish = () => {
        working.updatedAt = Date.now();
        set({
          thread: {
            ...working,
            messages: [...working.messages],
            calls: [...working.calls],
            events: [...(working.events ?? [])],
          },
        });
      };
      const appendMessage = (message: Message) => {
        working.messages.push(message);
        publish();
        void persist(working);
      };
      if (options?.preset === 'stress' && !usesStressPreset(working.state)) {
        working.state[THREAD_PRESET_KEY] = 'stress';
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind: 'info',
          content: STRESS_THREAD_NOTICE,
          createdAt: Date.now(),
        });
      }
      appendMessage({ role: 'user', id: newId('msg'), content, createdAt: Date.now() });
      const rankers = {
        factRankers,
        strategyRankers,
        onFactsInvalid: (message: string) => useFactsStore.setState({ invalid: message }),
      };
      let composed: Awaited<ReturnType<typeof harnessForThread>>;
      try {
        composed = await harnessForThread(working, { ...rankers, signal: controller.signal });
      } catch (error) {
        // Only the in-browser model can fail here: its download failed, was cancelled or stopped.
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind:
            error instanceof GeneratorUnavailableError && error.reason !== 'cancelled'
              ? 'error'
              : 'info',
          content:
            error instanceof GeneratorUnavailableError
              ? error.reason === 'cancelled'
                ? 'The model download was cancelled, so nothing was sent. Send again to download it, or choose another provider in Settings.'
                : `The in-browser model is not available: ${error.message}`
              : 'Stopped before the model was ready. Everything up to this point is kept.',
          createdAt: Date.now(),
        });
        abortController = null;
        set({ running: false });
        return;
      }
      if (!composed.ok) {
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind: 'error',
          content: `Settings need attention before this can be sent: ${composed.problems.join(' ')} Open Settings to fix them.`,
          createdAt: Date.now(),
        });
        abortController = null;
        set({ running: false });
        return;
      }
      const { harness, connection, settings, contextWindow, counter } = composed;
      const recorder = createThreadRecorder(working, {
        provider: connection.provider,
        model: connection.model,
        contextWindow,
        triggerFraction: settings.compaction.triggerFraction,
        counter,
        timeline: [memoryLoadedEntry],
      });
      let lastDraftSave = 0;
      const onEvent = (event: AgentEvent) => {
        const effects = recorder.apply(event);
        if (effects.streaming !== undefined) set({ streaming: effects.streaming });
        if (event.type === 'facts-ranked') useFactsStore.getState().recordRanking(event);
        if (effects.changed) publish();
        if (effects.appended) void persist(working);
        else if (event.type === 'stream' && Date.now() - lastDraftSave > 1_000) {
          // Keep what has arrived, so a reload mid-stream loses nothing.
          lastDraftSave = Date.now();
          void persist(working);
        }
        if (effects.filesChanged) void useFilesStore.getState().notifyChanged(effects.filesChanged);
      };

      runningThread = working;
      try {
        const outcome = await harness.run({
          threadId: working.id,
          history: working.messages,
          state: working.state,
          signal: controller.signal,
          emit: onEvent,
        });
        if (outcome.status === 'aborted') {
          appendMessage({
            role: 'notice',
            id: newId('msg'),
            kind: 'info',
            content: 'Stopped. Everything up to this point is kept; send a message to continue.',
            createdAt: Date.now(),
          });
        }
      } finally {
        abortController = null;
        runningThread = null;
        for (const late of lateEvents.splice(0)) working.events!.push(late);
        set({ running: false, streaming: null });
        publish();
        await persist(working);
      }
      // afterAgent, app side: the fact updater runs later (debounced), on what the run produced.
      useFactsStore.getState().schedule(working.id, working.messages);
    },

    async previewNext(nextMessage) {
      const thread = get().thread ?? emptyThread();
      const history: Message[] = [...thread.messages];
      if (nextMessage?.trim()) {
        history.push({
          role: 'user',
          id: 'next',
          content: nextMessage.trim(),
          createdAt: Date.now(),
        });
      }
      const composed = await harnessForThread(thread, {
        preview: true,
        factRankers,
        strategyRankers,
        onFactsInvalid: (message) => useFactsStore.setState({ invalid: message }),
      });
      if (!composed.ok) throw new Error(composed.problems.join(' '));
      const preview = await composed.harness.preview({
        threadId: thread.id,
        history,
        state: thread.state,
      });
      return { ...preview, counter: composed.counter };
    },

    async undoMemoryEdit(entryId) {
      if (get().running)
        return { ok: false, reason: 'A reply is running: undo once it has finished or stopped.' };
      // Only the journal decides: the thread's records are history and carry no authority.
      const result = await useJournalStore.getState().undo(entryId);
      if (!result.ok) return result;
      const { path } = result.entry;
      const thread = get().thread;
      if (thread) {
        const memoryEdits: MemoryEdit[] = thread.memoryEdits.map((e) =>
          e.journalId === entryId ? { ...e, undone: true } : e,
        );
        // Every thread that loaded the file sees the restored version before its next model call
        // (the AGENTS.md layer compares versions): nothing to mark here.
        const updated = { ...thread, memoryEdits };
        set({ thread: updated });
        await persist(updated);
      }
      await useFilesStore.getState().notifyChanged([path]);
      return result;
    },
  };
});

// Fact updates run after a run (the facts store's queue); a change comes back as a harness event
// and is recorded on its thread's timeline.
onHarnessEvent((event) => {
  if (event.type !== 'facts-updated') return;
  void useChatStore.getState().appendThreadEvent(event.threadId, {
    kind: 'facts-updated',
    detail: event.detail,
    path: '/memories/memory.json',
  });
});
