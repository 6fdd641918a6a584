// Context compaction, the shared part: where things are written, what is kept in thread state, the
// summary message, cut points, old tool-input truncation, and the view of the next request after
// the stored summary and truncation are applied (the Context inspector uses it too). Everything
// here is pure; the middleware in offload.ts, truncation.ts and summarization.ts do the I/O.

import { z } from 'zod';
import { stateSlot, type ThreadState } from '../agent/middleware';
import type { AssistantMessage, ModelMessage, ModelRequest, UserMessage } from '../agent/types';
import type { CompactionSettings } from './settings';
import {
  SUMMARY_MESSAGE_ID_PREFIX,
  countRequest,
  isSummaryMessage,
  type RequestTokenBreakdown,
  type TokenCounter,
} from '../tokens/counter';
import { getPins, pinnedIds } from '../recorder/pins';

export const LARGE_TOOL_RESULTS_DIR = '/large_tool_results';
export const CONVERSATION_HISTORY_DIR = '/conversation_history';
/** Tools whose results are never offloaded: they read files already, or report on a write. */
export const OFFLOAD_EXCLUDED_TOOLS: readonly string[] = [
  'ls',
  'glob',
  'grep',
  'read_file',
  'edit_file',
  'write_file',
];
/** Tools whose long arguments are truncated in old messages (their content is in a file). */
export const TRUNCATED_INPUT_TOOLS: readonly string[] = ['write_file', 'edit_file'];
/** Characters of a truncated argument that stay in place, before the pointer. */
export const TRUNCATED_ARG_KEEP_CHARS = 20;

export type CounterSource =
  TokenCounter | ((request: ModelRequest) => TokenCounter | Promise<TokenCounter>);
export type NumberSource = number | (() => number);

export async function resolveCounter(
  source: CounterSource,
  request: ModelRequest,
): Promise<TokenCounter> {
  return typeof source === 'function' ? source(request) : source;
}

export function resolveNumber(source: NumberSource): number {
  return typeof source === 'function' ? source() : source;
}

// ---- paths --------------------------------------------------------------------------------------

/** A path segment from an id: letters, digits, "_" and "-" only, at most 200 characters. */
export function sanitizeId(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200);
  return safe === '' ? 'unknown' : safe;
}

export function largeResultPath(toolCallId: string): string {
  return `${LARGE_TOOL_RESULTS_DIR}/${sanitizeId(toolCallId)}`;
}

export function historyPath(threadId: string): string {
  return `${CONVERSATION_HISTORY_DIR}/session_${sanitizeId(threadId)}.md`;
}

// ---- thread state -------------------------------------------------------------------------------

/** The summary that currently stands for the older part of the thread. */
const summaryRecordSchema = z.object({
  /** The summary text, with its four sections. */
  summary: z.string(),
  /** Id of the summary message sent in place of the older messages. */
  messageId: z.string(),
  /** Id of the first thread message sent after the summary (the cut point). */
  firstKeptId: z.string(),
  /** The file holding the summarized messages verbatim. */
  historyPath: z.string(),
  /** When it was written (ms since the epoch). */
  at: z.number(),
  /** Summarizations so far in this thread, this one included. */
  count: z.number(),
  /** Thread messages covered by this summary (all summarizations together). */
  summarizedMessages: z.number(),
});
export type SummaryRecord = z.infer<typeof summaryRecordSchema>;

/** What compaction keeps in thread state (JSON; saved with the thread). */
const compactionStateSchema = z.object({
  summary: summaryRecordSchema.optional(),
  /** Tool calls whose inputs were already reported as truncated (so each is reported once). */
  truncatedCallIds: z.array(z.string()).optional(),
});
export type CompactionState = z.infer<typeof compactionStateSchema>;

export const COMPACTION_STATE_KEY = 'compaction';
/** Compaction's slot in thread state (truncation and summarization share it). */
export const compactionSlot = stateSlot(COMPACTION_STATE_KEY, compactionStateSchema);
const MAX_REMEMBERED_CALL_IDS = 1_000;

