// OpenAI-compatible chat completions provider (OpenAI, OpenRouter, Ollama, LM Studio, vLLM), streaming
// through the official SDK. What is its own lives here: the client, the wire format and how a chunk
// is read; the rest is the shared skeleton (skeleton.ts, sdk-call.ts).
import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ModelMessage, ModelProvider, ToolSchema, Usage } from '../agent/types';
import { createSdkProvider } from './sdk-call';
import type { KeyedProviderOptions } from './settings';
import { usageOf, writeThread } from './skeleton';

export type OpenAIProviderOptions = KeyedProviderOptions;

/** Placeholder for keyless local servers: the SDK insists on a key; the header is then removed. */
const NO_KEY = 'no-key';

/** The thread as chat-completions messages (tool results paired with their calls: skeleton.ts). */
export function toOpenAIMessages(
  system: string,
  messages: readonly ModelMessage[],
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  writeThread(messages, {
    user: (content) => out.push({ role: 'user', content }),
    assistant: (content, calls) => {
      if (calls.length === 0) {
        if (content) out.push({ role: 'assistant', content });
        return;
      }
      out.push({
        role: 'assistant',
        content: content || null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          // Some servers (Ollama) parse arguments and reject an empty string.
          function: { name: c.name, arguments: c.arguments || '{}' },
        })),
      });
    },
    toolResult: (m) => out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content }),
    missingResult: (call, content) => out.push({ role: 'tool', tool_call_id: call.id, content }),
  });
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
  const cached = u.prompt_tokens_details?.cached_tokens;
  return usageOf({
    inputTokens: u.prompt_tokens ?? 0,
    outputTokens: u.completion_tokens ?? 0,
    cacheReadTokens: typeof cached === 'number' ? cached : undefined,
  });
}

export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  return createSdkProvider<OpenAI, ChatCompletionChunk>('openai', options, {
    client: ({ baseURL, apiKey, fetch, maxRetries }) =>
      new OpenAI({
        baseURL,
        apiKey: apiKey || NO_KEY,
        // Keyless local server: send no Authorization header at all.
        defaultHeaders: apiKey ? undefined : { Authorization: null },
        // Explicit nulls keep Node's OPENAI_ORG_ID / OPENAI_PROJECT_ID out of requests.
        organization: null,
        project: null,
        fetch,
        maxRetries,
        dangerouslyAllowBrowser: true,
      }),
    call: (client, request, { baseURL, signal, turn }) => {
      const body: ChatCompletionCreateParamsStreaming = {
        model: request.model,
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
      return {
        stream: client.chat.completions.create(body, { signal }),
        read: (chunk) => {
          if (chunk.usage) turn.usage = toUsage(chunk.usage);
          for (const choice of chunk.choices ?? []) {
            if (choice.index !== undefined && choice.index !== 0) continue;
            const delta = choice.delta;
            if (delta?.content) turn.text(delta.content);
            delta?.tool_calls?.forEach((tc, position) => {
              // Some servers omit index when they send whole calls; position in the array stands in.
              turn.callPart(typeof tc.index === 'number' ? tc.index : position, {
                id: tc.id,
                name: tc.function?.name,
                argumentsDelta: tc.function?.arguments ?? '',
              });
            });
            if (choice.finish_reason) turn.finished = true;
          }
        },
      };
    },
  });
}
