// The thread session's contract: what it is given (its edges, resolved by the app) and what it
// says (one stream of events the stores subscribe to). See session.ts for the session itself.

import type { AgentEvent } from '../agent/events';
import type { ThreadState } from '../agent/middleware';
import type { UndoResult } from '../fs/journal';
import type { VirtualFs } from '../fs/types';
import type { Harness } from '../harness/harness';
import type { MemoryUpdateOutcome } from '../memory/facts/updater';
import type { Settings } from '../settings';
import type { StreamingDraft } from '../thread/recorder';
import type { Thread, ThreadStore, ThreadSummary } from '../thread/thread';
import type { TokenCounter } from '../tokens/counter';

/**
 * What a harness was made for. The session keeps its harness while every field is the same
 * (primitives by value, objects by identity: the counter, the app's settings object) and builds a
 * new one when any changes, so that the pipeline's memos (AGENTS.md, memory.json) carry from one
 * send to the next.
 */
export type HarnessKey = Readonly<Record<string, unknown>>;

/** A harness as the app composed it for a thread, with what the recorder needs to know of it. */
export interface BuiltHarness {
  harness: Harness;
  /** The provider's and model's ids, as each model call's record names them. */
  provider: string;
  model: string;
  contextWindow: number;
  counter: TokenCounter;
}

/** Why no harness could be had for a run. */
export type HarnessProblem =
  /** The settings need attention (a missing key, a bad URL). */
  | { ok: false; problems: string[] }
  /** The in-browser model could not be had: its download was cancelled, or it failed. */
  | { ok: false; unavailable: 'cancelled' | 'failed'; message: string }
  /** The run was stopped while the model was being readied. */
  | { ok: false; unavailable: 'stopped' };

export type HarnessResolution =
  | {
      ok: true;
      key: HarnessKey;
      /** The thread's settings now (its preset over the app's). */
      settings: Settings;
      /** Builds the harness (only called when the key changed). */
      build(): Promise<BuiltHarness | { ok: false; problems: string[] }>;
    }
  | HarnessProblem;

export type HarnessPurpose =
  /** A run: the provider is made and the in-browser model readied (`signal` stops the wait). */
  | { kind: 'run'; signal?: AbortSignal }
  /** A preview: no provider, no download. */
  | { kind: 'preview' };

/** The result of a fact update as the facts store reports it. */
export type FactUpdateResult = MemoryUpdateOutcome | { status: 'no-provider'; problems: string[] };

/** The edges a session is given: storage, the app's harness resolution, the journal, a clock. */
export interface SessionDeps {
  store: ThreadStore;
  /**
   * Resolves the edges of a harness for the thread whose state `state` reads (read at every model
   * call, so a change mid-run reaches the next one).
   */
  resolveHarness(state: () => ThreadState, purpose: HarnessPurpose): Promise<HarnessResolution>;
  /** The workspace ("Compact now" reads the history file from it, Apply writes it). */
  fs: VirtualFs;
  /** Undoes a memory write by its journal entry (only the journal decides). */
  undoJournal?(entryId: string): Promise<UndoResult>;
  /**
   * Schedules the thread's fact update after a run (debounced by whoever schedules); `update`
   * runs it through this session's harness and records its result on the thread.
   */
  scheduleFacts?(threadId: string, update: () => Promise<FactUpdateResult>): void;
  now?: () => number;
  newId?: (prefix: string) => string;
}

/** Everything a session says, in one stream. */
export type SessionEvent =
  /** The thread as the UI should show it now (a new object on every change). */
  | { type: 'thread'; thread: Thread }
  | { type: 'running'; running: boolean }
  /** Compaction records of an ended run still being built (true), or all delivered (false). */
  | { type: 'records'; pending: boolean }
  /** The answer being streamed, or null once it landed as a message. */
  | { type: 'streaming'; streaming: StreamingDraft | null }
  /** A save reached storage: the thread's summary for the threads list. */
  | { type: 'saved'; summary: ThreadSummary }
  /**
   * A save failed: the thread in memory is intact, and `message` says what was and was not saved
   * (the next save tries again).
   */
  | { type: 'save-failed'; message: string }
  /** Something to tell the user that is not an error (another tab's messages merged in). */
  | { type: 'notice'; message: string }
  /** Files written outside the Files panel (by the agent, compaction, an undo). */
  | { type: 'files-changed'; paths: string[] }
  /** Every event of a run, as it happened, for stores that show parts of it (fact scores). */
  | { type: 'agent'; event: AgentEvent };

export interface SendOptions {
  /** Puts the thread on the Stress compaction preset first, with a notice saying so. */
  preset?: 'stress';
}
