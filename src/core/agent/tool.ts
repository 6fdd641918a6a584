import type { ToolResult, ToolSchema } from './types';
import type { VirtualFs } from '../fs/types';

export interface ToolContext {
  fs: VirtualFs;
  signal: AbortSignal;
  toolCallId: string;
}

/**
 * A tool the agent can call. `run` receives the parsed JSON arguments (unknown: validate them) and
 * returns a result; it should not throw for bad input: return { content: 'Error: ...', isError: true }.
 * The loop still catches anything thrown and returns it to the model as a tool error.
 */
export interface Tool {
  schema: ToolSchema;
  run(args: unknown, context: ToolContext): Promise<ToolResult>;
}
