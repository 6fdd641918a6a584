// The arena's view: a run's totals and retention shares for the results table, a transcript's turns
// for the picker.

export { totalsOf } from '../../core/arena/results';
export { inContextShare, retentionShare } from '../../core/recorder/retention';
export { transcriptTurns } from '../../core/arena/transcript';
