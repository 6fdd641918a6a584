// The compaction flight recorder's UI state: which record is open (from a chart mark or the event
// list), the "Compact now" preview with its Apply / Discard, and pins. The logic is in the core
// (recorder/record.ts and pins.ts, compaction/manual.ts; the thread session runs Compact now and applies it);
// this store only wires it to the open thread.

import { create } from 'zustand';
import { readRecord, type CompactionRecord, type PinnedSpecificRef } from '../core/recorder/record';
import type { PendingCompaction } from '../core/compaction/manual';
import { toggleMessagePin, toggleSpecificPin, type PinResult } from '../core/recorder/pins';
import type { ContextEvent } from '../core/thread/thread';
import type { ThreadState } from '../core/agent/middleware';
import { strategyOf, useChatStore } from './chat';
import { useSettingsStore } from './settings';
import { getStrategy } from '../core/strategies/registry';
import { errorText } from '../core/text/errors';

export interface OpenRecord {
  /** Absent while the event's record is still being built (see recorder/delivery.ts). */
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
  /** Stops the "Compact now" preview being made (Close, Discard, or a new one). */
  previewAbort: AbortController | null;
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

export const useRecordsStore = create<RecordsStore>((set, get) => ({
  open: null,
  preview: null,
  previewAbort: null,

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
    get().previewAbort?.abort();
    set({ open: null, preview: null, notice: undefined, previewAbort: null });
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
    get().previewAbort?.abort();
    const controller = new AbortController();
    set({
      open: null,
      preview: { status: 'running' },
      notice: undefined,
      previewAbort: controller,
    });
    try {
      const result = await chat.compactNow(controller.signal);
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
    if (chat.thread?.id !== preview.pending.threadId || chat.running) {
      set({ notice: 'The thread changed or a reply is running: nothing was applied.' });
      return;
    }
    try {
      const applied = await chat.applyCompaction(preview.pending);
      if (!applied.ok) {
        set({ notice: applied.reason });
        return;
      }
      set({
        preview: null,
        open: { record: applied.event.record!, kind: 'summarize', eventId: applied.event.id },
        notice: undefined,
      });
    } catch (error) {
      set({ notice: `Compact now could not apply: ${errorText(error)}` });
    }
  },

  discard() {
    get().previewAbort?.abort();
    set({ preview: null, notice: undefined, previewAbort: null });
  },

  pinMessage(messageId) {
    return pin((state) => toggleMessagePin(state, messageId));
  },

  pinSpecific(specific) {
    return pin((state) => toggleSpecificPin(state, specific));
  },
}));

/** Toggles a pin on the open thread; a refusal (over the bound, a reply running) is said. */
async function pin(toggle: (state: ThreadState) => PinResult) {
  if (!useChatStore.getState().thread) return;
  let result: PinResult | undefined;
  const changed = await useChatStore.getState().updateThread((thread) => {
    result = toggle(thread.state);
  });
  if (!changed)
    useRecordsStore.setState({ notice: 'Pins can change once the reply has finished.' });
  else if (result && !result.ok) useRecordsStore.setState({ notice: result.reason });
}

// The record's labels and the bounds its view says where it cuts.
export {
  RECORD_LIST_CHARS,
  RECORD_SPECIFICS,
  RECORD_TEXT_CHARS,
  REMOVAL_LABELS,
} from '../core/recorder/record';
export { SPECIFIC_KIND_LABELS } from '../core/recorder/specifics';
