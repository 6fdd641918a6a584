// The Files store: what callers import (the store, its selectors, types and the channel name).

export { FS_CHANNEL_NAME } from './channel';
export { languageForPath } from './languages';
export { formatBytes } from '../../core/text/bytes';
export { selectCurrent, selectHasUnsaved } from './buffers';
export { createFilesStore, useFilesStore, type FilesStore } from './store';
export type {
  AttachOptions,
  DiffRequest,
  FileBuffer,
  FilesError,
  FilesState,
  SaveConflict,
} from './types';
