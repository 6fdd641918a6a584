// A transcript the arena refuses: the message names the file and the line or field.
export class ArenaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArenaInputError';
  }
}

/** The largest transcript file the arena reads. */
export const MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024;
export const MAX_TRANSCRIPT_LABEL = '20 MB';
