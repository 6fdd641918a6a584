// The compaction flight recorder's record: for one event that removed content from what the model
// sees (a summarization, old tool-input truncation, a large-result offload, a strategy leaving
// turns out), the request sections before and after, the removed text, and the fate of every
// specific the removed text held (kept / recoverable / lost, RULES.md section 2), with the intent
// check after a summary and the pinned specifics a summary dropped. Pure: the caller passes the
// texts and the files the agent can read (RecordInput, plain data), and the record is built after
// the model request has left (delivery.ts; in the app, in a Web Worker). Plain JSON,
// kept with the thread on its timeline event; every text is bounded (BOUNDS.recordTextChars) and
// every cut is said in the record.

import { z } from 'zod';
import type { ModelMessage } from '../agent/types';
import { BOUNDS } from '../limits';
import { isSummaryMessage } from '../tokens/counter';
import {
  classifySpecifics,
  type ClassifiedSpecific,
  type Fate,
  type FateCounts,
  type ReadableFile,
} from './fate';
import { intentSurvival, type Survival } from './intent';
import { collectSpecifics, type SpecificKind } from './specifics';

declare module '../thread/thread' {
  interface ContextEventAttachments {
    /** What the event removed from what the model sees, and the fate of its specifics. */
    record?: CompactionRecord;
  }
}

export type RemovalKind = 'summarize' | 'truncate' | 'offload' | 'strategy';

export const REMOVAL_LABELS: Readonly<Record<RemovalKind, string>> = {
  summarize: 'Summarization',
  truncate: 'Old tool-input truncation',
  offload: 'Large tool result offload',
  strategy: 'Context strategy left turns out',
};

/** Characters kept of each text in a record (before, after, removed). */
export const RECORD_TEXT_CHARS = BOUNDS.recordTextChars.value;
/** Characters kept per list (before, after, removed) in all. */
export const RECORD_LIST_CHARS = 3 * RECORD_TEXT_CHARS;
/** Sections kept per list (before, after, removed); the rest are counted. */
export const RECORD_SECTIONS = BOUNDS.recordSections.value;
/** Specifics listed per fate; the counts stay exact. */
export const RECORD_SPECIFICS = BOUNDS.recordSpecifics.value;
/**
 * Characters read for specifics: of the removed text (all parts together), and of each text they
 * are looked for in (a context section, a readable file). A record is built after the request has
 * left (delivery.ts), but its run ends only once it is delivered, so a summarization of
 * a 200k-token history must not read megabytes twice over; a cut is listed in the record's
 * scanCuts and said in the view ("Searched in part: …").
 */
export const RECORD_SCAN_CHARS = 250_000;

/** A text of the record as given to the builder. */
export interface RecordPart {
  /** "System prompt", "Summary", "User message “…”", "Tool result (execute)". */
  label: string;
  text: string;
  /** The thread message it is (or came from). */
  messageId?: string;
  role?: string;
}

/** A text as kept in the record: cut to RECORD_TEXT_CHARS, saying how much was left out. */
export interface RecordText {
  label: string;
  text: string;
  /** Characters of the original text. */
  chars: number;
  /** Characters left out of `text` (0 when whole). */
  cut: number;
  messageId?: string;
  role?: string;
  /**
   * A section before that is word for word a section after: its index in `after`, and `text` is
   * empty (the record keeps each text once).
   */
  sameAsAfter?: number;
  /**
   * A section before that is word for word a removed text (and not a section after): its index in
   * `removed`, and `text` is empty. Records stored before this existed keep the text in both.
   */
  sameAsRemoved?: number;
}

/** A specific as listed in the record. */
export interface RecordSpecific {
  kind: SpecificKind;
  subtype: string;
  text: string;
  normalized: string;
  fate: Fate;
  /** Where it came from: the label of the removed part. */
  from: string;
  messageId?: string;
  /** Kept: the section that holds it; recoverable: the file; lost: a file nothing points to. */
  where?: string;
  occurrences: number;
  pinned?: boolean;
}

export interface RecordIntent {
  survived: Survival;
  request: Survival;
  nextSteps: Survival[];
  missing: string[];
  line: string;
}

/** A pinned specific as thread state keeps it (enough to find it again). */
export interface PinnedSpecificRef {
  kind: SpecificKind;
  subtype: string;
  normalized: string;
  text: string;
}

