// Token counting with the tiktoken encodings (js-tiktoken's rank tables). The rank tables are
// megabytes of data, so they are loaded with a dynamic import the first time an encoding is needed:
// they become their own chunks and stay out of the app's initial bundle. Pure TypeScript (no DOM):
// runs in Node tests, the page and workers.
//
// Counting uses our own byte-pair merge over js-tiktoken's tables (bpe/) instead of
// Tiktoken.encode: the library merges with string joins in quadratic time per piece, so one long run
// without spaces (base64, minified code, "=" * 10,000 printed by a tool) took tens of seconds to
// minutes and froze the page. bpe/ gives exactly the same counts (tested against js-tiktoken).

import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite';
import type { ModelMessage, ModelRequest } from '../agent/types';
import { createBpeTokenizer } from './bpe';

export type EncodingName = 'o200k_base' | 'cl100k_base';
/** A counter over a model's own tokenizer (the in-browser model), named after the model. */
export type ModelTokenizerName = `model:${string}`;

export interface TokenCounter {
  readonly encoding: EncodingName | ModelTokenizerName;
  /** True for the characters/4 fallback used when no tokenizer could be loaded. */
  readonly approximate?: boolean;
  /** Tokens in a piece of text. Repeated texts are answered from a bounded cache. */
  count(text: string): number;
  /** Tokens of one message as sent to a model, per-message overhead included (cached by id). */
  countMessage(message: ModelMessage): number;
  /** Cache figures, for tests, the benchmark and the inspector. */
  readonly stats: {
    /** Texts answered from the text cache / tokenized. */
    hits: number;
    misses: number;
    entries: number;
    chars: number;
    /** Messages answered from the message cache / counted from their texts. */
    messageHits: number;
    messageMisses: number;
  };
}

/** Anything that can count the tokens of a text: our BPE counter, or a js-tiktoken instance. */
export interface TextTokenizer {
  countTokens(text: string): number;
}

/** Estimated input tokens of one model call, by section. Optional sections count 0 when absent. */
export interface TokenBreakdown {
  system: number;
  /** The AGENTS.md block. */
  memory: number;
  /** The <memory> block of ranked facts. */
  facts?: number;
  /** The summary message that replaced older history. */
  summary?: number;
  /** User and assistant messages (tool calls included). */
  messages: number;
  /** Tool result messages. */
  toolResults?: number;
  /** Tool schemas. */
  tools: number;
  /** Blocks a context strategy added, by section name ("Running summary", "Retrieved"…). */
  strategy?: Record<string, number>;
  total: number;
}

/** Every section of one model call's input; absent optional sections of TokenBreakdown are 0. */
export type RequestTokenBreakdown = Required<Omit<TokenBreakdown, 'strategy'>> &
  Pick<TokenBreakdown, 'strategy'>;

/**
 * Fixed cost of each message on top of its text (role and separators). OpenAI's cookbook counts 3
 * or 4 per message depending on the model; 4 keeps the estimate on the safe (high) side.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Section names middleware give the blocks they append to the system prompt. */
export const MEMORY_SECTION = 'memory';
export const FACTS_SECTION_NAME = 'facts';

/**
 * The message that stands for summarized history is a user message whose id starts with this
 * prefix (the summarization middleware creates it; the thread never stores it).
 */
export const SUMMARY_MESSAGE_ID_PREFIX = 'summary_';

export function isSummaryMessage(message: { role: string; id: string }): boolean {
  return message.role === 'user' && message.id.startsWith(SUMMARY_MESSAGE_ID_PREFIX);
}

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
      createTokenCounter(encoding, createBpeTokenizer(ranks)),
    );
    // A failed load (e.g. a chunk that could not be fetched) may be retried later.
    counter.catch(() => counters.delete(encoding));
    counters.set(encoding, counter);
  }
  return counter;
}

/** The rank table of an encoding, for the benchmark and for tests that want a fresh cache. */
export function loadRanks(encoding: EncodingName): Promise<TiktokenBPE> {
  return loaders[encoding]();
}

