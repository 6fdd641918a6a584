// The Files panel and editor store: the file list, open buffers with unsaved drafts, saving with
// optimistic concurrency (expectedVersion), conflict resolution, and cross-tab change notices.
// It talks only to the VirtualFs interface, so tests can drive it with an in-memory fake.
// Saving and conflicts live in save.ts, changes from elsewhere and create/delete in changes.ts.

import { create } from 'zustand';
import { bufferFrom, toError, withBuffer, withoutBuffer } from './buffers';
import { changeActions } from './changes';
import { createFsChannel, FS_CHANNEL_NAME } from './channel';
import { createFilesContext } from './context';
import { historyDiff } from './diff';
import { saveActions } from './save';
import type { FilesState } from './types';

/** Creates an independent store (one per tab in the app; several in tests to play two tabs). */
export function createFilesStore() {
  // The store owns its run-time state: its end of the cross-tab channel and the open() sequence.
  const channel = createFsChannel();
  // Guards against a slow open() finishing after the user already picked another file.
  let openSeq = 0;

  const store = create<FilesState>()((set, get) => {
    const ctx = createFilesContext(set, get, channel);
    const { requireFs, updateBuffer } = ctx;

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
        const name = options.channelName === undefined ? FS_CHANNEL_NAME : options.channelName;
        channel.open(name, options.workspaceId, (paths) => {
          void get().notifyChanged(paths, { broadcast: false });
        });
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
        channel.close();
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
        set({ diff: historyDiff(path, buffer, version) });
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

      ...saveActions(ctx),
      ...changeActions(ctx),
    };
  });

  return store;
}

export type FilesStore = ReturnType<typeof createFilesStore>;

/** The app's store (one per tab). */
export const useFilesStore = createFilesStore();
