// Reading a local model's output: text and tool calls. Small instruct models write tool calls as
// text in the form their chat template teaches; Qwen3 and Qwen2.5 (Hermes-style templates) use
//
//   <tool_call>
//   {"name": "read_file", "arguments": {"file_path": "/notes.md"}}
//   </tool_call>
//
// one block per call. SmolLM2's tool prompt puts a JSON list in one block, and some exports say
// "parameters" instead of "arguments"; both are read. A block that cannot be read still becomes a
// tool call, so the loop answers it with a tool error the model sees (as it does when a hosted model
// sends arguments that are not JSON) instead of the call silently turning into text.

import { createThinkingFilter, partialTagLength, stripThinking } from './thinking';

export const TOOL_CALL_OPEN = '<tool_call>';
export const TOOL_CALL_CLOSE = '</tool_call>';

/** Name given to a tool call whose function name could not be read: the loop reports it. */
export const UNREADABLE_TOOL_CALL = 'invalid_tool_call';

export interface ParsedToolCall {
  name: string;
  /** JSON text of the arguments (possibly malformed, exactly as the model wrote it then). */
  arguments: string;
}

export interface ParsedOutput {
  /** The text outside tool-call blocks, trimmed. */
  content: string;
  toolCalls: ParsedToolCall[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One call object ({"name", "arguments" | "parameters"}) → a tool call, or null if it is not one. */
function callFromObject(value: unknown): ParsedToolCall | null {
  if (!isRecord(value)) return null;
  // OpenAI-shaped {"type": "function", "function": {...}} is read too.
  const inner = isRecord(value.function) ? value.function : value;
  const name = inner.name;
  if (typeof name !== 'string' || name.trim() === '') return null;
  const args = 'arguments' in inner ? inner.arguments : inner.parameters;
  let text: string;
  if (args === undefined || args === null) text = '{}';
  // Some models write the arguments as a JSON string, as the OpenAI wire format has them.
  else if (typeof args === 'string') text = args;
  else text = JSON.stringify(args);
  return { name: name.trim(), arguments: text };
}

/**
 * The calls in one block's text. A block that is not valid JSON keeps its function name when one
 * can be found, with the raw text as arguments, so the tool error names the right tool.
 */
export function parseToolCallBlock(block: string): ParsedToolCall[] {
  const text = block.trim();
  if (text === '') return [{ name: UNREADABLE_TOOL_CALL, arguments: '' }];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const name = /"name"\s*:\s*"([^"\\]{1,200})"/.exec(text)?.[1];
    const argsAt = /"(?:arguments|parameters)"\s*:\s*/.exec(text);
    if (name) {
      const raw = argsAt ? text.slice(argsAt.index + argsAt[0].length).replace(/\}\s*$/, '') : text;
      return [{ name, arguments: raw }];
    }
    return [{ name: UNREADABLE_TOOL_CALL, arguments: text }];
  }
  const items = Array.isArray(value) ? value : [value];
  const calls: ParsedToolCall[] = [];
  for (const item of items) {
    calls.push(
      callFromObject(item) ?? { name: UNREADABLE_TOOL_CALL, arguments: JSON.stringify(item) },
    );
  }
  return calls;
}

/**
 * Text and tool calls of a complete output, reasoning blocks (<think>…</think>) taken out.
 * `toolNames`, when given, also lets a bare JSON answer ({"name": <one of the tools>, "arguments":
 * {...}} and nothing else) count as a call: small models sometimes drop the tags.
 */
export function parseModelOutput(output: string, toolNames?: readonly string[]): ParsedOutput {
  const toolCalls: ParsedToolCall[] = [];
  let content = '';
  let rest = stripThinking(output);
  for (;;) {
    const open = rest.indexOf(TOOL_CALL_OPEN);
    if (open < 0) {
      content += rest;
      break;
    }
    content += rest.slice(0, open);
    const afterOpen = rest.slice(open + TOOL_CALL_OPEN.length);
    const close = afterOpen.indexOf(TOOL_CALL_CLOSE);
    // An unclosed block (the model stopped, or ran out of tokens) is read as far as it goes.
    const block = close < 0 ? afterOpen : afterOpen.slice(0, close);
    toolCalls.push(...parseToolCallBlock(block));
    if (close < 0) break;
    rest = afterOpen.slice(close + TOOL_CALL_CLOSE.length);
  }
  const text = content.trim();
  if (toolCalls.length === 0 && toolNames && toolNames.length > 0) {
    const bare = bareCall(text, toolNames);
    if (bare) return { content: '', toolCalls: [bare] };
  }
  return { content: text, toolCalls };
}

function bareCall(text: string, toolNames: readonly string[]): ParsedToolCall | null {
  const unfenced = text.replace(/^```(?:json)?\s*|\s*```$/g, '');
  if (!unfenced.startsWith('{') || !unfenced.endsWith('}')) return null;
  try {
    const call = callFromObject(JSON.parse(unfenced));
    return call && toolNames.includes(call.name) ? call : null;
  } catch {
    return null;
  }
}

export interface StreamSplitter {
  /** Feeds the next piece of raw output. */
  push(text: string): void;
  /** The output is complete: flushes held-back text (an unclosed block stays unreported). */
  end(): void;
}

/**
 * Splits streamed output into text shown as it arrives and tool-call blocks reported when they
 * close; reasoning blocks are never shown (thinking.ts). Text that could be the start of a tag is
 * held back until it is clear it is not. What this shows live; the final message comes from
 * parseModelOutput on the whole output.
 */
export function createStreamSplitter(handlers: {
  onText: (text: string) => void;
  onToolCall: (call: ParsedToolCall, index: number) => void;
}): StreamSplitter {
  let buffer = '';
  let inside = false;
  let calls = 0;
  let textStarted = false;

  const emitText = (text: string) => {
    // Leading whitespace before the first visible character is dropped, as the final content is trimmed.
    const out = textStarted ? text : text.trimStart();
    if (out === '') return;
    textStarted = true;
    handlers.onText(out);
  };

  const drain = () => {
    for (;;) {
      if (inside) {
        const close = buffer.indexOf(TOOL_CALL_CLOSE);
        if (close < 0) return;
        for (const call of parseToolCallBlock(buffer.slice(0, close)))
          handlers.onToolCall(call, calls++);
        buffer = buffer.slice(close + TOOL_CALL_CLOSE.length);
        inside = false;
        continue;
      }
      const open = buffer.indexOf(TOOL_CALL_OPEN);
      if (open >= 0) {
        emitText(buffer.slice(0, open));
        buffer = buffer.slice(open + TOOL_CALL_OPEN.length);
        inside = true;
        continue;
      }
      // Hold back the longest tail that is a prefix of the opening tag.
      const keep = partialTagLength(buffer, TOOL_CALL_OPEN);
      emitText(buffer.slice(0, buffer.length - keep));
      buffer = buffer.slice(buffer.length - keep);
      return;
    }
  };

  const thinking = createThinkingFilter((text) => {
    buffer += text;
    drain();
  });
  return {
    push(text) {
      thinking.push(text);
    },
    end() {
      thinking.end();
      if (!inside) emitText(buffer);
      buffer = '';
    },
  };
}
