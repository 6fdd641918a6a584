import { BOUNDS, formatBound } from '../limits';

// A transcript the arena refuses: the message names the file and the line or field.
export class ArenaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArenaInputError';
  }
}

/** The largest transcript file the arena reads, and the most messages (src/core/limits.ts). */
export const MAX_TRANSCRIPT_BYTES = BOUNDS.transcriptBytes.value;
export const MAX_TRANSCRIPT_LABEL = formatBound(BOUNDS.transcriptBytes);
export const MAX_TRANSCRIPT_MESSAGES = BOUNDS.transcriptMessages.value;
