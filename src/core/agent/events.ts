// Everything the agent loop tells the outside world. The UI and the stores only listen.

import type { Message, ModelRequest, StreamEvent, Usage } from './types';
import type { RunOutcome } from './middleware';
import type { ContextEvent } from '../thread/thread';

/** How one fact scored for a model call (for the Facts panel). */
export interface FactScore {
  id: string;
  similarity: number;
  score: number;
  injected: boolean;
}

export interface MemorySourceSnapshot {
  path: string;
  content: string;
}

export type AgentEvent =
  | { type: 'run-start'; threadId: string }
  /** A complete message was appended to the thread. */
  | { type: 'message'; message: Message }
  /** A piece of the assistant message being streamed (not yet in the thread). */
  | { type: 'stream'; event: StreamEvent }
  /** A model call is about to go to the provider, with the request exactly as it will be sent. */
  | { type: 'model-call-start'; callId: string; request: ModelRequest; startedAt: number }
  | {
      type: 'model-call-end';
      callId: string;
      usage?: Usage;
      endedAt: number;
      error?: string;
    }
  | { type: 'memory-loaded'; sources: MemorySourceSnapshot[]; reason: 'initial' | 'refresh' }
  /**
   * A write of this run to long-term memory, as the memory journal recorded it (whatever wrote it:
   * a tool call, or middleware outside one). `after` is '' and `deleted` set for a delete.
   */
  | {
      type: 'memory-updated';
      path: string;
      before: string | null;
      after: string;
      version: number;
      /** The tool call that wrote it; absent for a write by middleware or a strategy step. */
      toolCallId?: string;
      /** The memory journal's entry. */
      journalId?: string;
      deleted?: boolean;
    }
  /** Compaction or memory change, for the chart's markers (the store adds callId if missing). */
  | { type: 'context-event'; event: Omit<ContextEvent, 'id' | 'at'> & Partial<ContextEvent> }
  /** Fact ranking for the model call about to be made. */
  | {
      type: 'facts-ranked';
      method: string;
      /** Set when the chosen method was unavailable and another was used (e.g. embeddings loading). */
      fallback?: string;
      scores: FactScore[];
    }
  | { type: 'run-end'; outcome: RunOutcome };
