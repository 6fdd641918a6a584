// The Files panel and editor store: the file list, open buffers with unsaved drafts, saving with
// optimistic concurrency (expectedVersion), conflict resolution, and cross-tab change notices.
// It talks only to the VirtualFs interface, so tests can drive it with an in-memory fake.

import { create } from 'zustand';
import {
  FsError,
  type FileInfo,
  type FileRecord,
  type FileVersion,
  type VirtualFs,
} from '../core/fs/types';

export const FS_CHANNEL_NAME = 'memory-playground-fs';

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

/** Monaco language id for a path, by extension. */
export function languageForPath(path: string): string {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  switch (ext) {
    case 'md':
    case 'markdown':
      return 'markdown';
    case 'json':
      return 'json';
    case 'ts':
    case 'tsx':
      return 'typescript';
    case 'js':
    case 'mjs':
    case 'cjs':
    case 'jsx':
      return 'javascript';
    case 'py':
      return 'python';
    default:
      return 'plaintext';
  }
}

/** Selector: the buffer of the selected file, if any. */
export function selectCurrent(state: FilesState): FileBuffer | null {
  return state.selectedPath ? (state.buffers[state.selectedPath] ?? null) : null;
}

/** Selector: whether any open buffer has unsaved edits. */
export function selectHasUnsaved(state: FilesState): boolean {
  return Object.values(state.buffers).some((b) => b.dirty);
}

function toError(error: unknown, where: FilesError['where'], fallback: string): FilesError {
  if (error instanceof FsError) return { message: error.message, code: error.code, where };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      message: error.message || fallback,
      code: typeof code === 'string' ? code : undefined,
      where,
    };
  }
  return { message: `${fallback}: ${String(error)}`, where };
}

function isConflict(error: unknown): boolean {
  return error instanceof FsError && error.code === 'conflict';
}

function bufferFrom(record: FileRecord): FileBuffer {
  return {
    path: record.path,
    version: record.version,
    savedContent: record.content,
    draft: record.content,
    dirty: false,
    modifiedAt: record.modifiedAt,
    changedElsewhere: false,
  };
}

function withBuffer(
  buffers: Record<string, FileBuffer>,
  buffer: FileBuffer,
): Record<string, FileBuffer> {
  return { ...buffers, [buffer.path]: buffer };
}

function withoutBuffer(
  buffers: Record<string, FileBuffer>,
  path: string,
): Record<string, FileBuffer> {
  const next = { ...buffers };
  delete next[path];
  return next;
}

interface ChannelMessage {
  type: 'fs-changed';
  paths: string[];
  workspaceId?: string;
}

function isChannelMessage(data: unknown): data is ChannelMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'fs-changed' && Array.isArray(d.paths) && d.paths.every((p) => typeof p === 'string')
  );
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleString();
}

