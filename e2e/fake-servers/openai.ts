// Fake OpenAI chat completions server speaking the real wire format: SSE chunks
// (`data: {chunk}\n\n` … `data: [DONE]\n\n`) or a chat.completion JSON body, and OpenAI's error shape.
import type http from 'node:http';
import {
  ChunkWriter,
  argumentsText,
  estimateTokens,
  fakeId,
  sendJson,
  splitPieces,
  splitWords,
  startFakeServer,
  type FakeServer,
  type FakeServerOptions,
  type RouteContext,
  type ScriptedTurn,
} from './common';

export type {
  FakeServer,
  FakeServerOptions,
  RecordedRequest,
  Responder,
  ScriptedTurn,
} from './common';

const ERROR_TYPES: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message:
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Forbidden.',
  },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again later.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
};

export function openAIErrorBody(status: number, message?: string, code?: string | null): unknown {
  const known = ERROR_TYPES[status] ?? (status >= 500 ? ERROR_TYPES[500] : ERROR_TYPES[400]);
  return {
    error: {
      message: message ?? known?.message ?? 'Error',
      type: known?.type ?? 'invalid_request_error',
      param: null,
      code: code !== undefined ? code : (known?.code ?? null),
    },
  };
}

function sendError(
  res: http.ServerResponse,
  status: number,
  message?: string,
  headers: Record<string, string> = {},
  code?: string | null,
): void {
  sendJson(res, status, openAIErrorBody(status, message, code), {
    'x-request-id': fakeId('req_'),
    ...headers,
  });
}

function promptText(body: { messages?: unknown[] }): string {
  return JSON.stringify(body.messages ?? []);
}

function usageOf(turn: ScriptedTurn, body: { messages?: unknown[] }, outputText: string) {
  const input = turn.usage?.input ?? estimateTokens(promptText(body));
  const output = turn.usage?.output ?? estimateTokens(outputText);
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: input + output,
    prompt_tokens_details: { cached_tokens: turn.usage?.cacheRead ?? 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function toolCallsOf(turn: ScriptedTurn) {
  return (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? fakeId('call_'),
    type: 'function' as const,
    function: { name: call.name, arguments: argumentsText(call.arguments) },
  }));
}

async function completions(ctx: RouteContext): Promise<void> {
  const { res, recorded } = ctx;
  const body = (recorded.body ?? {}) as {
    model?: string;
    messages?: unknown[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
    sendError(
      res,
      400,
      "Missing required parameter: 'model' or 'messages'.",
      {},
      'missing_required_parameter',
    );
    return;
  }
  const turn = ctx.nextTurn();
  if (turn.error) {
    sendError(res, turn.error.status, turn.error.message, turn.error.headers);
    return;
  }
  const id = fakeId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const model = body.model;
  const text = turn.text ?? '';
  const toolCalls = toolCallsOf(turn);
  const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const outputText = text + toolCalls.map((c) => c.function.name + c.function.arguments).join('');

  if (!body.stream) {
    sendJson(
      res,
      200,
      {
        id,
        object: 'chat.completion',
        created,
        model,
        system_fingerprint: 'fp_fake',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: text || (toolCalls.length > 0 ? null : ''),
              refusal: null,
              ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage: usageOf(turn, body, outputText),
      },
      { 'x-request-id': fakeId('req_') },
    );
    return;
  }

  const includeUsage = body.stream_options?.include_usage === true;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'x-request-id': fakeId('req_'),
  });
  res.flushHeaders();
  const writer = new ChunkWriter(res, turn);
  const chunk = (choices: unknown[], usage: unknown = null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_fake',
      choices,
      ...(includeUsage ? { usage } : {}),
    })}\n\n`;
  const delta = (d: unknown, finish: string | null = null) =>
    chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);

  const pieces: string[] = [delta({ role: 'assistant', content: '', refusal: null })];
  for (const word of splitWords(text)) pieces.push(delta({ content: word }));
  toolCalls.forEach((call, index) => {
    // The real API sends id, type and name first with empty arguments, then the arguments in pieces.
    pieces.push(
      delta({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: '' },
          },
        ],
      }),
    );
    for (const part of splitPieces(call.function.arguments)) {
      pieces.push(delta({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  pieces.push(delta({}, finishReason));
  if (includeUsage) pieces.push(chunk([], usageOf(turn, body, outputText)));
  pieces.push('data: [DONE]\n\n');

  for (const piece of pieces) {
    if (!(await writer.write(piece))) return;
  }
  res.end();
}

function models(ctx: RouteContext): void {
  const created = Math.floor(Date.now() / 1000);
  sendJson(ctx.res, 200, {
    object: 'list',
    data: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-5'].map((id) => ({
      id,
      object: 'model',
      created,
      owned_by: 'fake',
    })),
  });
}

/** Starts a fake OpenAI server; its `url` ends in /v1, ready to be an SDK baseURL. */
export function startFakeOpenAI(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, '/v1', {
    defaultTurn: { text: 'ok' },
    keyOf(req) {
      const auth = req.headers.authorization;
      return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
    },
    onBadKey(ctx) {
      sendError(ctx.res, 401);
    },
    onBadJson(ctx) {
      sendError(ctx.res, 400, 'We could not parse the JSON body of your request.');
    },
    async route(ctx) {
      const path = (ctx.recorded.path.split('?')[0] ?? '').replace(/\/+$/, '');
      if (ctx.recorded.method === 'POST' && path === '/v1/chat/completions')
        return completions(ctx);
      if (ctx.recorded.method === 'GET' && path === '/v1/models') return models(ctx);
      sendError(
        ctx.res,
        404,
        `Invalid URL (${ctx.recorded.method} ${ctx.recorded.path})`,
        {},
        null,
      );
    },
  });
}
