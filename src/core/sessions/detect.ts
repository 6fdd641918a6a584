// Which format a session file is in, told from its content (never its name): Claude Code and Codex
// CLI by their first records; a JSON value (or a JSONL of them) by its shape: LangChain messages,
// Responses items or bodies, Anthropic bodies (a `system` field, or tool_use / tool_result /
// thinking blocks), else Chat Completions.

import { isRecord, str, type RequestBody } from './builder';
import { looksLikeClaudeCode } from './claude-code';
import { looksLikeCodex } from './codex';
import { hasAnthropicBlocks } from './anthropic';
import { isLangChainMessage } from './langchain';
import { MAX_SESSION_LINE_CHARS } from './builder';
import type { SessionSource } from './types';

/** A JSON value recognised as a session: what to map and, for a logged exchange, the reply. */
export interface Classified {
  source: Exclude<SessionSource, 'claude-code' | 'codex'>;
  /** The request body, or the bare list of messages / items. */
  body: RequestBody;
  response?: unknown;
  /** How many messages or items it holds (the longest request of a log is the session). */
  size: number;
}

const ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'local_shell_call_output',
  'reasoning',
  'web_search_call',
]);

const isItem = (v: unknown) => isRecord(v) && ITEM_TYPES.has(str(v.type) ?? '');

/** What a JSON value is, as a session, or null. */
export function classify(value: unknown): Classified | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.some(isLangChainMessage) && !value.some((v) => isRecord(v) && 'role' in v))
      return { source: 'langchain', body: value, size: value.length };
    if (value.some(isItem)) return { source: 'openai-responses', body: value, size: value.length };
    if (value.some((v) => isRecord(v) && typeof v.role === 'string'))
      return {
        source: hasAnthropicBlocks(value) ? 'anthropic' : 'openai-chat',
        body: value,
        size: value.length,
      };
    return null;
  }
  if (!isRecord(value)) return null;
  if (isRecord(value.request)) {
    const inner = classify(value.request);
    return inner ? { ...inner, response: value.response } : null;
  }
  if (isRecord(value.values) && Array.isArray(value.values.messages))
    return classify(value.values.messages);
  if (Array.isArray(value.messages)) {
    const messages = value.messages as unknown[];
    if (
      messages.length &&
      messages.some(isLangChainMessage) &&
      !messages.some((v) => isRecord(v) && 'role' in v)
    )
      return { source: 'langchain', body: messages, size: messages.length };
    const anthropic = 'system' in value || hasAnthropicBlocks(messages);
    return { source: anthropic ? 'anthropic' : 'openai-chat', body: value, size: messages.length };
  }
  if (Array.isArray(value.input) || typeof value.input === 'string' || value.object === 'response')
    return {
      source: 'openai-responses',
      body: value,
      size:
        (Array.isArray(value.input) ? value.input.length : 1) +
        (Array.isArray(value.output) ? value.output.length : 0),
    };
  return null;
}

/** The first few non-empty lines, parsed (those that are JSON). */
export function firstRecords(text: string, count = 5): unknown[] {
  const out: unknown[] = [];
  let start = 0;
  for (let seen = 0; seen < count && start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (!line) continue;
    seen++;
    if (line.length > MAX_SESSION_LINE_CHARS || line[0] !== '{') continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a broken line: the parser reports it
    }
  }
  return out;
}

/** A JSONL format told by its first records: Claude Code or Codex CLI, else undefined. */
export function detectJsonl(text: string): 'claude-code' | 'codex' | undefined {
  const records = firstRecords(text);
  if (records.some(looksLikeClaudeCode)) return 'claude-code';
  if (records.some(looksLikeCodex)) return 'codex';
  // An older Codex rollout: a session line {id, timestamp, instructions}, then bare items.
  const [head, ...rest] = records;
  if (
    isRecord(head) &&
    typeof head.id === 'string' &&
    'timestamp' in head &&
    !('type' in head) &&
    rest.some((r) => isItem(r) || (isRecord(r) && typeof r.record_type === 'string'))
  )
    return 'codex';
  return undefined;
}

/** Our own thread JSONL (a bundle's thread), which the bundle and arena importers read. */
export function isAppThread(text: string): boolean {
  return /^\{\s*"type"\s*:\s*"thread"/.test(text);
}

/**
 * Whether a text is a session in one of the formats this folder reads (for readers that take other
 * files too, such as the arena's transcript import). Our own thread JSONL is not.
 */
export function isSessionText(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body || isAppThread(body)) return false;
  if (detectJsonl(body)) return true;
  if (firstRecords(body).some((record) => classify(record) !== null)) return true;
  if (body[0] !== '{' && body[0] !== '[') return false;
  try {
    return classify(JSON.parse(body)) !== null;
  } catch {
    return false;
  }
}
