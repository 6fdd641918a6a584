// Turning SDK and network failures into ProviderErrors a person can act on, and checking
// provider settings before any request is made. No message ever carries the API key.
import {
  APIConnectionError as OpenAIConnectionError,
  APIConnectionTimeoutError as OpenAIConnectionTimeoutError,
  APIError as OpenAIAPIError,
  APIUserAbortError as OpenAIUserAbortError,
} from 'openai';
import {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicConnectionTimeoutError,
  APIError as AnthropicAPIError,
  APIUserAbortError as AnthropicUserAbortError,
} from '@anthropic-ai/sdk';
import { ProviderError, type ProviderErrorKind } from '../agent/types';
import { DEFAULT_BASE_URLS, redactSecrets } from './settings-check';
import {
  GENERIC_PROVIDER,
  KEYED_PROVIDER_IDS,
  KEYED_PROVIDERS,
  type KeyedProviderId,
} from './settings';
import { errorText } from '../text/errors';

// Settings checks live apart so that the settings UI does not pull in the SDKs.
export * from './settings-check';

/** What the provider knows about the call, to make messages specific (and to scrub the key). */
export interface ErrorContext {
  provider?: KeyedProviderId;
  baseURL?: string;
  model?: string;
  apiKey?: string;
}

const MAX_DETAIL = 300;

/** Services known by their host: each keyed provider's default, and OpenRouter. */
const SERVICE_OF_HOST = new Map<string | undefined, string>([
  ...KEYED_PROVIDER_IDS.map((id): [string | undefined, string] => [
    hostOf(KEYED_PROVIDERS[id].defaultBaseURL),
    KEYED_PROVIDERS[id].service,
  ]),
  ['openrouter.ai', 'OpenRouter'],
]);

/** A short human label for the service behind a base URL. */
export function providerLabel(
  provider: KeyedProviderId | undefined,
  baseURL: string | undefined,
): string {
  const info = provider ? KEYED_PROVIDERS[provider] : undefined;
  const host = baseURL ? hostOf(baseURL) : info && hostOf(info.defaultBaseURL);
  const service = SERVICE_OF_HOST.get(host);
  if (service) return service;
  if (host) return `The server at ${host}`;
  return info?.service ?? 'The provider';
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function isApiError(err: unknown): err is OpenAIAPIError | AnthropicAPIError {
  return err instanceof OpenAIAPIError || err instanceof AnthropicAPIError;
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (err instanceof OpenAIUserAbortError || err instanceof AnthropicUserAbortError) return true;
  return (
    typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError'
  );
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof OpenAIConnectionTimeoutError || err instanceof AnthropicConnectionTimeoutError
  );
}

// What browsers and Node's fetch throw when a connection fails or breaks mid-body.
const NETWORK_PATTERN =
  /fetch failed|failed to fetch|networkerror|network error|load failed|terminated|other side closed|socket|econnrefused|econnreset|enotfound|eai_again|connection|premature close|body stream/i;

/** The error's text with its cause's, when it has one (the SDKs wrap network errors). */
function withCause(err: unknown): string {
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  return `${errorText(err)}${cause instanceof Error ? ` (${cause.message})` : ''}`;
}

/** Tidies a provider's own message: one line, no HTML page, bounded length. */
function tidy(text: string): string | undefined {
  let t = text;
  if (/<html|<!doctype/i.test(t)) {
    const title = /<title>([^<]*)<\/title>/i.exec(t);
    t = title?.[1] ?? '';
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  return t.length > MAX_DETAIL ? `${t.slice(0, MAX_DETAIL)}…` : t;
}

/** The message the provider put in its error body, when there is one. */
function providerMessage(err: OpenAIAPIError | AnthropicAPIError): string | undefined {
  const body = err.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  // Anthropic's body is { type: 'error', error: { type, message } }; OpenAI's SDK keeps the inner { message }.
  const inner = body?.error?.message ?? body?.message;
  if (typeof inner === 'string') return tidy(inner);
  if (inner !== undefined) return tidy(JSON.stringify(inner));
  // Otherwise the SDK put the raw text (or the JSON body) in its message, after the status.
  const stripped = err.message.replace(/^\d{3}\s+/, '');
  if (/status code \(no body\)|^\(no status code or body\)$/.test(stripped)) return undefined;
  return tidy(stripped);
}

/** The error `type` inside a body, for errors that arrive inside a stream (no HTTP status). */
function errorType(err: OpenAIAPIError | AnthropicAPIError): string | undefined {
  const body = err.error as { type?: unknown; error?: { type?: unknown } } | undefined;
  const t = body?.error?.type ?? body?.type ?? (err as { type?: unknown }).type;
  return typeof t === 'string' ? t : undefined;
}

function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  if (status === 408) return 'network';
  if (status === 400 || status === 413 || status === 422) return 'bad-request';
  return 'unknown';
}

