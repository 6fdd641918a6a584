// "Compact now" (issue 20, point 5): summarization on demand, as a preview first. previewCompaction
// asks the summarizer and builds the record (Kept / Recoverable / Lost) without writing anything:
// the history file's new content is computed, not saved, and thread state is not touched.
// applyCompaction then does what the summarization middleware would have done (append to the
// history file, store the summary in thread state) and returns the timeline entry with the record;
// discarding is doing nothing. Pinned messages stay, as in the middleware.

import type { ThreadState } from '../agent/middleware';
import { isModelMessage, type Message, type ModelMessage, type ModelRequest } from '../agent/types';
import type { VirtualFs } from '../fs/types';
import type { TimelineEntry } from '../thread/thread';
import { countRequest, type TokenCounter } from '../tokens/counter';
import {
  applyStoredSummary,
  getCompactionState,
  historyPath as historyPathFor,
  originalMessage,
  thresholds,
  updateCompactionState,
  type SummaryRecord,
} from './compaction';
import { getPins, pinnedIds } from '../recorder/pins';
import { DEFAULT_SPECIFICS_BUDGET } from './settings';
import {
  buildRecordHere,
  recordLine,
  type CompactionRecord,
  type RecordBuilder,
} from '../recorder/record';
import {
  appendHistory,
  historyContent,
  historySection,
  nextSummary,
  planSummary,
  removedMessages,
  requestSummary,
  summarizationRecordInput,
  type SummarizeFn,
} from './summarization';

/** The compaction settings (as thresholds() takes them; the settings module is a layer above). */
type CompactionSettings = Parameters<typeof thresholds>[0];

export interface ManualCompactionInput {
  threadId: string;
  messages: readonly Message[];
  state: ThreadState;
  settings: CompactionSettings;
  contextWindow: number;
  counter: TokenCounter;
  summarize: SummarizeFn;
  model: string;
  /** The system prompt the record shows before and after. */
  system: string;
  fs: Pick<VirtualFs, 'read'>;
  signal: AbortSignal;
  /** Builds the record (default: here, on this thread; the app: in a Web Worker). */
  buildRecord?: RecordBuilder;
  now?: () => number;
}

/** What Apply writes: the summary for thread state and the messages for the history file. */
export interface PendingCompaction {
  threadId: string;
  summary: SummaryRecord;
  /** The stored summary this one replaces (its count), to refuse a stale apply. */
  previousCount: number;
  removed: ModelMessage[];
  tokensBefore: number;
  tokensAfter: number;
  keptMessages: number;
  record: CompactionRecord;
}

export type CompactionPreview =
  { ok: true; pending: PendingCompaction } | { ok: false; reason: string };

export async function previewCompaction(input: ManualCompactionInput): Promise<CompactionPreview> {
  const now = input.now ?? Date.now;
  const stored = getCompactionState(input.state).summary;
  const pins = getPins(input.state);
  const thread = input.messages.filter(isModelMessage);
  const keep = pinnedIds(thread, pins);
  const applied = applyStoredSummary(thread, stored, keep);
  const before: ModelRequest = {
    model: input.model,
    system: input.system,
    messages: applied.messages,
    tools: [],
  };
  // Everything fits in the kept share: keep only the latest turn (from the last user message).
  const plan = planSummary(
    applied,
    keep,
    (m) => input.counter.countMessage(m),
    thresholds(input.settings, input.contextWindow).keepTokens,
    { atLeastLatestTurn: true },
  );
  if (!plan)
    return {
      ok: false,
      reason:
        'Nothing to compact: only the latest turn (and pinned messages) would be left to summarize.',
    };

  const path = historyPathFor(input.threadId);
  const checked = await requestSummary(input.summarize, input.signal, {
    model: input.model,
    plan,
    counter: input.counter,
    contextWindow: input.contextWindow,
    path,
    pins,
    ...(input.settings.keepSpecifics
      ? {
          keepSpecifics: {
            budgetTokens: input.settings.specificsBudget ?? DEFAULT_SPECIFICS_BUDGET,
          },
        }
      : {}),
  });
  if (!checked.ok) return { ok: false, reason: `The summary is unusable: ${checked.reason}` };

  const at = now();
  const summary = nextSummary(stored, plan, checked.summary, path, at);
  const after: ModelRequest = {
    ...before,
    messages: applyStoredSummary(thread, summary, keep).messages,
  };
  // The history file as Apply would leave it (nothing is written now).
  const existing = await input.fs.read(path).catch(() => undefined);
  const removed = plan.newlyCut.map(originalMessage);
  const content = historyContent(existing?.content, input.threadId, historySection(removed, at));
  // The preview shows the record before anything changes: it is awaited here (built off the
  // page's thread when the app gives a builder).
  const record = await (input.buildRecord ?? buildRecordHere)(
    summarizationRecordInput({
      before,
      after,
      removed: removedMessages(plan),
      history: { path, content },
      pins,
      preview: true,
    }),
  );
  return {
    ok: true,
    pending: {
      threadId: input.threadId,
      summary,
      previousCount: stored?.count ?? 0,
      removed,
      tokensBefore: countRequest(input.counter, before).total,
      tokensAfter: countRequest(input.counter, after).total,
      keptMessages: plan.kept.length,
      record,
    },
  };
}

/**
 * Writes a previewed compaction: appends the removed messages to the history file and stores the
 * summary in `state` (the thread's, mutated). Refuses when the thread was compacted since the
 * preview. Returns the timeline entry to record.
 */
export async function applyCompaction(
  fs: VirtualFs,
  state: ThreadState,
  pending: PendingCompaction,
): Promise<TimelineEntry> {
  const current = getCompactionState(state).summary?.count ?? 0;
  if (current !== pending.previousCount)
    throw new Error(
      'The thread was compacted since this preview; run "Compact now" again to see the current one.',
    );
  const { summary } = pending;
  await appendHistory(fs, summary.historyPath, pending.threadId, pending.removed, summary.at);
  updateCompactionState(state, { summary });
  const record: CompactionRecord = { ...pending.record };
  delete record.preview;
  return {
    kind: 'summarize',
    tokensBefore: pending.tokensBefore,
    tokensAfter: pending.tokensAfter,
    path: summary.historyPath,
    messageId: summary.firstKeptId,
    detail:
      `Compact now: ${pending.removed.length} older messages were summarized and appended verbatim ` +
      `to ${summary.historyPath}; the model now sees the summary and the ${pending.keptMessages} ` +
      `most recent messages. ${recordLine(record)}.`,
    record,
  };
}
