// Anthropic Messages provider, streaming through the official SDK with its browser opt-in.
// Conversion to the wire format (content blocks, strict user/assistant alternation) happens here.
import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool as AnthropicTool,
} from '@anthropic-ai/sdk/resources/messages';
import type {
  AssistantMessage,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  StreamEvent,
  ToolCall,
  ToolSchema,
  Usage,
} from '../agent/types';
import { assertValidSettings, effectiveBaseURL } from './errors';
import { checkStreamEnd, endpointFetch, streamReadError } from './endpoint-fetch';
import { newMessageId } from './openai';
import { resolveProfile } from './profiles';

export interface AnthropicProviderOptions {
  /** Empty or absent means https://api.anthropic.com. */
  baseURL?: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  /** Retries on 408/409/429/5xx and connection errors, honouring retry-after. Default 2. */
  maxRetries?: number;
}

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

  let pending = new Map<string, string>();
  const flushPending = () => {
    // A tool_use without a tool_result makes the API reject the request (the run stopped mid-tool).
    const blocks: ContentBlockParam[] = [...pending].map(([id, name]) => ({
      type: 'tool_result',
      tool_use_id: id,
      content: `Error: no result for ${name}: the run stopped before the tool finished.`,
      is_error: true,
    }));
    pending = new Map();
    push('user', blocks);
  };

  for (const m of messages) {
    if (m.role === 'tool') {
      if (pending.has(m.toolCallId)) {
        pending.delete(m.toolCallId);
        push('user', [
          {
            type: 'tool_result',
            tool_use_id: m.toolCallId,
            content: m.content || '(no output)',
            ...(m.isError ? { is_error: true } : {}),
          },
        ]);
      } else {
        // Its tool_use was dropped (e.g. by a sliding window); keep the information as plain text.
        flushPending();
        push(
          'user',
          text(
            `[Result of an earlier ${m.toolName} call${m.isError ? ' (error)' : ''}]\n${m.content}`,
          ),
        );
      }
      continue;
    }
    flushPending();
    if (m.role === 'user') {
      push('user', text(m.content));
      continue;
    }
    const calls = m.toolCalls ?? [];
    push('assistant', [
      ...text(m.content),
      ...calls.map((c): ContentBlockParam => ({
        type: 'tool_use',
        id: c.id,
        name: c.name,
        input: parseInput(c.arguments),
      })),
    ]);
    for (const c of calls) pending.set(c.id, c.name);
  }
  flushPending();

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
  const baseURL = effectiveBaseURL('anthropic', options.baseURL);
  const apiKey = options.apiKey.trim();
  // Only the configured endpoint is contacted; a non-API answer is noted (endpoint-fetch.ts).
  const endpoint = endpointFetch(baseURL, options.fetch);
  let client: Anthropic | undefined;
  const getClient = () =>
    (client ??= new Anthropic({
      baseURL,
      apiKey,
      fetch: endpoint.fetch,
      maxRetries: options.maxRetries ?? 2,
      dangerouslyAllowBrowser: true,
    }));

  return {
    id: 'anthropic',
    async complete(request: ModelRequest, { signal, onStream }): Promise<ModelResponse> {
      const model = request.model.trim();
      const ctx = { provider: 'anthropic' as const, baseURL, model, apiKey };
      assertValidSettings({ provider: 'anthropic', baseURL, apiKey, model });
      endpoint.reset();

      const profileMax = resolveProfile(model).maxOutput;
      const params: MessageCreateParamsStreaming = {
        model,
        max_tokens:
          request.maxOutputTokens ??
          Math.min(DEFAULT_MAX_OUTPUT_TOKENS, profileMax ?? DEFAULT_MAX_OUTPUT_TOKENS),
        messages: toAnthropicMessages(request.messages),
        stream: true,
      };
      if (request.system) params.system = request.system;
      if (request.tools.length > 0) params.tools = toAnthropicTools(request.tools);

      let content = '';
      const calls: { id: string; name: string; arguments: string; initialInput: unknown }[] = [];
      const callOfBlock = new Map<number, number>();
      const raw: RawUsage = {};
      let finished = false;
      let started = false;
      const emit = (event: StreamEvent) => {
        try {
          onStream?.(event);
        } catch {
          // A display callback must not break the call.
        }
      };
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
      };

      try {
        const stream = await getClient().messages.create(params, { signal });
        for await (const event of stream) {
          started = true;
          if (signal.aborted) break;
          switch (event.type) {
            case 'message_start':
              takeUsage(event.message.usage);
              break;
            case 'content_block_start': {
              const block = event.content_block;
              if (block.type === 'text' && block.text) {
                content += block.text;
                emit({ type: 'text-delta', text: block.text });
              } else if (block.type === 'tool_use') {
                const index = calls.length;
                callOfBlock.set(event.index, index);
                calls.push({
                  id: block.id,
                  name: block.name,
                  arguments: '',
                  initialInput: block.input,
                });
                emit({
                  type: 'tool-call-delta',
                  index,
                  id: block.id,
                  name: block.name,
                  argumentsDelta: '',
                });
              }
              break;
            }
            case 'content_block_delta': {
              const delta = event.delta;
              if (delta.type === 'text_delta') {
                content += delta.text;
                emit({ type: 'text-delta', text: delta.text });
              } else if (delta.type === 'input_json_delta') {
                const index = callOfBlock.get(event.index);
                const call = index !== undefined ? calls[index] : undefined;
                if (index !== undefined && call && delta.partial_json) {
                  call.arguments += delta.partial_json;
                  emit({ type: 'tool-call-delta', index, argumentsDelta: delta.partial_json });
                }
              }
              break;
            }
            case 'message_delta':
              takeUsage(event.usage);
              break;
            case 'message_stop':
              finished = true;
              break;
            default:
              break;
          }
        }
      } catch (err) {
        throw streamReadError(err, endpoint, { signal, ctx, started });
      }
      checkStreamEnd(endpoint, { signal, ctx, finished });

      const toolCalls: ToolCall[] = calls.map((c) => ({
        id: c.id,
        name: c.name,
        // A tool with no parameters streams no JSON at all; its input is the start block's (empty) object.
        arguments: c.arguments || JSON.stringify(c.initialInput ?? {}),
      }));
      const cacheRead = raw.cache_read_input_tokens ?? undefined;
      const cacheWrite = raw.cache_creation_input_tokens ?? undefined;
      const usage: Usage = {
        // Anthropic's input_tokens excludes cached tokens; ours counts everything the model read.
        inputTokens: (raw.input_tokens ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
        outputTokens: raw.output_tokens ?? 0,
      };
      if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead;
      if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;

      const message: AssistantMessage = {
        role: 'assistant',
        id: newMessageId(),
        content,
        createdAt: Date.now(),
        usage,
      };
      if (toolCalls.length > 0) message.toolCalls = toolCalls;
      return { message, usage };
    },
  };
}
