// What every model provider shares (OpenAI-compatible, Anthropic, the in-browser model): the walk
// over a thread that pairs each tool result with its call (a call left without a result gets an
// error result; a result whose call is gone is kept as plain text), the streamed turn assembled from
// text and tool-call pieces, the usage record, the finished assistant message and the Stop error.
// Each provider fills in only its wire format. No SDK imports: the in-browser model uses this too.

import {
  ProviderError,
  type AssistantMessage,
  type ModelMessage,
  type ModelResponse,
  type StreamEvent,
  type ToolCall,
  type ToolMessage,
  type Usage,
} from '../agent/types';

export function newMessageId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  // randomUUID needs a secure context in browsers; fall back for plain-http LAN pages.
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The error for a call the person stopped. */
export function stoppedByUser(): ProviderError {
  return new ProviderError('aborted', 'Stopped by the user.');
}

/** onStream, made safe: a display callback must not break the call. */
export function safeEmit(
  onStream: ((event: StreamEvent) => void) | undefined,
): (event: StreamEvent) => void {
  return (event) => {
    try {
      onStream?.(event);
    } catch {
      // A display callback must not break the call.
    }
  };
}

/** How a provider writes a thread in its wire format; `writeThread` decides what goes where. */
export interface ThreadWriter {
  /** A user turn (also a tool result whose call is gone, as plain text). */
  user(content: string): void;
  /** An assistant turn with the calls it made (possibly none). */
  assistant(content: string, calls: readonly ToolCall[]): void;
  /** The result of a call of the latest assistant turn. */
  toolResult(message: ToolMessage): void;
  /** A call of the latest assistant turn that got no result (the run stopped mid-tool). */
  missingResult(call: { id: string; name: string }, content: string): void;
}

/**
 * Pairs tool results with the calls before them, so that the request is never rejected for an
 * orphan: a call without a result gets an error result (APIs reject the whole request otherwise),
 * and a result whose call was dropped (e.g. by a sliding window) keeps its information as text.
 */
export function writeThread(messages: readonly ModelMessage[], writer: ThreadWriter): void {
  // Calls of the latest assistant message still waiting for their result.
  let pending = new Map<string, string>();
  const flushPending = () => {
    for (const [id, name] of pending)
      writer.missingResult(
        { id, name },
        `Error: no result for ${name}: the run stopped before the tool finished.`,
      );
    pending = new Map();
  };
  for (const m of messages) {
    if (m.role === 'tool') {
      if (pending.has(m.toolCallId)) {
        pending.delete(m.toolCallId);
        writer.toolResult(m);
      } else {
        flushPending();
        writer.user(
          `[Result of an earlier ${m.toolName} call${m.isError ? ' (error)' : ''}]\n${m.content}`,
        );
      }
      continue;
    }
    flushPending();
    if (m.role === 'user') {
      writer.user(m.content);
      continue;
    }
    const calls = m.toolCalls ?? [];
    writer.assistant(m.content, calls);
    for (const c of calls) pending.set(c.id, c.name);
  }
  flushPending();
}

/** A usage record with only the figures the provider reported. */
export function usageOf(figures: {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number | undefined;
  cacheWriteTokens?: number | undefined;
}): Usage {
  const usage: Usage = { inputTokens: figures.inputTokens, outputTokens: figures.outputTokens };
  if (figures.cacheReadTokens !== undefined) usage.cacheReadTokens = figures.cacheReadTokens;
  if (figures.cacheWriteTokens !== undefined) usage.cacheWriteTokens = figures.cacheWriteTokens;
  return usage;
}

/** The finished assistant message, with its calls and usage when there are any. */
export function assistantResponse(
  id: string,
  content: string,
  toolCalls: readonly ToolCall[],
  usage: Usage | undefined,
): ModelResponse {
  const message: AssistantMessage = { role: 'assistant', id, content, createdAt: Date.now() };
  if (toolCalls.length > 0) message.toolCalls = [...toolCalls];
  if (usage) message.usage = usage;
  return usage ? { message, usage } : { message };
}

interface CallParts {
  id: string;
  name: string;
  arguments: string;
  /** The arguments when none streamed (a tool without parameters). */
  emptyArguments: string;
}

/** One streamed answer, assembled from its pieces as they arrive, each shown at once. */
export class StreamedTurn {
  content = '';
  usage: Usage | undefined;
  /** Set when the provider said the answer is complete. */
  finished = false;
  private readonly calls: (CallParts | undefined)[] = [];

  constructor(private readonly emit: (event: StreamEvent) => void) {}

  get callCount(): number {
    return this.calls.length;
  }

  text(text: string): void {
    if (!text) return;
    this.content += text;
    this.emit({ type: 'text-delta', text });
  }

  /**
   * A piece of the tool call at `index`. Ids and names arrive whole (some servers repeat them on
   * every piece, so the first one counts); arguments arrive in pieces.
   */
  callPart(
    index: number,
    part: { id?: string; name?: string; argumentsDelta: string; emptyArguments?: string },
  ): void {
    const call = (this.calls[index] ??= { id: '', name: '', arguments: '', emptyArguments: '' });
    const event: StreamEvent = {
      type: 'tool-call-delta',
      index,
      argumentsDelta: part.argumentsDelta,
    };
    if (part.id && !call.id) {
      call.id = part.id;
      event.id = part.id;
    }
    if (part.name && !call.name) {
      call.name = part.name;
      event.name = part.name;
    }
    if (part.emptyArguments !== undefined) call.emptyArguments = part.emptyArguments;
    call.arguments += part.argumentsDelta;
    this.emit(event);
  }

  /** The complete calls (a call that never got a name is dropped; one without an id gets one). */
  toolCalls(): ToolCall[] {
    return this.calls
      .filter((c): c is CallParts => c !== undefined && c.name !== '')
      .map((c, i) => ({
        id: c.id || `call_${newMessageId()}_${i}`,
        name: c.name,
        arguments: c.arguments || c.emptyArguments,
      }));
  }
}
