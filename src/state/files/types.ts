// The Files store's shapes: open buffers, save conflicts, the diff request, errors, and the
// store's state and actions.

import type { FileInfo, FileRecord, FileVersion, VirtualFs } from '../../core/fs/types';

/** An opened file: what is on disk at `version` and what the user is editing. */
export interface FileBuffer {
  path: string;
  /** The version the draft is based on; null when the file no longer exists (deleted elsewhere). */
  version: number | null;
  savedContent: string;
  draft: string;
  dirty: boolean;
  modifiedAt: number;
  /** Another writer (agent tool, other tab) changed the file while this buffer had unsaved edits. */
  changedElsewhere: boolean;
}

/** A save that lost the race: the user's text and the newer file, kept until the user chooses. */
export interface SaveConflict {
  path: string;
  mine: string;
  /** The newer file on disk, or null if it was deleted. */
  theirs: FileRecord | null;
}

/** What the diff view shows: a history version, or the two sides of a conflict. */
export interface DiffRequest {
  kind: 'history' | 'conflict' | 'external';
  path: string;
  original: string;
  modified: string;
  labels: { original: string; modified: string };
  language: string;
}

export interface FilesError {
  message: string;
  code?: string;
  /** Which panel shows it: list operations (create/delete/refresh) or the editor (open/save). */
  where: 'files' | 'editor';
}

export interface AttachOptions {
  /**
   * Identifies the workspace of this tab. Notices from a tab on another workspace apply only to
   * /memories/ paths (the user-level store is shared; workspace paths are not).
   */
  workspaceId?: string;
  /** Override for tests; defaults to 'memory-playground-fs'. Pass null to disable broadcasting. */
  channelName?: string | null;
}

export interface FilesState {
  fs: VirtualFs | null;
  files: FileInfo[];
  loading: boolean;
  selectedPath: string | null;
  /** Open buffers by path. Clean buffers are dropped when another file is opened. */
  buffers: Record<string, FileBuffer>;
  saving: boolean;
  conflict: SaveConflict | null;
  error: FilesError | null;
  /** A short, non-error message (e.g. "deleted elsewhere"). */
  notice: string | null;
  /** Versions of the selected file, loaded on demand for the History control. */
  versions: { path: string; list: FileVersion[] } | null;
  diff: DiffRequest | null;

  attach(fs: VirtualFs, options?: AttachOptions): Promise<void>;
  detach(): void;
  refresh(): Promise<void>;
  open(path: string): Promise<void>;
  close(): void;
  setDraft(text: string): void;
  /** Saves the selected file (the given text, or the current draft) against the version it was opened at. */
  save(content?: string): Promise<boolean>;
  keepMine(): Promise<boolean>;
  loadTheirs(): void;
  compareConflict(): void;
  /** For "changed elsewhere": replace the draft with the file on disk. */
  reloadFromDisk(): Promise<void>;
  /** For "changed elsewhere": show the file on disk against the draft. */
  compareWithDisk(): Promise<void>;
  notifyChanged(paths: string[], options?: { broadcast?: boolean }): Promise<void>;
  createFile(path: string, content?: string): Promise<string | null>;
  deleteFile(path: string): Promise<boolean>;
  history(path: string): Promise<FileVersion[]>;
  showVersionDiff(version: FileVersion): void;
  closeDiff(): void;
  clearError(): void;
  clearNotice(): void;
}
