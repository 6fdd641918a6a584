// The part of a hosted provider that is the same whatever its SDK: the settings checked before any
// request, one client per provider talking only to the configured endpoint (endpoint-fetch.ts), the
// streamed answer read into a StreamedTurn, Stop, and every failure turned into a ProviderError that
// names what went wrong. A provider gives its client, its request and how it reads one stream event.

import type { ModelProvider, ModelRequest } from '../agent/types';
import { assertValidSettings, effectiveBaseURL } from './errors';
import { checkStreamEnd, endpointFetch, streamReadError } from './endpoint-fetch';
import type { KeyedProviderId, KeyedProviderOptions } from './settings';
import { assistantResponse, newMessageId, safeEmit, StreamedTurn } from './skeleton';

export interface SdkClientConfig {
  baseURL: string;
  /** Trimmed; may be empty only where the settings checks allow it. */
  apiKey: string;
  /** Contacts only the configured endpoint. */
  fetch: typeof globalThis.fetch;
  maxRetries: number;
}

export interface SdkProviderParts<Client, Event> {
  client(config: SdkClientConfig): Client;
  /** Starts one streamed call; `read` takes each event of that stream into `turn`. */
  call(
    client: Client,
    request: ModelRequest & { model: string },
    context: { baseURL: string; signal: AbortSignal; turn: StreamedTurn },
  ): { stream: Promise<AsyncIterable<Event>>; read(event: Event): void };
}

export function createSdkProvider<Client, Event>(
  id: KeyedProviderId,
  options: KeyedProviderOptions,
  parts: SdkProviderParts<Client, Event>,
): ModelProvider {
  const baseURL = effectiveBaseURL(id, options.baseURL);
  const apiKey = options.apiKey.trim();
  // Only the configured endpoint is contacted; a non-API answer is noted (endpoint-fetch.ts).
  const endpoint = endpointFetch(baseURL, options.fetch);
  let client: Client | undefined;

  return {
    id,
    async complete(request, { signal, onStream }) {
      const model = request.model.trim();
      const ctx = { provider: id, baseURL, model, apiKey };
      assertValidSettings({ provider: id, baseURL, apiKey, model });
      endpoint.reset();

      const turn = new StreamedTurn(safeEmit(onStream));
      let started = false;
      try {
        client ??= parts.client({
          baseURL,
          apiKey,
          fetch: endpoint.fetch,
          maxRetries: options.maxRetries ?? 2,
        });
        const { stream, read } = parts.call(
          client,
          { ...request, model },
          { baseURL, signal, turn },
        );
        for await (const event of await stream) {
          started = true;
          if (signal.aborted) break;
          read(event);
        }
      } catch (err) {
        throw streamReadError(err, endpoint, { signal, ctx, started });
      }
      checkStreamEnd(endpoint, { signal, ctx, finished: turn.finished });
      return assistantResponse(newMessageId(), turn.content, turn.toolCalls(), turn.usage);
    },
  };
}