/** Creates an independent store (one per tab in the app; several in tests to play two tabs). */
export function createFilesStore() {
  let channel: BroadcastChannel | null = null;
  let workspaceId: string | undefined;
  // Guards against a slow open() finishing after the user already picked another file.
  let openSeq = 0;

  const store = create<FilesState>()((set, get) => {
    const requireFs = (): VirtualFs => {
      const fs = get().fs;
      if (!fs) throw new Error('The file store is not attached to a filesystem yet.');
      return fs;
    };

    const broadcast = (paths: string[]) => {
      if (!channel || paths.length === 0) return;
      const message: ChannelMessage = { type: 'fs-changed', paths, workspaceId };
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (tab shutting down) is not worth surfacing.
      }
    };

    const updateBuffer = (path: string, patch: Partial<FileBuffer>) => {
      const buffer = get().buffers[path];
      if (!buffer) return;
      const next = { ...buffer, ...patch };
      next.dirty = next.draft !== next.savedContent || next.version === null;
      set({ buffers: withBuffer(get().buffers, next) });
    };

    const reloadVersionsIfShown = async (path: string) => {
      if (get().versions?.path !== path) return;
      try {
        const list = await requireFs().history(path);
        if (get().versions?.path === path) set({ versions: { path, list } });
      } catch {
        // History is a convenience; a failure here must not hide the save result.
      }
    };

    /** Writes `text` to `path` on top of `expectedVersion`; on conflict records both sides. */
    const writeBuffer = async (
      path: string,
      text: string,
      expectedVersion: number | null,
    ): Promise<boolean> => {
      const fs = requireFs();
      set({ saving: true, error: null });
      try {
        const record = await fs.write(path, text, { expectedVersion });
        const latest = get().buffers[path];
        // The user may have typed while the write was in flight: keep that draft.
        const draft = latest ? latest.draft : text;
        const next: FileBuffer = {
          path: record.path,
          version: record.version,
          savedContent: text,
          draft,
          dirty: draft !== text,
          modifiedAt: record.modifiedAt,
          changedElsewhere: false,
        };
        set({
          saving: false,
          buffers: withBuffer(get().buffers, next),
          conflict: get().conflict?.path === path ? null : get().conflict,
          diff: get().diff?.kind === 'conflict' && get().diff?.path === path ? null : get().diff,
        });
        broadcast([record.path]);
        await Promise.all([get().refresh(), reloadVersionsIfShown(record.path)]);
        return true;
      } catch (error) {
        if (isConflict(error)) {
          let theirs: FileRecord | null;
          try {
            theirs = (await fs.read(path)) ?? null;
          } catch (readError) {
            set({ saving: false, error: toError(readError, 'editor', `Could not read ${path}`) });
            return false;
          }
          // Nothing is overwritten: the draft stays in the editor until the user chooses.
          set({ saving: false, conflict: { path, mine: text, theirs } });
          updateBuffer(path, { changedElsewhere: true });
          return false;
        }
        set({ saving: false, error: toError(error, 'editor', `Could not save ${path}`) });
        return false;
      }
    };

    return {
      fs: null,
      files: [],
      loading: false,
      selectedPath: null,
      buffers: {},
      saving: false,
      conflict: null,
      error: null,
      notice: null,
      versions: null,
      diff: null,

      async attach(fs, options = {}) {
        get().detach();
        workspaceId = options.workspaceId;
        const name = options.channelName === undefined ? FS_CHANNEL_NAME : options.channelName;
        if (name !== null && typeof BroadcastChannel !== 'undefined') {
          channel = new BroadcastChannel(name);
          channel.onmessage = (event: MessageEvent) => {
            const data: unknown = event.data;
            if (!isChannelMessage(data)) return;
            const sameWorkspace =
              !data.workspaceId || !workspaceId || data.workspaceId === workspaceId;
            const paths = sameWorkspace
              ? data.paths
              : data.paths.filter((p) => p.startsWith('/memories/'));
            if (paths.length > 0) void get().notifyChanged(paths, { broadcast: false });
          };
        }
        set({
          fs,
          files: [],
          selectedPath: null,
          buffers: {},
          conflict: null,
          error: null,
          notice: null,
          versions: null,
          diff: null,
        });
        await get().refresh();
      },

      detach() {
        channel?.close();
        channel = null;
      },

      async refresh() {
        const fs = get().fs;
        if (!fs) return;
        set({ loading: true });
        try {
          const files = await fs.listUnder('/');
          // Code-unit order, as the filesystem sorts paths everywhere.
          files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
          set({ files, loading: false });
        } catch (error) {
          set({ loading: false, error: toError(error, 'files', 'Could not list files') });
        }
      },

      async open(path) {
        const fs = requireFs();
        const seq = ++openSeq;
        const previous = get().selectedPath;
        const existing = get().buffers[path];
        let buffers = get().buffers;
        // Clean buffers carry nothing worth keeping; dirty ones stay so switching files loses nothing.
        if (previous && previous !== path && buffers[previous] && !buffers[previous].dirty) {
          buffers = withoutBuffer(buffers, previous);
        }
        set({
          selectedPath: path,
          buffers,
          conflict: get().conflict?.path === path ? get().conflict : null,
          diff: null,
          versions: null,
          error: null,
          notice: null,
        });
        if (existing?.dirty) return;
        try {
          const record = await fs.read(path);
          if (seq !== openSeq) return;
          if (!record) {
            set({
              selectedPath: null,
              buffers: withoutBuffer(get().buffers, path),
              error: {
                message: `${path} does not exist (it may have been deleted).`,
                code: 'not-found',
                where: 'editor',
              },
            });
            await get().refresh();
            return;
          }
          set({ buffers: withBuffer(get().buffers, bufferFrom(record)) });
        } catch (error) {
          if (seq !== openSeq) return;
          set({ error: toError(error, 'editor', `Could not open ${path}`) });
        }
      },

      close() {
        const path = get().selectedPath;
        if (!path) return;
        const buffer = get().buffers[path];
        set({
          selectedPath: null,
          buffers: buffer && !buffer.dirty ? withoutBuffer(get().buffers, path) : get().buffers,
          conflict: null,
          diff: null,
          versions: null,
        });
      },

      setDraft(text) {
        const path = get().selectedPath;
        if (!path || !get().buffers[path]) return;
        updateBuffer(path, { draft: text });
      },

      async save(content) {
        const path = get().selectedPath;
        const buffer = path ? get().buffers[path] : undefined;
        if (!path || !buffer) return false;
        if (get().saving) return false;
        if (content !== undefined && content !== buffer.draft)
          updateBuffer(path, { draft: content });
        return writeBuffer(path, content ?? buffer.draft, buffer.version);
      },

      async keepMine() {
        const conflict = get().conflict;
        if (!conflict) return false;
        const buffer = get().buffers[conflict.path];
        // The editor stayed editable during the conflict: the latest draft is "my version".
        const text = buffer ? buffer.draft : conflict.mine;
        const base = conflict.theirs ? conflict.theirs.version : null;
        if (buffer) updateBuffer(conflict.path, { version: base });
        return writeBuffer(conflict.path, text, base);
      },

      loadTheirs() {
        const conflict = get().conflict;
        if (!conflict) return;
        if (!conflict.theirs) {
          // The file was deleted elsewhere: there is nothing of theirs to load.
          set({
            conflict: null,
            diff: null,
            selectedPath: get().selectedPath === conflict.path ? null : get().selectedPath,
            buffers: withoutBuffer(get().buffers, conflict.path),
            notice: `${conflict.path} was deleted elsewhere; your unsaved edits were discarded.`,
          });
          void get().refresh();
          return;
        }
        set({
          conflict: null,
          diff: null,
          buffers: withBuffer(get().buffers, bufferFrom(conflict.theirs)),
        });
      },

      compareConflict() {
        const conflict = get().conflict;
        if (!conflict) return;
        const buffer = get().buffers[conflict.path];
        set({
          diff: {
            kind: 'conflict',
            path: conflict.path,
            original: conflict.theirs?.content ?? '',
            modified: buffer ? buffer.draft : conflict.mine,
            labels: {
              original: conflict.theirs
                ? `Theirs (v${conflict.theirs.version}, on disk)`
                : 'Theirs (deleted)',
              modified: 'Mine (unsaved)',
            },
            language: languageForPath(conflict.path),
          },
        });
      },

      async reloadFromDisk() {
        const path = get().selectedPath;
        if (!path) return;
        try {
          const record = await requireFs().read(path);
          if (!record) {
            set({
              selectedPath: null,
              buffers: withoutBuffer(get().buffers, path),
              conflict: null,
              diff: null,
              notice: `${path} was deleted elsewhere.`,
            });
            return;
          }
          set({
            buffers: withBuffer(get().buffers, bufferFrom(record)),
            conflict: null,
            diff: null,
          });
        } catch (error) {
          set({ error: toError(error, 'editor', `Could not read ${path}`) });
        }
      },

      async compareWithDisk() {
        const path = get().selectedPath;
        const buffer = path ? get().buffers[path] : undefined;
        if (!path || !buffer) return;
        try {
          const record = await requireFs().read(path);
          set({
            diff: {
              kind: 'external',
              path,
              original: record?.content ?? '',
              modified: get().buffers[path]?.draft ?? buffer.draft,
              labels: {
                original: record ? `On disk (v${record.version})` : 'On disk (deleted)',
                modified: 'Mine (unsaved)',
              },
              language: languageForPath(path),
            },
          });
        } catch (error) {
          set({ error: toError(error, 'editor', `Could not read ${path}`) });
        }
      },

      async notifyChanged(paths, options = {}) {
        if (options.broadcast !== false) broadcast(paths);
        const fs = get().fs;
        if (!fs) return;
        await get().refresh();
        const touched = new Set(paths);
        for (const path of Object.keys(get().buffers)) {
          if (!touched.has(path)) continue;
          let record: FileRecord | undefined;
          try {
            record = await fs.read(path);
          } catch {
            continue;
          }
          const buffer = get().buffers[path];
          if (!buffer) continue;
          if (record && record.version === buffer.version) continue;
          if (buffer.dirty) {
            // Keep the user's text; saving will go through the conflict flow.
            updateBuffer(path, { changedElsewhere: true });
            continue;
          }
          if (record) {
            set({ buffers: withBuffer(get().buffers, bufferFrom(record)) });
          } else {
            const selected = get().selectedPath === path;
            set({
              buffers: withoutBuffer(get().buffers, path),
              selectedPath: selected ? null : get().selectedPath,
              diff: selected ? null : get().diff,
              versions: selected ? null : get().versions,
              notice: selected ? `${path} was deleted elsewhere.` : get().notice,
            });
          }
        }
        for (const path of touched) await reloadVersionsIfShown(path);
      },

      async createFile(path, content = '') {
        const fs = get().fs;
        if (!fs) return null;
        try {
          const record = await fs.write(path, content, { expectedVersion: null });
          broadcast([record.path]);
          await get().refresh();
          await get().open(record.path);
          return record.path;
        } catch (error) {
          if (isConflict(error)) {
            set({
              error: {
                message: `A file already exists at ${path}.`,
                code: 'conflict',
                where: 'files',
              },
            });
          } else {
            set({ error: toError(error, 'files', `Could not create ${path}`) });
          }
          return null;
        }
      },

      async deleteFile(path) {
        const fs = get().fs;
        if (!fs) return false;
        const buffer = get().buffers[path];
        const listed = get().files.find((f) => f.path === path);
        // Delete only the version the user saw; a newer one (another writer) must not vanish silently.
        const expectedVersion = buffer?.version ?? listed?.version;
        try {
          await fs.delete(path, expectedVersion === undefined ? undefined : { expectedVersion });
          const selected = get().selectedPath === path;
          set({
            buffers: withoutBuffer(get().buffers, path),
            selectedPath: selected ? null : get().selectedPath,
            conflict: get().conflict?.path === path ? null : get().conflict,
            diff: selected ? null : get().diff,
            versions: selected ? null : get().versions,
            error: null,
          });
          broadcast([path]);
          await get().refresh();
          return true;
        } catch (error) {
          if (isConflict(error)) {
            set({
              error: {
                message: `${path} changed elsewhere since you saw it; it was not deleted. Review it and try again.`,
                code: 'conflict',
                where: 'files',
              },
            });
            await get().refresh();
          } else {
            set({ error: toError(error, 'files', `Could not delete ${path}`) });
          }
          return false;
        }
      },

      async history(path) {
        try {
          const list = await requireFs().history(path);
          if (get().selectedPath === path) set({ versions: { path, list } });
          return list;
        } catch (error) {
          set({ error: toError(error, 'editor', `Could not load the history of ${path}`) });
          return [];
        }
      },

      showVersionDiff(version) {
        const path = get().selectedPath;
        const buffer = path ? get().buffers[path] : undefined;
        if (!path || !buffer) return;
        const current = buffer.dirty ? 'Current (unsaved)' : `Current (v${buffer.version ?? '?'})`;
        set({
          diff: {
            kind: 'history',
            path,
            original: version.content,
            modified: buffer.draft,
            labels: {
              original: `v${version.version} · ${formatTime(version.modifiedAt)}`,
              modified: current,
            },
            language: languageForPath(path),
          },
        });
      },

      closeDiff() {
        set({ diff: null });
      },

      clearError() {
        set({ error: null });
      },

      clearNotice() {
        set({ notice: null });
      },
    };
  });

  return store;
}

export type FilesStore = ReturnType<typeof createFilesStore>;

/** The app's store (one per tab). */
export const useFilesStore = createFilesStore();
