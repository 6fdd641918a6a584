// OpenAI-compatible chat completions provider (OpenAI, OpenRouter, Ollama, LM Studio, vLLM), streaming
// through the official SDK. Conversion to the wire format happens here and nowhere else.
import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
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

export interface OpenAIProviderOptions {
  /** Empty means https://api.openai.com/v1. */
  baseURL: string;
  /** May be empty only for servers on localhost. */
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  /** Retries on 408/409/429/5xx and connection errors, honouring retry-after. Default 2. */
  maxRetries?: number;
}

/** Placeholder for keyless local servers: the SDK insists on a key; the header is then removed. */
const NO_KEY = 'no-key';

export function newMessageId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  // randomUUID needs a secure context in browsers; fall back for plain-http LAN pages.
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Pairs tool results with the calls before them, so the request is never rejected for orphans. */
export function toOpenAIMessages(
  system: string,
  messages: readonly ModelMessage[],
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  // Calls of the latest assistant message still waiting for a tool message.
  let pending = new Map<string, string>();
  const flushPending = () => {
    // A call without a result (the run stopped mid-tool) would make the API reject the whole request.
    for (const [id, name] of pending) {
      out.push({
        role: 'tool',
        tool_call_id: id,
        content: `Error: no result for ${name}: the run stopped before the tool finished.`,
      });
    }
    pending = new Map();
  };
  for (const m of messages) {
    if (m.role === 'tool') {
      if (pending.has(m.toolCallId)) {
        pending.delete(m.toolCallId);
        out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
      } else {
        // Its call was dropped (e.g. by a sliding window); keep the information as plain text.
        flushPending();
        out.push({
          role: 'user',
          content: `[Result of an earlier ${m.toolName} call${m.isError ? ' (error)' : ''}]\n${m.content}`,
        });
      }
      continue;
    }
    flushPending();
    if (m.role === 'user') {
      out.push({ role: 'user', content: m.content });
      continue;
    }
    const calls = m.toolCalls ?? [];
    if (calls.length === 0) {
      if (m.content) out.push({ role: 'assistant', content: m.content });
      continue;
    }
    out.push({
      role: 'assistant',
      content: m.content || null,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: 'function' as const,
        // Some servers (Ollama) parse arguments and reject an empty string.
        function: { name: c.name, arguments: c.arguments || '{}' },
      })),
    });
    for (const c of calls) pending.set(c.id, c.name);
  }
  flushPending();
  return out;
}

export function toOpenAITools(tools: readonly ToolSchema[]): ChatCompletionTool[] {
  return tools.map((t) => ({
    type: 'function' as const,
    function: {
      name: t.name,
      description: t.description,
      parameters: t.parameters as Record<string, unknown>,
    },
  }));
}

function toUsage(u: ChatCompletionChunk['usage']): Usage | undefined {
  if (!u) return undefined;
  const usage: Usage = {
    inputTokens: u.prompt_tokens ?? 0,
    outputTokens: u.completion_tokens ?? 0,
  };
  const cached = u.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') usage.cacheReadTokens = cached;
  return usage;
}

export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  const baseURL = effectiveBaseURL('openai', options.baseURL);
  const apiKey = options.apiKey.trim();
  // Only the configured endpoint is contacted; a non-API answer is noted (endpoint-fetch.ts).
  const endpoint = endpointFetch(baseURL, options.fetch);
  let client: OpenAI | undefined;
  const getClient = () =>
    (client ??= new OpenAI({
      baseURL,
      apiKey: apiKey || NO_KEY,
      // Keyless local server: send no Authorization header at all.
      defaultHeaders: apiKey ? undefined : { Authorization: null },
      // Explicit nulls keep Node's OPENAI_ORG_ID / OPENAI_PROJECT_ID out of requests.
      organization: null,
      project: null,
      fetch: endpoint.fetch,
      maxRetries: options.maxRetries ?? 2,
      dangerouslyAllowBrowser: true,
    }));

  return {
    id: 'openai',
    async complete(request: ModelRequest, { signal, onStream }): Promise<ModelResponse> {
      const model = request.model.trim();
      const ctx = { provider: 'openai' as const, baseURL, model, apiKey };
      assertValidSettings({ provider: 'openai', baseURL, apiKey, model });
      endpoint.reset();

      const body: ChatCompletionCreateParamsStreaming = {
        model,
        messages: toOpenAIMessages(request.system, request.messages),
        stream: true,
        stream_options: { include_usage: true },
      };
      if (request.tools.length > 0) body.tools = toOpenAITools(request.tools);
      if (request.maxOutputTokens !== undefined) {
        // OpenAI's reasoning models only accept max_completion_tokens; many compatible servers only max_tokens.
        if (new URL(baseURL).hostname === 'api.openai.com')
          body.max_completion_tokens = request.maxOutputTokens;
        else body.max_tokens = request.maxOutputTokens;
      }

      let content = '';
      const calls: { id: string; name: string; arguments: string }[] = [];
      let usage: Usage | undefined;
      let finished = false;
      let started = false;
      const emit = (event: StreamEvent) => {
        try {
          onStream?.(event);
        } catch {
          // A display callback must not break the call.
        }
      };

      try {
        const stream = await getClient().chat.completions.create(body, { signal });
        for await (const chunk of stream) {
          started = true;
          if (signal.aborted) break;
          if (chunk.usage) usage = toUsage(chunk.usage);
          for (const choice of chunk.choices ?? []) {
            if (choice.index !== undefined && choice.index !== 0) continue;
            const delta = choice.delta;
            if (delta?.content) {
              content += delta.content;
              emit({ type: 'text-delta', text: delta.content });
            }
            delta?.tool_calls?.forEach((tc, position) => {
              // Some servers omit index when they send whole calls; position in the array stands in.
              const index = typeof tc.index === 'number' ? tc.index : position;
              const call = (calls[index] ??= { id: '', name: '', arguments: '' });
              const event: StreamEvent = {
                type: 'tool-call-delta',
                index,
                argumentsDelta: tc.function?.arguments ?? '',
              };
              if (tc.id && !call.id) {
                call.id = tc.id;
                event.id = tc.id;
              }
              // Names arrive whole; some servers repeat them on every chunk, so never concatenate.
              if (tc.function?.name && !call.name) {
                call.name = tc.function.name;
                event.name = tc.function.name;
              }
              call.arguments += event.argumentsDelta;
              emit(event);
            });
            if (choice.finish_reason) finished = true;
          }
        }
      } catch (err) {
        throw streamReadError(err, endpoint, { signal, ctx, started });
      }
      checkStreamEnd(endpoint, { signal, ctx, finished });

      const toolCalls: ToolCall[] = calls
        .filter(
          (c): c is { id: string; name: string; arguments: string } =>
            c !== undefined && c.name !== '',
        )
        .map((c, i) => ({
          id: c.id || `call_${newMessageId()}_${i}`,
          name: c.name,
          arguments: c.arguments,
        }));
      const message: AssistantMessage = {
        role: 'assistant',
        id: newMessageId(),
        content,
        createdAt: Date.now(),
      };
      if (toolCalls.length > 0) message.toolCalls = toolCalls;
      if (usage) message.usage = usage;
      return usage ? { message, usage } : { message };
    },
  };
}
