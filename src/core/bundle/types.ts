// What export and import work against: interfaces only, so the same code runs in Node tests (in-memory
// stores) and in the app (IndexedDB).

import type { ThreadStore } from '../thread/thread';
import type { FileRecord, FileStore } from '../fs/types';
import type { JournalEntry } from '../fs/journal';

/**
 * A FileStore that can also copy exactly what it holds for some paths (history and timestamps
 * included) and put such a copy back. Import uses it to roll back without leaving a trace; a store
 * without it is rolled back by rewriting the previous content (same content, newer version).
 */
export interface RestorableFileStore extends FileStore {
  /** Opaque copies of what is stored at each path (undefined where nothing is), in one go. */
  snapshot?(paths: readonly string[]): Promise<unknown[]>;
  /** Puts a snapshot back exactly; an undefined snapshot removes the path. */
  restore?(path: string, snapshot: unknown): Promise<void>;
  /**
   * Several writes (content) and deletes (null) in one step that either fully happens or not at
   * all (one IndexedDB transaction), with the same version checks as write/delete.
   */
  writeMany?(writes: readonly FileWrite[]): Promise<void>;
}

export interface FileWrite {
  path: string;
  /** null deletes the file. */
  content: string | null;
  /** As WriteOptions.expectedVersion: the version there, or null for "must not exist". */
  expectedVersion: number | null;
}

/** A store that can read every file with its content at once (one transaction instead of N). */
export interface BulkReadableStore extends FileStore {
  readAll?(): Promise<FileRecord[]>;
}

/** The stored settings record, as is. Settings never hold an API key (those live elsewhere). */
export interface SettingsAccess {
  /** The stored record (undefined when never saved). */
  get(): Promise<unknown>;
  /** Stores a record, or removes it when `value` is undefined (used to roll back). */
  set(value: unknown): Promise<void>;
}

export interface BundleSource {
  /** The workspace being exported: its store, and the threads that belong to it. */
  workspace: string;
  /** The user-level store behind /memories/ (shared by every workspace). */
  userStore: BulkReadableStore;
  workspaceStore: BulkReadableStore;
  threads: ThreadStore;
  settings: Pick<SettingsAccess, 'get'>;
  /** The memory journal, exported as journal.jsonl (history; newest first). */
  journal?: { entries(): readonly JournalEntry[] | Promise<readonly JournalEntry[]> };
}

export interface BundleTarget {
  /** The workspace to import into (the bundle's workspace files and threads land here). */
  workspace: string;
  userStore: RestorableFileStore;
  workspaceStore: RestorableFileStore;
  threads: ThreadStore;
  settings: SettingsAccess;
}

export interface BundleProgress {
  /** What is happening, for the progress bar's label. */
  label: string;
  done: number;
  total: number;
}

export type ProgressCallback = (progress: BundleProgress) => void;

/**
 * Gives the event loop a turn now and then during long work, so a page stays responsive and its
 * progress bar repaints. setTimeout exists in Node, pages and workers alike.
 */
export class Pacer {
  private last = Date.now();
  constructor(private readonly intervalMs = 30) {}
  async tick(): Promise<void> {
    if (Date.now() - this.last < this.intervalMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.last = Date.now();
  }
}
