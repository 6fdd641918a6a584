// A thread as JSONL (one JSON object per line), the bundle's thread format:
//   line 1     {"type":"thread","format":"memory-playground-thread","formatVersion":1,"id",…,
//               "title","workspace","createdAt","updatedAt","state","memoryEdits","events"?}
//   then       {"type":"message", …the message (role, id, content, createdAt, …)} per message, in order
//   then       {"type":"call", …the ModelCallRecord} per model call, in order
// The file is complete on its own (a single thread export is this file), and a line-oriented
// format keeps large threads greppable and lets errors name a line.

import type { ModelCallRecord, Thread } from '../thread/thread';
import type { Message } from '../agent/types';
import { BOUNDS, MAX_JSON_DEPTH } from '../limits';
import { jsonDepthOverflow } from '../text/json-depth';
import { lineAndColumn, scanJson } from '../text/json-scan';
import { journalEntrySchema, type JournalEntry } from '../fs/journal';
import { BundleError } from './errors';
import {
  BUNDLE_FORMAT_VERSION,
  THREAD_FORMAT,
  callSchema,
  messageSchema,
  threadHeaderSchema,
  zodProblems,
} from './schema';
import { errorText } from '../text/errors';

export function threadToJsonl(thread: Thread): string {
  // Every thread field but the lists goes in the header, so fields added later travel too.
  const { messages, calls, ...rest } = thread;
  const header = {
    type: 'thread',
    format: THREAD_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    ...rest,
  };
  const lines = [JSON.stringify(header)];
  for (const message of messages) lines.push(JSON.stringify({ type: 'message', ...message }));
  for (const call of calls) lines.push(JSON.stringify({ type: 'call', ...call }));
  return `${lines.join('\n')}\n`;
}

/**
 * Parses JSON, reporting a syntax error with the entry name and the line (and column) where it is.
 * `lineOffset` is added for JSONL, where `text` is one line of a larger file. Nesting deeper than
 * MAX_JSON_DEPTH (src/core/limits.ts) is refused before parsing: such a value overflows the
 * recursive code that reads, copies or stores it (structuredClone, postMessage, IndexedDB).
 */
