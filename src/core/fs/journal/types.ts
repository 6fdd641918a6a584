// The memory journal's vocabulary: its bounds, the entry and diff shapes, what it is given
// (persistence, options) and what it hands out (recorded writes, the memory-updated event).

import type { WriteAuthor } from '../types';

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

declare module '../../agent/events' {
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
