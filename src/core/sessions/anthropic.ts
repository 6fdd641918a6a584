// Anthropic Messages: a request body {model, system, messages: [{role, content}]}, content a string
// or blocks (text, thinking, tool_use, tool_result, image…), or a bare list of such messages. A
// logged exchange may carry the reply beside it ({request, response}: the response's content and
// usage become the last assistant message).

import { isRecord, requestMessages, str, type SessionBuilder, type RequestBody } from './builder';
import { addUserContent, mapContent } from './blocks';
import { anthropicUsage } from './claude-code';

const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/** Messages whose content uses Anthropic's block types (tool_use, tool_result, thinking…). */
export function hasAnthropicBlocks(messages: unknown[]): boolean {
  return messages.some(
    (m) =>
      isRecord(m) &&
      Array.isArray(m.content) &&
      m.content.some((block) => isRecord(block) && ANTHROPIC_BLOCKS.has(str(block.type) ?? '')),
  );
}

export function mapAnthropicMessages(
  body: RequestBody,
  b: SessionBuilder,
  response?: unknown,
): void {
  const messages = requestMessages(body, b);
  if (!Array.isArray(body)) {
    const system = body.system === undefined ? '' : mapContent(body.system, b).text;
    if (system) b.notice(`System prompt:\n${system}`);
  }
  messages.forEach((message) => addAnthropicMessage(message, b));
  if (isRecord(response) && Array.isArray(response.content)) {
    addAnthropicMessage({ role: 'assistant', content: response.content, id: response.id }, b);
    const usage = anthropicUsage(response.usage);
    if (usage) b.recordUsage(usage);
  }
}

function addAnthropicMessage(message: unknown, b: SessionBuilder): void {
  if (!isRecord(message)) {
    b.notice(b.placeholder('unreadable message'));
    return;
  }
  const mapped = mapContent(message.content, b);
  const id = str(message.id);
  if (message.role === 'assistant') {
    for (const thought of mapped.thinking) b.thinking(thought);
    b.assistant(mapped.text, mapped.toolCalls, { id });
  } else if (message.role === 'user') addUserContent(mapped, b, { id });
  else b.notice(`${str(message.role) ?? 'Unknown'} message:\n${mapped.text}`, { id });
}
