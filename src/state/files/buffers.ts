// Editor buffers and save conflicts: building and replacing buffers, the selectors the UI reads,
// and turning a filesystem failure into the message a panel shows.

import { FsError, type FileRecord } from '../../core/fs/types';
import type { FileBuffer, FilesError, FilesState } from './types';

/** Selector: the buffer of the selected file, if any. */
export function selectCurrent(state: FilesState): FileBuffer | null {
  return state.selectedPath ? (state.buffers[state.selectedPath] ?? null) : null;
}

/** Selector: whether any open buffer has unsaved edits. */
export function selectHasUnsaved(state: FilesState): boolean {
  return Object.values(state.buffers).some((b) => b.dirty);
}

export function toError(error: unknown, where: FilesError['where'], fallback: string): FilesError {
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

export function isConflict(error: unknown): boolean {
  return error instanceof FsError && error.code === 'conflict';
}

export function bufferFrom(record: FileRecord): FileBuffer {
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

export function withBuffer(
  buffers: Record<string, FileBuffer>,
  buffer: FileBuffer,
): Record<string, FileBuffer> {
  return { ...buffers, [buffer.path]: buffer };
}

export function withoutBuffer(
  buffers: Record<string, FileBuffer>,
  path: string,
): Record<string, FileBuffer> {
  const next = { ...buffers };
  delete next[path];
  return next;
}
