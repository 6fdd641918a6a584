// LangChain / LangGraph messages as a Deep Agents thread exports them: a list (or {messages}, or a
// LangGraph state {values: {messages}}) of messages in one of three forms:
//   dict        {type: "human" | "ai" | "tool" | "system", content, id, tool_calls, tool_call_id,
//                usage_metadata, additional_kwargs, …}
//   to_dict     {type: "human", data: {content, …}}           (messages_to_dict)
//   serialized  {lc: 1, type: "constructor", id: [..., "HumanMessage"], kwargs: {content, …}}
// A summary message of Deep Agents' (or LangChain's) summarization stands for a compaction: a human
// message marked `additional_kwargs.lc_source: "summarization"`, or one that starts "Here is a
// summary of the conversation to date".

import type { ToolCall, Usage } from '../agent/types';
import { argumentsText, isRecord, num, str, type SessionBuilder } from './builder';
import { mapContent } from './blocks';

const CLASS_TYPES: Record<string, string> = {
  HumanMessage: 'human',
  HumanMessageChunk: 'human',
  AIMessage: 'ai',
  AIMessageChunk: 'ai',
  ToolMessage: 'tool',
  SystemMessage: 'system',
  RemoveMessage: 'remove',
};
const DICT_TYPES = new Set(['human', 'ai', 'tool', 'system', 'AIMessageChunk', 'remove']);

/** A message in any of the three forms as {type, fields}, or undefined. */
function normalize(raw: unknown): { type: string; m: Record<string, unknown> } | undefined {
  if (!isRecord(raw)) return undefined;
  if (raw.lc === 1 && Array.isArray(raw.id) && isRecord(raw.kwargs)) {
    const cls = String(raw.id[raw.id.length - 1] ?? '');
    return { type: CLASS_TYPES[cls] ?? cls, m: raw.kwargs };
  }
  const type = str(raw.type);
  if (!type || !DICT_TYPES.has(type)) return undefined;
  if (isRecord(raw.data) && !('content' in raw)) return { type, m: raw.data };
  return { type: type === 'AIMessageChunk' ? 'ai' : type, m: raw };
}

export function isLangChainMessage(raw: unknown): boolean {
  return normalize(raw) !== undefined;
}

const SUMMARY_START = /^\s*Here is a summary of the conversation to date:?\s*/i;

/** The summary text when the message is a summarization's summary, else undefined. */
function summaryOf(m: Record<string, unknown>, text: string): string | undefined {
  const kwargs = isRecord(m.additional_kwargs) ? m.additional_kwargs : {};
  const marked = kwargs.lc_source === 'summarization';
  if (!marked && !SUMMARY_START.test(text)) return undefined;
  const tagged = /<summary>([\s\S]*?)<\/summary>/.exec(text);
  return (tagged ? tagged[1]! : text.replace(SUMMARY_START, '')).trim();
}

function usageOf(raw: unknown): Usage | undefined {
  if (!isRecord(raw)) return undefined;
  const input = num(raw.input_tokens);
  const output = num(raw.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const details = isRecord(raw.input_token_details) ? raw.input_token_details : {};
  const read = num(details.cache_read) ?? 0;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    ...(read ? { cacheReadTokens: read } : {}),
  };
}

export function mapLangChainMessages(messages: unknown[], b: SessionBuilder): void {
  for (const raw of messages) {
    const found = normalize(raw);
    if (!found) {
      b.notice(b.placeholder('unreadable message'));
      continue;
    }
    const { type, m } = found;
    const id = str(m.id);
    const mapped = mapContent(m.content, b);
    const kwargs = isRecord(m.additional_kwargs) ? m.additional_kwargs : {};
    switch (type) {
      case 'human': {
        const summary = summaryOf(m, mapped.text);
        if (summary !== undefined) b.compaction({ summary, ...(id ? { sourceId: id } : {}) });
        else b.user(mapped.text, { id });
        break;
      }
      case 'ai': {
        const calls: ToolCall[] = [];
        for (const call of Array.isArray(m.tool_calls) ? m.tool_calls : [])
          if (isRecord(call))
            calls.push({
              id: str(call.id) ?? `call_${b.messages.length}_${calls.length}`,
              name: str(call.name) ?? 'unknown',
              arguments: argumentsText(call.args),
            });
        const reasoning = str(kwargs.reasoning_content);
        for (const thought of reasoning ? [reasoning, ...mapped.thinking] : mapped.thinking)
          b.thinking(thought);
        // tool_calls is the list LangChain keeps; tool_use blocks in the content repeat it.
        b.assistant(mapped.text, calls.length ? calls : mapped.toolCalls, { id });
        const usage = usageOf(m.usage_metadata);
        if (usage) b.recordUsage(usage, b.lastAssistantId());
        break;
      }
      case 'tool':
        b.tool(str(m.tool_call_id) ?? '', mapped.text, {
          ...(id ? { id } : {}),
          name: str(m.name),
          isError: m.status === 'error',
        });
        break;
      case 'system':
        b.notice(`System message:\n${mapped.text}`, { id });
        break;
      case 'remove':
        b.skip('RemoveMessage');
        break;
      default:
        b.notice(`${b.placeholder(`message type '${type.slice(0, 40)}'`)}\n${mapped.text}`, { id });
    }
  }
}
