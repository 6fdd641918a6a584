// An imported session (core/sessions) through the autopsy: its model messages and compactions as
// the autopsy reads them, the records and the timeline, the "As recorded" baseline, and the
// transcript every strategy replays. One function for the app (the import worker) and for
// `npm run autopsy` (Node), so both say the same. Pure.

import { isModelMessage, type ModelMessage } from '../agent/types';
import { ARENA_CONTEXT_WINDOW } from '../arena/replay';
import type { Transcript } from '../arena/transcript';
import { COMPACTION_PRESETS } from '../compaction/settings';
import { SOURCE_LABELS, type ImportedSession } from '../sessions/types';
import type { TokenCounter } from '../tokens/counter';
import { autopsySession, type SessionAutopsy, type SourceCompaction } from './autopsy';
import {
  MIN_REPLAY_WINDOW,
  recordedBaseline,
  replayMessages,
  type RecordedBaseline,
} from './baseline';
import { sessionTimeline, type SessionTimeline } from './timeline';

export interface ImportedAutopsy {
  source: string;
  /** The messages a model saw (notices left out), as the autopsy and the replay read them. */
  messages: ModelMessage[];
  compactions: SourceCompaction[];
  autopsy: SessionAutopsy;
  timeline: SessionTimeline;
  baseline: RecordedBaseline;
  /**
   * The window a replay uses so that Deep Agents' trigger falls where the source compacted first
   * (the conversation counted here up to that point over the trigger fraction), or the arena's
   * default when the source never compacted.
   */
  replayWindow: number;
}

/** The context window the source ran with, when its model is one we know. */
const DEFAULT_SOURCE_WINDOW = 200_000;

export function autopsyOfImported(
  session: ImportedSession,
  counter: TokenCounter,
): ImportedAutopsy {
  const source = SOURCE_LABELS[session.source];
  // Positions in the session's messages → positions among the model messages.
  const modelIndex: number[] = [];
  const messages: ModelMessage[] = [];
  session.messages.forEach((message) => {
    modelIndex.push(messages.length);
    if (isModelMessage(message)) messages.push(message);
  });
  modelIndex.push(messages.length);
  const compactions: SourceCompaction[] = session.compactions.map((c) => ({
    at: modelIndex[Math.min(Math.max(c.index, 0), session.messages.length)]!,
    summary: c.summary ?? '',
    ...(c.summaryMessageId ? { summaryMessageId: c.summaryMessageId } : {}),
    ...(c.preTokens !== undefined ? { tokensBefore: c.preTokens } : {}),
    ...(c.postTokens !== undefined ? { tokensAfter: c.postTokens } : {}),
    ...(c.at !== undefined ? { time: c.at } : {}),
    ...(c.trigger ? { trigger: c.trigger } : {}),
  }));
  const autopsy = autopsySession({ source, messages, compactions }, counter);
  const timeline = sessionTimeline(messages, compactions, autopsy, counter, {
    provider: session.source,
    model: session.model ?? 'unknown',
    contextWindow: DEFAULT_SOURCE_WINDOW,
  });
  const first = autopsy.compactions[0];
  const counted = first
    ? messages.slice(0, first.compaction.at).reduce((n, m) => n + counter.countMessage(m), 0)
    : 0;
  const replayWindow =
    counted > 0
      ? Math.max(MIN_REPLAY_WINDOW, Math.ceil(counted / COMPACTION_PRESETS.default.triggerFraction))
      : ARENA_CONTEXT_WINDOW;
  return {
    source,
    messages,
    compactions,
    autopsy,
    timeline,
    baseline: { ...recordedBaseline(autopsy, timeline), replayWindow },
    replayWindow,
  };
}

/** The session as an arena transcript: its conversation, and its own run as "As recorded". */
export function transcriptOfImported(
  session: ImportedSession,
  result: ImportedAutopsy,
): Transcript {
  return {
    id: `session-${session.sessionId ?? session.report.fileName}`,
    title: session.title,
    source: 'session',
    messages: replayMessages(result.messages, result.compactions),
    probes: [],
    note: `${result.source} session ${session.report.fileName}: ${result.autopsy.headline}.`,
    recorded: result.baseline,
  };
}
