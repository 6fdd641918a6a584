import type { ToolCall } from '../../agent/types';

/** What the script answers: text, and at most one tool call. */
export interface DemoReply {
  content: string;
  toolCalls?: ToolCall[];
}
