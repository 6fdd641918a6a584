// The compaction flight recorder's UI state: which record is open (from a chart mark or the event
// list), the "Compact now" preview with its Apply / Discard, and pins. The logic is in the core
// (compaction/record.ts, manual.ts, pins.ts); this store only wires it to the open thread.

import { create } from 'zustand';
import {
  readRecord,
  type CompactionRecord,
  type PinnedSpecificRef,
} from '../core/compaction/record';
import {
  applyCompaction,
  previewCompaction,
  type PendingCompaction,
} from '../core/compaction/manual';
import { toggleMessagePin, toggleSpecificPin } from '../core/compaction/pins';
import { newId } from '../core/agent/ids';
import { copyThread, type ContextEvent } from '../core/thread/thread';
import { strategyOf, useChatStore } from './chat';
import { compactionSetup } from './harness';
import { useSettingsStore } from './settings';
import { getStrategy } from '../core/strategies/registry';
import { getServices } from './services';
import { useFilesStore } from './files';
import { errorText } from '../core/text/errors';
import { appRecordBuilder } from '../adapters/record-builder';

export interface OpenRecord {
  /** Absent while the event's record is still being built (see compaction/delivery.ts). */
  record?: CompactionRecord;
  /** The timeline event's kind ('summarize', 'strategy-dropped'…). */
  kind: string;
  eventId?: string;
}

type PreviewState =
  | { status: 'running' }
  | { status: 'ready'; pending: PendingCompaction }
  | { status: 'failed'; message: string; title?: string };

interface RecordsStore {
  open: OpenRecord | null;
  preview: PreviewState | null;
  /** A pin refused (over the bound) or an apply refused, to show. */
  notice?: string;
  openEvent(event: ContextEvent): boolean;
  close(): void;
  compactNow(): Promise<void>;
  apply(): Promise<void>;
  discard(): void;
  pinMessage(messageId: string): Promise<void>;
  pinSpecific(specific: PinnedSpecificRef): Promise<void>;
}

let previewAbort: AbortController | null = null;

export const useRecordsStore = create<RecordsStore>((set, get) => ({
  open: null,
  preview: null,

  openEvent(event) {
    if (event.record === undefined) {
      if (!event.pending) return false;
      // Built after the request left: the view waits for it (RecordDialog watches the event).
      set({ open: { kind: event.kind, eventId: event.id }, preview: null, notice: undefined });
      return true;
    }
    const read = readRecord(event.record);
    if (!read.ok) {
      set({
        open: null,
        preview: { status: 'failed', message: read.reason, title: 'Flight recorder' },
      });
      return true;
    }
    set({
      open: { record: read.record, kind: event.kind, eventId: event.id },
      preview: null,
      notice: undefined,
    });
    return true;
  },

  close() {
    previewAbort?.abort();
    previewAbort = null;
    set({ open: null, preview: null, notice: undefined });
  },

  async compactNow() {
    const chat = useChatStore.getState();
    const thread = chat.thread;
    if (!thread || chat.running) {
      set({
        open: null,
        preview: {
          status: 'failed',
          message: thread ? 'A reply is running: compact once it has finished.' : 'No thread.',
        },
      });
      return;
    }
    const strategy = strategyOf(thread, useSettingsStore.getState().settings);
    if (strategy.id !== 'deep-agents') {
      set({
        open: null,
        preview: {
          status: 'failed',
          message: `Compact now summarizes the way Deep Agents does; this thread uses the ${getStrategy(strategy.id).label} strategy, which decides what the model sees on its own. Choose Deep Agents above the conversation to compact it.`,
        },
      });
      return;
    }
    previewAbort?.abort();
    const controller = new AbortController();
    previewAbort = controller;
    set({ open: null, preview: { status: 'running' }, notice: undefined });
    try {
      const setup = await compactionSetup(thread);
      // The system prompt exactly as the next request would carry it (memory blocks included).
      const next = await chat.previewNext().catch(() => undefined);
      const result = await previewCompaction({
        threadId: thread.id,
        messages: thread.messages,
        // A copy: the preview never changes the thread.
        state: structuredClone(thread.state),
        settings: setup.compaction,
        contextWindow: setup.contextWindow,
        counter: setup.counter,
        summarize: setup.summarize,
        model: setup.model,
        system: next?.request.system ?? setup.system,
        fs: getServices().fs,
        signal: controller.signal,
        buildRecord: appRecordBuilder(),
      });
      if (controller.signal.aborted) return;
      set({
        preview: result.ok
          ? { status: 'ready', pending: result.pending }
          : { status: 'failed', message: result.reason },
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      set({
        preview: {
          status: 'failed',
          message: `Compact now failed: ${errorText(error)}`,
        },
      });
    }
  },

  async apply() {
    const preview = get().preview;
    if (preview?.status !== 'ready') return;
    const chat = useChatStore.getState();
    const thread = chat.thread;
    if (!thread || thread.id !== preview.pending.threadId || chat.running) {
      set({ notice: 'The thread changed or a reply is running: nothing was applied.' });
      return;
    }
    const working = copyThread(thread);
    try {
      const entry = await applyCompaction(getServices().fs, working.state, preview.pending);
      const event: ContextEvent = { id: newId('evt'), at: Date.now(), ...entry };
      working.events = [...(working.events ?? []), event];
      if (!(await useChatStore.getState().commitThread(working))) {
        // The messages are already appended to the history file; only the summary was not stored.
        set({
          notice: `The thread changed or a reply started: the summary was not stored (the summarized messages were appended to ${preview.pending.summary.historyPath}).`,
        });
        return;
      }
      await useFilesStore.getState().notifyChanged([preview.pending.summary.historyPath]);
      set({
        preview: null,
        open: { record: entry.record!, kind: 'summarize', eventId: event.id },
        notice: undefined,
      });
    } catch (error) {
      set({ notice: `Compact now could not apply: ${errorText(error)}` });
    }
  },

  discard() {
    previewAbort?.abort();
    previewAbort = null;
    set({ preview: null, notice: undefined });
  },

  async pinMessage(messageId) {
    const thread = useChatStore.getState().thread;
    if (!thread) return;
    const working = copyThread(thread);
    const result = toggleMessagePin(working.state, messageId);
    if (!result.ok) {
      set({ notice: result.reason });
      return;
    }
    if (!(await useChatStore.getState().commitThread(working)))
      set({ notice: 'Pins can change once the reply has finished.' });
  },

  async pinSpecific(specific) {
    const thread = useChatStore.getState().thread;
    if (!thread) return;
    const working = copyThread(thread);
    const result = toggleSpecificPin(working.state, specific);
    if (!result.ok) {
      set({ notice: result.reason });
      return;
    }
    if (!(await useChatStore.getState().commitThread(working)))
      set({ notice: 'Pins can change once the reply has finished.' });
  },
}));
