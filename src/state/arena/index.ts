// The Strategy arena's store and what its callers read (one concern per file in this folder).

export { useArenaStore } from './store';
export { entryLabel } from './entries';
export type { ArenaState, EntryState } from './types';
export { SCENARIOS } from '../../core/arena/scenarios';
export { MAX_TRANSCRIPT_LABEL } from '../../core/arena/errors';
export { AS_RECORDED_LABEL } from '../../core/autopsy/baseline';
