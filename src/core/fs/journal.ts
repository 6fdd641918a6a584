// The memory journal. Every write to long-term memory (everything under /memories/, every configured
// AGENTS.md source, memory.json) is recorded by the filesystem layer itself, whatever wrote it: the
// journal wraps the stores that the composite filesystem routes to and the stores a bundle import
// writes through, so a tool call, `execute`, an experiment tool, the editor, an import, an undo,
// another tab, a strategy step or the fact updater cannot reach a memory file without an entry.
// Memory layers (AGENTS.md, facts) only decide what is sent to the model; the journal decides what
// the person sees, and it does not depend on them.
//
// An entry holds the path, the time, the author (which tool call in which thread, the person, an
// import, an undo, another tab...), the versions before and after, SHA-256 hashes of the text before
// and after, and a bounded diff (changed lines with two lines of context). The texts themselves are
// not kept, except the text of a deleted file up to a bound: undo takes the earlier text from the
// file's own history and checks it against the entry's hash.
//
// Undo cannot be forged: it applies only to an entry this browser recorded (never an imported one,
// never a record carried by a thread), on a memory path, when the file holds exactly what the entry
// says it wrote (hash), and it writes only text whose hash the entry recorded. Undo is itself a
// journaled write.

import { z } from 'zod';
import { authored, threadOf } from './authorship';
import { diffLineArrays } from '../text/diff';
import { CompositeFs } from './composite';
import { normalisePath } from './paths';
import {
  FsError,
  MAX_PATH_LENGTH,
  type FileInfo,
  type FileRecord,
  type FileStore,
  type FileVersion,
  type VirtualFs,
  type WriteAuthor,
  type WriteOptions,
} from './types';
import { errorText } from '../text/errors';

// The author's view and threadOf live with the workspace contract (authorship.ts).
export { authored, threadOf };

/** Bounds of what the journal stores. Entries beyond them are dropped oldest first, and counted. */
export const JOURNAL_LIMITS = {
  /** Entries kept per origin (this browser's own; imported from bundles). */
  maxEntries: 1_000,
  /** Characters stored (diffs, summaries, kept texts) per origin. */
  maxChars: 4_000_000,
  /** Lines of one entry's diff (changed lines, context and gaps together). */
  maxDiffLines: 200,
  /** Characters of one diff line; longer lines are cut with "…". */
  maxLineChars: 400,
  /** Characters of one entry's diff. */
  maxDiffChars: 16_000,
  /** A deleted file's text is kept (so the delete can be undone) up to this many characters. */
  maxKeptText: 20_000,
  /** Lines of an entry's summary (facts added, removed, changed). */
  maxSummaryLines: 50,
} as const;
export type JournalLimits = { -readonly [K in keyof typeof JOURNAL_LIMITS]: number };

/**
 * Entries that can still be undone or that the person has not seen are kept past the bounds, up to
 * this many times them (a hard ceiling: every input has a bound).
 */
const PROTECTED_FACTOR = 5;

/** Unchanged lines shown around each change. */
const CONTEXT_LINES = 2;

export type JournalDiffLine = { kind: 'same' | 'added' | 'removed' | 'gap'; text: string };

export interface JournalDiff {
  added: number;
  removed: number;
  /** Lines were left out to stay within the bounds (the counts are still exact). */
  cut: boolean;
  lines: JournalDiffLine[];
}

/** A readable account of the change where a line diff says little (memory.json: facts). */
export interface JournalSummary {
  title: string;
  lines: { kind: 'added' | 'removed' | 'changed'; text: string }[];
  /** Lines not kept. */
  more: number;
}

export interface JournalEntry {
  /** Unique here; sorts by the time it was recorded. */
  id: string;
  /** 'local': recorded by this browser. 'imported': history from a bundle (never undoable). */
  origin: 'local' | 'imported';
  /** When this browser recorded (or imported) it. */
  recordedAt: number;
  /** When the write happened (the same as recordedAt for local entries). */
  at: number;
  path: string;
  op: 'write' | 'delete';
  author: WriteAuthor;
  /** The tab that recorded it. */
  tab?: string;
  /** null: the file did not exist. */
  versionBefore: number | null;
  /** null: the file was deleted. */
  versionAfter: number | null;
  /** SHA-256 (hex) of the text before; null when the file did not exist. */
  beforeHash: string | null;
  /** SHA-256 (hex) of the text written; null for a delete. */
  afterHash: string | null;
  /** A deleted file's text, when it was short enough to keep (undo puts it back). */
  beforeText?: string;
  diff: JournalDiff;
  summary?: JournalSummary;
  /** The entry (an undo) that reverted this one. */
  undoneBy?: string;
  /** Imported entries: the bundle they came from, and their id there. */
  importedFrom?: string;
  sourceId?: string;
}

/** A summary of a change for a path, e.g. facts added and removed in memory.json. */
export type DescribeChange = (
  path: string,
  before: string | null,
  after: string | null,
) => JournalSummary | undefined;

// ---------------------------------------------------------------------------------------------
// Schemas: entries read back from storage and from bundles are checked, with every field bounded.

const idSchema = z.string().min(1).max(200);
const timeSchema = z.number().int().min(0).max(8.64e15);
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hash in hex');
const versionSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const writeAuthorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    threadId: idSchema,
    toolCallId: idSchema,
    toolName: z.string().min(1).max(200),
  }),
  z.object({ kind: z.literal('agent'), threadId: idSchema, name: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('user'), via: z.enum(['editor', 'facts']) }),
  z.object({ kind: z.literal('fact-updater'), threadId: idSchema }),
  z.object({
    kind: z.literal('import'),
    bundle: z.string().min(1).max(300),
    rollback: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('undo'), entryId: idSchema }),
  z.object({ kind: z.literal('tab') }),
  z.object({ kind: z.literal('app'), reason: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('unknown') }),
]);