export function getCompactionState(state: ThreadState): CompactionState {
  return compactionSlot.read(state) ?? {};
}

export function updateCompactionState(state: ThreadState, change: Partial<CompactionState>): void {
  const next: CompactionState = { ...getCompactionState(state), ...change };
  if (next.truncatedCallIds && next.truncatedCallIds.length > MAX_REMEMBERED_CALL_IDS)
    next.truncatedCallIds = next.truncatedCallIds.slice(-MAX_REMEMBERED_CALL_IDS);
  compactionSlot.write(state, next);
}

/** The message id where the current summary took over (for the conversation's divider). */
export function summaryCut(state: ThreadState): string | undefined {
  return getCompactionState(state).summary?.firstKeptId;
}

// ---- the summary message ------------------------------------------------------------------------

export const SUMMARY_SECTIONS = ['SESSION INTENT', 'SUMMARY', 'ARTIFACTS', 'NEXT STEPS'] as const;

/**
 * What the model reads in place of the older messages: where the full record is and how to search
 * it, then the summary. Worded without instruction verbs before the section names, so that a
 * summary message is never taken for a request to write one.
 */
/** `path` '' : the history file could not be written; the message then names no file. */
export function summaryMessageContent(summary: string, path: string): string {
  if (path === '')
    return [
      'Earlier messages of this conversation were condensed into the summary below to free context space.',
      'No word-for-word record of them could be saved to a file, so the summary is what remains of them.',
      '',
      '<summary>',
      summary.trim(),
      '</summary>',
    ].join('\n');
  return [
    'Earlier messages of this conversation were condensed into the summary below to free context space.',
    `The complete record of those messages, word for word, is in ${path}.`,
    'When a detail is missing from the summary (an exact value, a name, file contents, tool output, what the user said), look it up there:',
    `grep(pattern="…", path="${path}", output_mode="content") finds lines, and read_file(file_path="${path}", offset=0, limit=100) reads it in slices.`,
    '',
    '<summary>',
    summary.trim(),
    '</summary>',
  ].join('\n');
}

/**
 * The summary's own lines in a summary message (summaryMessageContent), without the lead-in about
 * the record, the section headings or list bullets: what it says of the conversation. A message
 * without the summary tags gives its non-empty lines.
 */
export function summaryLines(content: string): string[] {
  const body = /<summary>\n?([\s\S]*?)\n?<\/summary>/.exec(content)?.[1] ?? content;
  const headings = new Set<string>(SUMMARY_SECTIONS);
  return body
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*]\s+|\d+[.)]\s+)?/, '').trim())
    .filter(
      (line) =>
        line &&
        !headings.has(
          line
            .replace(/^#+\s*/, '')
            .replace(/:$/, '')
            .trim(),
        ),
    );
}

export function summaryMessage(record: SummaryRecord): UserMessage {
  return {
    role: 'user',
    id: record.messageId,
    content: summaryMessageContent(record.summary, record.historyPath),
    createdAt: record.at,
  };
}

export function summaryMessageId(count: number, firstKeptId: string): string {
  return `${SUMMARY_MESSAGE_ID_PREFIX}${count}_${firstKeptId}`;
}

/**
 * The thread's messages as the model sees them after the stored summary: the summary message, the
 * pinned messages from before the cut point (`keep`, see pins.ts: never cut), then the messages
 * from the cut point on. Idempotent (messages that already start with the summary are returned as
 * they are). If the cut point is not in the messages (a thread edited elsewhere), the messages are
 * returned unchanged: sending everything is safe, dropping the wrong part is not. `floor` is the
 * index of the cut point in the result (0 when no summary applies): older messages are not there.
 */
