// Replaying a recorded turn through the real agent loop: a "transcript provider" answers each model
// call with the assistant message recorded for that point of the turn, and one replay tool per tool
// name returns the recorded result of each call. The loop, the middleware and the token accounting
// are the app's own; only the model and the tools are the recording.

import type { Tool } from '../agent/tool';
import type {
  AssistantMessage,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ToolMessage,
} from '../agent/types';
import { ProviderError } from '../agent/types';

export interface TurnScript {
  /** The recorded assistant messages of the turn, in order (the last one answers without tools). */
  answers: AssistantMessage[];
  /** Recorded tool results by tool call id. */
  results: Map<string, ToolMessage>;
  /** The turn's recorded messages after the user's. */
  messages: readonly ModelMessage[];
  /** Answers given so far. */
  used: number;
}

/**
 * Recorded messages after the last answer the replay gave (a second assistant message in a row, as
 * in a LoCoMo session that speaker_b opens): they join the history as recorded.
 */
export function trailingMessages(script: TurnScript): ModelMessage[] {
  if (script.used === 0) return [...script.messages];
  const last = script.answers[Math.min(script.used, script.answers.length) - 1];
  const at = last ? script.messages.indexOf(last) : -1;
  return at < 0 ? [] : script.messages.slice(at + 1);
}

/** The recorded model answers and tool results of one turn (its messages after the user's). */
export function scriptOf(messages: readonly ModelMessage[]): TurnScript {
  const answers: AssistantMessage[] = [];
  const results = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (message.role === 'assistant') answers.push(message);
    else if (message.role === 'tool') results.set(message.toolCallId, message);
  }
  return { answers, results, messages, used: 0 };
}

/**
 * A provider that answers from the current turn's script. `onCall` sees every request exactly as
 * the middleware built it (what the strategy sends).
 */
export function transcriptProvider(
  current: () => TurnScript,
  onCall?: (request: ModelRequest) => void,
): ModelProvider {
  return {
    id: 'transcript',
    async complete(request, { signal }) {
      if (signal.aborted) throw new ProviderError('aborted', 'The arena run was stopped.');
      const script = current();
      onCall?.(request);
      const recorded = script.answers[script.used++];
      // A turn recorded without an answer (cut off): an empty answer ends it.
      const message: AssistantMessage = recorded
        ? structuredClone(recorded)
        : { role: 'assistant', id: `replay_empty_${script.used}`, content: '', createdAt: 0 };
      if (message.toolCalls && script.used >= script.answers.length) delete message.toolCalls;
      return { message };
    },
  };
}

/** One tool per recorded tool name; each call returns the recorded result of that call id. */
export function replayTools(names: Iterable<string>, current: () => TurnScript): Tool[] {
  return [...new Set(names)].map((name) => ({
    schema: {
      name,
      description: `Recorded tool '${name}' (the arena replays its recorded results).`,
      parameters: { type: 'object', properties: {}, additionalProperties: true },
    },
    async run(_args, context) {
      const result = current().results.get(context.toolCallId);
      if (!result)
        return { content: 'Error: no result was recorded for this call.', isError: true };
      return { content: result.content, ...(result.isError ? { isError: true } : {}) };
    },
  }));
}

export function toolNames(messages: readonly ModelMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages)
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) names.add(call.name);
  return [...names];
}
