// Saving with optimistic concurrency (expectedVersion) and resolving a save that lost the race:
// keep mine, load theirs, compare them, or (for "changed elsewhere") reload or compare with disk.

import type { FileRecord } from '../../core/fs/types';
import { bufferFrom, isConflict, toError, withBuffer, withoutBuffer } from './buffers';
import type { FilesContext } from './context';
import { conflictDiff, externalDiff } from './diff';
import type { FileBuffer, FilesState } from './types';

type SaveActions = Pick<
  FilesState,
  'save' | 'keepMine' | 'loadTheirs' | 'compareConflict' | 'reloadFromDisk' | 'compareWithDisk'
>;

export function saveActions(ctx: FilesContext): SaveActions {
  const { set, get, requireFs, updateBuffer } = ctx;

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
      ctx.channel.broadcast([record.path]);
      await Promise.all([get().refresh(), ctx.reloadVersionsIfShown(record.path)]);
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
    async save(content) {
      const path = get().selectedPath;
      const buffer = path ? get().buffers[path] : undefined;
      if (!path || !buffer) return false;
      if (get().saving) return false;
      if (content !== undefined && content !== buffer.draft) updateBuffer(path, { draft: content });
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
      set({ diff: conflictDiff(conflict, buffer) });
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
        set({ diff: externalDiff(path, record, get().buffers[path]?.draft ?? buffer.draft) });
      } catch (error) {
        set({ error: toError(error, 'editor', `Could not read ${path}`) });
      }
    },
  };
}
