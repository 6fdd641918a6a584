// A wrong base URL that answers with a web page (HTTP 200) is reported as such, naming the URL,
// for both providers, against a real local HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type ModelRequest } from '../agent/types';
import { createAnthropicProvider } from './anthropic';
import { createOpenAIProvider } from './openai';
import { endpointFetch } from './endpoint-fetch';

let server: http.Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
    });
    res.end('<!doctype html><html><head><title>Welcome</title></head><body>My blog</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request: ModelRequest = {
  model: 'm',
  system: 'sys',
  messages: [{ role: 'user', id: 'u', content: 'hi', createdAt: 1 }],
  tools: [],
};

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected the call to fail');
}

describe('an endpoint that answers with a web page', () => {
  it('OpenAI-compatible: says the endpoint did not answer as the API does, and names the URL', async () => {
    const provider = createOpenAIProvider({
      baseURL: `${base}/blog`,
      apiKey: 'sk-x',
      maxRetries: 0,
    });
    const error = await failure(
      provider.complete(request, { signal: new AbortController().signal }),
    );
    expect(error.message).toContain(`The endpoint ${base}/blog/chat/completions did not answer`);
    expect(error.message).toContain('an OpenAI-compatible API');
    expect(error.message).toContain('a web page (HTTP 200)');
    expect(error.message).not.toMatch(/lost|Could not reach/);
    expect(error.message).not.toContain('sk-x');
  });

  it('Anthropic: the same, for the Messages API', async () => {
    const provider = createAnthropicProvider({ baseURL: base, apiKey: 'sk-ant-x', maxRetries: 0 });
    const error = await failure(
      provider.complete(request, { signal: new AbortController().signal }),
    );
    expect(error.message).toContain(`The endpoint ${base}/v1/messages did not answer`);
    expect(error.message).toContain('the Anthropic API');
    expect(error.message).not.toMatch(/lost|Could not reach/);
  });
});

describe('endpointFetch', () => {
  it('refuses a request to any origin but the base URL’s, before it leaves', async () => {
    const before = hits.length;
    const guarded = endpointFetch('https://api.openai.com/v1', undefined);
    await expect(guarded.fetch(`${base}/steal`)).rejects.toThrow(
      'only the base URL in Settings (https://api.openai.com/v1) is contacted',
    );
    expect(hits.length).toBe(before);
  });

  it('lets API answers through without noting them', async () => {
    const guarded = endpointFetch(
      base,
      async () =>
        new Response('data: {}\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    await guarded.fetch(`${base}/v1/messages`);
    expect(guarded.notApi()).toBeUndefined();
  });
});
