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
  findCutIndex,
  getCompactionState,
  historyPath as historyPathFor,
  originalMessage,
  summaryMessageId,
  thresholds,
  updateCompactionState,
  type SummaryRecord,
} from './compaction';
import { getPins, mustKeepInstruction, pinnedIds } from './pins';
import { recordLine, type CompactionRecord } from './record';
import {
  appendHistory,
  buildSummaryRequest,
  checkSummary,
  historyFileHeader,
  historySection,
  summarizationRecord,
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
  const floor = applied.floor;
  const count = (m: ModelMessage) => input.counter.countMessage(m);
  let cut = findCutIndex(
    applied.messages,
    count,
    thresholds(input.settings, input.contextWindow).keepTokens,
    floor,
  );
  // Everything fits in the kept share: keep only the latest turn (from the last user message).
  if (cut <= floor) {
    const lastUser = applied.messages.findLastIndex((m, i) => i >= floor && m.role === 'user');
    cut = lastUser > floor ? lastUser : floor;
  }
  const removed = applied.messages.slice(floor, cut).filter((m) => !keep.has(m.id));
  if (cut <= floor || removed.length === 0)
    return {
      ok: false,
      reason:
        'Nothing to compact: only the latest turn (and pinned messages) would be left to summarize.',
    };

  const path = historyPathFor(input.threadId);
  const text = await input.summarize(
    buildSummaryRequest(input.model, applied.messages.slice(0, cut), {
      counter: input.counter,
      contextWindow: input.contextWindow,
      path,
      mustKeep: mustKeepInstruction(pins),
    }),
    input.signal,
  );
  const checked = checkSummary(text);
  if (!checked.ok) return { ok: false, reason: `The summary is unusable: ${checked.reason}` };

  const at = now();
  const firstKept = applied.messages[cut] as ModelMessage;
  const summary: SummaryRecord = {
    summary: checked.summary,
    messageId: summaryMessageId((stored?.count ?? 0) + 1, firstKept.id),
    firstKeptId: firstKept.id,
    historyPath: path,
    at,
    count: (stored?.count ?? 0) + 1,
    summarizedMessages: (applied.applied ? (stored?.summarizedMessages ?? 0) : 0) + removed.length,
  };
  const after: ModelRequest = {
    ...before,
    messages: applyStoredSummary(thread, summary, keep).messages,
  };
  // The history file as Apply would leave it (nothing is written now).
  const existing = await input.fs.read(path).catch(() => undefined);
  const section = historySection(removed.map(originalMessage), at);
  const content = existing
    ? `${existing.content.replace(/\n*$/, '\n')}\n${section}`
    : `${historyFileHeader(input.threadId)}\n${section}`;
  const record = summarizationRecord({
    before,
    after,
    removed: [...(applied.applied ? applied.messages.slice(0, 1) : []), ...removed],
    history: { path, content },
    pins,
    preview: true,
  });
  return {
    ok: true,
    pending: {
      threadId: input.threadId,
      summary,
      previousCount: stored?.count ?? 0,
      removed: removed.map(originalMessage),
      tokensBefore: countRequest(input.counter, before).total,
      tokensAfter: countRequest(input.counter, after).total,
      keptMessages: applied.messages.length - cut,
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
