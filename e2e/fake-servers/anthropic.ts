// Fake Anthropic Messages server speaking the real wire format: the named-event stream
// (message_start, content_block_start/delta/stop, message_delta, message_stop, with pings),
// a Message JSON body when not streaming, and Anthropic's error shape.
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

const ERROR_TYPES: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'Not found' },
  413: {
    type: 'request_too_large',
    message: 'Request exceeds the maximum allowed number of bytes.',
  },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

export function anthropicErrorBody(status: number, message?: string): unknown {
  const known = ERROR_TYPES[status] ?? (status >= 500 ? ERROR_TYPES[500] : ERROR_TYPES[400]);
  return {
    type: 'error',
    error: {
      type: known?.type ?? 'invalid_request_error',
      message: message ?? known?.message ?? 'Error',
    },
  };
}

function sendError(
  res: http.ServerResponse,
  status: number,
  message?: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, anthropicErrorBody(status, message), {
    'request-id': fakeId('req_'),
    ...headers,
  });
}

interface MessagesBody {
  model?: string;
  messages?: unknown[];
  system?: unknown;
  max_tokens?: number;
  stream?: boolean;
}

function toolUses(turn: ScriptedTurn) {
  return (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? fakeId('toolu_'),
    name: call.name,
    json: argumentsText(call.arguments),
    input: call.arguments,
  }));
}

function usageOf(turn: ScriptedTurn, body: MessagesBody, outputText: string) {
  return {
    input_tokens:
      turn.usage?.input ?? estimateTokens(JSON.stringify([body.system ?? '', body.messages ?? []])),
    cache_creation_input_tokens: turn.usage?.cacheWrite ?? 0,
    cache_read_input_tokens: turn.usage?.cacheRead ?? 0,
    output_tokens: turn.usage?.output ?? estimateTokens(outputText),
    service_tier: 'standard',
  };
}

async function messages(ctx: RouteContext): Promise<void> {
  const { res, recorded } = ctx;
  const body = (recorded.body ?? {}) as MessagesBody;
  if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
    sendError(res, 400, 'model: Field required');
    return;
  }
  if (typeof body.max_tokens !== 'number') {
    sendError(res, 400, 'max_tokens: Field required');
    return;
  }
  const turn = ctx.nextTurn();
  if (turn.error) {
    sendError(res, turn.error.status, turn.error.message, turn.error.headers);
    return;
  }
  const id = fakeId('msg_');
  const model = body.model;
  const text = turn.text ?? '';
  const tools = toolUses(turn);
  const stopReason = tools.length > 0 ? 'tool_use' : 'end_turn';
  const outputText = text + tools.map((t) => t.name + t.json).join('');
  const usage = usageOf(turn, body, outputText);

  if (!body.stream) {
    const content: unknown[] = [];
    if (text) content.push({ type: 'text', text });
    for (const t of tools) {
      // Real responses always carry parsed input; a raw (possibly malformed) scripted string is best-effort.
      let input: unknown = t.input;
      if (typeof input === 'string') {
        try {
          input = JSON.parse(input);
        } catch {
          input = {};
        }
      }
      content.push({ type: 'tool_use', id: t.id, name: t.name, input });
    }
    sendJson(
      res,
      200,
      {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      },
      { 'request-id': fakeId('req_') },
    );
    return;
  }

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'request-id': fakeId('req_'),
  });
  res.flushHeaders();
  const writer = new ChunkWriter(res, turn);
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

  const pieces: string[] = [
    event('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // The real API reports input figures here and a placeholder output count.
        usage: { ...usage, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (text) {
    pieces.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    pieces.push(event('ping', {}));
    for (const word of splitWords(text))
      pieces.push(
        event('content_block_delta', { index, delta: { type: 'text_delta', text: word } }),
      );
    pieces.push(event('content_block_stop', { index }));
    index += 1;
  }
  for (const t of tools) {
    pieces.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: t.id, name: t.name, input: {} },
      }),
    );
    // The real API opens with an empty partial_json, then sends the JSON in pieces.
    for (const part of ['', ...splitPieces(t.json)]) {
      pieces.push(
        event('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: part },
        }),
      );
    }
    pieces.push(event('content_block_stop', { index }));
    index += 1;
  }
  pieces.push(
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
        output_tokens: usage.output_tokens,
      },
    }),
  );
  pieces.push(event('message_stop', {}));

  for (const piece of pieces) {
    if (!(await writer.write(piece))) return;
  }
  res.end();
}

function models(ctx: RouteContext): void {
  const ids = [
    'claude-sonnet-4-5-20250929',
    'claude-haiku-4-5-20251001',
    'claude-opus-4-1-20250805',
  ];
  sendJson(ctx.res, 200, {
    data: ids.map((id) => ({
      type: 'model',
      id,
      display_name: id,
      created_at: '2025-01-01T00:00:00Z',
    })),
    has_more: false,
    first_id: ids[0],
    last_id: ids[ids.length - 1],
  });
}

/** Starts a fake Anthropic server; its `url` is the origin (the SDK appends /v1/messages). */
export function startFakeAnthropic(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, '', {
    defaultTurn: { text: 'ok' },
    keyOf(req) {
      // The API takes the key as x-api-key; SDK 1.x sends it as a bearer token, which the API also accepts.
      const key = req.headers['x-api-key'];
      if (typeof key === 'string') return key;
      const auth = req.headers.authorization;
      return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
    },
    onBadKey(ctx) {
      sendError(ctx.res, 401);
    },
    onBadJson(ctx) {
      sendError(ctx.res, 400, 'There was an issue with your request body: it is not valid JSON.');
    },
    async route(ctx) {
      const path = (ctx.recorded.path.split('?')[0] ?? '').replace(/\/+$/, '');
      if (ctx.recorded.method === 'POST' && path === '/v1/messages') return messages(ctx);
      if (ctx.recorded.method === 'GET' && path === '/v1/models') return models(ctx);
      sendError(ctx.res, 404, `${ctx.recorded.method} ${path}: not found`);
    },
  });
}
