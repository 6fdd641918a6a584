// OpenAI Responses items, as the Responses API takes them in `input` and gives them in `output`, and
// as Codex CLI records them (its rollout's "response_item" payloads): messages (role and content
// parts), function calls and their outputs (paired by call_id), custom and local shell calls,
// reasoning summaries. Other item types become visible placeholders.

import { argumentsText, isRecord, num, str, type SessionBuilder } from './builder';
import { mapContent } from './blocks';
import type { Usage } from '../agent/types';

/** The Responses API's usage (and Codex's token_count usage) as ours. */
export function responsesUsage(raw: unknown): Usage | undefined {
  if (!isRecord(raw)) return undefined;
  const input = num(raw.input_tokens) ?? num(raw.prompt_tokens);
  const output = num(raw.output_tokens) ?? num(raw.completion_tokens);
  if (input === undefined && output === undefined) return undefined;
  const details = isRecord(raw.input_tokens_details) ? raw.input_tokens_details : {};
  const cached = num(raw.cached_input_tokens) ?? num(details.cached_tokens) ?? 0;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    ...(cached ? { cacheReadTokens: cached } : {}),
  };
}

/** A tool output as text: Codex wraps it as JSON {output, metadata: {exit_code}}. */
function outputText(raw: unknown): { text: string; isError: boolean } {
  if (typeof raw !== 'string') {
    if (isRecord(raw) && typeof raw.content === 'string')
      return { text: raw.content, isError: raw.success === false };
    return { text: raw === undefined ? '' : JSON.stringify(raw), isError: false };
  }
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (isRecord(parsed) && typeof parsed.output === 'string') {
        const meta = isRecord(parsed.metadata) ? parsed.metadata : {};
        const code = num(meta.exit_code);
        return { text: parsed.output, isError: code !== undefined && code !== 0 };
      }
    } catch {
      // not JSON after all: the text as it is
    }
  }
  return { text: raw, isError: false };
}

/** Maps one Responses item onto the builder. `at`: the time the source recorded for it. */
export function mapResponseItem(item: unknown, b: SessionBuilder, at?: unknown): void {
  if (!isRecord(item)) {
    b.notice(b.placeholder('unreadable item'), { at });
    return;
  }
  const type = str(item.type) ?? (item.role ? 'message' : '');
  const id = str(item.id);
  switch (type) {
    case 'message': {
      const role = str(item.role) ?? 'user';
      const mapped = mapContent(item.content, b);
      if (role === 'assistant') b.extendAssistant(mapped.text, [], { id, at });
      else if (role === 'user') b.user(mapped.text, { id, at });
      else
        b.notice(`${role === 'developer' ? 'Developer' : 'System'} message:\n${mapped.text}`, {
          id,
          at,
        });
      return;
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call': {
      const callId = str(item.call_id) ?? id ?? `call_${b.messages.length}`;
      const name = type === 'local_shell_call' ? 'local_shell' : (str(item.name) ?? 'unknown');
      const args =
        type === 'function_call'
          ? item.arguments
          : type === 'custom_tool_call'
            ? item.input
            : item.action;
      b.extendAssistant('', [{ id: callId, name, arguments: argumentsText(args) }], { id, at });
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output': {
      const { text, isError } = outputText(item.output);
      b.tool(str(item.call_id) ?? '', text, { at, isError });
      return;
    }
    case 'reasoning': {
      const parts = Array.isArray(item.summary) ? item.summary : [];
      const text = parts
        .map((p) => (isRecord(p) ? (str(p.text) ?? '') : typeof p === 'string' ? p : ''))
        .filter(Boolean)
        .join('\n\n');
      if (text) b.thinking(text, { at });
      else b.skip('reasoning without a summary (encrypted)');
      return;
    }
    default:
      b.notice(b.placeholder(`item '${(type || 'untyped').slice(0, 40)}'`), { at });
  }
}
