// How the file tools take a path: absolute, or relative and read from "/" (as Deep Agents JS and
// Python do), with the result saying where a relative one was read from.
import type { ToolResult } from '../agent/types';
import { normaliseFilePath, resolveAgentPath } from './paths';

/** A path the agent's tools take (absolute, or relative to "/"), checked; a file path needs a name. */
export function resolveToolPath(raw: unknown, file: boolean): { path: string; relative?: string } {
  const resolved = resolveAgentPath(raw);
  if (file) normaliseFilePath(resolved.path); // refuses the root
  return resolved;
}

/** What the result says when the model gave a relative path: where it was read from. */
export function relativePathNote(given: string, resolved: string): string {
  return `Note: ${given} has no leading /, so it was read from / as ${resolved}.`;
}

/** The note goes first in a result (so it is read before the content), last after an error. */
export function addNote(result: ToolResult, note: string | undefined): ToolResult {
  if (note === undefined) return result;
  return {
    ...result,
    content: result.isError ? `${result.content}\n${note}` : `${note}\n${result.content}`,
  };
}
