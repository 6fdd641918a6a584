// Token counting with js-tiktoken. The rank tables are megabytes of data, so they are loaded with a
// dynamic import the first time an encoding is needed: they become their own chunks and stay out of
// the app's initial bundle. Pure TypeScript (no DOM): runs in Node tests, the page and workers.

import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import type { ModelMessage, ModelRequest } from '../agent/types';

export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface TokenCounter {
  readonly encoding: EncodingName;
  /** Tokens in a piece of text. Repeated texts are answered from a bounded cache. */
  count(text: string): number;
  /** Tokens of one message as sent to a model, per-message overhead included (cached by id). */
  countMessage(message: ModelMessage): number;
  /** Cache figures, for tests and the inspector. */
  readonly stats: { hits: number; misses: number; entries: number; chars: number };
}

export interface RequestTokenBreakdown {
  system: number;
  memory: number;
  messages: number;
  tools: number;
  total: number;
}

/**
 * Fixed cost of each message on top of its text (role and separators). OpenAI's cookbook counts 3
 * or 4 per message depending on the model; 4 keeps the estimate on the safe (high) side.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

const MAX_TEXT_ENTRIES = 5_000;
/** Texts are kept in memory as cache keys, so their total size is bounded as well. */
const MAX_TEXT_CHARS = 8_000_000;
const MAX_MESSAGE_ENTRIES = 5_000;

const O200K_MODEL = /^(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[134](?:$|[-_.:]))/;

/**
 * The tokenizer that best approximates a model's. GPT-4o, 4.1, 4.5, 5 and the o-series use
 * o200k_base; everything else (older GPTs, Claude, open models) gets cl100k_base as an estimate.
 * Provider prefixes such as "openai/gpt-4o" (OpenRouter) are ignored.
 */
export function encodingForModel(model: string): EncodingName {
  const name = model.trim().toLowerCase().split('/').pop() ?? '';
  return O200K_MODEL.test(name) ? 'o200k_base' : 'cl100k_base';
}

const loaders: Record<EncodingName, () => Promise<TiktokenBPE>> = {
  o200k_base: () => import('js-tiktoken/ranks/o200k_base').then((module) => module.default),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base').then((module) => module.default),
};

// One counter per encoding for the whole process: parsing the ranks costs hundreds of ms, and a
// shared counter means a shared cache (the page, the inspector and the charts recount the same text).
const counters = new Map<EncodingName, Promise<TokenCounter>>();

export function loadEncoder(encoding: EncodingName): Promise<TokenCounter> {
  let counter = counters.get(encoding);
  if (!counter) {
    counter = loaders[encoding]().then((ranks) =>
      createTokenCounter(encoding, new Tiktoken(ranks)),
    );
    // A failed load (e.g. a chunk that could not be fetched) may be retried later.
    counter.catch(() => counters.delete(encoding));
    counters.set(encoding, counter);
  }
  return counter;
}

/** A counter over an already constructed tokenizer (loadEncoder is the usual way in). */
export function createTokenCounter(encoding: EncodingName, tokenizer: Tiktoken): TokenCounter {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const texts = new Map<string, number>();
  const messages = new Map<string, { content: string; calls: string; tokens: number }>();
  const stats = { hits: 0, misses: 0, entries: 0, chars: 0 };

  function count(text: string): number {
    if (text === '') return 0;
    const cached = texts.get(text);
    if (cached !== undefined) {
      stats.hits++;
      texts.delete(text);
      texts.set(text, cached);
      return cached;
    }
    stats.misses++;
    // User text may contain "<|endoftext|>" and the like: count it as plain text, never throw.
    const tokens = tokenizer.encode(text, [], []).length;
    if (text.length <= MAX_TEXT_CHARS / 4) {
      texts.set(text, tokens);
      stats.chars += text.length;
      while (texts.size > MAX_TEXT_ENTRIES || stats.chars > MAX_TEXT_CHARS) {
        const oldest = texts.keys().next().value;
        if (oldest === undefined) break;
        texts.delete(oldest);
        stats.chars -= oldest.length;
      }
      stats.entries = texts.size;
    }
    return tokens;
  }

  function countMessage(message: ModelMessage): number {
    const calls = message.role === 'assistant' ? toolCallsText(message) : '';
    // Keyed by id, checked against the exact text: middleware may rewrite a message (truncated tool
    // arguments, a summary) under the same id, and then it must be recounted.
    const key = `${message.role}:${message.id}`;
    const cached = messages.get(key);
    if (cached && cached.content === message.content && cached.calls === calls)
      return cached.tokens;

    let tokens = MESSAGE_OVERHEAD_TOKENS + count(message.content);
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? [])
        tokens += count(call.name) + count(call.arguments);
    }
    messages.delete(key);
    messages.set(key, { content: message.content, calls, tokens });
    if (messages.size > MAX_MESSAGE_ENTRIES) {
      const oldest = messages.keys().next().value;
      if (oldest !== undefined) messages.delete(oldest);
    }
    return tokens;
  }

  return { encoding, count, countMessage, stats };
}

function toolCallsText(message: Extract<ModelMessage, { role: 'assistant' }>): string {
  return (message.toolCalls ?? [])
    .map((call) => `${call.id}\u0000${call.name}\u0000${call.arguments}`)
    .join('\u0001');
}

/**
 * Per-section estimate of a model call's input. `memory` is the AGENTS.md block text that
 * middleware appended to the system prompt (when not given, the request's 'memory' section is
 * used); it is counted on its own and the rest of the system prompt as `system`. A memory text
 * that is not in the system prompt was not sent, so it counts 0.
 */
export function countRequest(
  counter: TokenCounter,
  request: ModelRequest,
  sections: { memory?: string } = {},
): RequestTokenBreakdown {
  const memoryText =
    sections.memory ?? request.sections?.find((section) => section.name === 'memory')?.text ?? '';
  const at = memoryText ? request.system.indexOf(memoryText) : -1;
  const rest =
    at >= 0
      ? request.system.slice(0, at) + request.system.slice(at + memoryText.length)
      : request.system;

  const system = counter.count(rest);
  const memory = at >= 0 ? counter.count(memoryText) : 0;
  let messages = 0;
  for (const message of request.messages) messages += counter.countMessage(message);
  const tools = request.tools.length > 0 ? counter.count(JSON.stringify(request.tools)) : 0;
  return { system, memory, messages, tools, total: system + memory + messages + tools };
}