export interface CompactionRecord {
  kind: RemovalKind;
  /** The request sections before and after the removal, and what was removed. */
  before: RecordText[];
  after: RecordText[];
  removed: RecordText[];
  /** Sections not kept in each list (over RECORD_SECTIONS). */
  sectionsLeftOut: { before: number; after: number; removed: number };
  counts: FateCounts;
  /** "L lost · R recoverable · K kept" (records stored before issue 32: "K of M specifics kept"). */
  headline: string;
  /** "M specifics removed" (records stored before issue 32: "K kept, R recoverable from files, L lost"). */
  detail: string;
  kept: RecordSpecific[];
  recoverable: RecordSpecific[];
  lost: RecordSpecific[];
  /** Specifics counted but not listed, per fate (over RECORD_SPECIFICS). */
  unlisted: { kept: number; recoverable: number; lost: number };
  /** Readable files the new context points to. */
  pointedFiles: string[];
  /** Unchanged parts of the context searched but not kept in the record (label and size). */
  unchanged?: { label: string; chars: number }[];
  /** Scan cuts (texts searched in part), said on screen. */
  scanCuts: string[];
  /** After a summarization: did the latest request and the open next steps survive? */
  intent?: RecordIntent;
  /** Pinned specifics that were removed and are not in the new context (a summary dropped them). */
  pinnedDropped?: string[];
  /** Built by "Compact now" before anything changed. */
  preview?: boolean;
}

export interface RecordInput {
  kind: RemovalKind;
  before: readonly RecordPart[];
  after: readonly RecordPart[];
  removed: readonly RecordPart[];
  /** Files the agent can read after the removal (history file, offloaded result, written file). */
  readableFiles?: readonly ReadableFile[];
  /** Paths the new context points to besides those it names. */
  pointers?: readonly string[];
  /**
   * Parts of the new context that did not change and are not kept in the record (a strategy's
   * system prompt, the same at every call): specifics found there count as kept.
   */
  unchanged?: readonly RecordPart[];
  /** The thread's pinned specifics. */
  pinned?: readonly PinnedSpecificRef[];
  /** For summaries: the latest user request and the open next steps before it. */
  intent?: { latestUserRequest: string; nextSteps: readonly string[]; summary: string };
  /** Texts the caller searched in part before handing them over (the history file's tail). */
  scanCuts?: readonly string[];
  preview?: boolean;
  /**
   * Characters read for specifics (default RECORD_SCAN_CHARS). Off a run's path (the autopsy of an
   * imported session, in a worker or in Node) a record may read more.
   */
  scanChars?: number;
}

/**
 * Builds a record from its input. Plain data in, plain data out, so the app can build it in a Web
 * Worker; buildRecordHere builds it on the calling thread.
 */
export type RecordBuilder = (input: RecordInput) => Promise<CompactionRecord>;

export const buildRecordHere: RecordBuilder = async (input) => buildCompactionRecord(input);

export function buildCompactionRecord(input: RecordInput): CompactionRecord {
  const collection = collectSpecifics(
    input.removed.map((part) => ({
      text: part.text,
      origin: {
        label: part.label,
        ...(part.messageId ? { id: part.messageId } : {}),
        ...(part.role ? { role: part.role } : {}),
      },
    })),
    { maxChars: input.scanChars ?? RECORD_SCAN_CHARS },
  );
  const context = [...input.after, ...(input.unchanged ?? [])];
  const fate = classifySpecifics(collection.specifics, {
    newContext: context.map((part) => ({ label: part.label, text: part.text })),
    ...(input.readableFiles ? { readableFiles: input.readableFiles } : {}),
    ...(input.pointers ? { pointers: input.pointers } : {}),
    maxChars: input.scanChars ?? RECORD_SCAN_CHARS,
  });
  const pinnedKeys = new Set((input.pinned ?? []).map(pinKey));
  const list = (items: ClassifiedSpecific[]) =>
    items.slice(0, RECORD_SPECIFICS).map((s) => listed(s, pinnedKeys));
  const scanCuts = fate.cut.map(
    (c) =>
      `${c.label}: searched in its first ${c.searchedChars.toLocaleString('en-US')} of ${c.totalChars.toLocaleString('en-US')} characters`,
  );
  if (collection.cut)
    scanCuts.push(
      `Removed text: specifics read from its first ${collection.scannedChars.toLocaleString('en-US')} of ${collection.totalChars.toLocaleString('en-US')} characters`,
    );
  scanCuts.push(...(input.scanCuts ?? []));

  const record: CompactionRecord = {
    kind: input.kind,
    ...bounded('before', input.before, input.after, input.removed),
    ...bounded('after', input.after),
    ...bounded('removed', input.removed),
    sectionsLeftOut: {
      before: Math.max(0, input.before.length - RECORD_SECTIONS),
      after: Math.max(0, input.after.length - RECORD_SECTIONS),
      removed: Math.max(0, input.removed.length - RECORD_SECTIONS),
    },
    counts: fate.counts,
    headline: fate.headline,
    detail: fate.detail,
    kept: list(fate.kept),
    recoverable: list(fate.recoverable),
    lost: list(fate.lost),
    unlisted: {
      kept: Math.max(0, fate.kept.length - RECORD_SPECIFICS),
      recoverable: Math.max(0, fate.recoverable.length - RECORD_SPECIFICS),
      lost: Math.max(0, fate.lost.length - RECORD_SPECIFICS),
    },
    pointedFiles: fate.pointedFiles,
    scanCuts,
    ...(input.unchanged?.length
      ? { unchanged: input.unchanged.map((p) => ({ label: p.label, chars: p.text.length })) }
      : {}),
  };

  if (input.intent) {
    const result = intentSurvival(input.intent);
    record.intent = {
      survived: result.survived,
      request: result.request.survived,
      nextSteps: result.nextSteps.map((step) => step.survived),
      missing: result.missing.slice(0, 40),
      line: result.line,
    };
  }

  if (input.pinned?.length) {
    // A pinned specific the removal took away that the new context does not hold: flagged.
    const removedKeys = new Set(collection.specifics.map(pinKey));
    // The removal's own specifics were classified above: a pinned one not kept is dropped.
    const keptKeys = new Set(fate.kept.map(pinKey));
    const dropped = input.pinned.filter(
      (pin) => removedKeys.has(pinKey(pin)) && !keptKeys.has(pinKey(pin)),
    );
    if (dropped.length > 0) record.pinnedDropped = dropped.map((pin) => pin.text);
  }
  if (input.preview) record.preview = true;
  return record;
}

