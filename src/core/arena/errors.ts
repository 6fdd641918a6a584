import { BOUNDS, formatBound } from '../limits';
import { errorText } from '../text/errors';

// A transcript the arena refuses: the message names the file and the line or field.
export class ArenaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArenaInputError';
  }
}

/** What `read` returns; what it throws is refused as an ArenaInputError with the same message. */
export function asArenaInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ArenaInputError(errorText(error));
  }
}

/** The largest transcript file the arena reads, and the most messages (src/core/limits.ts). */
export const MAX_TRANSCRIPT_BYTES = BOUNDS.transcriptBytes.value;
export const MAX_TRANSCRIPT_LABEL = formatBound(BOUNDS.transcriptBytes);
export const MAX_TRANSCRIPT_MESSAGES = BOUNDS.transcriptMessages.value;
