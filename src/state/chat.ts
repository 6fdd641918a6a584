// Threads and runs as the UI shows them: the threads list, the open thread, whether a run is going,
// the answer being streamed, and a storage or setup problem. The run itself belongs to the open
// thread's session (src/core/session: the working copy, the harness, the recorder, the saves, the
// fact update); this store forwards the UI's actions to it and holds what its stream says.

import { create } from 'zustand';
import type { TokenCounter } from '../core/tokens/counter';
import type { RequestPreview } from '../core/harness/preview';
import { newId } from '../core/agent/ids';
import type { StreamingDraft } from '../core/thread/recorder';
import type { Settings } from '../core/settings';
import type { Thread, ThreadSummary } from '../core/thread/thread';
import { loadThread, type LoadedThread } from '../core/thread/save';
import type { UndoResult } from '../core/fs/journal';
import type { CompactionPreview, PendingCompaction } from '../core/compaction/manual';
import type { ContextEvent } from '../core/thread/thread';
import { layersSlot, type MemoryLayers } from '../core/harness/pipeline';
import {
  defaultSelection,
  normalizeSelection,
  strategyChoiceSlot,
  strategyOf as strategyOfState,
} from '../core/strategies/registry';
import type { StrategySelection } from '../core/strategies/types';
import {
  createThreadSession,
  type SendOptions,
  type SessionEvent,
  type ThreadSession,
} from '../core/session/session';
import type { SessionDeps } from '../core/session/types';
import { resolveHarness } from './harness';
import { getServices, WORKSPACE } from './services';
import { useSettingsStore } from './settings';
import { useFilesStore } from './files';
import { useJournalStore } from './journal';
import { factRankers, strategyRankers, useFactsStore } from './facts';

export type StreamingToolCall = StreamingDraft['toolCalls'][number];
export type { SendOptions } from '../core/session/session';

/** The strategy a thread uses: its stored choice, or the default for new threads. */
export function strategyOf(thread: Thread | null, settings: Settings): StrategySelection {
  return strategyOfState(thread?.state, settings.strategy.default);
}

export type OpenResult = 'opened' | 'missing' | 'busy' | 'stale';

interface ChatStore {
  threads: ThreadSummary[];
  thread: Thread | null;
  running: boolean;
  /** Compaction records of the last run still being built (after it ended). */
  recordsPending: boolean;
  /** The assistant message being streamed, before it lands in the thread. */
  streaming: { text: string; toolCalls: StreamingToolCall[] } | null;
  /** A storage or setup problem to show (the thread in memory is intact). */
  error?: string;
  /** Something to tell that is not a problem (another tab's messages merged in). */
  notice?: string;
  loadThreads(): Promise<void>;
  /**
   * Opens a stored thread: 'missing' when none has the id, 'busy' while a run is going, 'stale'
   * when another open asked later.
   */
  openThread(id: string): Promise<OpenResult>;
  /** Shows a thread already read from storage (false while a run is going). */
  showThread(thread: Thread, revision?: string): boolean;
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
  /** The next request as a run would send it, with the token counter that run would use. */
  previewNext(nextMessage?: string): Promise<RequestPreview & { counter: TokenCounter }>;
  dismissError(): void;
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
   * Changes the open thread outside a run (pins) and saves it. Refused (false) while a run is going
   * or when no thread is open.
   */
  updateThread(change: (thread: Thread) => void): Promise<boolean>;
  /** "Compact now" on the open thread: what it would write (nothing changes yet). */
  compactNow(signal: AbortSignal): Promise<CompactionPreview>;
  /** Applies a previewed compaction to the open thread. */
  applyCompaction(
    pending: PendingCompaction,
  ): Promise<{ ok: true; event: ContextEvent } | { ok: false; reason: string }>;
  /** "Update memory now" for the open thread. */
  updateFactsNow(): Promise<void>;
}