// ---- byte-pair counting ----------------------------------------------------------------------------

// The tokenizer itself (piece cache, pair tables, merges, counting by characters) lives in bpe/.
export { createBpeTokenizer };
export type { BpeTokenizer } from './bpe';

// ---- the counter --------------------------------------------------------------------------------

type MessageEntry = { content: string; calls: string; tokens: number };

/**
 * A counter over a tokenizer (loadEncoder is the usual way in). A js-tiktoken Tiktoken instance is
 * accepted too (counts are the same, only slower).
 */
export function createTokenCounter(
  encoding: EncodingName,
  tokenizer: TextTokenizer | Tiktoken,
): TokenCounter {
  const countTokens =
    'countTokens' in tokenizer
      ? (text: string) => tokenizer.countTokens(text)
      : (text: string) => tokenizer.encode(text, [], []).length;
  return createCounter(encoding, countTokens, false);
}

/**
 * A counter over a model's own tokenizer (the in-browser model's, loaded from its tokenizer.json).
 * Long texts are counted whole: the line-start chunking below is exact for the tiktoken encodings'
 * pre-tokenizers, not necessarily for every model's.
 */
export function createModelTokenCounter(
  name: ModelTokenizerName,
  tokenizer: TextTokenizer,
): TokenCounter {
  return createCounter(name, (text) => tokenizer.countTokens(text), false, false);
}

/**
 * Characters / 4 (rounded up): the estimate the app falls back to when the tokenizer cannot be
 * loaded, so compaction still has numbers to decide with. Same caches and interface.
 */
export function createApproximateCounter(encoding: EncodingName = 'cl100k_base'): TokenCounter {
  return createCounter(encoding, (text) => Math.ceil(text.length / 4), true);
}

function createCounter(
  encoding: EncodingName | ModelTokenizerName,
  countTokens: (text: string) => number,
  approximate: boolean,
  chunked = !approximate,
): TokenCounter {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const texts = new Map<string, number>();
  const messages = new Map<string, MessageEntry>();
  // Fast path for the same message object seen again (the loop hands the same objects to every
  // call of a run): no key building, no string comparison beyond reference equality.
  const byObject = new WeakMap<
    ModelMessage,
    { content: string; toolCalls: unknown; tokens: number }
  >();
  const stats = { hits: 0, misses: 0, entries: 0, chars: 0, messageHits: 0, messageMisses: 0 };

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
    // User text may contain "<|endoftext|>" and the like: it is counted as plain text.
    // A long text is counted line block by line block through the cache, so a block that grows or
    // changes a little each call (a strategy's memory, paged-in turns) costs only its new lines.
    const tokens =
      chunked && text.length > CHUNKED_COUNT_CHARS ? countInChunks(text) : countTokens(text);
    remember(text, tokens);
    return tokens;
  }

  function countInChunks(text: string): number {
    const chunks = splitAtLineStarts(text, CHUNK_CHARS);
    if (chunks.length === 1) return countTokens(text);
    let tokens = 0;
    for (const chunk of chunks) {
      const cached = texts.get(chunk);
      if (cached !== undefined) {
        // Refreshed as recently used, so the chunks of a block seen every call stay cached.
        texts.delete(chunk);
        texts.set(chunk, cached);
        tokens += cached;
        continue;
      }
      const n = countTokens(chunk);
      remember(chunk, n);
      tokens += n;
    }
    return tokens;
  }

  function remember(text: string, tokens: number) {
    if (text.length > MAX_TEXT_CHARS / 4) return;
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

  function countMessage(message: ModelMessage): number {
    const toolCalls = message.role === 'assistant' ? message.toolCalls : undefined;
    const seen = byObject.get(message);
    if (seen && seen.content === message.content && seen.toolCalls === toolCalls) {
      stats.messageHits++;
      return seen.tokens;
    }
    const calls = message.role === 'assistant' ? toolCallsText(message) : '';
    // Keyed by id, checked against the exact text: middleware may rewrite a message (truncated tool
    // arguments, a summary) under the same id, and then it must be recounted.
    const key = `${message.role}:${message.id}`;
    const cached = messages.get(key);
    let tokens: number;
    if (cached && cached.content === message.content && cached.calls === calls) {
      stats.messageHits++;
      tokens = cached.tokens;
    } else {
      stats.messageMisses++;
      tokens = MESSAGE_OVERHEAD_TOKENS + count(message.content);
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
    }
    byObject.set(message, { content: message.content, toolCalls, tokens });
    return tokens;
  }

  return { encoding, ...(approximate ? { approximate } : {}), count, countMessage, stats };
}

