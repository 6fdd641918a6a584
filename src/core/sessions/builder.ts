// What every session parser shares: it builds the thread-ready message list (unique ids, tool calls
// paired with their results, times), cuts texts at the bounds and says so, counts placeholders,
// problems and skipped records for the report, and places compactions and recorded usage.

import type { Message, ToolCall, Usage } from '../agent/types';
import { BOUNDS, formatBound } from '../limits';
import { findSecrets, redactSecrets, secretPreview } from './secrets';
import { titleFrom } from '../thread/thread';
import type {
  ImportedSession,
  ImportReport,
  RecordedUsage,
  SecretFinding,
  SessionSource,
  Sidechain,
  SourceCompaction,
} from './types';
import { SOURCE_LABELS } from './types';

export const MAX_SESSION_BYTES = BOUNDS.sessionFileBytes.value;
export const MAX_SESSION_LABEL = formatBound(BOUNDS.sessionFileBytes);
export const MAX_SESSION_LINE_CHARS = BOUNDS.sessionLineChars.value;
export const MAX_SESSION_MESSAGE_CHARS = BOUNDS.sessionMessageChars.value;
export const MAX_SESSION_MESSAGES = BOUNDS.sessionMessages.value;

/** A session file the importer refuses as a whole (too large, empty, no known format). */
export class SessionImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionImportError';
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file's size as the report says it: "740 bytes", "12 kB", "3.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('en-US')} kB`;
  return megabytes(bytes);
}

/** The size check where a file enters: refused with its size and the limit. */
export function checkSessionSize(fileName: string, bytes: number): void {
  if (bytes > MAX_SESSION_BYTES)
    throw new SessionImportError(
      `${fileName} is ${megabytes(bytes)}: sessions of at most ${MAX_SESSION_LABEL} can be imported. Nothing was changed.`,
    );
}

/** A time as sources write it (ISO text, seconds or milliseconds since the epoch), or undefined. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return value < 1e11 ? value * 1000 : value;
  if (typeof value === 'string' && value) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Arguments as JSON text: kept as the source wrote them when they are text already. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? {});
}

/** A request as a session file holds it: its JSON body, or just its list of messages. */
export type RequestBody = Record<string, unknown> | unknown[];

/**
 * A request's messages: the body itself when it is the list, else its `messages`. A body that
 * names its model sets the session's.
 */
export function requestMessages(body: RequestBody, b: SessionBuilder): unknown[] {
  if (Array.isArray(body)) return body;
  if (str(body.model)) b.model = str(body.model);
  return Array.isArray(body.messages) ? body.messages : [];
}

interface At {
  id?: string;
  at?: unknown;
}

export class SessionBuilder {
  readonly messages: Message[] = [];
  readonly compactions: SourceCompaction[] = [];
  readonly usage: RecordedUsage[] = [];
  readonly sidechains: Sidechain[] = [];
  readonly report: ImportReport;
  title?: string;
  startedAt?: number;
  sessionId?: string;
  model?: string;
  private readonly ids = new Set<string>();
  private readonly usageById = new Map<string, RecordedUsage>();
  /** Tool calls by id: their name, and whether a result came. */
  private readonly calls = new Map<string, { name: string; answered: boolean }>();
  private time = 0;
  private seq = 0;
  private overLimit = 0;
  /**
   * A user message, tool result or compaction came after the last assistant message: more
   * assistant content starts a new message.
   */
  private closed = true;

  /**
   * @param fallbackTime the time of messages when the source records none (the import's time)
   */
  constructor(
    source: SessionSource,
    fileName: string,
    bytes: number,
    private readonly fallbackTime = Date.now(),
  ) {
    this.report = {
      fileName,
      bytes,
      source,
      records: 0,
      messages: 0,
      placeholders: {},
      thinking: 0,
      sidechains: 0,
      sidechainRecords: 0,
      rewoundRecords: 0,
      skipped: {},
      compactions: 0,
      unpairedCalls: 0,
      unpairedResults: 0,
      cuts: [],
      problems: [],
      secrets: [],
    };
  }

  get label(): string {
    return SOURCE_LABELS[this.report.source];
  }

