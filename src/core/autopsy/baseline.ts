// An imported session in the arena: its conversation as a transcript every strategy replays, and the
// source agent's own run as the "As recorded" row beside them (the tokens its calls sent, the
// specifics its compactions kept), measured the way the arena measures a strategy. Pure.

import type { ModelMessage } from '../agent/types';
import type { Retention } from '../compaction/retention';
import type { SessionAutopsy, SourceCompaction } from './autopsy';
import type { SessionTimeline } from './timeline';

/** The source agent's own run, as the arena's "As recorded" row shows it. */
export interface RecordedBaseline {
  /** "Claude Code", "Codex CLI"… */
  source: string;
  /**
   * Input tokens over the session's model calls, counted here as a replay counts a strategy's
   * conversation: the summary and messages each call carried (the source's system prompt and tools
   * are not in the file, so they count 0; a replay adds ours).
   */
  sent: number;
  calls: number;
  /** What the source itself recorded as input tokens, over the calls that have a figure. */
  recordedSent: number;
  /** Calls whose input tokens the source recorded. */
  recordedCalls: number;
  compactions: number;
  /** Specifics its compactions removed, and those none of them left lost. */
  retention: Retention;
  /** The window a replay of the session uses (see autopsyOfImported); absent: the arena's own. */
  replayWindow?: number;
}

export const AS_RECORDED_LABEL = 'As recorded';

export function recordedBaseline(
  autopsy: SessionAutopsy,
  timeline: SessionTimeline,
): RecordedBaseline {
  let sent = 0;
  let recordedSent = 0;
  let recordedCalls = 0;
  for (const call of timeline.calls) {
    sent += call.estimate.total;
    if (call.usage) {
      recordedSent += call.usage.inputTokens;
      recordedCalls++;
    }
  }
  return {
    source: autopsy.source,
    sent,
    calls: timeline.calls.length,
    recordedSent,
    recordedCalls,
    compactions: autopsy.compactions.length,
    retention: autopsy.retention,
  };
}

/**
 * The conversation a strategy replays: the session's messages without the source's own summaries
 * (each strategy makes its own), starting at the first user message.
 */
export function replayMessages(
  messages: readonly ModelMessage[],
  compactions: readonly SourceCompaction[],
): ModelMessage[] {
  const summaries = new Set(compactions.map((c) => c.summaryMessageId).filter(Boolean));
  const kept = messages.filter((m) => !summaries.has(m.id));
  const first = kept.findIndex((m) => m.role === 'user');
  return first < 0 ? [] : kept.slice(first);
}
