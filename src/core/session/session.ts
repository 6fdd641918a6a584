// The thread session: everything about one thread that lives while the app has it open. It owns the
// working copy of the thread, one harness (kept while the provider, model, counter, window,
// strategy and settings stay the same), the recorder of each run, the save queue, the run's abort,
// and the fact update after a run; it offers send, stop, preview, undo, Compact now, and one
// stream (subscribe) that says everything that changed. The stores subscribe and hold what the UI
// shows; the run's logic lives here, in the core, with its edges given as dependencies.
//
// A run ends when the model has answered: the compaction records built after a request left arrive
// later through the run's emit (recorder/delivery.ts), and the session applies and saves each
// one as it arrives ('records' on the stream says while some are still being built).

import type { AgentEvent } from '../agent/events';
import { newId as randomId } from '../agent/ids';
import type { Message } from '../agent/types';
import { applyCompaction, type PendingCompaction } from '../compaction/manual';
import type { CompactionPreview } from '../compaction/manual';
import { STRESS_THREAD_NOTICE, THREAD_PRESET_KEY, usesStressPreset } from '../compaction/settings';
import type { UndoResult } from '../fs/journal';
import type { RequestPreview } from '../harness/preview';
import { memoryLoadedEntry } from '../memory/agents-md';
import { errorText } from '../text/errors';
import { createThreadRecorder, recoverDraft } from '../thread/recorder';
import type { LoadedThread } from '../thread/save';
import {
  summarize,
  titleFrom,
  type ContextEvent,
  type Thread,
  type TimelineEntry,
} from '../thread/thread';
import type { TokenCounter } from '../tokens/counter';
import { createFactUpdates } from './facts';
import { createHarnessCache } from './harness-cache';
import { createSaveQueue } from './save-queue';
import type { FactUpdateResult, SendOptions, SessionDeps, SessionEvent } from './types';
import { adopt, NOTICES, problemNotice, saveFailedText, view } from './working';

export type { SessionEvent, SessionDeps, SendOptions } from './types';

export interface ThreadSession {
  readonly id: string;
  /** The thread as the UI shows it now. */
  thread(): Thread;
  running(): boolean;
  /** Every change, in order; returns the unsubscribe. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Sends a message and runs the agent on it (nothing while a run is going). */
  send(text: string, options?: SendOptions): Promise<void>;
  stop(): void;
  /** The next request as a run would send it if `nextMessage` were sent now, with its counter. */
  preview(nextMessage?: string): Promise<RequestPreview & { counter: TokenCounter }>;
  /** Undoes a memory write of this browser's journal (refused while a run is going). */
  undo(entryId: string): Promise<UndoResult>;
  /** "Compact now": the summary a compaction would write now, nothing changed yet. */
  compactNow(signal: AbortSignal): Promise<CompactionPreview>;
  /** Applies a previewed compaction (refused while a run is going). */
  applyCompaction(
    pending: PendingCompaction,
  ): Promise<{ ok: true; event: ContextEvent } | { ok: false; reason: string }>;
  /**
   * Changes the thread outside a run and saves it (pins, layers). Refused (false) while a run is
   * going, unless `duringRun`: then the change reaches the run's next model call (a strategy
   * switch) and is saved with the run.
   */
  update(change: (thread: Thread) => void, options?: { duringRun?: boolean }): Promise<boolean>;
  /** Records a timeline event from outside a run (placed after the run when one is going). */
  record(entry: TimelineEntry): Promise<void>;
  /** Fact memory's update on this thread now ("Update memory now"). */
  updateFacts(): Promise<FactUpdateResult>;
  /** Nothing going on: no run, no save, no record in flight. */
  idle(): boolean;
  /** Resolves when every save asked for so far has been tried. */
  flush(): Promise<void>;
  /** How many harnesses this session built (it keeps one while nothing it depends on changes). */
  harnessBuilds(): number;
}

