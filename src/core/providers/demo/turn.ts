// One turn of the script: the intents of the user's message become actions, run in order. An action
// either answers with text or makes a tool call; after each tool result the turn is replayed from
// the request alone (the exchanges since the user's message), each action taking back the results
// of its own calls, until every action has its text. Then one answer is composed: a greeting, the
// actions' texts, at most three clickable suggestions, and the honesty tag.

import type { ModelMessage, ToolCall, ToolMessage, ToolSchema } from '../../agent/types';
import type { MemorySource } from './agents-md';
import { suggestionBlock } from './suggestions';
import { parseArgs, withTag } from './text';

export interface Exchange {
  call: ToolCall;
  args: Record<string, unknown>;
  result: ToolMessage;
}

export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
  /** What the assistant says with the call ("Listing / with ls."). */
  intro: string;
}

export interface Step {
  call?: PlannedCall;
  text?: string;
  suggestions?: string[];
}

export interface TurnContext {
  /** The AGENTS.md sources in the system prompt's <agent_memory> block. */
  memory: MemorySource[];
  /** The fact-memory lines of the <memory> block, as one source (absent when none). */
  facts: MemorySource[];
  /** What the request carries of the conversation (earlier user messages, strategy blocks). */
  conversation: MemorySource[];
  /** The messages sent, and the tools offered. */
  messages: readonly ModelMessage[];
  tools: readonly ToolSchema[];
  /** The user messages before this turn's, newest last. */
  earlierUser: string[];
  /** This request's size in tokens, when the provider counted it. */
  requestTokens?: number;
  /** The context window in tokens, and where it comes from, when the provider knows it. */
  contextWindow?: ContextWindow;
}

/** A context window: its size, set in Settings or the model profile's. */
export interface ContextWindow {
  tokens: number;
  from: 'settings' | 'profile';
}

export interface Action {
  /** Whether `next`, the exchange after those already taken, is this action's next call. */
  accepts(mine: readonly Exchange[], next: Exchange): boolean;
  /** The next call, or the action's text, given the results of its calls so far. */
  step(mine: readonly Exchange[]): Step;
}

export type TurnReply =
  | { kind: 'call'; call: PlannedCall }
  | { kind: 'answer'; texts: string[]; suggestions: string[]; leftOver: Exchange[] };

/** No turn makes more tool calls than this, whatever the replay says. */
export const MAX_CALLS_PER_TURN = 6;

/** Replays the actions over the exchanges so far: the next call, or the texts of all actions. */
export function runTurn(actions: readonly Action[], exchanges: readonly Exchange[]): TurnReply {
  let cursor = 0;
  const texts: string[] = [];
  const suggestions: string[] = [];
  for (const action of actions) {
    const mine: Exchange[] = [];
    while (cursor < exchanges.length && action.accepts(mine, exchanges[cursor]!))
      mine.push(exchanges[cursor++]!);
    const step = action.step(mine);
    if (step.call) {
      // A call is made only at the end of the replay, and never past the turn's limit: a replay
      // that no longer lines up with the calls made ends the turn instead of looping.
      if (cursor === exchanges.length && exchanges.length < MAX_CALLS_PER_TURN)
        return { kind: 'call', call: step.call };
      continue;
    }
    if (step.text) texts.push(step.text);
    suggestions.push(...(step.suggestions ?? []));
  }
  return { kind: 'answer', texts, suggestions, leftOver: exchanges.slice(cursor) };
}

/** The tool calls of this turn (after the last user message) paired with their results. */
export function turnExchanges(messages: readonly ModelMessage[], from: number): Exchange[] {
  const results = new Map<string, ToolMessage>();
  for (const message of messages.slice(from))
    if (message.role === 'tool') results.set(message.toolCallId, message);
  const exchanges: Exchange[] = [];
  for (const message of messages.slice(from)) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      const result = results.get(call.id);
      if (result) exchanges.push({ call, args: parseArgs(call.arguments), result });
    }
  }
  return exchanges;
}

/** The final answer: texts, then the suggestion block, then the tag. */
export function composeAnswer(texts: readonly string[], suggestions: readonly string[]): string {
  const block = suggestionBlock(suggestions);
  const body = texts.filter((text) => text.trim() !== '').join('\n\n');
  return withTag(block ? `${body}\n\n${block}` : body);
}

/** An action that only answers with text. */
export function say(text: string, suggestions: string[] = []): Action {
  return { accepts: () => false, step: () => ({ text, suggestions }) };
}

/** Whether an exchange failed (an error result, or one that starts with "Error"). */
export function failed(exchange: Exchange): boolean {
  return exchange.result.isError === true || /^error\b/i.test(exchange.result.content.trim());
}

export function hasTool(context: TurnContext, name: string): boolean {
  return context.tools.some((tool) => tool.name === name);
}
