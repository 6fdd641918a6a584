// Thread builders for the compaction tests: deterministic random threads made of user turns and
// assistant tool-call groups, the way the loop writes them.
import type { AssistantMessage, ModelMessage, ToolMessage, UserMessage } from '../agent/types';

export function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: small, fast, deterministic
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

let counter = 0;
const id = (prefix: string) => `${prefix}_${++counter}`;

export function user(content: string): UserMessage {
  return { role: 'user', id: id('u'), content, createdAt: counter };
}

export function assistant(
  content: string,
  calls: { name: string; args: Record<string, unknown> }[] = [],
): AssistantMessage {
  return {
    role: 'assistant',
    id: id('a'),
    content,
    ...(calls.length > 0
      ? {
          toolCalls: calls.map((call) => ({
            id: id('call'),
            name: call.name,
            arguments: JSON.stringify(call.args),
          })),
        }
      : {}),
    createdAt: counter,
  };
}

export function toolResult(call: { id: string; name: string }, content: string): ToolMessage {
  return {
    role: 'tool',
    id: id('t'),
    toolCallId: call.id,
    toolName: call.name,
    content,
    createdAt: counter,
  };
}

/** An assistant message with tool calls followed by one result per call. */
export function toolGroup(
  calls: { name: string; args: Record<string, unknown>; result: string }[],
  content = '',
): ModelMessage[] {
  const message = assistant(content, calls);
  return [
    message,
    ...(message.toolCalls ?? []).map((call, i) => toolResult(call, calls[i]?.result ?? '')),
  ];
}

/** A random thread that starts with a user message; sizes vary a lot so cut points land anywhere. */
export function randomThread(random: () => number, turns: number): ModelMessage[] {
  const words = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `word${Math.floor(random() * 1000)}${i % 7 ? '' : '.'}`,
    ).join(' ');
  const messages: ModelMessage[] = [];
  for (let t = 0; t < turns; t++) {
    messages.push(user(words(1 + Math.floor(random() * 40))));
    const steps = Math.floor(random() * 3);
    for (let s = 0; s < steps; s++) {
      const calls = 1 + Math.floor(random() * 3);
      messages.push(
        ...toolGroup(
          Array.from({ length: calls }, () => ({
            name: random() < 0.5 ? 'write_file' : 'read_file',
            args: {
              file_path: `/f${Math.floor(random() * 9)}.md`,
              content: words(Math.floor(random() * 60)),
            },
            result: words(Math.floor(random() * 200)),
          })),
          random() < 0.5 ? words(5) : '',
        ),
      );
    }
    messages.push(assistant(words(1 + Math.floor(random() * 60))));
  }
  return messages;
}

/** Checks that no tool result is separated from its call by a cut before `index`. */
export function keepsToolGroups(messages: readonly ModelMessage[], index: number): boolean {
  const kept = messages.slice(index);
  const cut = messages.slice(0, index);
  const keptCalls = new Set(
    kept.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : [])),
  );
  const cutCalls = new Set(
    cut.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : [])),
  );
  return (
    kept.every((m) => m.role !== 'tool' || keptCalls.has(m.toolCallId)) &&
    cut.every((m) => m.role !== 'tool' || cutCalls.has(m.toolCallId))
  );
}