  /** A unique message id: the source's when it has one. */
  id(preferred?: string): string {
    const base = preferred && preferred.length <= 200 ? preferred : `m${++this.seq}`;
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}~${n}`;
    this.ids.add(id);
    return id;
  }

  /** The message's time: the source's, else the previous message's (or the session's start). */
  at(value: unknown): number {
    const t = parseTime(value);
    if (t !== undefined) this.time = t;
    else if (!this.time) this.time = this.startedAt ?? this.fallbackTime;
    return this.time;
  }

  /** A text cut at the per-message bound, the cut said in the text and in the report. */
  text(raw: string, where: string): string {
    if (raw.length <= MAX_SESSION_MESSAGE_CHARS) return raw;
    this.report.cuts.push(
      `${where}: ${raw.length.toLocaleString('en-US')} characters, cut at ${MAX_SESSION_MESSAGE_CHARS.toLocaleString('en-US')}.`,
    );
    return `${raw.slice(0, MAX_SESSION_MESSAGE_CHARS)}\n… [cut at ${MAX_SESSION_MESSAGE_CHARS.toLocaleString('en-US')} characters]`;
  }

  /** Counts something that could not be mapped and gives the text that stands for it. */
  placeholder(kind: string, detail = ''): string {
    this.report.placeholders[kind] = (this.report.placeholders[kind] ?? 0) + 1;
    return `[${kind}${detail ? ` (${detail})` : ''} not imported]`;
  }

  problem(text: string, line?: number): void {
    this.report.problems.push(line === undefined ? { text } : { line, text });
  }

  skip(kind: string): void {
    this.report.skipped[kind] = (this.report.skipped[kind] ?? 0) + 1;
  }

  private push(message: Message): boolean {
    if (this.messages.length >= MAX_SESSION_MESSAGES) {
      this.overLimit++;
      return false;
    }
    this.messages.push(message);
    return true;
  }

  user(content: string, where: At = {}): void {
    const id = this.id(where.id);
    this.push({ role: 'user', id, content: this.text(content, id), createdAt: this.at(where.at) });
    this.closed = true;
  }

  assistant(content: string, toolCalls: ToolCall[] = [], where: At = {}): void {
    const id = this.id(where.id);
    for (const call of toolCalls) this.calls.set(call.id, { name: call.name, answered: false });
    this.push({
      role: 'assistant',
      id,
      content: this.text(content, id),
      createdAt: this.at(where.at),
      ...(toolCalls.length ? { toolCalls } : {}),
    });
    this.closed = false;
  }

  /** The open assistant message (the last but notices, nothing else after it): its index, or -1. */
  private openAssistant(): number {
    if (this.closed) return -1;
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const role = this.messages[i]!.role;
      if (role === 'assistant') return i;
      if (role !== 'notice') return -1;
    }
    return -1;
  }

  /**
   * More of the same assistant message (Claude Code writes one record per content block; a
   * Responses log writes a function call as its own item): appended to the open assistant
   * message, or a new one when there is none.
   */
  extendAssistant(content: string, toolCalls: ToolCall[] = [], where: At = {}): void {
    const index = this.openAssistant();
    const open = this.messages[index];
    if (open?.role !== 'assistant') {
      this.assistant(content, toolCalls, where);
      return;
    }
    for (const call of toolCalls) this.calls.set(call.id, { name: call.name, answered: false });
    const joined = [open.content, content].filter(Boolean).join('\n\n');
    const calls = [...(open.toolCalls ?? []), ...toolCalls];
    this.messages[index] = {
      ...open,
      content: this.text(joined, open.id),
      ...(calls.length ? { toolCalls: calls } : {}),
    };
  }

  tool(
    callId: string,
    content: string,
    where: At & { isError?: boolean; name?: string } = {},
  ): void {
    const call = this.calls.get(callId);
    if (call) call.answered = true;
    else this.report.unpairedResults++;
    const id = this.id(where.id ?? `${callId}:result`);
    this.push({
      role: 'tool',
      id,
      toolCallId: callId,
      toolName: call?.name ?? where.name ?? 'unknown',
      content: this.text(content, id),
      createdAt: this.at(where.at),
      ...(where.isError ? { isError: true } : {}),
    });
    this.closed = true;
  }

  notice(content: string, where: At = {}): string {
    const id = this.id(where.id);
    this.push({
      role: 'notice',
      id,
      kind: 'info',
      content: this.text(content, id),
      createdAt: this.at(where.at),
    });
    return id;
  }

  /** Reasoning (a thinking block, a reasoning summary): shown as a notice, never sent. */
  thinking(text: string, where: At = {}): void {
    this.report.thinking++;
    this.notice(`Thinking (recorded by ${this.label}):\n${text}`, where);
  }

  /**
   * The source's own compaction at this point of the list: its summary becomes a notice (shown,
   * never sent: the thread keeps the full history), and the compaction is recorded as data.
   */
  compaction(compaction: Omit<SourceCompaction, 'index' | 'summaryMessageId'>, where: At = {}) {
    const index = this.messages.length;
    const tokens =
      compaction.preTokens !== undefined
        ? ` at ${compaction.preTokens.toLocaleString('en-US')} tokens`
        : '';
    const summaryMessageId = this.notice(
      `Compacted by ${this.label}${compaction.trigger ? ` (${compaction.trigger})` : ''}${tokens}. Summary:\n${compaction.summary ?? '(no summary recorded)'}`,
      where,
    );
    const entry: SourceCompaction = { ...compaction, index, summaryMessageId };
    this.compactions.push(entry);
    this.closed = true;
    return entry;
  }

  /** The last assistant message's id, if any. */
  lastAssistantId(): string | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--)
      if (this.messages[i]!.role === 'assistant') return this.messages[i]!.id;
    return undefined;
  }

  /**
   * Usage the source recorded for an assistant message (by id; the last assistant message without
   * one). Recorded again for the same message (Claude Code repeats it on each record of a reply),
   * the later figures replace the earlier.
   */
  recordUsage(usage: Usage, messageId?: string): void {
    let index = -1;
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (m.role === 'assistant' && (messageId ? m.id === messageId : true)) {
        index = i;
        break;
      }
    }
    const message = this.messages[index];
    if (message?.role !== 'assistant') return;
    if (message.usage && !messageId) return;
    this.messages[index] = { ...message, usage };
    const entry = this.usageById.get(message.id);
    if (entry) entry.usage = usage;
    else {
      const added = { messageId: message.id, index, usage };
      this.usage.push(added);
      this.usageById.set(message.id, added);
    }
  }

  finish(): ImportedSession {
    const report = this.report;
    for (const call of this.calls.values()) if (!call.answered) report.unpairedCalls++;
    if (this.overLimit)
      report.cuts.push(
        `${this.overLimit.toLocaleString('en-US')} messages past the first ${MAX_SESSION_MESSAGES.toLocaleString('en-US')} were left out.`,
      );
    report.messages = this.messages.length;
    report.compactions = this.compactions.length;
    report.sidechains = this.sidechains.length;
    report.secrets = [
      ...scanSecrets(this.messages),
      ...this.sidechains.flatMap((s) => scanSecrets(s.messages, -1)),
    ];
    // Not a context block an agent adds (Codex's <environment_context>, <user_instructions>).
    const firstUser =
      this.messages.find((m) => m.role === 'user' && !m.content.trimStart().startsWith('<')) ??
      this.messages.find((m) => m.role === 'user');
    return {
      source: report.source,
      // A title is shown in lists and travels in bundles: never with a secret in it.
      title: titleFrom(redactSecrets(this.title || firstUser?.content || report.fileName)),
      ...(this.startedAt !== undefined ? { startedAt: this.startedAt } : {}),
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
      ...(this.model ? { model: this.model } : {}),
      messages: this.messages,
      compactions: this.compactions,
      usage: this.usage,
      sidechains: this.sidechains,
      report,
    };
  }
}

/** Every secret-looking string in the messages' texts and tool call arguments. */
export function scanSecrets(messages: readonly Message[], fixedIndex?: number): SecretFinding[] {
  const found: SecretFinding[] = [];
  messages.forEach((message, i) => {
    const index = fixedIndex ?? i;
    const scan = (text: string, field: string) => {
      for (const span of findSecrets(text))
        found.push({
          kind: span.kind,
          messageId: message.id,
          index,
          field,
          preview: secretPreview(text.slice(span.start, span.end)),
        });
    };
    scan(message.content, 'content');
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? [])
        scan(call.arguments, `tool call ${call.name} arguments`);
  });
  return found;
}
