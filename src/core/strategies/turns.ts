// Turns: the unit every strategy keeps or drops. A turn starts at a user message and runs to the
// next one, so the assistant's tool calls and their results always travel together.

import type { ModelMessage } from '../agent/types';
import type { Turn } from './types';

/**
 * Splits model messages into turns. Messages before the first user message (unusual, e.g. an
 * imported transcript that opens with the assistant) form a turn of their own.
 */
export function splitTurns(messages: readonly ModelMessage[]): Turn[] {
  const turns: Turn[] = [];
  let current: ModelMessage[] | undefined;
  for (const message of messages) {
    if (message.role === 'user' || !current) {
      current = [];
      turns.push({ index: turns.length, messages: current });
    }
    current.push(message);
  }
  return turns;
}

/**
 * Past turns and the current one: the current turn is the last turn (it starts at the newest user
 * message and holds this run's tool calls so far).
 */
export function pastAndCurrent(messages: readonly ModelMessage[]): {
  past: Turn[];
  current: ModelMessage[];
} {
  const turns = splitTurns(messages);
  const last = turns.pop();
  return { past: turns, current: last?.messages ?? [] };
}

/** Whether the turn ended with a final answer (an assistant message without tool calls). */
export function isComplete(turn: Turn): boolean {
  const last = turn.messages[turn.messages.length - 1];
  return last?.role === 'assistant' && !last.toolCalls?.length;
}

export function userText(turn: Turn): string {
  const first = turn.messages[0];
  return first?.role === 'user' ? first.content : '';
}

/**
 * What the assistant said in the turn: the text of each of its messages, in order (a reply can come
 * in several messages: text before a tool call, the final answer, or consecutive messages of an
 * imported transcript's second speaker).
 */
export function answerText(turn: Turn): string {
  let text = '';
  for (const message of turn.messages) {
    if (message.role !== 'assistant' || !message.content.trim()) continue;
    text = text ? `${text}\n${message.content}` : message.content;
  }
  return text;
}

/** The user message and the final answer, as the seed's strategies see a turn. */
export function dialogue(turn: Turn): { role: 'user' | 'assistant'; content: string }[] {
  const out: { role: 'user' | 'assistant'; content: string }[] = [];
  const user = userText(turn);
  if (user) out.push({ role: 'user', content: user });
  const answer = answerText(turn);
  if (answer) out.push({ role: 'assistant', content: answer });
  return out;
}

const TOOL_RESULT_CHARS = 600;

/**
 * A turn as plain text ("User: …", "Assistant: …", tool calls and short tool results), for blocks
 * that carry whole turns (paged in, retrieved). Long tool results are shortened: their full text
 * stays in the thread.
 */
export function turnText(turn: Turn): string {
  const first = turn.messages[0];
  const cached = first ? textCache.get(first) : undefined;
  if (cached && sameMessages(cached.source, turn.messages)) return cached.text;
  const text = renderTurn(turn);
  if (first) textCache.set(first, { source: snapshot(turn.messages), text });
  return text;
}

/**
 * turnText lower-cased (OS-like paging's shared-word test), kept with the cached text so a page
 * is not lower-cased again on every call.
 */
export function turnTextLower(turn: Turn): string {
  const text = turnText(turn);
  const cached = turn.messages[0] ? textCache.get(turn.messages[0]) : undefined;
  if (!cached || cached.text !== text) return text.toLowerCase();
  cached.lower ??= text.toLowerCase();
  return cached.lower;
}

// A turn's text is rendered once and reused while its messages are the same: the app hands the
// same message objects to every call, so a thread of 1,000 messages is not re-rendered on every
// model call. The cache is keyed by the turn's first message and checked against every message
// (object, text, tool calls or tool name), so an edited or regrouped turn is rendered afresh.
interface MessageSnapshot {
  message: ModelMessage;
  content: string;
  /** An assistant's tool calls, a tool result's tool name. */
  extra: unknown;
}
const textCache = new WeakMap<
  ModelMessage,
  { source: MessageSnapshot[]; text: string; lower?: string }
>();

function snapshot(messages: readonly ModelMessage[]): MessageSnapshot[] {
  return messages.map((message) => ({
    message,
    content: message.content,
    extra: extraOf(message),
  }));
}

function extraOf(message: ModelMessage): unknown {
  return message.role === 'assistant'
    ? message.toolCalls
    : message.role === 'tool'
      ? message.toolName
      : undefined;
}

function sameMessages(source: readonly MessageSnapshot[], messages: readonly ModelMessage[]) {
  if (source.length !== messages.length) return false;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const seen = source[i]!;
    if (
      seen.message !== message ||
      seen.content !== message.content ||
      seen.extra !== extraOf(message)
    )
      return false;
  }
  return true;
}

function renderTurn(turn: Turn): string {
  const lines: string[] = [];
  for (const message of turn.messages) {
    if (message.role === 'user') lines.push(`User: ${message.content}`);
    else if (message.role === 'assistant') {
      if (message.content.trim()) lines.push(`Assistant: ${message.content}`);
      for (const call of message.toolCalls ?? [])
        lines.push(`Assistant called ${call.name}(${shorten(call.arguments, TOOL_RESULT_CHARS)})`);
    } else {
      lines.push(
        `Tool ${message.toolName} returned: ${shorten(message.content, TOOL_RESULT_CHARS)}`,
      );
    }
  }
  return lines.join('\n');
}

function shorten(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The ISO date (YYYY-MM-DD) of a turn's first message. */
export function turnDate(turn: Turn): string {
  const at = turn.messages[0]?.createdAt;
  if (!at || !Number.isFinite(at)) return '';
  return new Date(at).toISOString().slice(0, 10);
}

/** Messages of the last `n` turns. */
export function lastTurns(turns: readonly Turn[], n: number): Turn[] {
  return n <= 0 ? [] : turns.slice(Math.max(0, turns.length - n));
}

export function messagesOf(turns: readonly Turn[]): ModelMessage[] {
  return turns.flatMap((turn) => turn.messages);
}
