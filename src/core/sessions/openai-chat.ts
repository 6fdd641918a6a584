// OpenAI Chat Completions: a request body {model, messages}, a bare list of messages, or a logged
// exchange {request, response} (the response's first choice and its usage become the last
// assistant message). Messages: system / developer (shown as notices), user, assistant (content,
// tool_calls [{id, function: {name, arguments}}], the older function_call), tool (tool_call_id) and
// the older function role.

import type { ToolCall } from '../agent/types';
import {
  argumentsText,
  isRecord,
  requestMessages,
  str,
  type SessionBuilder,
  type RequestBody,
} from './builder';
import { mapContent } from './blocks';
import { responsesUsage } from './items';

export function mapChatMessages(body: RequestBody, b: SessionBuilder, response?: unknown): void {
  const messages = requestMessages(body, b);
  /** The older function_call has no id: the call and its result are paired in order. */
  const legacy: string[] = [];
  const add = (message: unknown) => {
    if (!isRecord(message)) {
      b.notice(b.placeholder('unreadable message'));
      return;
    }
    const role = str(message.role) ?? '';
    const mapped = mapContent(message.content, b);
    switch (role) {
      case 'user':
        b.user(mapped.text, { id: str(message.id) });
        return;
      case 'assistant': {
        const calls: ToolCall[] = [];
        for (const raw of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
          if (!isRecord(raw)) continue;
          const fn = isRecord(raw.function) ? raw.function : {};
          calls.push({
            id: str(raw.id) ?? `call_${b.messages.length}_${calls.length}`,
            name: str(fn.name) ?? 'unknown',
            arguments: argumentsText(fn.arguments),
          });
        }
        if (isRecord(message.function_call)) {
          const id = `function_call_${b.messages.length}`;
          legacy.push(id);
          calls.push({
            id,
            name: str(message.function_call.name) ?? 'unknown',
            arguments: argumentsText(message.function_call.arguments),
          });
        }
        const reasoning = str(message.reasoning_content) ?? str(message.reasoning);
        if (reasoning) b.thinking(reasoning);
        const text = mapped.text || str(message.refusal) || '';
        b.assistant(text, calls, { id: str(message.id) });
        return;
      }
      case 'tool':
        b.tool(str(message.tool_call_id) ?? '', mapped.text, { name: str(message.name) });
        return;
      case 'function':
        b.tool(legacy.shift() ?? '', mapped.text, { name: str(message.name) });
        return;
      case 'system':
      case 'developer':
        b.notice(`${role === 'system' ? 'System' : 'Developer'} message:\n${mapped.text}`);
        return;
      default:
        b.notice(`${b.placeholder(`role '${role.slice(0, 40) || 'none'}'`)}\n${mapped.text}`);
    }
  };
  messages.forEach(add);
  if (isRecord(response)) {
    const choice = Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (isRecord(choice) && isRecord(choice.message)) add({ role: 'assistant', ...choice.message });
    const usage = responsesUsage(response.usage);
    if (usage) b.recordUsage(usage);
  }
}