export function applyStoredSummary(
  messages: readonly ModelMessage[],
  record: SummaryRecord | undefined,
  keep?: ReadonlySet<string>,
): { messages: ModelMessage[]; applied: boolean; floor: number } {
  if (!record) return { messages: [...messages], applied: false, floor: 0 };
  const first = messages[0];
  if (first && first.id === record.messageId && isSummaryMessage(first)) {
    const at = messages.findIndex((message) => message.id === record.firstKeptId);
    return { messages: [...messages], applied: true, floor: at > 0 ? at : 1 };
  }
  const at = messages.findIndex((message) => message.id === record.firstKeptId);
  if (at < 0) return { messages: [...messages], applied: false, floor: 0 };
  const pinned = keep?.size
    ? messages.slice(0, at).filter((m) => keep.has(m.id) && !isSummaryMessage(m))
    : [];
  return {
    messages: [summaryMessage(record), ...pinned, ...messages.slice(at)],
    applied: true,
    floor: 1 + pinned.length,
  };
}

/** The stored summary applied to a thread's messages (pure; no model call). */
export function buildCompactedMessages(
  messages: readonly ModelMessage[],
  state: ThreadState,
): ModelMessage[] {
  return applyStoredSummary(
    messages,
    getCompactionState(state).summary,
    pinnedIds(messages, getPins(state)),
  ).messages;
}

// ---- cut points ---------------------------------------------------------------------------------

/**
 * Where the kept tail starts: the most recent messages that fit in `keepTokens` (at least the last
 * message is kept), moved earlier so that a tool result is never separated from the assistant
 * message that called it, nor from its sibling results. Messages before `floor` are never part of
 * the tail's search (index 0 holds the summary message once there is one).
 * Returns an index in [floor, messages.length - 1]; `floor` means there is nothing older to cut.
 */
export function findCutIndex(
  messages: readonly ModelMessage[],
  countMessage: (message: ModelMessage) => number,
  keepTokens: number,
  floor = 0,
): number {
  const n = messages.length;
  if (n - 1 <= floor) return floor;
  let cut = n - 1;
  let kept = countMessage(messages[cut] as ModelMessage);
  while (cut - 1 >= floor) {
    const tokens = countMessage(messages[cut - 1] as ModelMessage);
    if (kept + tokens > keepTokens) break;
    kept += tokens;
    cut--;
  }
  while (cut > floor && messages[cut]?.role === 'tool') cut--;
  return cut;
}

/** True when cutting before `index` keeps every tool call together with its results. */
export function isSafeCut(messages: readonly ModelMessage[], index: number): boolean {
  if (index <= 0 || index >= messages.length) return true;
  return messages[index]?.role !== 'tool';
}

// ---- old tool-input truncation ------------------------------------------------------------------

export interface TruncatedInput {
  messageId: string;
  toolCallId: string;
  toolName: string;
  /** The file the call wrote or edited, when its arguments name one. */
  path?: string;
  /** Characters removed from the arguments. */
  removedChars: number;
}

// Truncated copies point back to the thread's original, so the history file gets full messages.
const originals = new WeakMap<ModelMessage, ModelMessage>();

/** The thread's message a truncated copy was made from (the message itself otherwise). */
export function originalMessage(message: ModelMessage): ModelMessage {
  return originals.get(message) ?? message;
}

export function truncatedArgument(value: string, path: string | undefined): string {
  const where = path ? `; the full content is in the file ${path}` : '';
  return `${value.slice(0, TRUNCATED_ARG_KEEP_CHARS)}…[truncated ${value.length - TRUNCATED_ARG_KEEP_CHARS} characters${where}]`;
}

/**
 * write_file / edit_file arguments longer than `maxChars` in messages[from, to) cut to their first
 * 20 characters plus a pointer to the file. Returns new message objects where something changed;
 * the input messages are never modified.
 */
