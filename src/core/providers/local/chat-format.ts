// A request in the shape chat templates read (transformers' message dicts): what `apply_chat_template`
// renders into the prompt of an in-browser model. Pure: the generator worker calls it with the
// template's capabilities.
//
// Templates that support tools (Qwen3, Qwen2.5: Hermes-style) get the tool schemas and the assistant's
// tool_calls as structured data and render them their own way. Templates that do not (plain
// ChatML, as SmolLM2's) would drop both silently, so for those the tool instructions go into the
// system message and earlier calls and results are written inline, in the same <tool_call> /
// <tool_response> form the parser reads back.

import type { ModelMessage, ToolCall, ToolSchema } from '../../agent/types';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './tool-calls';
import { writeThread } from '../skeleton';

export interface ChatToolCall {
  type: 'function';
  function: { name: string; arguments: unknown };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string; name: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: ToolSchema['parameters'] };
}

export interface ChatInput {
  system: string;
  messages: readonly ModelMessage[];
  tools: readonly ToolSchema[];
}

export interface ChatPrompt {
  messages: ChatMessage[];
  /** Absent when the template cannot render tools (they are in the system message then). */
  tools?: ChatTool[];
}

/**
 * Whether a chat template renders tools and tool calls itself. Decided from its source: a template
 * that never mentions both `tools` and `tool_calls` cannot show them to the model.
 */
export function templateSupportsTools(template: unknown): boolean {
  const sources =
    typeof template === 'string'
      ? [template]
      : template && typeof template === 'object'
        ? Object.values(template as Record<string, unknown>).filter(
            (t): t is string => typeof t === 'string',
          )
        : [];
  return sources.some((t) => /\btools\b/.test(t) && /\btool_calls\b/.test(t));
}

export function toChatTools(tools: readonly ToolSchema[]): ChatTool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

/** Arguments as the template's `tojson` should print them: the object when the text is JSON. */
function argumentsValue(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text; // malformed: shown to the model as it wrote it
  }
}

function inlineCall(call: ToolCall): string {
  return `${TOOL_CALL_OPEN}\n${JSON.stringify({ name: call.name, arguments: argumentsValue(call.arguments) })}\n${TOOL_CALL_CLOSE}`;
}

/** The tool instructions put into the system message for templates without tool support. */
export function inlineToolInstructions(tools: readonly ToolSchema[]): string {
  return (
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
    'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
    toChatTools(tools)
      .map((t) => JSON.stringify(t))
      .join('\n') +
    '\n</tools>\n\nFor each function call, return a json object with function name and arguments ' +
    `within ${TOOL_CALL_OPEN}${TOOL_CALL_CLOSE} XML tags:\n${TOOL_CALL_OPEN}\n` +
    `{"name": <function-name>, "arguments": <args-json-object>}\n${TOOL_CALL_CLOSE}`
  );
}

/**
 * The messages for the template. Every tool call gets a result (a call without one, from a run
 * that stopped mid-tool, gets an error result) and a result whose call is gone (cut by a context
 * strategy) is kept as a user message, as the hosted providers' conversions do.
 */
export function toChatPrompt(input: ChatInput, options: { nativeTools: boolean }): ChatPrompt {
  const { nativeTools } = options;
  const out: ChatMessage[] = [];
  const hasTools = input.tools.length > 0;
  const system =
    !nativeTools && hasTools
      ? [input.system, inlineToolInstructions(input.tools)].filter(Boolean).join('\n\n')
      : input.system;
  if (system) out.push({ role: 'system', content: system });

  const toolResult = (name: string, content: string): ChatMessage =>
    nativeTools
      ? { role: 'tool', name, content }
      : { role: 'user', content: `<tool_response>\n${content}\n</tool_response>` };
  writeThread(input.messages, {
    user: (content) => out.push({ role: 'user', content }),
    assistant: (content, calls) => {
      if (calls.length === 0) {
        if (content) out.push({ role: 'assistant', content });
      } else if (nativeTools) {
        out.push({
          role: 'assistant',
          content,
          tool_calls: calls.map((c) => ({
            type: 'function',
            function: { name: c.name, arguments: argumentsValue(c.arguments) },
          })),
        });
      } else {
        const text = [content, ...calls.map(inlineCall)].filter(Boolean).join('\n');
        out.push({ role: 'assistant', content: text });
      }
    },
    toolResult: (m) => out.push(toolResult(m.toolName, m.content)),
    missingResult: (call, content) => out.push(toolResult(call.name, content)),
  });

  // Templates start with the system message; merge consecutive inline tool results so the
  // conversation keeps alternating user / assistant.
  const merged = nativeTools ? out : mergeConsecutiveUsers(out);
  return nativeTools && hasTools
    ? { messages: merged, tools: toChatTools(input.tools) }
    : { messages: merged };
}

function mergeConsecutiveUsers(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages) {
    const last = out[out.length - 1];
    if (m.role === 'user' && last?.role === 'user') {
      out[out.length - 1] = { role: 'user', content: `${last.content}\n${m.content}` };
    } else out.push(m);
  }
  return out;
}