function bounded<K extends 'before' | 'after' | 'removed'>(
  key: K,
  parts: readonly RecordPart[],
  after?: readonly RecordPart[],
  removed?: readonly RecordPart[],
): Record<K, RecordText[]> {
  // Each text up to RECORD_TEXT_CHARS, and a list up to RECORD_LIST_CHARS in all: later sections
  // keep their label and size, with the cut said. A section before that is the same as one after
  // (or else as a removed text) is kept once, there, and pointed to.
  const indexOf = (list: readonly RecordPart[] | undefined) => {
    const index = new Map<string, number>();
    list?.slice(0, RECORD_SECTIONS).forEach((part, i) => {
      const k = `${part.label}\u0000${part.text}`;
      if (!index.has(k)) index.set(k, i);
    });
    return index;
  };
  const afterIndex = indexOf(after);
  const removedIndex = indexOf(removed);
  let budget = RECORD_LIST_CHARS;
  const out = parts.slice(0, RECORD_SECTIONS).map((part) => {
    const k = `${part.label}\u0000${part.text}`;
    const same = afterIndex.get(k);
    if (same !== undefined) return { ...boundText(part, 0), cut: 0, sameAsAfter: same };
    const sameRemoved = removedIndex.get(k);
    if (sameRemoved !== undefined)
      return { ...boundText(part, 0), cut: 0, sameAsRemoved: sameRemoved };
    const text = boundText(part, Math.min(RECORD_TEXT_CHARS, budget));
    budget -= text.text.length;
    return text;
  });
  return { [key]: out } as Record<K, RecordText[]>;
}

export function boundText(part: RecordPart, max: number = RECORD_TEXT_CHARS): RecordText {
  const cut = Math.max(0, part.text.length - max);
  return {
    label: part.label,
    text: cut ? part.text.slice(0, max) : part.text,
    chars: part.text.length,
    cut,
    ...(part.messageId ? { messageId: part.messageId } : {}),
    ...(part.role ? { role: part.role } : {}),
  };
}

function listed(s: ClassifiedSpecific, pinned: Set<string>): RecordSpecific {
  const where = s.keptIn ?? s.recoverableFrom ?? s.unreachableIn;
  return {
    kind: s.kind,
    subtype: s.subtype,
    text: s.text,
    normalized: s.normalized,
    fate: s.fate,
    from: s.origin.label ?? 'removed text',
    ...(s.origin.id ? { messageId: s.origin.id } : {}),
    ...(where ? { where } : {}),
    occurrences: s.occurrences,
    ...(pinned.has(pinKey(s)) ? { pinned: true } : {}),
  };
}

/** Identity of a specific for pins: its kind and normalized form. */
export function pinKey(s: { kind: string; normalized: string }): string {
  return `${s.kind}:${s.normalized}`;
}

// ---- parts from messages -------------------------------------------------------------------------

