// One way to say what went wrong: the message of an Error, or the value itself as text.

/** The text of a thrown value: an Error's message, anything else as a string. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
