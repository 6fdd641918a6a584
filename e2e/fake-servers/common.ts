// Shared plumbing for the fake provider servers: a plain Node http server on 127.0.0.1, CORS,
// request recording, the scripted-turn queue and a chunk writer that can delay or drop the socket.
// The wire formats themselves live in openai.ts and anthropic.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** An object (serialised as JSON) or a raw string sent as-is (use it to script malformed JSON). */
  arguments: unknown;
}

export interface ScriptedTurn {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /**
   * Reported usage. `input` is the provider's own input figure: prompt_tokens for OpenAI (cached
   * tokens included), input_tokens for Anthropic (cache reads and writes excluded, as the real API does).
   */
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** Answer with this HTTP error (in the provider's real error body shape) instead of a completion. */
  error?: { status: number; message?: string; headers?: Record<string, string> };
  /** Destroy the socket after this many streamed chunks (SSE events), without finishing the response. */
  dropAfterChunks?: number;
  /** Wait this long before each streamed chunk. */
  chunkDelayMs?: number;
}

export interface RecordedRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON of any shape, for assertions
}

export type Responder = ScriptedTurn | ((req: RecordedRequest) => ScriptedTurn);

export interface FakeServer {
  /** Base URL to give the SDK (…/v1 for OpenAI, the origin for Anthropic). */
  url: string;
  /** Every non-preflight request, in arrival order. */
  requests: RecordedRequest[];
  enqueue(...turns: Responder[]): void;
  setDefault(r: Responder): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  port?: number;
  /** When set, requests carrying another key are answered 401. */
  requireKey?: string;
}

const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'x-api-key',
  'anthropic-version',
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
  'openai-organization',
  'openai-project',
  'x-stainless-arch',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
  'x-stainless-helper-method',
  'x-stainless-async',
];

export function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  // Echo what the browser asks for too: the SDKs add x-stainless-* headers that change between versions.
  const requested = req.headers['access-control-request-headers'];
  const allow = new Set(ALLOWED_HEADERS);
  if (typeof requested === 'string') {
    for (const h of requested.split(',')) if (h.trim()) allow.add(h.trim().toLowerCase());
  }
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': [...allow].join(', '),
    'Access-Control-Expose-Headers': '*',
    'Access-Control-Max-Age': '600',
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Splits text into word-sized pieces (each keeps its trailing whitespace), like a model's tokens. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/** Splits a string into `parts` roughly equal, non-empty pieces (fewer if the string is short). */
export function splitPieces(text: string, parts = 3): string[] {
  if (text.length <= 1) return text ? [text] : [];
  const size = Math.ceil(text.length / Math.min(parts, text.length));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}

/** Rough, deterministic token estimate for default usage figures. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

let idCounter = 0;
export function fakeId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter.toString(36).padStart(4, '0')}`;
}

/**
 * Writes streamed chunks with optional delays; destroys the socket after `dropAfterChunks`.
 * Resolves false when the stream was cut (by us or by the client going away).
 */
export class ChunkWriter {
  private written = 0;
  constructor(
    private readonly res: http.ServerResponse,
    private readonly turn: ScriptedTurn,
  ) {}

  async write(chunk: string): Promise<boolean> {
    if (this.res.destroyed || this.res.writableEnded) return false;
    if (this.turn.dropAfterChunks !== undefined && this.written >= this.turn.dropAfterChunks) {
      // A real connection loss: no terminating chunk, the client sees the socket close mid-body.
      this.res.socket?.destroy();
      this.res.destroy();
      return false;
    }
    if (this.turn.chunkDelayMs) await sleep(this.turn.chunkDelayMs);
    if (this.res.destroyed) return false;
    // Wait for the bytes to reach the socket, so a later drop cuts after them, not before.
    await new Promise<void>((resolve) => this.res.write(chunk, () => resolve()));
    this.written += 1;
    return !this.res.destroyed;
  }
}

export interface RouteContext {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  recorded: RecordedRequest;
  /** The next scripted turn (queue first, then the default). */
  nextTurn(): ScriptedTurn;
  cors: Record<string, string>;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Starts a server around a router. `checkKey` returns true when the request carries the required key;
 * `onBadKey` and `onBadJson` answer in the provider's own error shape.
 */
export async function startFakeServer(
  opts: FakeServerOptions,
  basePath: string,
  hooks: {
    keyOf(req: http.IncomingMessage): string | undefined;
    onBadKey(ctx: RouteContext): void;
    onBadJson(ctx: RouteContext): void;
    route(ctx: RouteContext): Promise<void> | void;
    defaultTurn: ScriptedTurn;
  },
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const queue: Responder[] = [];
  let fallback: Responder = hooks.defaultTurn;

  const server = http.createServer((req, res) => {
    void (async () => {
      const cors = corsHeaders(req);
      for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      const raw = await readBody(req);
      let body: unknown = undefined;
      let badJson = false;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          badJson = true;
          body = raw;
        }
      }
      const recorded: RecordedRequest = {
        path: req.url ?? '/',
        method: req.method ?? 'GET',
        headers: { ...req.headers },
        body,
      };
      requests.push(recorded);
      const ctx: RouteContext = {
        req,
        res,
        recorded,
        cors,
        nextTurn: () => {
          const responder = queue.length > 0 ? (queue.shift() as Responder) : fallback;
          return typeof responder === 'function' ? responder(recorded) : responder;
        },
      };
      if (opts.requireKey !== undefined && hooks.keyOf(req) !== opts.requireKey) {
        hooks.onBadKey(ctx);
        return;
      }
      if (badJson) {
        hooks.onBadJson(ctx);
        return;
      }
      await hooks.route(ctx);
    })().catch((err: unknown) => {
      // A bug in a scripted responder: answer 500 rather than hanging the client.
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(err) } });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    enqueue: (...turns) => {
      queue.push(...turns);
    },
    setDefault: (r) => {
      fallback = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets from the SDKs' fetch would hold close() open otherwise.
        server.closeAllConnections();
      }),
  };
}