function emptyThread(pending: StrategySelection | null): Thread {
  const now = Date.now();
  const { settings } = useSettingsStore.getState();
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

/** The edges a session is given: the app's storage, harness resolution, journal and fact queue. */
function sessionDeps(): SessionDeps {
  const { threads, fs } = getServices();
  return {
    store: threads,
    fs,
    resolveHarness: (state, purpose) =>
      resolveHarness(state, purpose, {
        factRankers,
        strategyRankers,
        onFactsInvalid: (message) => useFactsStore.setState({ invalid: message }),
      }),
    undoJournal: (entryId) => useJournalStore.getState().undo(entryId),
    scheduleFacts: (threadId, update) => useFactsStore.getState().schedule(threadId, update),
  };
}

export const useChatStore = create<ChatStore>((set, get) => {
  /** The sessions this tab has open (the open thread's, and any still saving or building). */
  const sessions = new Map<string, { session: ThreadSession; unsubscribe: () => void }>();
  let open: ThreadSession | null = null;
  /** Only the latest openThread shows its thread (two clicks in a row may resolve out of order). */
  let openSeq = 0;

  const onSessionEvent = (session: ThreadSession, event: SessionEvent) => {
    // Any session's saves reach the threads list (a fact update on a thread no longer open).
    if (event.type === 'saved') {
      const others = get().threads.filter((t) => t.id !== event.summary.id);
      set({
        threads: [event.summary, ...others].sort((a, b) => b.updatedAt - a.updatedAt),
      });
      return;
    }
    if (event.type === 'save-failed') return set({ error: event.message });
    if (event.type === 'files-changed')
      return void useFilesStore.getState().notifyChanged(event.paths);
    if (event.type === 'agent') {
      if (event.event.type === 'facts-ranked') useFactsStore.getState().recordRanking(event.event);
      return;
    }
    if (session !== open) return;
    switch (event.type) {
      case 'thread':
        return set({ thread: event.thread });
      case 'running':
        return set({ running: event.running });
      case 'records':
        return set({ recordsPending: event.pending });
      case 'streaming':
        return set({ streaming: event.streaming });
      case 'notice':
        return set({ notice: event.message });
    }
  };

  const sessionFor = (loaded: LoadedThread): ThreadSession => {
    const kept = sessions.get(loaded.thread.id);
    // A session still busy (saving, building records) has the newest copy in this tab; an idle
    // one starts over from storage, which may have changed (an import).
    if (kept && !kept.session.idle()) return kept.session;
    // A thread handed over without its revision (the router's read) is no newer than the session
    // this tab already has on it: starting over from it would recover its streaming draft twice.
    if (kept && loaded.revision === undefined) return kept.session;
    kept?.unsubscribe();
    const session = createThreadSession(loaded, sessionDeps());
    const unsubscribe = session.subscribe((event) => onSessionEvent(session, event));
    sessions.set(session.id, { session, unsubscribe });
    return session;
  };

  /** Makes `session` the open one (null: a new thread, not stored until its first message). */
  const attach = (session: ThreadSession | null) => {
    const left = open && open !== session ? sessions.get(open.id) : undefined;
    if (left?.session === open && open.idle()) {
      left.unsubscribe();
      sessions.delete(open.id);
    }
    open = session;
    set({
      thread: session?.thread() ?? null,
      streaming: null,
      recordsPending: false,
      pendingStrategy: null,
      notice: undefined,
    });
  };

  // Another tab saved a thread: the list follows, and the open thread too when this tab is not
  // running or saving it (then its next save merges the other tab's messages and says so). A thread
  // deleted elsewhere stays shown here; a save from this tab would store it again.
  getServices().threads.watch?.((change) => {
    void get().loadThreads();
    if (!open || open.id !== change.id || change.revision === null || !open.idle()) return;
    const seq = openSeq;
    void loadThread(getServices().threads, change.id).then((loaded) => {
      if (!loaded || seq !== openSeq || !open || open.id !== change.id || !open.idle()) return;
      attach(sessionFor(loaded));
    });
  });

  return {
    threads: [],
    thread: null,
    running: false,
    recordsPending: false,
    streaming: null,
    pendingStrategy: null,

    async loadThreads() {
      set({ threads: await getServices().threads.list() });
    },

    async openThread(id) {
      if (get().running) return 'busy';
      const seq = ++openSeq;
      // What this tab's session on the thread still has to save lands first, so the read below is
      // not older than it (an older read would start a new session on stale data).
      await sessions.get(id)?.session.flush();
      const loaded = await loadThread(getServices().threads, id);
      if (seq !== openSeq) return 'stale';
      if (!loaded) return 'missing';
      if (get().running) return get().thread?.id === id ? 'opened' : 'busy';
      openSeq++;
      attach(sessionFor(loaded));
      return 'opened';
    },

    showThread(thread, revision) {
      if (get().running) return get().thread?.id === thread.id;
      openSeq++;
      attach(sessionFor({ thread, revision }));
      return true;
    },

    newThread() {
      if (get().running) return;
      openSeq++;
      attach(null);
    },

    async setStrategy(selection) {
      const choice = normalizeSelection(selection);
      if (!open || !get().thread) {
        set({ pendingStrategy: choice });
        return;
      }
      await open.update((thread) => strategyChoiceSlot.write(thread.state, choice), {
        duringRun: true,
      });
    },

    async setLayers(layers) {
      if (!open || !get().thread || get().running) return;
      await open.update((thread) => layersSlot.write(thread.state, layers));
    },

    async updateThread(change) {
      if (!open || !get().thread || get().running) return false;
      return open.update(change);
    },

    dismissError() {
      set({ error: undefined, notice: undefined });
    },

    stop() {
      open?.stop();
    },

    async send(text, options) {
      if (!text.trim() || get().running) return;
      set({ error: undefined });
      if (!open) {
        // A new thread: shown by its session's first events, once the run is going (the address
        // then renames the new-thread screen rather than adding a step).
        open = sessionFor({ thread: emptyThread(get().pendingStrategy), revision: undefined });
        set({ pendingStrategy: null });
      }
      await open!.send(text, options);
    },

    previewNext(nextMessage) {
      // A new thread previews as its first message would run (a session that is never saved).
      const session =
        open ??
        createThreadSession(
          { thread: emptyThread(get().pendingStrategy), revision: undefined },
          sessionDeps(),
        );
      return session.preview(nextMessage);
    },

    compactNow(signal) {
      if (!open) return Promise.resolve({ ok: false, reason: 'No thread.' });
      return open.compactNow(signal);
    },

    async applyCompaction(pending) {
      if (!open || get().thread?.id !== pending.threadId)
        return { ok: false, reason: 'The thread changed: nothing was applied.' };
      return open.applyCompaction(pending);
    },

    async updateFactsNow() {
      const session = open;
      if (!session || !get().thread) return;
      await useFactsStore.getState().updateNow(session.id, () => session.updateFacts());
    },

    async undoMemoryEdit(entryId) {
      if (get().running)
        return { ok: false, reason: 'A reply is running: undo once it has finished or stopped.' };
      if (open && get().thread) return open.undo(entryId);
      // No thread open: only the journal and the files change.
      const result = await useJournalStore.getState().undo(entryId);
      if (result.ok) await useFilesStore.getState().notifyChanged([result.entry.path]);
      return result;
    },
  };
});
