// Messages, tool schemas and the events the agent loop sends out.
// These are the app's own shapes: providers convert to and from their wire formats at the boundary.

export interface ToolCall {
  /** Provider-assigned id, echoed back in the tool result. */
  id: string;
  name: string;
  /** Raw JSON text of the arguments, exactly as the model produced it (it may be malformed). */
  arguments: string;
}

export interface Usage {
  /** Input tokens the provider reports for the call (prompt tokens, including cached ones). */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** In-browser model: from the start of the call to the first new token, prompt included. */
  timeToFirstTokenMs?: number;
  /** In-browser model: new tokens per second after the first. */
  tokensPerSecond?: number;
}

export interface UserMessage {
  role: 'user';
  id: string;
  content: string;
  createdAt: number;
  /** Who said it, when a transcript names its speakers (an imported conversation between people). */
  speaker?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  id: string;
  content: string;
  toolCalls?: ToolCall[];
  createdAt: number;
  usage?: Usage;
  /** Set when the model call ended early (error or user abort); content holds what streamed so far. */
  stopped?: 'aborted' | 'error';
  /** Who said it, when a transcript names its speakers (an imported conversation between people). */
  speaker?: string;
}

export interface ToolMessage {
  role: 'tool';
  id: string;
  toolCallId: string;
  toolName: string;
  content: string;
  isError?: boolean;
  createdAt: number;
}

/** A notice written into the thread by the app (errors, memory loaded...). Never sent to a model. */
export interface NoticeMessage {
  role: 'notice';
  id: string;
  kind: 'error' | 'info';
  content: string;
  createdAt: number;
}

export type Message = UserMessage | AssistantMessage | ToolMessage | NoticeMessage;
/** The messages a model sees. */
export type ModelMessage = UserMessage | AssistantMessage | ToolMessage;

export function isModelMessage(message: Message): message is ModelMessage {
  return message.role !== 'notice';
}

/** JSON schema of a tool, as sent to the model. */
export interface ToolSchema {
  name: string;
  description: string;
  parameters: {
    type: 'object';
    properties: Record<string, unknown>;
    required?: string[];
    additionalProperties?: boolean;
  };
}

/**
 * What a model request is for. Every request says it, so a provider that stands in for a model (the
 * Demo) answers by purpose, never by reading the prompt, and each feature keeps its offline answerer
 * beside it (the fact updater's in memory/facts/demo-updater.ts).
 */
export const REQUEST_PURPOSES = [
  /** A turn of the conversation (the agent loop's own calls, and the inspector's preview). */
  'chat',
  /** Compaction's summary of the conversation (Deep Agents summarization). */
  'summary',
  /** Fact memory's update after a run. */
  'fact-update',
  /** A context strategy's model step (summary merge, extraction, compression). */
  'strategy-step',
  /** The arena's "Ask the model": a probe's question on a strategy's context. */
  'probe-question',
] as const;
export type RequestPurpose = (typeof REQUEST_PURPOSES)[number];

/** What goes to a provider for one model call. */
export interface ModelRequest {
  /** What the request is for (absent in requests built before purposes existed: a chat turn). */
  purpose?: RequestPurpose;
  model: string;
  /** Full system prompt, memory blocks included (middleware appends to it). */
  system: string;
  messages: ModelMessage[];
  tools: ToolSchema[];
  maxOutputTokens?: number;
  /**
   * Named parts of the system prompt that middleware appended (e.g. 'memory' for the AGENTS.md
   * block), so token accounting can attribute them. Providers ignore this.
   */
  sections?: RequestSection[];
}

export interface RequestSection {
  name: string;
  text: string;
  /** 'strategy' for the blocks a context strategy added (counted by name in the breakdown). */
  kind?: 'strategy';
}

/** What comes back from one model call. */
export interface ModelResponse {
  message: AssistantMessage;
  usage?: Usage;
}

/** Streaming pieces of one model call, for live display. */
export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string };

export type ProviderErrorKind =
  | 'auth' // 401, 403
  | 'not-found' // 404: usually an unknown model or a wrong base URL
  | 'rate-limit' // 429 after the SDK's retries
  | 'server' // 5xx
  | 'network' // connection refused, dropped mid-stream
  | 'bad-request' // 400, 413, 422
  | 'aborted' // the user pressed Stop
  | 'invalid-settings' // caught before any request was made
  | 'unknown';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ModelProvider {
  /** Stable id: one of PROVIDER_IDS (providers/settings.ts). */
  readonly id: string;
  /**
   * Run one model call. Streams pieces through onStream, resolves with the complete assistant message.
   * Throws ProviderError (kind 'aborted' when signal fires). Never mutates the request.
   */
  complete(
    request: ModelRequest,
    options: { signal: AbortSignal; onStream?: (event: StreamEvent) => void },
  ): Promise<ModelResponse>;
}

export interface ToolResult {
  content: string;
  isError?: boolean;
}