const diffSchema = z.object({
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  cut: z.boolean(),
  lines: z
    .array(
      z.object({
        kind: z.enum(['same', 'added', 'removed', 'gap']),
        text: z.string().max(JOURNAL_LIMITS.maxLineChars + 1),
      }),
    )
    .max(JOURNAL_LIMITS.maxDiffLines + 1),
});

const summarySchema = z.object({
  title: z.string().max(200),
  lines: z
    .array(
      z.object({
        kind: z.enum(['added', 'removed', 'changed']),
        text: z.string().max(JOURNAL_LIMITS.maxLineChars + 1),
      }),
    )
    .max(JOURNAL_LIMITS.maxSummaryLines),
  more: z.number().int().min(0),
});

export const journalEntrySchema = z.object({
  id: idSchema,
  origin: z.enum(['local', 'imported']),
  recordedAt: timeSchema,
  at: timeSchema,
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    .refine((path) => isCanonical(path), 'expected a canonical absolute path'),
  op: z.enum(['write', 'delete']),
  author: writeAuthorSchema,
  tab: z.string().max(100).optional(),
  versionBefore: versionSchema.nullable(),
  versionAfter: versionSchema.nullable(),
  beforeHash: hashSchema.nullable(),
  afterHash: hashSchema.nullable(),
  beforeText: z.string().max(JOURNAL_LIMITS.maxKeptText).optional(),
  diff: diffSchema,
  summary: summarySchema.optional(),
  undoneBy: idSchema.optional(),
  importedFrom: z.string().max(300).optional(),
  sourceId: idSchema.optional(),
});

