// An imported session as a thread of ours: a notice at the top ("Imported from Claude Code ·
// 2026-10-03" and the report in a line), then the session's messages; what the source recorded
// about itself (source, compactions with their summaries, sidechains counted, flagged secrets) is
// kept in the thread's state under 'imported-session', which the thread JSONL of a bundle carries.
// The person can continue the thread with any provider: notices are never sent, and providers
// answer a recorded tool call left without its result.

import { z } from 'zod';
import { stateSlot } from '../agent/middleware';
import { newId } from '../agent/ids';
import type { Message } from '../agent/types';
import type { Thread } from '../thread/thread';
import { reportSummary } from './report';
import { SESSION_SOURCES, SOURCE_LABELS, type ImportedSession } from './types';

const compactionSchema = z.object({
  /** Index in the thread's messages (the session's index plus `offset`). */
  index: z.number(),
  summary: z.string().optional(),
  summaryMessageId: z.string().optional(),
  trigger: z.string().optional(),
  preTokens: z.number().optional(),
  postTokens: z.number().optional(),
  at: z.number().optional(),
  sourceId: z.string().optional(),
  line: z.number().optional(),
});

export const importedSessionSchema = z.object({
  source: z.enum(SESSION_SOURCES),
  fileName: z.string(),
  importedAt: z.number(),
  startedAt: z.number().optional(),
  sessionId: z.string().optional(),
  model: z.string().optional(),
  /** Thread messages before the session's first (the import notice). */
  offset: z.number(),
  compactions: z.array(compactionSchema),
  sidechains: z.array(
    z.object({ id: z.string(), title: z.string(), records: z.number(), messages: z.number() }),
  ),
  /** Where strings that look like secrets are (thread message ids): never the strings. */
  secrets: z.array(
    z.object({ kind: z.string(), messageId: z.string(), field: z.string(), preview: z.string() }),
  ),
  /** The report in one line, as the notice says it. */
  summary: z.string(),
});
export type ImportedSessionState = z.infer<typeof importedSessionSchema>;

/** Where a thread came from, when it was imported: the thread state's 'imported-session'. */
export const importedSessionSlot = stateSlot('imported-session', importedSessionSchema);

/** "2026-10-03" (UTC), or undefined when the time is unknown. */
export function sessionDate(time: number | undefined): string | undefined {
  return time === undefined || !Number.isFinite(time)
    ? undefined
    : new Date(time).toISOString().slice(0, 10);
}

/** "Imported from Claude Code · 2026-10-03". */
export function importedLine(session: Pick<ImportedSession, 'source' | 'startedAt'>): string {
  const date = sessionDate(session.startedAt);
  return `Imported from ${SOURCE_LABELS[session.source]}${date ? ` · ${date}` : ''}`;
}

export interface ToThreadOptions {
  workspace: string;
  now?: number;
  id?: string;
}

export function sessionToThread(session: ImportedSession, options: ToThreadOptions): Thread {
  const now = options.now ?? Date.now();
  const summary = reportSummary(session.report);
  const createdAt = session.startedAt ?? session.messages[0]?.createdAt ?? now;
  const notice: Message = {
    role: 'notice',
    id: newId('notice'),
    kind: 'info',
    content: `${importedLine(session)} (${session.report.fileName}).\n${summary}.`,
    createdAt,
  };
  const offset = 1;
  const state = {};
  importedSessionSlot.write(state, {
    source: session.source,
    fileName: session.report.fileName,
    importedAt: now,
    ...(session.startedAt !== undefined ? { startedAt: session.startedAt } : {}),
    ...(session.sessionId ? { sessionId: session.sessionId } : {}),
    ...(session.model ? { model: session.model } : {}),
    offset,
    compactions: session.compactions.map((c) => ({ ...c, index: c.index + offset })),
    sidechains: session.sidechains.map((s) => ({
      id: s.id,
      title: s.title,
      records: s.records,
      messages: s.messages.length,
    })),
    secrets: session.report.secrets
      .filter((s) => s.index >= 0)
      .map(({ kind, messageId, field, preview }) => ({ kind, messageId, field, preview })),
    summary,
  });
  return {
    id: options.id ?? newId('thread'),
    title: session.title,
    workspace: options.workspace,
    createdAt,
    updatedAt: now,
    messages: [notice, ...session.messages],
    state,
    calls: [],
    memoryEdits: [],
  };
}
