// The virtual filesystem's contracts. Paths are absolute POSIX paths ("/notes/todo.md").

export interface FileRecord {
  path: string;
  content: string;
  createdAt: number;
  modifiedAt: number;
  /** Starts at 1 and grows by one on every write. */
  version: number;
}

export type FileInfo = Omit<FileRecord, 'content'> & { size: number };

/** One earlier (or the current) version of a file, for diffs and undo. */
export interface FileVersion {
  version: number;
  content: string;
  modifiedAt: number;
}

/**
 * Who or what wrote a file, for the memory journal (src/core/fs/journal/). Writers pass it through
 * a view of the filesystem (`authored(fs, author)`), so tools and stores need not know about it.
 */
export type WriteAuthor =
  /** A tool call in a chat run (file tools, execute, experiment tools, tools added later). */
  | { kind: 'tool'; threadId: string; toolCallId: string; toolName: string }
  /** Middleware or a context strategy during a chat run (outside any tool call). */
  | { kind: 'agent'; threadId: string; name: string }
  /** The person: the editor, the Facts panel. */
  | { kind: 'user'; via: 'editor' | 'facts' }
  /** The fact updater after a run (debounced) or on "Update memory now". */
  | { kind: 'fact-updater'; threadId: string }
  /** A bundle import (or its rollback). */
  | { kind: 'import'; bundle: string; rollback?: boolean }
  /** Undo of a journal entry. */
  | { kind: 'undo'; entryId: string }
  /** A change another tab made that no journal entry explains (seen from its broadcast). */
  | { kind: 'tab' }
  /** The app itself (the sample workspace on first start). */
  | { kind: 'app'; reason: string }
  /** A writer that did not say who it is. */
  | { kind: 'unknown' };

export interface WriteOptions {
  /** Who writes, for the memory journal; stores ignore it. */
  author?: WriteAuthor;
  /**
   * The version the writer read. `null` means "the file must not exist yet".
   * `undefined` means an unconditional write (only for internal, single-writer paths).
   * A mismatch throws FsError('conflict').
   */
  expectedVersion?: number | null;
}

export type FsErrorCode =
  'invalid-path' | 'not-found' | 'conflict' | 'too-large' | 'quota-exceeded' | 'io';

export class FsError extends Error {
  constructor(
    readonly code: FsErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'FsError';
  }
}

/**
 * A store of files under one root. Both the in-memory store (tests) and the IndexedDB store
 * (the app) implement it; the composite filesystem routes paths to stores.
 * Paths given to a store are already validated and normalised.
 */
export interface FileStore {
  read(path: string): Promise<FileRecord | undefined>;
  write(path: string, content: string, options?: WriteOptions): Promise<FileRecord>;
  delete(path: string, options?: WriteOptions): Promise<void>;
  /** Every file in the store (no content). */
  list(): Promise<FileInfo[]>;
  /** Versions of a file, oldest first, the current one last. A store may keep only the latest N. */
  history(path: string): Promise<FileVersion[]>;
}

/** The filesystem the agent and the UI see: validates paths, routes them, and lists. */
export interface VirtualFs extends FileStore {
  /** Files whose path starts with the given directory (default "/"), all depths. */
  listUnder(dir?: string): Promise<FileInfo[]>;
}

/** Largest file the filesystem accepts (UTF-8 bytes) and longest path: src/core/limits.ts. */
export { MAX_FILE_BYTES, MAX_PATH_LENGTH } from '../limits';