export function parseJsonAt(text: string, entry: string, lineOffset = 0): unknown {
  const deep = jsonDepthOverflow(text);
  if (deep >= 0) {
    const where = locate(text, deep, '');
    const line = lineOffset + where.line;
    throw new BundleError(
      'invalid-data',
      `${entry} line ${line}${where.column ? `, column ${where.column}` : ''}: arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep; the limit is ${MAX_JSON_DEPTH}.`,
      entry,
      line,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const engine = errorText(error).replace(/\s+/g, ' ').slice(0, 120);
    const scanned = scanJson(text);
    const offset = scanned.ok ? undefined : scanned.offset;
    const where = locate(text, offset, engine);
    const reason =
      offset === undefined
        ? engine
        : offset >= text.length
          ? 'unexpected end of the text'
          : `unexpected ${JSON.stringify(text[offset])}`;
    const line = lineOffset + where.line;
    throw new BundleError(
      'invalid-json',
      `${entry} line ${line}${where.column ? `, column ${where.column}` : ''}: invalid JSON (${reason}).`,
      entry,
      line,
    );
  }
}

/**
 * Finds the line and column of a JSON syntax error. Engines differ in what their messages say
 * (current V8 quotes a snippet instead of a position), so the text is scanned again here, on the
 * failure path only, to find the first offending character.
 */
function locate(
  text: string,
  found: number | undefined,
  message: string,
): { line: number; column?: number } {
  let offset = found;
  if (offset === undefined) {
    const position = /position (\d+)/.exec(message);
    if (!position) return { line: text.split('\n').length };
    offset = Number(position[1]);
  }
  return lineAndColumn(text, offset);
}

/** Parses and validates a thread JSONL file. Errors name the entry and the line. */
export function threadFromJsonl(text: string, entry: string): Thread {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop(); // the final newline
  if (lines.length === 0) {
    throw new BundleError(
      'invalid-data',
      `${entry} is empty: expected a thread header line.`,
      entry,
      1,
    );
  }
  const invalid = (line: number, reason: string) =>
    new BundleError('invalid-data', `${entry} line ${line}: ${reason}`, entry, line);

  const parseLine = (index: number): Record<string, unknown> => {
    const raw = lines[index]!.endsWith('\r') ? lines[index]!.slice(0, -1) : lines[index]!;
    if (raw.trim() === '')
      throw invalid(index + 1, 'blank line (every line must hold one JSON object).');
    const value = parseJsonAt(raw, entry, index);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw invalid(index + 1, 'expected a JSON object.');
    return value as Record<string, unknown>;
  };

  const headerValue = parseLine(0);
  if (headerValue.type !== 'thread')
    throw invalid(1, `the first line must be the thread header ("type":"thread").`);
  if (
    headerValue.format === THREAD_FORMAT &&
    typeof headerValue.formatVersion === 'number' &&
    headerValue.formatVersion > BUNDLE_FORMAT_VERSION
  ) {
    throw new BundleError(
      'version',
      `${entry} uses thread format version ${headerValue.formatVersion}; this app reads version ${BUNDLE_FORMAT_VERSION}. Update Memory Playground to import it.`,
      entry,
      1,
    );
  }
  const header = threadHeaderSchema.safeParse(headerValue);
  if (!header.success)
    throw invalid(1, `invalid thread header (${zodProblems(header.error).join('; ')}).`);

  const messages: Message[] = [];
  const calls: ModelCallRecord[] = [];
  const messageIds = new Set<string>();
  const callIds = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const value = parseLine(i);
    const { type, ...rest } = value;
    if (type === 'message') {
      if (calls.length > 0) throw invalid(i + 1, 'messages must come before the model calls.');
      const parsed = messageSchema.safeParse(rest);
      if (!parsed.success)
        throw invalid(i + 1, `invalid message (${zodProblems(parsed.error).join('; ')}).`);
      if (messageIds.has(parsed.data.id))
        throw invalid(i + 1, `duplicate message id '${parsed.data.id}'.`);
      messageIds.add(parsed.data.id);
      messages.push(parsed.data as Message);
    } else if (type === 'call') {
      const parsed = callSchema.safeParse(rest);
      if (!parsed.success)
        throw invalid(i + 1, `invalid model call (${zodProblems(parsed.error).join('; ')}).`);
      if (callIds.has(parsed.data.callId))
        throw invalid(i + 1, `duplicate call id '${parsed.data.callId}'.`);
      callIds.add(parsed.data.callId);
      calls.push(parsed.data as ModelCallRecord);
    } else {
      throw invalid(
        i + 1,
        `unknown record type ${JSON.stringify(type)} (expected "message" or "call").`,
      );
    }
  }
  const { type: _type, format: _format, formatVersion: _version, ...fields } = header.data;
  return { ...fields, messages, calls } as Thread;
}

/**
 * The memory journal as JSONL: one entry per line, newest first, as the journal lists them
 * (src/core/fs/journal/; FORMAT.md).
 */
export function journalToJsonl(entries: readonly JournalEntry[]): string {
  return entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
}

/** Most entries a bundle's journal may hold: this browser's and the imported, each at its bound. */
export const MAX_BUNDLE_JOURNAL_ENTRIES = BOUNDS.bundleJournalEntries.value;

/**
 * Parses and checks journal.jsonl: every line one entry within the journal's bounds, ids unique.
 * The entries are history: the importer marks them imported, whatever they say.
 */
export function journalFromJsonl(text: string, entry: string): JournalEntry[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const invalid = (line: number, reason: string) =>
    new BundleError('invalid-data', `${entry} line ${line}: ${reason}`, entry, line);
  if (lines.length > MAX_BUNDLE_JOURNAL_ENTRIES) {
    throw new BundleError(
      'invalid-data',
      `${entry} holds ${lines.length.toLocaleString('en-US')} entries; a bundle's memory journal may hold at most ${MAX_BUNDLE_JOURNAL_ENTRIES.toLocaleString('en-US')}.`,
      entry,
    );
  }
  const ids = new Set<string>();
  return lines.map((line, index) => {
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (raw.trim() === '')
      throw invalid(index + 1, 'blank line (every line must hold one JSON object).');
    const parsed = journalEntrySchema.safeParse(parseJsonAt(raw, entry, index));
    if (!parsed.success)
      throw invalid(
        index + 1,
        `invalid memory journal entry (${zodProblems(parsed.error).slice(0, 5).join('; ')}).`,
      );
    if (ids.has(parsed.data.id))
      throw invalid(index + 1, `duplicate entry id '${parsed.data.id}'.`);
    ids.add(parsed.data.id);
    return parsed.data as JournalEntry;
  });
}