/** Texts longer than this are counted in chunks of about CHUNK_CHARS (exact: see below). */
const CHUNKED_COUNT_CHARS = 8_192;
const CHUNK_CHARS = 2_048;

/**
 * Splits a text right after a run of line breaks that is followed by a character that is neither
 * whitespace nor "/". The pre-tokenizers of o200k_base and cl100k_base never put such a point
 * inside a piece (no pattern lets a piece start with a line break and go on into a non-space; a
 * punctuation piece may run on over line breaks and "/" in o200k_base, hence the "/"), and BPE
 * merges only within pieces: so the counts of the chunks add up to the count of the whole text
 * exactly (property-tested against whole-text counts).
 */
export function splitAtLineStarts(text: string, minChunk: number): string[] {
  const chunks: string[] = [];
  let start = 0;
  const breaks = /[\r\n]+(?=[^\s/])/g;
  for (let match = breaks.exec(text); match; match = breaks.exec(text)) {
    const end = match.index + match[0].length;
    if (end - start >= minChunk) {
      chunks.push(text.slice(start, end));
      start = end;
    }
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks;
}

function toolCallsText(message: Extract<ModelMessage, { role: 'assistant' }>): string {
  return (message.toolCalls ?? [])
    .map((call) => `${call.id}\u0000${call.name}\u0000${call.arguments}`)
    .join('\u0001');
}

// ---- requests -----------------------------------------------------------------------------------

/** Texts of the blocks middleware appended to the system prompt, when not taken from the request. */
export interface SectionTexts {
  /** The AGENTS.md block (default: the request's 'memory' section). */
  memory?: string;
  /** The ranked-facts <memory> block (default: the request's 'facts' section). */
  facts?: string;
}

/**
 * Per-section estimate of a model call's input, in the shape of TokenBreakdown:
 * - system: the system prompt without the blocks below;
 * - memory / facts: the AGENTS.md block and the ranked-facts block, when they are in the system
 *   prompt (a block that is not there was not sent, so it counts 0);
 * - summary: the summary message that replaced older history (see isSummaryMessage);
 * - messages: user and assistant messages, tool calls included; toolResults: tool messages;
 * - tools: the tool schemas. `total` is the sum.
 * Messages are counted through the counter's per-message cache, so a call on a thread that grew
 * by a few messages only tokenizes the new ones.
 */
export function countRequest(
  counter: TokenCounter,
  request: ModelRequest,
  sections: SectionTexts = {},
): RequestTokenBreakdown {
  // The middleware of one model call count the same request one after the other (truncation, then
  // summarization): the last breakdown per counter is reused while every input is the same.
  const last = lastCounted.get(counter);
  if (last && sameCountInputs(last, request, sections)) return copyBreakdown(last.breakdown);
  const breakdown = countRequestFresh(counter, request, sections);
  lastCounted.set(counter, {
    system: request.system,
    sections: request.sections,
    tools: request.tools,
    memory: sections.memory,
    facts: sections.facts,
    messages: request.messages.map((m) => ({
      message: m,
      content: m.content,
      toolCalls: m.role === 'assistant' ? m.toolCalls : undefined,
    })),
    breakdown: copyBreakdown(breakdown),
  });
  return breakdown;
}

function copyBreakdown(b: RequestTokenBreakdown): RequestTokenBreakdown {
  return { ...b, ...(b.strategy ? { strategy: { ...b.strategy } } : {}) };
}

/**
 * An upper bound on `countRequest(counter, request).total` that reads only string lengths, for
 * "is this request under the trigger?" on short threads without tokenizing the new message: a BPE
 * token covers at least one UTF-8 byte, and one UTF-16 code unit is at most 3 UTF-8 bytes, so a
 * text has at most 3 x length tokens (the approximate counters, length / 4, are under it too);
 * each message adds the counter's 4. Never used as a count: only to skip counting when even the
 * bound is under a threshold.
 */
export function requestTokensAtMost(request: ModelRequest): number {
  let units = request.system.length;
  let messages = 0;
  for (const message of request.messages) {
    messages++;
    units += message.content.length;
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) units += call.name.length + call.arguments.length;
  }
  if (request.tools.length > 0) {
    let length = toolsLength.get(request.tools);
    if (length === undefined) {
      length = JSON.stringify(request.tools).length;
      toolsLength.set(request.tools, length);
    }
    units += length;
  }
  return 3 * units + 4 * messages;
}