/** A short quote of a text for a label: its first words, on one line. */
export function snippet(text: string, max = 40): string {
  // Whitespace runs collapsed to one space, trimmed; read only as far as the label needs (a long
  // message's label must not cost a pass over all of it).
  let line = '';
  let space = false;
  for (let i = 0; i < text.length && line.length <= max; i++) {
    const char = text[i]!;
    if (WHITESPACE.test(char)) {
      space = line.length > 0;
      continue;
    }
    if (space) line += ' ';
    space = false;
    line += char;
  }
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
const WHITESPACE = /\s/;

/** How a message is named in a record: "User message “…”", "Tool result (execute)". */
export function messageLabel(message: ModelMessage): string {
  if (isSummaryMessage(message)) return 'Earlier summary';
  if (message.role === 'tool') return `Tool result (${message.toolName}, ${message.toolCallId})`;
  if (message.role === 'user') return `User message “${snippet(message.content)}”`;
  const calls = message.toolCalls?.map((call) => call.name).join(', ');
  if (!message.content && calls) return `Assistant tool call (${calls})`;
  return `Assistant message “${snippet(message.content)}”${calls ? ` with ${calls}` : ''}`;
}

/** A message's full text as the model reads it (tool calls with their arguments). */
export function messageText(message: ModelMessage): string {
  if (message.role !== 'assistant' || !message.toolCalls?.length) return message.content;
  const calls = message.toolCalls.map((call) => `${call.name}(${call.arguments})`).join('\n');
  return message.content ? `${message.content}\n${calls}` : calls;
}

export function messagePart(message: ModelMessage): RecordPart {
  return {
    label: messageLabel(message),
    text: messageText(message),
    messageId: message.id,
    role: message.role,
  };
}

/** The request's sections as record parts: the system prompt, then each message. */
export function requestParts(request: {
  system: string;
  messages: readonly ModelMessage[];
}): RecordPart[] {
  return [{ label: 'System prompt', text: request.system }, ...request.messages.map(messagePart)];
}

/** The record's one-line verdict for an event's detail. */
export function recordLine(record: CompactionRecord): string {
  const parts = [
    record.counts.total === 0 ? record.headline : `${record.headline} (${record.detail})`,
  ];
  if (record.intent) parts.push(record.intent.line);
  if (record.pinnedDropped?.length)
    parts.push(
      `pinned specific${record.pinnedDropped.length === 1 ? '' : 's'} dropped: ${record.pinnedDropped.join(', ')}`,
    );
  return parts.join('; ');
}

// ---- reading a stored record --------------------------------------------------------------------

const recordTextSchema = z.looseObject({
  label: z.string(),
  text: z.string(),
  chars: z.number(),
  cut: z.number(),
  sameAsAfter: z.number().int().min(0).optional(),
  sameAsRemoved: z.number().int().min(0).optional(),
});
const recordSpecificSchema = z.looseObject({
  kind: z.string(),
  subtype: z.string(),
  text: z.string(),
  normalized: z.string(),
  fate: z.enum(['kept', 'recoverable', 'lost']),
  from: z.string(),
  where: z.string().optional(),
  occurrences: z.number(),
});
const countsSchema = z.looseObject({
  total: z.number(),
  kept: z.number(),
  recoverable: z.number(),
  lost: z.number(),
  keptOrRecoverable: z.number(),
});
/** The shape of a stored record (a thread from IndexedDB or a bundle may carry anything). */
export const compactionRecordSchema = z.looseObject({
  kind: z.enum(['summarize', 'truncate', 'offload', 'strategy']),
  before: z.array(recordTextSchema),
  after: z.array(recordTextSchema),
  removed: z.array(recordTextSchema),
  sectionsLeftOut: z.looseObject({ before: z.number(), after: z.number(), removed: z.number() }),
  counts: countsSchema,
  headline: z.string(),
  detail: z.string(),
  kept: z.array(recordSpecificSchema),
  recoverable: z.array(recordSpecificSchema),
  lost: z.array(recordSpecificSchema),
  unlisted: z.looseObject({ kept: z.number(), recoverable: z.number(), lost: z.number() }),
  pointedFiles: z.array(z.string()),
  scanCuts: z.array(z.string()),
  intent: z
    .looseObject({
      survived: z.string(),
      line: z.string(),
    })
    .optional(),
  pinnedDropped: z.array(z.string()).optional(),
  preview: z.boolean().optional(),
});

/** A stored record checked, or the reason it cannot be shown. */
export function readRecord(
  raw: unknown,
): { ok: true; record: CompactionRecord } | { ok: false; reason: string } {
  const parsed = compactionRecordSchema.safeParse(raw);
  if (parsed.success) return { ok: true, record: raw as CompactionRecord };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: `This event's compaction record cannot be read (${issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'bad shape'}); the thread is otherwise intact.`,
  };
}
