// The diff view's requests: a history version against the buffer, the two sides of a save
// conflict, or the file on disk against an unsaved draft.

import type { FileRecord, FileVersion } from '../../core/fs/types';
import { languageForPath } from './languages';
import type { DiffRequest, FileBuffer, SaveConflict } from './types';

function formatTime(ms: number): string {
  return new Date(ms).toLocaleString();
}

/** Theirs (on disk, or deleted) against mine (the latest draft, or the text that lost the race). */
export function conflictDiff(conflict: SaveConflict, buffer: FileBuffer | undefined): DiffRequest {
  return {
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
  };
}

/** The file on disk (or its absence) against the unsaved draft. */
export function externalDiff(
  path: string,
  record: FileRecord | undefined,
  draft: string,
): DiffRequest {
  return {
    kind: 'external',
    path,
    original: record?.content ?? '',
    modified: draft,
    labels: {
      original: record ? `On disk (v${record.version})` : 'On disk (deleted)',
      modified: 'Mine (unsaved)',
    },
    language: languageForPath(path),
  };
}

/** A version from the history against the buffer as it is now. */
export function historyDiff(path: string, buffer: FileBuffer, version: FileVersion): DiffRequest {
  const current = buffer.dirty ? 'Current (unsaved)' : `Current (v${buffer.version ?? '?'})`;
  return {
    kind: 'history',
    path,
    original: version.content,
    modified: buffer.draft,
    labels: {
      original: `v${version.version} · ${formatTime(version.modifiedAt)}`,
      modified: current,
    },
    language: languageForPath(path),
  };
}
