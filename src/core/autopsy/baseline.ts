// An imported session in the arena: its conversation as a transcript every strategy replays, and the
// source agent's own run as the "As recorded" row beside them (the tokens its calls sent, the
// specifics its compactions kept), measured the way the arena measures a strategy. Pure.

import type { ModelMessage } from '../agent/types';
import { createRetentionTally, type Retention } from '../recorder/retention';
import { COMPACTION_PRESETS } from '../compaction/settings';
import { importedSessionSlot } from '../sessions/to-thread';
import { SOURCE_LABELS } from '../sessions/types';
import type { ModelCallRecord, Thread } from '../thread/thread';
import { IMPORTED_CALL_PREFIX } from './timeline';
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

/** The smallest window a replay of an imported session uses. */
export const MIN_REPLAY_WINDOW = 4_000;

/** Tokens over a session's calls: counted here, and as the source recorded them where it did. */
function callTotals(
  calls: readonly ModelCallRecord[],
): Pick<RecordedBaseline, 'sent' | 'calls' | 'recordedSent' | 'recordedCalls'> {
  const totals = { sent: 0, calls: calls.length, recordedSent: 0, recordedCalls: 0 };
  for (const call of calls) {
    totals.sent += call.estimate.total;
    if (call.usage) {
      totals.recordedSent += call.usage.inputTokens;
      totals.recordedCalls++;
    }
  }
  return totals;
}

export function recordedBaseline(
  autopsy: SessionAutopsy,
  timeline: SessionTimeline,
): RecordedBaseline {
  return {
    source: autopsy.source,
    ...callTotals(timeline.calls),
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

/**
 * The "As recorded" baseline of a stored thread imported from another agent's session: from the
 * calls and the compaction events the import put on it (core/autopsy/timeline.ts). Undefined for a
 * thread that was not imported, or one saved before the import ran the autopsy.
 */
export function recordedBaselineOfThread(thread: Thread): RecordedBaseline | undefined {
  const imported = importedSessionSlot.read(thread.state);
  if (!imported) return undefined;
  const compactions = (thread.events ?? []).filter(
    (e) => e.kind === 'summarize' && e.record && e.callId?.startsWith(IMPORTED_CALL_PREFIX),
  );
  if (thread.calls.length === 0) return undefined;
  const tally = createRetentionTally();
  for (const event of compactions) tally.add(event.record!);
  // The replay's window: Deep Agents' trigger where the source first compacted (the context of the
  // last call before it, counted at import, over the trigger fraction).
  const first = compactions[0];
  const at = first ? thread.calls.findIndex((c) => c.callId === first.callId) : -1;
  const before = at > 0 ? thread.calls[at - 1]!.estimate.total : 0;
  return {
    source: SOURCE_LABELS[imported.source],
    ...callTotals(thread.calls),
    compactions: compactions.length,
    retention: tally.result(),
    ...(before > 0
      ? {
          replayWindow: Math.max(
            MIN_REPLAY_WINDOW,
            Math.ceil(before / COMPACTION_PRESETS.default.triggerFraction),
          ),
        }
      : {}),
  };
}