export function truncateToolInputs(
  messages: readonly ModelMessage[],
  range: { from: number; to: number },
  maxChars: number,
): { messages: ModelMessage[]; truncated: TruncatedInput[] } {
  const out = [...messages];
  const truncated: TruncatedInput[] = [];
  for (let i = Math.max(0, range.from); i < Math.min(range.to, messages.length); i++) {
    const message = messages[i];
    if (message?.role !== 'assistant' || !message.toolCalls?.length) continue;
    let changed = false;
    const toolCalls = message.toolCalls.map((call) => {
      // A quick bound before parsing: JSON text shorter than the limit has no longer string.
      if (!TRUNCATED_INPUT_TOOLS.includes(call.name) || call.arguments.length <= maxChars)
        return call;
      let args: unknown;
      try {
        args = JSON.parse(call.arguments);
      } catch {
        return call; // malformed arguments were never applied: nothing on disk to point to
      }
      if (!args || typeof args !== 'object' || Array.isArray(args)) return call;
      const record = args as Record<string, unknown>;
      const path = typeof record.file_path === 'string' ? record.file_path : undefined;
      let removed = 0;
      const next: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) {
        if (typeof value === 'string' && value.length > maxChars) {
          next[key] = truncatedArgument(value, path);
          removed += value.length - TRUNCATED_ARG_KEEP_CHARS;
        } else next[key] = value;
      }
      if (removed === 0) return call;
      changed = true;
      truncated.push({
        messageId: message.id,
        toolCallId: call.id,
        toolName: call.name,
        ...(path ? { path } : {}),
        removedChars: removed,
      });
      return { ...call, arguments: JSON.stringify(next) };
    });
    if (!changed) continue;
    const copy: AssistantMessage = { ...message, toolCalls };
    originals.set(copy, originalMessage(message));
    out[i] = copy;
  }
  return { messages: out, truncated };
}

// ---- the next request, compacted ----------------------------------------------------------------

export interface CompactionInputs {
  settings: CompactionSettings;
  contextWindow: number;
  counter: TokenCounter;
}

export interface CompactionView {
  /** The request with the stored summary applied and, when over the trigger, old inputs truncated. */
  request: ModelRequest;
  breakdown: RequestTokenBreakdown;
  /** Tokens with the stored summary applied, before truncation. */
  tokensBefore: number;
  /** Compaction starts above this many tokens (trigger fraction x context window). */
  triggerTokens: number;
  /** Summarization keeps the most recent messages worth this many tokens. */
  keepTokens: number;
  /** A stored summary replaced older messages. */
  summaryApplied: boolean;
  /** Index (in request.messages) of the first message of the kept tail. */
  keptFrom: number;
  truncated: TruncatedInput[];
  /** Still over the trigger after truncation: the summarization middleware will summarize. */
  summarizeDue: boolean;
}

export function thresholds(settings: CompactionSettings, contextWindow: number) {
  return {
    triggerTokens: Math.floor(settings.triggerFraction * contextWindow),
    keepTokens: Math.floor(settings.keepFraction * contextWindow),
  };
}

/**
 * What the next request looks like after the stored summary and old tool-input truncation, without
 * calling a model: the truncation middleware sends exactly this, and the Context inspector shows it.
 */
export function compactRequest(
  request: ModelRequest,
  state: ThreadState,
  { settings, contextWindow, counter }: CompactionInputs,
): CompactionView {
  const { triggerTokens, keepTokens } = thresholds(settings, contextWindow);
  const applied = applyStoredSummary(
    request.messages,
    getCompactionState(state).summary,
    pinnedIds(request.messages, getPins(state)),
  );
  let current: ModelRequest = { ...request, messages: applied.messages };
  const floor = applied.floor;
  const before = countRequest(counter, current);
  const keptFrom = findCutIndex(
    current.messages,
    (message) => counter.countMessage(message),
    keepTokens,
    floor,
  );

  let truncated: TruncatedInput[] = [];
  let breakdown = before;
  if (before.total > triggerTokens && keptFrom > floor) {
    const result = truncateToolInputs(
      current.messages,
      { from: floor, to: keptFrom },
      settings.truncateArgChars,
    );
    if (result.truncated.length > 0) {
      truncated = result.truncated;
      current = { ...current, messages: result.messages };
      breakdown = countRequest(counter, current);
    }
  }
  return {
    request: current,
    breakdown,
    tokensBefore: before.total,
    triggerTokens,
    keepTokens,
    summaryApplied: applied.applied,
    keptFrom,
    truncated,
    summarizeDue: breakdown.total > triggerTokens && keptFrom > floor,
  };
}