/** Opens a session on a thread read from storage (or a new one, with no revision). */
export function createThreadSession(loaded: LoadedThread, deps: SessionDeps): ThreadSession {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  const working: Thread = loaded.thread;
  const listeners = new Set<(event: SessionEvent) => void>();
  const emit = (event: SessionEvent) => {
    for (const listener of listeners) listener(event);
  };
  let shown = view(working);
  const publish = () => {
    shown = view(working);
    emit({ type: 'thread', thread: shown });
  };

  let controller: AbortController | null = null;
  /** Timeline events from outside a run that arrived while it was going. */
  const late: ContextEvent[] = [];
  /** Events whose compaction record is still being built. */
  const pendingRecords = new Set<string>();

  const saves = createSaveQueue({
    store: deps.store,
    base: loaded.revision,
    async onSaved(outcome) {
      if (outcome.mergedFromOther > 0) {
        adopt(working, outcome.thread);
        publish();
        emit({ type: 'notice', message: NOTICES.merged(outcome.mergedFromOther) });
      }
      if (outcome.copiedTo) {
        const copy = await deps.store.get(outcome.copiedTo).catch(() => undefined);
        if (copy) emit({ type: 'saved', summary: summarize(copy) });
        emit({ type: 'notice', message: NOTICES.copied(copy?.title ?? outcome.copiedTo) });
      }
      emit({ type: 'saved', summary: summarize(outcome.thread) });
    },
    onFailed(error, unsaved, stored) {
      emit({ type: 'save-failed', message: saveFailedText(errorText(error), unsaved, stored) });
    },
  });
  const save = () => saves.save(working);

  const harnesses = createHarnessCache(deps.resolveHarness, () => working.state);
  const facts = createFactUpdates({
    threadId: () => working.id,
    harnesses,
    deps,
    record: (entry) => void session.record(entry),
    filesChanged: (paths) => emit({ type: 'files-changed', paths }),
  });

  const notice = (kind: 'error' | 'info', content: string): Message => ({
    role: 'notice',
    id: newId('msg'),
    kind,
    content,
    createdAt: now(),
  });
  const append = (message: Message) => {
    working.messages.push(message);
    working.updatedAt = now();
    publish();
    void save();
  };
  const running = () => controller !== null;

  /** One run; false when it never reached the model (no harness could be had). */
  async function run(
    content: string,
    options: SendOptions | undefined,
    signal: AbortSignal,
  ): Promise<boolean> {
    if (working.messages.length === 0) working.title = titleFrom(content);
    if (options?.preset === 'stress' && !usesStressPreset(working.state)) {
      working.state[THREAD_PRESET_KEY] = 'stress';
      append(notice('info', STRESS_THREAD_NOTICE));
    }
    append({ role: 'user', id: newId('msg'), content, createdAt: now() });
    const made = await harnesses
      .get({ kind: 'run', signal })
      .catch((): { ok: false; unavailable: 'stopped' } => ({ ok: false, unavailable: 'stopped' }));
    if (!made.ok) {
      const { kind, content: text } = problemNotice(made);
      append(notice(kind, text));
      return false;
    }
    const recorder = createThreadRecorder(working, {
      provider: made.provider,
      model: made.model,
      contextWindow: made.contextWindow,
      triggerFraction: made.settings.compaction.triggerFraction,
      counter: made.counter,
      timeline: [memoryLoadedEntry],
      now,
    });
    let lastDraftSave = 0;
    const onEvent = (event: AgentEvent) => {
      const effects = recorder.apply(event);
      emit({ type: 'agent', event });
      if (effects.streaming !== undefined)
        emit({ type: 'streaming', streaming: effects.streaming });
      if (event.type === 'context-event' && event.event.pending && event.event.id)
        pendingRecords.add(event.event.id);
      if (effects.changed) {
        working.updatedAt = now();
        publish();
      }
      if (effects.filesChanged) emit({ type: 'files-changed', paths: effects.filesChanged });
      if (event.type === 'context-record') recordArrived(event.eventId);
      else if (effects.appended) void save();
      else if (event.type === 'stream' && now() - lastDraftSave > 1_000) {
        // Keep what has arrived, so that a reload mid-stream loses nothing.
        lastDraftSave = now();
        void save();
      }
    };
    const outcome = await made.harness
      .run({
        threadId: working.id,
        history: working.messages,
        state: working.state,
        signal,
        emit: onEvent,
        recordsAfterRun: true,
      })
      .catch((error: unknown) => ({ status: 'error' as const, message: errorText(error) }));
    if (outcome.status === 'aborted') append(notice('info', NOTICES.stopped));
    // The loop writes its own notice for a failed model call; this is a harness that threw.
    else if (outcome.status === 'error' && !lastIsNotice())
      append(notice('error', NOTICES.failed(outcome.message)));
    return true;
  }

  const lastIsNotice = () => working.messages.at(-1)?.role === 'notice';

  /** A record arrived: during the run it is saved with the run; after it, at once. */
  function recordArrived(eventId: string) {
    if (!pendingRecords.delete(eventId)) return;
    if (running()) return;
    void save();
    if (pendingRecords.size === 0) emit({ type: 'records', pending: false });
  }

  const session: ThreadSession = {
    id: working.id,
    thread: () => shown,
    running,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async send(text, options) {
      const content = text.trim();
      if (!content || running()) return;
      const own = new AbortController();
      controller = own;
      emit({ type: 'running', running: true });
      emit({ type: 'streaming', streaming: null });
      let ran: boolean;
      try {
        ran = await run(content, options, own.signal);
      } finally {
        controller = null;
        for (const event of late.splice(0)) (working.events ??= []).push(event);
        emit({ type: 'running', running: false });
        emit({ type: 'streaming', streaming: null });
        if (pendingRecords.size > 0) emit({ type: 'records', pending: true });
        working.updatedAt = now();
        publish();
        await save();
      }
      // After the run, app side: the fact updater runs later, on what the run produced.
      if (ran) facts.schedule(working.messages.slice());
    },

    stop() {
      controller?.abort();
    },

    async preview(nextMessage) {
      const history: Message[] = [...working.messages];
      const next = nextMessage?.trim();
      if (next) history.push({ role: 'user', id: 'next', content: next, createdAt: now() });
      const made = await harnesses.get({ kind: 'preview' });
      if (!made.ok)
        throw new Error('problems' in made ? made.problems.join(' ') : 'No model to preview.');
      const preview = await made.harness.preview({
        threadId: working.id,
        history,
        state: working.state,
      });
      return { ...preview, counter: made.counter };
    },

    async undo(entryId) {
      if (running())
        return { ok: false, reason: 'A reply is running: undo once it has finished or stopped.' };
      if (!deps.undoJournal) return { ok: false, reason: 'There is no journal to undo from.' };
      // Only the journal decides: the thread's records are history and carry no authority.
      const result = await deps.undoJournal(entryId);
      if (!result.ok) return result;
      const { path } = result.entry;
      working.memoryEdits = working.memoryEdits.map((e) =>
        e.journalId === entryId ? { ...e, undone: true } : e,
      );
      // Every thread that loaded the file sees the restored version before its next model call
      // (the AGENTS.md layer compares versions): nothing to mark here.
      publish();
      emit({ type: 'files-changed', paths: [path] });
      await save();
      return result;
    },

    async compactNow(signal) {
      const made = await harnesses.get({ kind: 'run' });
      if (!made.ok)
        throw new Error(
          'problems' in made
            ? `Settings need attention: ${made.problems.join(' ')} Open Settings to fix them.`
            : 'The model is not available.',
        );
      // The system prompt exactly as the next request would carry it (memory blocks included).
      const next = await session.preview().catch(() => undefined);
      return made.harness.compactNow({
        threadId: working.id,
        messages: working.messages,
        state: working.state,
        ...(next ? { system: next.request.system } : {}),
        signal,
      });
    },

    async applyCompaction(pending) {
      const refused = {
        ok: false as const,
        reason: 'The thread changed or a reply is running: nothing was applied.',
      };
      if (running() || pending.threadId !== working.id) return refused;
      const state = structuredClone(working.state);
      const entry = await applyCompaction(deps.fs, state, pending);
      if (running())
        return {
          ok: false,
          reason: `A reply started: the summary was not stored (the summarized messages were appended to ${pending.summary.historyPath}).`,
        };
      working.state = state;
      const event: ContextEvent = { id: newId('evt'), at: now(), ...entry };
      (working.events ??= []).push(event);
      working.updatedAt = now();
      publish();
      emit({ type: 'files-changed', paths: [pending.summary.historyPath] });
      await save();
      return { ok: true, event };
    },

    async update(change, options) {
      if (running() && !options?.duringRun) return false;
      change(working);
      if (running()) {
        publish();
        return true;
      }
      working.updatedAt = now();
      publish();
      await save();
      return true;
    },

    async record(entry) {
      const full: ContextEvent = { id: newId('evt'), at: now(), ...entry };
      // The run's recorder places events at its next model call; this one happened outside it.
      if (running()) {
        late.push(full);
        return;
      }
      (working.events ??= []).push(full);
      publish();
      await save();
    },

    updateFacts: () => facts.update(working.messages),
    idle: () => !running() && !saves.busy() && pendingRecords.size === 0,
    flush: () => saves.flush(),
    harnessBuilds: () => harnesses.builds(),
  };

  // A thread saved while an answer was streaming (the page closed mid-stream) keeps what arrived.
  if (recoverDraft(working, now)) {
    publish();
    void save();
  }
  return session;
}