const toolsLength = new WeakMap<ModelRequest['tools'], number>();

interface CountedRequest {
  system: string;
  sections: ModelRequest['sections'];
  tools: ModelRequest['tools'];
  memory: string | undefined;
  facts: string | undefined;
  messages: { message: ModelMessage; content: string; toolCalls: unknown }[];
  breakdown: RequestTokenBreakdown;
}

/** One entry per counter (weakly held): the last request counted and its breakdown. */
const lastCounted = new WeakMap<TokenCounter, CountedRequest>();

function sameCountInputs(
  last: CountedRequest,
  request: ModelRequest,
  sections: SectionTexts,
): boolean {
  if (
    last.system !== request.system ||
    last.sections !== request.sections ||
    (last.tools !== request.tools && (last.tools.length > 0 || request.tools.length > 0)) ||
    last.memory !== sections.memory ||
    last.facts !== sections.facts ||
    last.messages.length !== request.messages.length
  )
    return false;
  for (let i = 0; i < last.messages.length; i++) {
    const was = last.messages[i]!;
    const m = request.messages[i]!;
    if (
      was.message !== m ||
      was.content !== m.content ||
      was.toolCalls !== (m.role === 'assistant' ? m.toolCalls : undefined)
    )
      return false;
  }
  return true;
}

function countRequestFresh(
  counter: TokenCounter,
  request: ModelRequest,
  sections: SectionTexts,
): RequestTokenBreakdown {
  const sectionText = (name: string) =>
    request.sections?.find((section) => section.name === name)?.text ?? '';
  const memoryText = sections.memory ?? sectionText(MEMORY_SECTION);
  const factsText = sections.facts ?? sectionText(FACTS_SECTION_NAME);

  // Cut each block out of the system prompt (they never overlap: each is appended on its own).
  let rest = request.system;
  const take = (text: string): number => {
    if (!text) return 0;
    const at = rest.indexOf(text);
    if (at < 0) return 0;
    rest = rest.slice(0, at) + rest.slice(at + text.length);
    return counter.count(text);
  };
  const memory = take(memoryText);
  const facts = take(factsText);
  let strategyTotal = 0;
  let strategy: Record<string, number> | undefined;
  for (const section of request.sections ?? []) {
    if (section.kind !== 'strategy') continue;
    const tokens = take(section.text);
    strategy ??= {};
    strategy[section.name] = (strategy[section.name] ?? 0) + tokens;
    strategyTotal += tokens;
  }
  const system = counter.count(rest);

  let summary = 0;
  let messages = 0;
  let toolResults = 0;
  for (const message of request.messages) {
    const tokens = counter.countMessage(message);
    if (message.role === 'tool') toolResults += tokens;
    else if (isSummaryMessage(message)) summary += tokens;
    else messages += tokens;
  }
  const tools = request.tools.length > 0 ? counter.count(JSON.stringify(request.tools)) : 0;
  return {
    system,
    memory,
    facts,
    summary,
    messages,
    toolResults,
    tools,
    ...(strategy ? { strategy } : {}),
    total: system + memory + facts + summary + messages + toolResults + tools + strategyTotal,
  };
}
