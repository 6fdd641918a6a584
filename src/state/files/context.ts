// What the store's actions share: zustand's set and get, the cross-tab channel the store owns,
// and the small steps several actions take (require the filesystem, patch a buffer, reload the
// history shown).

import type { StoreApi } from 'zustand';
import type { VirtualFs } from '../../core/fs/types';
import { withBuffer } from './buffers';
import type { FsChannel } from './channel';
import type { FileBuffer, FilesState } from './types';

export interface FilesContext {
  set: StoreApi<FilesState>['setState'];
  get: StoreApi<FilesState>['getState'];
  channel: FsChannel;
  requireFs(): VirtualFs;
  /** Applies `patch` to the buffer at `path` (if open) and recomputes whether it is dirty. */
  updateBuffer(path: string, patch: Partial<FileBuffer>): void;
  /** Reloads the versions list when it shows `path`; a failure is not worth surfacing. */
  reloadVersionsIfShown(path: string): Promise<void>;
}

export function createFilesContext(
  set: FilesContext['set'],
  get: FilesContext['get'],
  channel: FsChannel,
): FilesContext {
  const requireFs = (): VirtualFs => {
    const fs = get().fs;
    if (!fs) throw new Error('The file store is not attached to a filesystem yet.');
    return fs;
  };
  return {
    set,
    get,
    channel,
    requireFs,
    updateBuffer(path, patch) {
      const buffer = get().buffers[path];
      if (!buffer) return;
      const next = { ...buffer, ...patch };
      next.dirty = next.draft !== next.savedContent || next.version === null;
      set({ buffers: withBuffer(get().buffers, next) });
    },
    async reloadVersionsIfShown(path) {
      if (get().versions?.path !== path) return;
      try {
        const list = await requireFs().history(path);
        if (get().versions?.path === path) set({ versions: { path, list } });
      } catch {
        // History is a convenience; a failure here must not hide the save result.
      }
    },
  };
}
