// A conversation thread as stored: the full, unmodified history (compaction only changes what is
// sent), the middleware state kept per thread, and a record of every model call.

import { copyState, type ThreadState } from '../agent/middleware';
import type { Message, Usage } from '../agent/types';
import type { TokenBreakdown } from '../tokens/counter';

export type { TokenBreakdown };

export type ContextEventKind =
  | 'offload' // a large tool result moved to /large_tool_results/
  | 'truncate' // old write_file / edit_file inputs cut to a pointer
  | 'summarize' // older history summarized and saved to /conversation_history/
  | 'summarize-failed' // summarization failed; nothing was dropped
  | 'memory-loaded'
  | 'memory-refreshed'
  | 'memory-edited'
  | 'facts-updated'
  | 'strategy-changed' // the thread's context strategy or its settings changed
  | 'strategy-step' // a strategy made an extra model call (summary merge, extraction…)
  | 'strategy-step-failed' // a strategy step failed; its memory is unchanged
  | 'strategy-evicted' // a strategy store passed its cap; the oldest entries were dropped
  | 'strategy-dropped' // the strategy left turns out that the previous call carried
  | 'strategy-note'; // promotion to long-term memory, catch-up after a switch…

/**
 * Fields a feature attaches to its timeline events, declared by that feature's module (as
 * FeatureEvents are): compaction adds `record`, the flight record of what an event removed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContextEventAttachments {}

/** Something that changed what the model sees, shown as a marker on the token chart. */
export interface ContextEvent extends ContextEventAttachments {
  id: string;
  kind: ContextEventKind;
  at: number;
  /** The model call it happened before (its callId), when known. */
  callId?: string;
  tokensBefore?: number;
  tokensAfter?: number;
  /** A file it produced or changed. */
  path?: string;
  /** The thread message it concerns. */
  messageId?: string;
  /** An extra model call made by a context strategy, counted apart from the chat's calls. */
  step?: { kind: string; inputTokens: number; outputTokens: number; offline: boolean };
  detail: string;
  /**
   * Its attachments (a compaction record) are still being built, off the model request's path: a
   * 'context-record' event brings them. Left on an event saved before they arrived.
   */
  pending?: boolean;
}

/** A timeline entry as a feature emits it: the recorder adds its id and time. */
export type TimelineEntry = Omit<ContextEvent, 'id' | 'at'> & Partial<ContextEvent>;

declare module '../agent/events' {
  interface FeatureEvents {
    /** Compaction or memory change, for the chart's markers (the store adds callId if missing). */
    'context-event': { type: 'context-event'; event: TimelineEntry };
    /**
     * What an earlier context event (by id) was waiting for, built after the request left: its
     * attachments and its full detail, merged into the stored event.
     */
    'context-record': {
      type: 'context-record';
      eventId: string;
      detail: string;
      attachments: ContextEventAttachments;
    };
  }
}

/** One model call as measured by the harness, stored with the thread. */
export interface ModelCallRecord {
  callId: string;
  startedAt: number;
  endedAt?: number;
  provider: string;
  model: string;
  contextWindow: number;
  /** Tokens at which compaction starts (context window x trigger fraction) for this call. */
  triggerTokens?: number;
  estimate: TokenBreakdown;
  /** What the provider reported, when it did. */
  usage?: Usage;
  error?: string;
}

/**
 * A change a run made to a memory file, kept with the thread (and in its bundle) as history. The
 * chip's Undo never reads it: undo works only from this browser's memory journal (`journalId`).
 */
export interface MemoryEdit {
  /** The tool call that wrote it; '' when middleware wrote it outside a tool call. */
  toolCallId: string;
  path: string;
  before: string | null;
  after: string;
  version: number;
  at: number;
  undone?: boolean;
  /** The memory journal entry of this browser that recorded it. */
  journalId?: string;
  deleted?: boolean;
  /** The texts were longer than a thread keeps (MEMORY_EDIT_TEXT_LIMIT): before and after are ''. */
  textsCut?: boolean;
}

/** A thread keeps the texts of a memory edit up to this many characters each. */
export const MEMORY_EDIT_TEXT_LIMIT = 100_000;

export interface Thread {
  id: string;
  title: string;
  workspace: string;
  createdAt: number;
  updatedAt: number;
  messages: Message[];
  state: ThreadState;
  calls: ModelCallRecord[];
  memoryEdits: MemoryEdit[];
  /** Compaction and memory events, in order (absent in threads saved before they existed). */
  events?: ContextEvent[];
}

export type ThreadSummary = Pick<
  Thread,
  'id' | 'title' | 'workspace' | 'createdAt' | 'updatedAt'
> & {
  messageCount: number;
};

/** A stored thread and its revision (undefined: the store keeps none for it, e.g. an old record). */
export interface StoredThread {
  thread: Thread;
  revision: string | undefined;
}

/**
 * The answer of a conditional save: written (at a new revision), or not written because the stored
 * revision is not the one the save started from; then the thread as stored now and its revision
 * (current undefined: the thread is stored no more, another tab deleted it).
 */
export type PutIfResult =
  | { ok: true; revision: string }
  | { ok: false; current: Thread | undefined; revision: string | undefined };

/** A save (revision) or a delete (revision null) of a thread, as another tab announces it. */
export interface ThreadChange {
  id: string;
  revision: string | null;
}

export interface ThreadStore {
  list(): Promise<ThreadSummary[]>;
  get(id: string): Promise<Thread | undefined>;
  /** Writes the thread whatever is stored (imports, restores). A session saves with putIf. */
  put(thread: Thread): Promise<void>;
  delete(id: string): Promise<void>;
  /** The thread and the revision it is stored at, read together. */
  getWithRevision?(id: string): Promise<StoredThread | undefined>;
  /**
   * Writes the thread only if its stored revision is still `base` (undefined: none stored), the
   * check and the write in one step; otherwise writes nothing and answers with what is stored.
   */
  putIf?(thread: Thread, base: string | undefined): Promise<PutIfResult>;
  /** Calls `listener` for each save or delete of a thread by another tab; returns the unsubscribe. */
  watch?(listener: (change: ThreadChange) => void): () => void;
}

export function summarize(thread: Thread): ThreadSummary {
  return {
    id: thread.id,
    title: thread.title,
    workspace: thread.workspace,
    createdAt: thread.createdAt,
    updatedAt: thread.updatedAt,
    messageCount: thread.messages.length,
  };
}

/** A title from the first user message, like chat apps do. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}...` : line || 'New thread';
}

/**
 * A copy of the thread that later changes to the original do not reach, without copying what never
 * changes: a 5,000-message thread was deep-copied on every save (tens of milliseconds each, several
 * per reply). What the recorder (recorder.ts) changes in place after adding it is copied: the
 * lists (it appends to them), a model call still in flight (its end is written into it), an event
 * not yet placed at a call (its callId is filled in), and the state (middleware writes into it).
 * Messages and memory edits are never changed once added, so they are shared.
 */
export function copyThread(thread: Thread): Thread {
  return {
    ...thread,
    messages: thread.messages.slice(),
    state: copyState(thread.state),
    calls: thread.calls.map((call) => (call.endedAt === undefined ? structuredClone(call) : call)),
    memoryEdits: thread.memoryEdits.slice(),
    ...(thread.events
      ? { events: thread.events.map((e) => (e.callId === undefined ? { ...e } : e)) }
      : {}),
  };
}
