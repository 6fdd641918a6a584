// Changes from elsewhere (agent tools, other tabs) and the file list's own changes: create and
// delete, each told to the other tabs.

import type { FileRecord } from '../../core/fs/types';
import { bufferFrom, isConflict, toError, withBuffer, withoutBuffer } from './buffers';
import type { FilesContext } from './context';
import type { FilesState } from './types';

type ChangeActions = Pick<FilesState, 'notifyChanged' | 'createFile' | 'deleteFile'>;

export function changeActions(ctx: FilesContext): ChangeActions {
  const { set, get, updateBuffer } = ctx;
  return {
    async notifyChanged(paths, options = {}) {
      if (options.broadcast !== false) ctx.channel.broadcast(paths);
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
      for (const path of touched) await ctx.reloadVersionsIfShown(path);
    },

    async createFile(path, content = '') {
      const fs = get().fs;
      if (!fs) return null;
      try {
        const record = await fs.write(path, content, { expectedVersion: null });
        ctx.channel.broadcast([record.path]);
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
        ctx.channel.broadcast([path]);
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
  };
}
