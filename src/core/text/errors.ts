// One way to say what went wrong: the message of an Error, or the value itself as text; a schema's
// refusal as "field: message" lines.
import type { z } from 'zod';

/** The text of a thrown value: an Error's message, anything else as a string. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A schema's issues as "field.path: message" lines; `root` names the value itself. */
export function zodProblems(error: z.ZodError, root = '(root)'): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || root}: ${issue.message}`);
}
