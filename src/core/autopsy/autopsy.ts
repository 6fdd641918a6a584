// The compaction autopsy: for a session recorded by another agent (Claude Code, Codex, Deep Agents…),
// a Compaction record for every compaction that agent made, built with the same rules as our own
// (recorder/RULES.md): the messages it took out of the context are the removed text, its summary
// and what followed are the new context, and every specific of the removed text is kept, or lost.
// Nothing of the source agent can be read back by it after a compaction (we have no files of its),
// so nothing is "recoverable" here unless the caller passes files. Pure.

import type { ModelMessage } from '../agent/types';
import {
  buildCompactionRecord,
  messagePart,
  type CompactionRecord,
  type RecordPart,
} from '../recorder/record';
import { nextStepsFromMessages } from '../recorder/intent';
import type { ReadableFile } from '../recorder/fate';
import { createRetentionTally, type Retention } from '../recorder/retention';
import type { TokenCounter } from '../tokens/counter';

/** One compaction the source agent made, as its session file records it. */
export interface SourceCompaction {
  /**
   * Index in the session's messages of the first message after the boundary: the summary message
   * when the session holds it as a message, else the first message written after the compaction.
   */
  at: number;
  /** The summary the agent continued from ('' when the source recorded none). */
  summary: string;
  /** The message that carries the summary, when it is one of the session's messages. */
  summaryMessageId?: string;
  /** Messages before the boundary that the agent carried over word for word (Codex's history). */
  keptIds?: readonly string[];
  /** Tokens of the context before and after, as the source recorded them. */
  tokensBefore?: number;
  tokensAfter?: number;
  /** When it happened (ms since the epoch), when recorded. */
  time?: number;
  /** "auto", "manual"… as recorded. */
  trigger?: string;
}

export interface AutopsyInput {
  /** "Claude Code", "Codex CLI", "Deep Agents"… */
  source: string;
  /** The session's main line, oldest first. */
  messages: readonly ModelMessage[];
  compactions: readonly SourceCompaction[];
  /** Files the agent could read after its compactions (none for most sources). */
  readableFiles?: readonly ReadableFile[];
}

export interface CompactionAutopsy {
  compaction: SourceCompaction;
  record: CompactionRecord;
  /** Messages the compaction took out of the context. */
  removedMessages: number;
  /** Recorded by the source where it did; else counted with the counter given. */
  tokensBefore: number;
  tokensAfter: number;
  /** Whether tokensBefore / tokensAfter are the source's own figures. */
  recordedTokens: { before: boolean; after: boolean };
}

export interface SessionAutopsy {
  source: string;
  compactions: CompactionAutopsy[];
  /** Specifics over every compaction: removed, and how many each left kept / recoverable / lost. */
  totals: { total: number; kept: number; recoverable: number; lost: number };
  /**
   * Over the whole session, as the arena measures a strategy: distinct specifics removed at least
   * once, and those no compaction left lost (a specific a first summary kept and a second dropped
   * is lost).
   */
  retention: Retention;
  /** "Claude Code's 3 compactions kept 41 of 388 specifics" (distinct), or that it never compacted. */
  headline: string;
}

const en = (n: number) => n.toLocaleString('en-US');

/**
 * Characters of each compaction's removed text (and of each text searched) read for specifics:
 * more than a run's record reads (RECORD_SCAN_CHARS), as an autopsy is off any run's path, and
 * bounded, with the cut said in the record.
 */
export const AUTOPSY_SCAN_CHARS = 2_000_000;

/** The source's compactions in order, each with its boundary inside the message list. */
export function orderedCompactions(
  compactions: readonly SourceCompaction[],
  messageCount: number,
): SourceCompaction[] {
  return compactions
    .filter((c) => Number.isInteger(c.at) && c.at >= 0 && c.at <= messageCount)
    .slice()
    .sort((a, b) => a.at - b.at);
}

/** Autopsies every compaction of a session. */
export function autopsySession(input: AutopsyInput, counter?: TokenCounter): SessionAutopsy {
  const compactions = orderedCompactions(input.compactions, input.messages.length);
  const results: CompactionAutopsy[] = [];
  let start = 0;
  let previousSummary: RecordPart | undefined;
  compactions.forEach((compaction, k) => {
    const next = compactions[k + 1]?.at ?? input.messages.length;
    const segment = input.messages
      .slice(start, compaction.at)
      .filter((m) => m.id !== compactions[k - 1]?.summaryMessageId);
    const kept = new Set(compaction.keptIds ?? []);
    const removed = segment.filter((m) => !kept.has(m.id));
    const carried = segment.filter((m) => kept.has(m.id));
    const summaryPart: RecordPart = {
      label: `${input.source}'s summary`,
      text: compaction.summary,
      ...(compaction.summaryMessageId ? { messageId: compaction.summaryMessageId } : {}),
      role: 'user',
    };
    const following = input.messages
      .slice(compaction.at, next)
      .filter((m) => m.id !== compaction.summaryMessageId);
    const removedParts = [
      ...(previousSummary ? [previousSummary] : []),
      ...removed.map(messagePart),
    ];
    const before = [...removedParts, ...carried.map(messagePart)];
    const after = [summaryPart, ...carried.map(messagePart), ...following.map(messagePart)];
    const latestUser = [...removed].reverse().find((m) => m.role === 'user');
    const record = buildCompactionRecord({
      kind: 'summarize',
      scanChars: AUTOPSY_SCAN_CHARS,
      before,
      after,
      removed: removedParts,
      ...(input.readableFiles ? { readableFiles: input.readableFiles } : {}),
      intent: {
        latestUserRequest: latestUser?.content ?? '',
        nextSteps: nextStepsFromMessages(
          removedParts.map((p) => ({ role: p.role ?? 'user', content: p.text })),
        ),
        summary: compaction.summary,
      },
    });
    const countParts = (parts: readonly RecordPart[]) =>
      counter ? parts.reduce((sum, p) => sum + counter.count(p.text), 0) : 0;
    const recordedBefore = typeof compaction.tokensBefore === 'number';
    const recordedAfter = typeof compaction.tokensAfter === 'number';
    results.push({
      compaction,
      record,
      removedMessages: removed.length,
      tokensBefore: recordedBefore ? compaction.tokensBefore! : countParts(before),
      tokensAfter: recordedAfter
        ? compaction.tokensAfter!
        : countParts([summaryPart, ...carried.map(messagePart)]),
      recordedTokens: { before: recordedBefore, after: recordedAfter },
    });
    start = compaction.at;
    previousSummary = summaryPart;
  });
  const totals = { total: 0, kept: 0, recoverable: 0, lost: 0 };
  const tally = createRetentionTally();
  for (const { record } of results) {
    tally.add(record);
    totals.total += record.counts.total;
    totals.kept += record.counts.kept;
    totals.recoverable += record.counts.recoverable;
    totals.lost += record.counts.lost;
  }
  const retention = tally.result();
  return {
    source: input.source,
    compactions: results,
    totals,
    retention,
    headline: headline(input.source, results.length, retention),
  };
}

function headline(source: string, count: number, retention: Retention): string {
  if (count === 0) return `${source} never compacted this session`;
  const what = count === 1 ? 'compaction' : `${en(count)} compactions`;
  return `${source}'s ${what} kept ${en(retention.retained)} of ${en(retention.specifics)} specifics`;
}
