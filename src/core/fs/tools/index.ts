// The six filesystem tools with Deep Agents (Python) argument names, semantics and result texts,
// since models are tuned to them. Errors come back as tool results ("Error: ..."), never thrown.
// This folder's surface: createFsTools and what other modules read of the tools.

import type { Tool, ToolContext } from '../../agent/tool';
import type { ToolResult } from '../../agent/types';
import { errorText } from '../../text/errors';
import { addNote, resolveToolPath } from '../tool-paths';
import { FsError } from '../types';
import {
  FS_TOOL_NAMES,
  parseArgs,
  ToolInputError,
  withResolvedPath,
  type FsToolName,
} from './args';
import { fail, implementations } from './run';
import { descriptions, parameters } from './schemas';

export { FS_TOOL_NAMES, type FsToolName } from './args';
export {
  DEFAULT_READ_LIMIT,
  DEFAULT_READ_OFFSET,
  EMPTY_CONTENT_WARNING,
  formatContentWithLineNumbers,
  LINE_NUMBER_WIDTH,
  MAX_LINE_LENGTH,
  splitLines,
  TOOL_RESULT_CHAR_LIMIT,
  TRUNCATION_GUIDANCE,
} from './format';

function createTool<N extends FsToolName>(name: N): Tool {
  return {
    schema: { name, description: descriptions[name], parameters: parameters[name] },
    async run(rawArgs: unknown, context: ToolContext): Promise<ToolResult> {
      if (context.signal.aborted) return fail(`${name} was cancelled before it ran.`);
      let note: string | undefined;
      try {
        const resolved = withResolvedPath(name, parseArgs(name, rawArgs));
        note = resolved.note;
        return addNote(await implementations[name](resolved.args, context), note);
      } catch (error) {
        const message =
          error instanceof ToolInputError || error instanceof FsError
            ? error.message
            : errorText(error);
        return addNote(fail(message), note);
      }
    },
  };
}

/** ls, read_file, write_file, edit_file, glob and grep, for the agent loop. */
export function createFsTools(): Tool[] {
  return FS_TOOL_NAMES.map((name) => createTool(name));
}

export function isFsToolName(name: string): name is FsToolName {
  return (FS_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * The normalised path a write_file or edit_file call targets (arguments as an object or as raw JSON
 * text; a relative path rooted at "/", as the tools read it), or undefined for other tools and for
 * unusable arguments.
 */
export function writesToPath(toolName: string, args: unknown): string | undefined {
  if (toolName !== 'write_file' && toolName !== 'edit_file') return undefined;
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const filePath = (value as Record<string, unknown>).file_path;
  try {
    return resolveToolPath(filePath, true).path;
  } catch {
    return undefined;
  }
}