function kindForType(type: string | undefined): ProviderErrorKind {
  switch (type) {
    case 'authentication_error':
    case 'permission_error':
      return 'auth';
    case 'not_found_error':
      return 'not-found';
    case 'rate_limit_error':
    case 'requests':
    case 'tokens':
      return 'rate-limit';
    case 'invalid_request_error':
    case 'request_too_large':
      return 'bad-request';
    default:
      // overloaded_error, api_error, server_error and anything unrecognised sent mid-stream
      return 'server';
  }
}

function headerOf(err: OpenAIAPIError | AnthropicAPIError, name: string): string | undefined {
  const headers = err.headers as Headers | undefined;
  return headers?.get?.(name) ?? undefined;
}

function withDetail(status: number | undefined, detail: string | undefined): string {
  if (status !== undefined && detail) return `HTTP ${status}: ${detail}`;
  if (status !== undefined) return `HTTP ${status}`;
  return detail ?? 'no details';
}

function messageFor(
  kind: ProviderErrorKind,
  status: number | undefined,
  detail: string | undefined,
  ctx: ErrorContext,
  retryAfter?: string,
): string {
  const who = providerLabel(ctx.provider, ctx.baseURL);
  const d = withDetail(status, detail);
  switch (kind) {
    case 'auth':
      return status === 403
        ? `${who} refused access (${d}). The API key may not be allowed to use model "${ctx.model ?? '?'}", or the account may lack access.`
        : `${who} rejected the API key (${d}). Check the API key in Settings.`;
    case 'not-found':
      return `${who} answered "not found" (${d}). The model id "${ctx.model ?? '?'}" may be wrong or not available to this key, or the base URL "${ctx.baseURL ?? DEFAULT_BASE_URLS[ctx.provider ?? GENERIC_PROVIDER]}" may be wrong.`;
    case 'rate-limit': {
      const wait = retryAfter ? ` The server asked to wait ${retryAfter} s.` : '';
      return `${who} is rate-limiting requests (${d}), still after retrying.${wait} Wait a moment, then retry.`;
    }
    case 'server':
      return `${who} had a server error (${d}). This is usually temporary: retry in a moment.`;
    case 'bad-request': {
      const tooLong =
        status === 413 ||
        /context|too long|too large|maximum|max_tokens|tokens? >|prompt is too/i.test(detail ?? '')
          ? ' The conversation may be longer than this model accepts: lower the context window setting or compact the thread.'
          : '';
      return `${who} rejected the request (${d}).${tooLong}`;
    }
    case 'network':
      return `Could not reach ${who === 'The provider' ? 'the provider' : who.replace(/^The /, 'the ')} (${d}). Check the base URL, the network connection, and that the server accepts requests from this page (CORS).`;
    case 'aborted':
      return 'Stopped by the user.';
    default:
      return `${who} returned an unexpected error (${d}).`;
  }
}

/**
 * Maps anything thrown during a model call to a ProviderError. `signal` decides aborts: once the user
 * pressed Stop, whatever the SDK threw on the way out is reported as 'aborted'.
 */
export function toProviderError(
  err: unknown,
  signal?: AbortSignal,
  context: ErrorContext = {},
): ProviderError {
  const scrub = (e: ProviderError) =>
    new ProviderError(e.kind, redactSecrets(e.message, context.apiKey), e.status);
  if (err instanceof ProviderError) return scrub(err);
  if (isAbort(err, signal))
    return new ProviderError('aborted', messageFor('aborted', undefined, undefined, context));

  if (isTimeout(err)) {
    return scrub(
      new ProviderError(
        'network',
        messageFor('network', undefined, 'the request timed out', context),
      ),
    );
  }
  if (err instanceof OpenAIConnectionError || err instanceof AnthropicConnectionError) {
    const cause = (err as { cause?: unknown }).cause;
    const detail =
      tidy(cause instanceof Error ? withCause(cause) : err.message) ?? 'connection error';
    return scrub(new ProviderError('network', messageFor('network', undefined, detail, context)));
  }
  if (isApiError(err)) {
    const status = typeof err.status === 'number' ? err.status : undefined;
    const detail = providerMessage(err);
    // No status: the provider sent an error event inside a 200 stream (e.g. Anthropic's overloaded_error).
    const kind = status !== undefined ? kindForStatus(status) : kindForType(errorType(err));
    const retryAfter = kind === 'rate-limit' ? headerOf(err, 'retry-after') : undefined;
    return scrub(
      new ProviderError(kind, messageFor(kind, status, detail, context, retryAfter), status),
    );
  }
  const text = withCause(err);
  if ((err instanceof TypeError || err instanceof Error) && NETWORK_PATTERN.test(text)) {
    return scrub(
      new ProviderError('network', messageFor('network', undefined, tidy(text), context)),
    );
  }
  return scrub(new ProviderError('unknown', messageFor('unknown', undefined, tidy(text), context)));
}

/** The error for a stream that stopped before the provider said it was finished. */
export function streamEndedEarly(context: ErrorContext): ProviderError {
  const who = providerLabel(context.provider, context.baseURL);
  return new ProviderError(
    'network',
    `The connection to ${who === 'The provider' ? 'the provider' : who.replace(/^The /, 'the ')} was lost before the answer finished streaming. What arrived is kept; retry to get a full answer.`,
  );
}