function isCanonical(path: string): boolean {
  try {
    return normalisePath(path) === path && path !== '/';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Which paths are memory

export const MEMORIES_DIR = '/memories';

/**
 * Long-term memory: everything under /memories/ (the user-level store: AGENTS.md, memory.json and
 * anything else the agent keeps there) and every configured AGENTS.md source, in any spelling the
 * filesystem accepts.
 */
export function isMemoryPath(path: string, sources: readonly string[]): boolean {
  let full: string;
  try {
    full = normalisePath(path);
  } catch {
    return false;
  }
  if (full.startsWith(`${MEMORIES_DIR}/`)) return true;
  return sources.some((source) => {
    try {
      return normalisePath(source) === full;
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Hashes and diffs

/** SHA-256 of the UTF-8 text, in hex (WebCrypto: browsers in a secure context, Node 20). */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function cutLine(text: string, limits: JournalLimits): string {
  return text.length > limits.maxLineChars ? `${text.slice(0, limits.maxLineChars)}…` : text;
}

function splitText(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/**
 * The changed lines with CONTEXT_LINES of context, unchanged stretches as "gap" lines, bounded by
 * the limits. `before` undefined: the earlier text is not known (only what was written is shown).
 */
export function buildDiff(
  before: string | null | undefined,
  after: string | null,
  limits: JournalLimits = JOURNAL_LIMITS,
): JournalDiff {
  const b = splitText(after ?? '');
  if (before === undefined) {
    const lines: JournalDiffLine[] = [
      { kind: 'gap', text: 'The earlier text is not known here.' },
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ];
    return bound({ added: b.length, removed: 0, cut: false, lines }, limits);
  }
  const a = splitText(before ?? '');
  // The common start and end are cut off before the quadratic diff, so a small edit in a large
  // file costs little.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = diffLineArrays(a.slice(start, endA), b.slice(start, endB));
  const all: { kind: 'same' | 'added' | 'removed'; text: string }[] = [
    ...a.slice(Math.max(0, start - CONTEXT_LINES), start).map((text) => ({
      kind: 'same' as const,
      text,
    })),
    ...middle,
    ...a.slice(endA, endA + CONTEXT_LINES).map((text) => ({ kind: 'same' as const, text })),
  ];
  const leading = Math.max(0, start - CONTEXT_LINES);
  const trailing = Math.max(0, a.length - endA - CONTEXT_LINES);
  let added = 0;
  let removed = 0;
  for (const line of middle) {
    if (line.kind === 'added') added++;
    else if (line.kind === 'removed') removed++;
  }
  // Unchanged stretches inside the middle longer than twice the context become gaps.
  const lines: JournalDiffLine[] = [];
  if (leading > 0) lines.push(gap(leading));
  let i = 0;
  while (i < all.length) {
    if (all[i]!.kind !== 'same') {
      lines.push(all[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < all.length && all[j]!.kind === 'same') j++;
    const run = all.slice(i, j);
    const first = i === 0;
    const last = j === all.length;
    const keepStart = first ? 0 : CONTEXT_LINES;
    const keepEnd = last ? 0 : CONTEXT_LINES;
    if (first || last || run.length <= keepStart + keepEnd) {
      lines.push(...run);
    } else {
      lines.push(...run.slice(0, keepStart));
      lines.push(gap(run.length - keepStart - keepEnd));
      lines.push(...run.slice(run.length - keepEnd));
    }
    i = j;
  }
  if (trailing > 0) lines.push(gap(trailing));
  return bound({ added, removed, cut: false, lines }, limits);
}

function gap(count: number): JournalDiffLine {
  return {
    kind: 'gap',
    text: `${count.toLocaleString('en-US')} unchanged line${count === 1 ? '' : 's'}`,
  };
}

function bound(diff: JournalDiff, limits: JournalLimits): JournalDiff {
  const lines: JournalDiffLine[] = [];
  let chars = 0;
  let cut = diff.cut;
  for (const line of diff.lines) {
    const text = cutLine(line.text, limits);
    if (text !== line.text) cut = true;
    if (lines.length >= limits.maxDiffLines || chars + text.length > limits.maxDiffChars) {
      cut = true;
      break;
    }
    lines.push({ kind: line.kind, text });
    chars += text.length;
  }
  return { added: diff.added, removed: diff.removed, cut, lines };
}

function boundSummary(
  summary: JournalSummary | undefined,
  limits: JournalLimits,
): JournalSummary | undefined {
  if (!summary) return undefined;
  const kept = summary.lines.slice(0, limits.maxSummaryLines).map((line) => ({
    kind: line.kind,
    text: cutLine(line.text, limits),
  }));
  return {
    title: summary.title.slice(0, 200),
    lines: kept,
    more: summary.more + Math.max(0, summary.lines.length - kept.length),
  };
}

const sizes = new WeakMap<JournalEntry, number>();

/** Characters an entry stores, for the journal's bound. */
export function entrySize(entry: JournalEntry): number {
  const known = sizes.get(entry);
  if (known !== undefined) return known;
  let chars = 200 + entry.path.length + (entry.beforeText?.length ?? 0);
  for (const line of entry.diff.lines) chars += line.text.length + 8;
  for (const line of entry.summary?.lines ?? []) chars += line.text.length + 8;
  sizes.set(entry, chars);
  return chars;
}

// ---------------------------------------------------------------------------------------------
// Who wrote it, in words

/** The author in a few words, for chips, notices and the journal list. */
export function describeAuthor(author: WriteAuthor): string {
  switch (author.kind) {
    case 'tool':
      return `the agent (${author.toolName})`;
    case 'agent':
      return `the agent (${author.name})`;
    case 'user':
      return author.via === 'editor' ? 'you, in the editor' : 'you, in the Facts panel';
    case 'fact-updater':
      return 'the fact updater';
    case 'import':
      return author.rollback
        ? `the rollback of the import of ${author.bundle}`
        : `the import of ${author.bundle}`;
    case 'undo':
      return 'Undo';
    case 'tab':
      return 'another tab (not journaled there)';
    case 'app':
      return `the app (${author.reason})`;
    case 'unknown':
      return 'an unattributed writer';
  }
}

/** The author with every text within the schema's bounds (ids come from providers). */
export function boundAuthor(author: WriteAuthor): WriteAuthor {
  const text = (value: string, max = 200) => (value.length === 0 ? '?' : value.slice(0, max));
  switch (author.kind) {
    case 'tool':
      return {
        kind: 'tool',
        threadId: text(author.threadId),
        toolCallId: text(author.toolCallId),
        toolName: text(author.toolName),
      };
    case 'agent':
      return { kind: 'agent', threadId: text(author.threadId), name: text(author.name) };
    case 'fact-updater':
      return { kind: 'fact-updater', threadId: text(author.threadId) };
    case 'import':
      return {
        kind: 'import',
        bundle: text(author.bundle, 300),
        ...(author.rollback ? { rollback: true } : {}),
      };
    case 'undo':
      return { kind: 'undo', entryId: text(author.entryId) };
    case 'app':
      return { kind: 'app', reason: text(author.reason) };
    case 'user':
      return { kind: 'user', via: author.via === 'facts' ? 'facts' : 'editor' };
    case 'tab':
      return { kind: 'tab' };
    default:
      return { kind: 'unknown' };
  }
}

// ---------------------------------------------------------------------------------------------
// The journal

export interface JournalDropped {
  local: number;
  imported: number;
  /** The newest entry shown to the person (markSeen): its time (ms) and id; older ones are seen. */
  seenAt?: number;
  seenId?: string;
}

/** Where the journal keeps its entries (IndexedDB in the app; nothing in most tests). */
export interface JournalPersistence {
  /** Every stored entry (checked by the journal) and the counts of entries dropped so far. */
  load(): Promise<{ entries: unknown[]; dropped?: unknown }>;
  /** Adds or replaces entries by id. */
  put(entries: readonly JournalEntry[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  saveDropped(dropped: JournalDropped): Promise<void>;
}

export interface RecordInput {
  /** Full, normalised path. */
  path: string;
  op: 'write' | 'delete';
  author: WriteAuthor;
  /** The file before: null when it did not exist; `content` undefined when not known (`hash` then). */
  before: { version: number; content?: string; hash?: string | null } | null;
  /** The file after: null when deleted. */
  after: { version: number; content: string } | null;
}

/** A write this tab recorded, with its texts (not stored; for the chat's records of the run). */
export interface RecordedWrite {
  entry: JournalEntry;
  before: string | null;
  after: string | null;
}

/** What the agent loop needs of the journal: this tab's records as they happen. */
export interface JournalFeed {
  subscribe(listener: (write: RecordedWrite) => void): () => void;
}

declare module '../agent/events' {
  interface FeatureEvents {
    /**
     * A write of this run to long-term memory, as the memory journal recorded it (whatever wrote
     * it: a tool call, or middleware outside one). `after` is '' and `deleted` set for a delete.
     */
    'memory-updated': {
      type: 'memory-updated';
      path: string;
      before: string | null;
      after: string;
      version: number;
      /** The tool call that wrote it; absent for a write by middleware or a strategy step. */
      toolCallId?: string;
      /** The memory journal's entry. */
      journalId?: string;
      deleted?: boolean;
    };
  }
}

export interface MemoryJournalOptions {
  /** The configured AGENTS.md sources, read at every write. */
  memorySources: () => readonly string[];
  persistence?: JournalPersistence;
  describe?: DescribeChange;
  now?: () => number;
  tabId?: string;
  limits?: Partial<JournalLimits>;
}

/** Newest first: by the time recorded, then by id (ids sort by time within a tab). */
function newestFirst(a: JournalEntry, b: JournalEntry): number {
  if (a.recordedAt !== b.recordedAt) return b.recordedAt - a.recordedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Whether `a` was recorded after `b` (the journal's order: time, then id). */
function isNewer(
  a: Pick<JournalEntry, 'recordedAt' | 'id'>,
  b: Pick<JournalEntry, 'recordedAt' | 'id'>,
): boolean {
  return a.recordedAt !== b.recordedAt ? a.recordedAt > b.recordedAt : a.id > b.id;
}

/** The list with one entry put in its place (the list is newest first; a new entry goes first). */
function insertNewestFirst(list: JournalEntry[], entry: JournalEntry): JournalEntry[] {
  const at = list.findIndex((other) => newestFirst(entry, other) <= 0);
  return at === -1 ? [...list, entry] : [...list.slice(0, at), entry, ...list.slice(at)];
}

function randomTag(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 8);
}

export class MemoryJournal {
  readonly tabId: string;
  private readonly options: MemoryJournalOptions;
  private readonly limits: JournalLimits;
  private readonly now: () => number;
  /** Newest first. */
  private list: JournalEntry[] = [];
  private droppedCounts: JournalDropped = { local: 0, imported: 0 };
  private seq = 0;
  private readonly recordListeners = new Set<(write: RecordedWrite) => void>();
  private readonly changeListeners = new Set<() => void>();
  private readonly storedListeners = new Set<(ids: string[]) => void>();
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  /** What each memory path held when the journal started (for changes no entry explains). */
  private baseline = new Map<string, number>();
  private persistChain: Promise<void> = Promise.resolve();
  /** Entries of this tab that storage refused (kept in the list until the page closes). */
  private readonly unstored = new Set<string>();
  /** Why the journal could not be stored or read, if it could not (shown to the person). */
  storageProblem: string | undefined;

  constructor(options: MemoryJournalOptions) {
    this.options = options;
    this.limits = { ...JOURNAL_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.tabId = options.tabId ?? randomTag();
  }

  isMemoryPath(path: string): boolean {
    return isMemoryPath(path, this.options.memorySources());
  }

  /** Newest first. */
  entries(): readonly JournalEntry[] {
    return this.list;
  }

  get(id: string): JournalEntry | undefined {
    return this.list.find((entry) => entry.id === id);
  }

  dropped(): JournalDropped {
    return { ...this.droppedCounts };
  }

  /** The newest entry this browser recorded for a path. */
  latestFor(path: string): JournalEntry | undefined {
    return this.list.find((entry) => entry.origin === 'local' && entry.path === path);
  }

  /** Writes this tab records, as they are recorded (before they are stored). */
  subscribe(listener: (write: RecordedWrite) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /** Any change to the list: a record, an import, a reload, an undo mark, a storage problem. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Entries once stored (another tab can read them from then on). */
  onStored(listener: (ids: string[]) => void): () => void {
    this.storedListeners.add(listener);
    return () => this.storedListeners.delete(listener);
  }

  /** The version each memory path had at start (paths absent did not exist). */
  setBaseline(files: readonly Pick<FileInfo, 'path' | 'version'>[]): void {
    this.baseline = new Map(
      files.filter((f) => this.isMemoryPath(f.path)).map((f) => [f.path, f.version]),
    );
  }

  /** The version this journal last knew a path at (undefined: it did not exist). */
  knownVersion(path: string): number | undefined {
    const last = this.latestFor(path);
    if (last) return last.versionAfter ?? undefined;
    return this.baseline.get(path);
  }

  /**
   * Reads the stored journal (at start, and when another tab says it added entries). Returns the
   * entries that were not known before.
   */
  async load(): Promise<JournalEntry[]> {
    const persistence = this.options.persistence;
    if (!persistence) return [];
    let stored: { entries: unknown[]; dropped?: unknown };
    try {
      stored = await persistence.load();
    } catch (error) {
      this.storageProblem = `The memory journal could not be read from browser storage: ${errorText(error)}`;
      this.changed();
      return [];
    }
    const known = new Set(this.list.map((entry) => entry.id));
    const entries: JournalEntry[] = [];
    let damaged = 0;
    for (const value of stored.entries) {
      const parsed = journalEntrySchema.safeParse(value);
      if (parsed.success) entries.push(parsed.data as JournalEntry);
      else damaged++;
    }
    // Entries this tab recorded but could not store stay (another tab's trimmed ones go).
    const ids = new Set(entries.map((entry) => entry.id));
    for (const entry of this.list)
      if (!ids.has(entry.id) && entry.tab === this.tabId && this.unstored.has(entry.id))
        entries.push(entry);
    this.list = entries.sort(newestFirst);
    const dropped = z
      .object({
        local: z.number().int().min(0),
        imported: z.number().int().min(0),
        seenAt: timeSchema.optional(),
        seenId: idSchema.optional(),
      })
      .safeParse(stored.dropped);
    if (dropped.success) {
      // Another tab may have shown more: the newer mark stands.
      const { local, imported, seenAt, seenId } = dropped.data;
      const mine = this.seenMark();
      const theirs = seenAt === undefined ? undefined : { recordedAt: seenAt, id: seenId ?? '' };
      const mark = mine && (!theirs || isNewer(mine, theirs)) ? mine : theirs;
      this.droppedCounts = {
        local,
        imported,
        ...(mark ? { seenAt: mark.recordedAt, seenId: mark.id } : {}),
      };
    }
    // A save problem stays said while entries of this tab are still unsaved.
    const saveProblem =
      this.unstored.size > 0 &&
      this.storageProblem?.startsWith('The memory journal could not be saved')
        ? this.storageProblem
        : undefined;
    this.storageProblem =
      damaged > 0
        ? `${damaged} stored memory journal entr${damaged === 1 ? 'y was' : 'ies were'} damaged or in an unknown format and ${damaged === 1 ? 'is' : 'are'} not shown.`
        : saveProblem;
    this.changed();
    return this.list.filter((entry) => !known.has(entry.id));
  }

  /** Marks a write to a memory path as under way (the journal is not idle until `end` is called). */
  begin(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    };
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves when no journaled write is under way in this tab. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Records one write or delete of a memory path (the caller has checked it is one). */
  async record(input: RecordInput): Promise<JournalEntry> {
    const { before, after } = input;
    const [beforeHash, afterHash] = await Promise.all([
      before === null
        ? null
        : before.content !== undefined
          ? sha256(before.content)
          : (before.hash ?? null),
      after === null ? null : sha256(after.content),
    ]);
    const recordedAt = this.now();
    const beforeText = before === null ? null : before.content;
    let summary: JournalSummary | undefined;
    try {
      // Without the text before, a summary would tell the whole file as new: none then.
      summary =
        beforeText === undefined
          ? undefined
          : boundSummary(
              this.options.describe?.(input.path, beforeText, after?.content ?? null),
              this.limits,
            );
    } catch {
      summary = undefined;
    }
    const entry: JournalEntry = {
      id: `m${recordedAt.toString(36).padStart(9, '0')}-${(this.seq++).toString(36).padStart(5, '0')}-${this.tabId}`,
      origin: 'local',
      recordedAt,
      at: recordedAt,
      path: input.path,
      op: input.op,
      author: boundAuthor(input.author),
      tab: this.tabId,
      versionBefore: before?.version ?? null,
      versionAfter: after?.version ?? null,
      beforeHash,
      afterHash,
      diff: buildDiff(beforeText, after?.content ?? null, this.limits),
      ...(summary ? { summary } : {}),
    };
    if (
      input.op === 'delete' &&
      typeof beforeText === 'string' &&
      beforeText.length <= this.limits.maxKeptText
    )
      entry.beforeText = beforeText;
    this.list = insertNewestFirst(this.list, entry);
    const removed = this.trim('local');
    // Stored first, then told: whatever a listener sets off (a chip, a broadcast to other tabs)
    // finds the entry in storage. A storage failure keeps it in this tab's list all the same.
    await this.store([entry], removed);
    for (const listener of this.recordListeners) {
      try {
        listener({ entry, before: beforeText ?? null, after: after?.content ?? null });
      } catch {
        // A listener's failure must not undo the record.
      }
    }
    this.changed();
    return entry;
  }

  /** Marks an entry as reverted by an undo entry. */
  async markUndone(id: string, undoId: string): Promise<void> {
    const entry = this.get(id);
    if (!entry) return;
    const updated = { ...entry, undoneBy: undoId };
    this.list = this.list.map((e) => (e.id === id ? updated : e));
    this.changed();
    await this.store([updated], []);
  }

  /**
   * Adds a bundle's journal as history: every entry is marked imported (never undoable), gets an
   * id of this journal, loses any kept text, and is shown in the order it had there. Returns how
   * many were added.
   */
  async addImported(entries: readonly JournalEntry[], bundle: string): Promise<number> {
    if (entries.length === 0) return 0;
    const recordedAt = this.now();
    const tag = randomTag();
    // Oldest first gets the smallest id, so the list keeps their order.
    const ordered = [...entries].sort((a, b) => newestFirst(b, a));
    const imported: JournalEntry[] = ordered.map((entry, i) => {
      const copy: JournalEntry = {
        ...entry,
        id: `i${recordedAt.toString(36).padStart(9, '0')}-${i.toString(36).padStart(5, '0')}-${tag}`,
        origin: 'imported',
        recordedAt,
        importedFrom: bundle.slice(0, 300),
        sourceId: entry.sourceId ?? entry.id,
      };
      delete copy.beforeText;
      delete copy.tab;
      if (copy.undoneBy) copy.undoneBy = 'imported';
      return copy;
    });
    this.list = [...imported, ...this.list].sort(newestFirst);
    const removed = this.trim('imported');
    this.changed();
    await this.store(
      imported.filter((entry) => !removed.includes(entry.id)),
      removed,
    );
    return imported.length;
  }

  /**
   * The person has seen the entries recorded up to `at` (the journal list or the chat's memory
   * chips showed them): from then on the bound may drop them. Saved with the dropped counts.
   */
  async markSeen(
    newest: Pick<JournalEntry, 'recordedAt' | 'id'> | undefined = this.list[0],
  ): Promise<void> {
    const mark = this.seenMark();
    if (!newest || (mark && !isNewer(newest, mark))) return;
    this.droppedCounts = { ...this.droppedCounts, seenAt: newest.recordedAt, seenId: newest.id };
    const removed = this.trim('local');
    this.changed();
    await this.store([], removed, true);
  }

  /** The newest entry the person has seen (markSeen), if any. */
  private seenMark(): Pick<JournalEntry, 'recordedAt' | 'id'> | undefined {
    const { seenAt, seenId } = this.droppedCounts;
    return seenAt === undefined ? undefined : { recordedAt: seenAt, id: seenId ?? '' };
  }

  /**
   * Entries the bound never drops: one that can still be undone (the newest local entry of its
   * path, not undone) and one the person has not seen (recorded after markSeen's time). A run
   * cannot flood them out: it is stopped past BOUNDS.memoryWritesPerRun writes (agent/loop.ts).
   */
  private protectedIds(origin: JournalEntry['origin']): Set<string> {
    const kept = new Set<string>();
    if (origin !== 'local') return kept;
    const mark = this.seenMark();
    const newest = new Set<string>();
    for (const entry of this.list) {
      if (entry.origin !== 'local') continue;
      if (!mark || isNewer(entry, mark)) kept.add(entry.id);
      if (newest.has(entry.path)) continue;
      newest.add(entry.path);
      if (!entry.undoneBy) kept.add(entry.id);
    }
    return kept;
  }

  /**
   * Drops the oldest entries of an origin beyond the bounds, except protected ones (protectedIds)
   * while they stay under PROTECTED_FACTOR times the bounds; returns the ids dropped.
   */
  private trim(origin: JournalEntry['origin']): string[] {
    const entries = this.list.filter((entry) => entry.origin === origin);
    let count = entries.length;
    let chars = entries.reduce((sum, entry) => sum + entrySize(entry), 0);
    const over = (factor: number) =>
      count > this.limits.maxEntries * factor || chars > this.limits.maxChars * factor;
    if (!over(1)) return [];
    const kept = this.protectedIds(origin);
    const drop = new Set<string>();
    const dropOldest = (factor: number, canDrop: (entry: JournalEntry) => boolean) => {
      for (let i = entries.length - 1; i >= 0 && over(factor); i--) {
        const entry = entries[i]!;
        if (drop.has(entry.id) || !canDrop(entry)) continue;
        drop.add(entry.id);
        count--;
        chars -= entrySize(entry);
      }
    };
    dropOldest(1, (entry) => !kept.has(entry.id));
    // A hard ceiling all the same: every input has a bound (the drop is counted and shown).
    dropOldest(PROTECTED_FACTOR, () => true);
    if (drop.size === 0) return [];
    this.list = this.list.filter((entry) => !drop.has(entry.id));
    this.droppedCounts = {
      ...this.droppedCounts,
      [origin]: this.droppedCounts[origin] + drop.size,
    };
    return [...drop];
  }

  private async store(put: JournalEntry[], removed: string[], saveCounts = false): Promise<void> {
    const persistence = this.options.persistence;
    if (!persistence) return;
    const dropped = this.dropped();
    const task = this.persistChain.then(async () => {
      // Entries an earlier save could not store are tried again with this one.
      const ids = new Set(put.map((entry) => entry.id));
      const retry = this.list.filter((entry) => this.unstored.has(entry.id) && !ids.has(entry.id));
      const all = [...put, ...retry];
      try {
        if (all.length > 0) await persistence.put(all);
        for (const entry of all) this.unstored.delete(entry.id);
        if (removed.length > 0) await persistence.remove(removed);
        if (removed.length > 0 || saveCounts) await persistence.saveDropped(dropped);
        if (
          this.unstored.size === 0 &&
          this.storageProblem?.startsWith('The memory journal could not be saved')
        ) {
          this.storageProblem = undefined;
          this.changed();
        }
        for (const listener of this.storedListeners) listener(all.map((entry) => entry.id));
      } catch (error) {
        // The entry stays in this tab's list: nothing is hidden because storage failed.
        for (const entry of put) this.unstored.add(entry.id);
        this.storageProblem = `The memory journal could not be saved to browser storage (${errorText(error)}); its newest entries are shown here until the page closes.`;
        this.changed();
      }
    });
    this.persistChain = task;
    await task;
  }

  private changed(): void {
    for (const listener of this.changeListeners) {
      try {
        listener();
      } catch {
        // ignore
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The filesystem side: a store that journals, and a view that names the writer

/** What the IndexedDB stores add for bundle import and export (optional in every store). */
export interface BulkStoreMethods {
  snapshot?(paths: readonly string[]): Promise<unknown[]>;
  restore?(path: string, snapshot: unknown): Promise<void>;
  writeMany?(
    writes: readonly { path: string; content: string | null; expectedVersion: number | null }[],
  ): Promise<void>;
  readAll?(): Promise<FileRecord[]>;
}

export interface JournaledStoreOptions {
  journal: MemoryJournal;
  /** Where the store is mounted: '/memories' for the user-level store, '/' for a workspace. */
  mount: string;
  /** The author when a write names none. */
  author?: WriteAuthor;
  /**
   * Paths journaled as memory besides the journal's own (an import writes the AGENTS.md sources
   * its settings name before those settings apply).
   */
  alsoMemory?: readonly string[];
}

/**
 * A FileStore that records every successful write and delete of a memory path in the journal. The
 * composite filesystem routes to these, and a bundle import writes through them, so the record is
 * made where the file changes, whichever channel asked.
 */
export class JournaledStore implements FileStore, BulkStoreMethods {
  readonly snapshot?: BulkStoreMethods['snapshot'];
  readonly restore?: BulkStoreMethods['restore'];
  readonly writeMany?: BulkStoreMethods['writeMany'];
  readonly readAll?: BulkStoreMethods['readAll'];
  private readonly journal: MemoryJournal;
  private readonly mount: string;

  constructor(
    private readonly inner: FileStore & BulkStoreMethods,
    private readonly options: JournaledStoreOptions,
  ) {
    this.journal = options.journal;
    const mount = normalisePath(options.mount);
    this.mount = mount === '/' ? '' : mount;
    if (inner.snapshot) this.snapshot = (paths) => inner.snapshot!(paths);
    if (inner.readAll) this.readAll = () => inner.readAll!();
    if (inner.restore) this.restore = (path, snapshot) => this.restoreJournaled(path, snapshot);
    if (inner.writeMany) this.writeMany = (writes) => this.writeManyJournaled(writes);
  }

  /** The same store, writing as `author` when a write names none. */
  withAuthor(author: WriteAuthor): JournaledStore {
    return new JournaledStore(this.inner, { ...this.options, author });
  }

  read(path: string) {
    return this.inner.read(path);
  }

  list() {
    return this.inner.list();
  }

  history(path: string) {
    return this.inner.history(path);
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.write(path, content, options);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      const record = await this.inner.write(path, content, options);
      await this.journal.record({
        path: full,
        op: 'write',
        author: this.authorOf(options),
        before: await this.priorOf(path, before, record.version),
        after: { version: record.version, content },
      });
      return record;
    } finally {
      end();
    }
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.delete(path, options);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      await this.inner.delete(path, options);
      if (!before) return; // nothing was there: nothing changed
      await this.journal.record({
        path: full,
        op: 'delete',
        author: this.authorOf(options),
        before: { version: before.version, content: before.content },
        after: null,
      });
    } finally {
      end();
    }
  }

  private full(path: string): string {
    return this.mount + path;
  }

  private isMemory(full: string): boolean {
    return (
      this.journal.isMemoryPath(full) ||
      (this.options.alsoMemory !== undefined && isMemoryPath(full, this.options.alsoMemory))
    );
  }

  private authorOf(options?: WriteOptions): WriteAuthor {
    return options?.author ?? this.options.author ?? { kind: 'unknown' };
  }

  /**
   * The file as it was just before `version`: what was read before writing when nothing came in
   * between, else the version before it from the file's history.
   */
  private async priorOf(
    path: string,
    read: FileRecord | undefined,
    version: number,
  ): Promise<RecordInput['before']> {
    if (read && read.version === version - 1)
      return { version: read.version, content: read.content };
    if (!read && version === 1) return null;
    const versions: FileVersion[] = await this.inner.history(path).catch(() => []);
    const prior = versions.find((v) => v.version === version - 1);
    if (prior) return { version: prior.version, content: prior.content };
    return version > 1 ? { version: version - 1 } : null;
  }

  private async writeManyJournaled(
    writes: readonly { path: string; content: string | null; expectedVersion: number | null }[],
  ): Promise<void> {
    const memory = writes.filter((w) => this.isMemory(this.full(w.path)));
    if (memory.length === 0) return this.inner.writeMany!(writes);
    const end = this.journal.begin();
    try {
      const before = await Promise.all(memory.map((w) => this.inner.read(w.path)));
      await this.inner.writeMany!(writes);
      for (const [i, w] of memory.entries()) {
        const was = before[i];
        if (w.content === null) {
          if (!was) continue;
          await this.journal.record({
            path: this.full(w.path),
            op: 'delete',
            author: this.authorOf(),
            before: { version: was.version, content: was.content },
            after: null,
          });
          continue;
        }
        const now = await this.inner.read(w.path);
        if (!now) continue;
        await this.journal.record({
          path: this.full(w.path),
          op: 'write',
          author: this.authorOf(),
          before: await this.priorOf(w.path, was, now.version),
          after: { version: now.version, content: now.content },
        });
      }
    } finally {
      end();
    }
  }

  /** Puts a snapshot back (an import's rollback): journaled when the file changes. */
  private async restoreJournaled(path: string, snapshot: unknown): Promise<void> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.restore!(path, snapshot);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      await this.inner.restore!(path, snapshot);
      const after = await this.inner.read(path);
      if (before?.version === after?.version && before?.content === after?.content) return;
      const author = this.authorOf();
      await this.journal.record({
        path: full,
        op: after ? 'write' : 'delete',
        author: author.kind === 'import' ? { ...author, rollback: true } : author,
        // The snapshot may take the version back: what was there just before is exact here.
        before: before ? { version: before.version, content: before.content } : null,
        after: after ? { version: after.version, content: after.content } : null,
      });
    } finally {
      end();
    }
  }
}

/**
 * The app's filesystem layout (Deep Agents' CompositeBackend: /memories/ is the user-level store,
 * the rest the workspace) with both stores journaled.
 */
export function journaledFs(
  journal: MemoryJournal,
  stores: { user: FileStore & BulkStoreMethods; workspace: FileStore & BulkStoreMethods },
): CompositeFs {
  return new CompositeFs({
    default: new JournaledStore(stores.workspace, { journal, mount: '/' }),
    routes: {
      [`${MEMORIES_DIR}/`]: new JournaledStore(stores.user, { journal, mount: MEMORIES_DIR }),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Undo, and changes no entry explains

export type UndoResult =
  { ok: true; entry: JournalEntry; undo?: JournalEntry } | { ok: false; reason: string };

const refuse = (reason: string): UndoResult => ({ ok: false, reason });

/**
 * Reverts one entry of this browser's journal: only a local entry, on a memory path, while the file
 * holds exactly what the entry wrote; the text put back is the one whose hash the entry recorded
 * (from the file's history, or the kept text of a deleted file). Anything else is refused with the
 * reason. `fs` is the journaled filesystem; the undo is journaled as author "undo".
 */
export async function undoJournalEntry(
  journal: MemoryJournal,
  fs: VirtualFs,
  entryId: string,
): Promise<UndoResult> {
  const entry = journal.get(entryId);
  if (!entry)
    return refuse(
      "This change is not in this browser's memory journal, so it cannot be undone here.",
    );
  if (entry.origin !== 'local')
    return refuse(
      `This change was imported${entry.importedFrom ? ` from ${entry.importedFrom}` : ''}: imported history cannot be undone.`,
    );
  if (entry.undoneBy) return refuse(`This change to ${entry.path} was already undone.`);
  if (!journal.isMemoryPath(entry.path))
    return refuse(
      `${entry.path} is no longer a memory path (Settings → memory sources), so it was not undone.`,
    );
  let current: FileRecord | undefined;
  try {
    current = await fs.read(entry.path);
  } catch (error) {
    return refuse(`Could not undo: ${errorText(error)}`);
  }
  const changedSince = `${entry.path} changed after this edit, so it was not undone. Open it in the editor to compare its versions.`;
  if (entry.op === 'write') {
    if (!current || (await sha256(current.content)) !== entry.afterHash)
      return refuse(changedSince);
  } else if (current) {
    return refuse(`${entry.path} was written again after it was deleted, so it was not undone.`);
  }

  let restore: string | null;
  if (entry.versionBefore === null || entry.beforeHash === null) {
    restore = null; // the entry created the file: undo deletes it
  } else if (entry.op === 'delete') {
    if (entry.beforeText === undefined)
      return refuse(
        `The journal did not keep the deleted text of ${entry.path} (it keeps a deleted file's text only up to ${JOURNAL_LIMITS.maxKeptText.toLocaleString('en-US')} characters), so it cannot be restored here.`,
      );
    if ((await sha256(entry.beforeText)) !== entry.beforeHash)
      return refuse(
        `The text the journal kept for ${entry.path} does not match what was deleted (its SHA-256 differs), so it was not restored.`,
      );
    restore = entry.beforeText;
  } else {
    const versions = await fs.history(entry.path).catch(() => [] as FileVersion[]);
    const prior = versions.find((v) => v.version === entry.versionBefore);
    if (!prior || (await sha256(prior.content)) !== entry.beforeHash)
      return refuse(
        `The text before this edit (version ${entry.versionBefore}) is no longer in the history of ${entry.path}, so it cannot be restored.`,
      );
    restore = prior.content;
  }

  const writer = authored(fs, { kind: 'undo', entryId: entry.id });
  try {
    if (restore === null) await writer.delete(entry.path, { expectedVersion: current!.version });
    else
      await writer.write(entry.path, restore, {
        expectedVersion: current ? current.version : null,
      });
  } catch (error) {
    if (error instanceof FsError && error.code === 'conflict') return refuse(changedSince);
    return refuse(`Could not undo: ${errorText(error)}`);
  }
  const undo = journal
    .entries()
    .find((e) => e.origin === 'local' && e.author.kind === 'undo' && e.author.entryId === entry.id);
  await journal.markUndone(entry.id, undo?.id ?? 'undo');
  return { ok: true, entry, ...(undo ? { undo } : {}) };
}

/**
 * For memory paths another tab says it changed: any change no journal entry explains (a tab of an
 * older build, a write whose entry was lost) is recorded as the author "another tab", so it is seen
 * all the same. Call after reloading the journal, so entries that tab stored are known.
 */
export async function reconcileMemoryPaths(
  journal: MemoryJournal,
  fs: VirtualFs,
  paths: readonly string[],
  options: {
    /**
     * Called once before anything is recorded, when some change looks unexplained: the app waits
     * a moment and reloads the journal, so an entry the other tab is still storing is found.
     */
    settle?: () => Promise<void>;
  } = {},
): Promise<JournalEntry[]> {
  if (options.settle) {
    const suspects = await unexplained(journal, fs, paths);
    if (suspects.length === 0) return [];
    await options.settle();
    paths = suspects;
  }
  const recorded: JournalEntry[] = [];
  for (const raw of paths) {
    let path: string;
    try {
      path = normalisePath(raw);
    } catch {
      continue;
    }
    if (path === '/' || !journal.isMemoryPath(path)) continue;
    // A write of this tab in flight would look unexplained until its entry is recorded.
    let current: FileRecord | undefined;
    do {
      await journal.idle();
      current = await fs.read(path).catch(() => undefined);
    } while (journal.busy);
    const known = journal.knownVersion(path);
    if (current?.version === known) continue;
    const last = journal.latestFor(path);
    let before: RecordInput['before'] = null;
    if (known !== undefined) {
      // The version this journal knew, from the file's history when it is still there.
      const versions = current ? await fs.history(path).catch(() => [] as FileVersion[]) : [];
      const prior = versions.find((v) => v.version === known);
      before = prior
        ? { version: prior.version, content: prior.content }
        : { version: known, hash: last?.afterHash ?? null };
    }
    recorded.push(
      await journal.record({
        path,
        op: current ? 'write' : 'delete',
        author: { kind: 'tab' },
        before,
        after: current ? { version: current.version, content: current.content } : null,
      }),
    );
  }
  return recorded;
}

/** The memory paths among `paths` whose current version no entry (or the baseline) explains. */
async function unexplained(
  journal: MemoryJournal,
  fs: VirtualFs,
  paths: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const raw of paths) {
    let path: string;
    try {
      path = normalisePath(raw);
    } catch {
      continue;
    }
    if (path === '/' || !journal.isMemoryPath(path) || out.includes(path)) continue;
    await journal.idle();
    const current = await fs.read(path).catch(() => undefined);
    if (current?.version !== journal.knownVersion(path)) out.push(path);
  }
  return out;
}
