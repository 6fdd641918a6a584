// Anthropic Messages provider, streaming through the official SDK with its browser opt-in.
// What is its own lives here: the client, the wire format (content blocks, strict user/assistant
// alternation) and how a stream event is read; the rest is the shared skeleton (skeleton.ts, sdk-call.ts).
import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  RawMessageStreamEvent,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool as AnthropicTool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelMessage, ModelProvider, ToolSchema } from '../agent/types';
import { resolveProfile } from './profiles';
import { createSdkProvider } from './sdk-call';
import type { KeyedProviderOptions } from './settings';
import { usageOf, writeThread } from './skeleton';

export type AnthropicProviderOptions = KeyedProviderOptions;

/** Output cap when the request sets none; lowered to the model's own cap when that is smaller. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 8192;

function parseInput(args: string): Record<string, unknown> {
  // tool_use.input must be an object; a malformed call is still sent (as {}) so the thread stays valid.
  try {
    const value: unknown = JSON.parse(args || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Our messages as Anthropic turns: tool results become tool_result blocks in one user turn, turns of
 * the same role are merged, the first turn is a user turn, and every tool_use gets a tool_result.
 */
export function toAnthropicMessages(messages: readonly ModelMessage[]): MessageParam[] {
  const turns: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: [...blocks] });
  };
  const text = (t: string): ContentBlockParam[] => (t.trim() ? [{ type: 'text', text: t }] : []);

  writeThread(messages, {
    user: (content) => push('user', text(content)),
    assistant: (content, calls) =>
      push('assistant', [
        ...text(content),
        ...calls.map((c): ContentBlockParam => ({
          type: 'tool_use',
          id: c.id,
          name: c.name,
          input: parseInput(c.arguments),
        })),
      ]),
    toolResult: (m) =>
      push('user', [
        {
          type: 'tool_result',
          tool_use_id: m.toolCallId,
          content: m.content || '(no output)',
          ...(m.isError ? { is_error: true } : {}),
        },
      ]),
    // A tool_use without a tool_result makes the API reject the request (the run stopped mid-tool).
    missingResult: (call, content) =>
      push('user', [{ type: 'tool_result', tool_use_id: call.id, content, is_error: true }]),
  });

  if (turns[0]?.role === 'assistant') {
    // The API wants a user turn first (a window may have cut the thread's opening).
    turns.unshift({
      role: 'user',
      content: [{ type: 'text', text: '(earlier conversation omitted)' }],
    });
  }
  const last = turns[turns.length - 1];
  if (last?.role === 'assistant') {
    // A final assistant turn is a prefill, and the API rejects one that ends in whitespace.
    const tail = last.content[last.content.length - 1];
    if (tail?.type === 'text') tail.text = tail.text.trimEnd();
  }
  return turns;
}

export function toAnthropicTools(tools: readonly ToolSchema[]): AnthropicTool[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.parameters,
  }));
}

interface RawUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  return createSdkProvider<Anthropic, RawMessageStreamEvent>('anthropic', options, {
    client: ({ baseURL, apiKey, fetch, maxRetries }) =>
      new Anthropic({ baseURL, apiKey, fetch, maxRetries, dangerouslyAllowBrowser: true }),
    call: (client, request, { signal, turn }) => {
      const profileMax = resolveProfile(request.model).maxOutput;
      const params: MessageCreateParamsStreaming = {
        model: request.model,
        max_tokens:
          request.maxOutputTokens ??
          Math.min(DEFAULT_MAX_OUTPUT_TOKENS, profileMax ?? DEFAULT_MAX_OUTPUT_TOKENS),
        messages: toAnthropicMessages(request.messages),
        stream: true,
      };
      if (request.system) params.system = request.system;
      if (request.tools.length > 0) params.tools = toAnthropicTools(request.tools);

      const callOfBlock = new Map<number, number>();
      const raw: RawUsage = {};
      const takeUsage = (u: RawUsage | null | undefined) => {
        if (!u) return;
        // message_delta figures are cumulative; null means "unchanged".
        for (const k of [
          'input_tokens',
          'output_tokens',
          'cache_read_input_tokens',
          'cache_creation_input_tokens',
        ] as const) {
          const v = u[k];
          if (typeof v === 'number') raw[k] = v;
        }
        const cacheRead = raw.cache_read_input_tokens ?? undefined;
        const cacheWrite = raw.cache_creation_input_tokens ?? undefined;
        turn.usage = usageOf({
          // Anthropic's input_tokens excludes cached tokens; ours counts everything the model read.
          inputTokens: (raw.input_tokens ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
          outputTokens: raw.output_tokens ?? 0,
          cacheReadTokens: cacheRead,
          cacheWriteTokens: cacheWrite,
        });
      };
      // An answer always reports usage, if only zeros.
      takeUsage({});

      return {
        stream: client.messages.create(params, { signal }),
        read: (event) => {
          switch (event.type) {
            case 'message_start':
              takeUsage(event.message.usage);
              break;
            case 'content_block_start': {
              const block = event.content_block;
              if (block.type === 'text') turn.text(block.text);
              else if (block.type === 'tool_use') {
                const index = turn.callCount;
                callOfBlock.set(event.index, index);
                turn.callPart(index, {
                  id: block.id,
                  name: block.name,
                  argumentsDelta: '',
                  // A tool with no parameters streams no JSON at all; its input is the start block's (empty) object.
                  emptyArguments: JSON.stringify(block.input ?? {}),
                });
              }
              break;
            }
            case 'content_block_delta': {
              const delta = event.delta;
              if (delta.type === 'text_delta') turn.text(delta.text);
              else if (delta.type === 'input_json_delta') {
                const index = callOfBlock.get(event.index);
                if (index !== undefined && delta.partial_json)
                  turn.callPart(index, { argumentsDelta: delta.partial_json });
              }
              break;
            }
            case 'message_delta':
              takeUsage(event.usage);
              break;
            case 'message_stop':
              turn.finished = true;
              break;
            default:
              break;
          }
        },
      };
    },
  });
}
