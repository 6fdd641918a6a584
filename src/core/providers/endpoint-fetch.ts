// The fetch the provider SDKs use, with two checks of its own:
// - a request goes only to the origin of the configured base URL (the page's Content-Security-Policy
//   has to allow any https: host, because the base URL is the person's choice; this narrows it at
//   run time to the one endpoint in Settings);
// - an answer that is not an API answer (an HTML page served with HTTP 200 by a wrong base URL) is
//   noted, so the call can say so and name the URL instead of reporting a lost connection.
import { ProviderError } from '../agent/types';
import { streamEndedEarly, toProviderError, type ErrorContext } from './errors';
import { GENERIC_PROVIDER, KEYED_PROVIDERS } from './settings';

export interface EndpointFetch {
  fetch: typeof globalThis.fetch;
  /** The last response that was not an API answer (reset per call), or undefined. */
  notApi(): { url: string; contentType: string; status: number } | undefined;
  reset(): void;
}

const API_CONTENT = /event-stream|json/i;

export function endpointFetch(
  baseURL: string,
  inner: typeof globalThis.fetch | undefined,
): EndpointFetch {
  let allowed: string | undefined;
  try {
    allowed = new URL(baseURL).origin;
  } catch {
    allowed = undefined;
  }
  let last: { url: string; contentType: string; status: number } | undefined;
  const guarded: typeof globalThis.fetch = async (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.href
          : (input as Request).url;
    let origin: string | undefined;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = undefined;
    }
    if (!allowed || origin !== allowed)
      throw new ProviderError(
        'bad-request',
        `Refused to send a request to ${url}: only the base URL in Settings (${baseURL}) is contacted.`,
      );
    const response = await (inner ?? globalThis.fetch)(input, init);
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && contentType !== '' && !API_CONTENT.test(contentType))
      last = { url: response.url || url, contentType, status: response.status };
    return response;
  };
  return {
    fetch: guarded,
    notApi: () => last,
    reset: () => {
      last = undefined;
    },
  };
}

/** The error for an endpoint that answered, but not as the provider's API does. */
export function notAnApiAnswer(
  info: { url: string; contentType: string; status: number },
  ctx: ErrorContext,
): ProviderError {
  const keyed = KEYED_PROVIDERS[ctx.provider ?? GENERIC_PROVIDER];
  const page = /html/i.test(info.contentType)
    ? 'a web page'
    : `"${info.contentType.split(';')[0]}"`;
  return new ProviderError(
    'not-found',
    `The endpoint ${info.url} did not answer as ${keyed.api} does: it sent ${page} (HTTP ${info.status}) instead of a model response. The base URL "${ctx.baseURL ?? ''}" is probably wrong${ctx.provider ? keyed.baseURLHint : ''}; check it in Settings.`,
    info.status,
  );
}

/**
 * What a person is told when reading a streamed answer threw: a non-API answer names the URL; a
 * network failure once the answer had started is a broken stream, not an unreachable server.
 */
export function streamReadError(
  err: unknown,
  endpoint: EndpointFetch,
  call: { signal: AbortSignal; ctx: ErrorContext; started: boolean },
): ProviderError {
  const notApi = endpoint.notApi();
  if (notApi && !call.signal.aborted) return notAnApiAnswer(notApi, call.ctx);
  const error = toProviderError(err, call.signal, call.ctx);
  return error.kind === 'network' && call.started ? streamEndedEarly(call.ctx) : error;
}

/**
 * After the stream's iteration ended: Stop (the SDKs end the iteration quietly when the signal
 * fires), or an answer without its final event (a wrong base URL that answers with a web page
 * "streams" nothing: that is said, not "lost"). Throws in both cases.
 */
export function checkStreamEnd(
  endpoint: EndpointFetch,
  call: { signal: AbortSignal; ctx: ErrorContext; finished: boolean },
): void {
  if (call.signal.aborted) throw toProviderError(undefined, call.signal, call.ctx);
  if (call.finished) return;
  const notApi = endpoint.notApi();
  throw notApi ? notAnApiAnswer(notApi, call.ctx) : streamEndedEarly(call.ctx);
}
