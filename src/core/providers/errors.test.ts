import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { ProviderError } from '../agent/types';
import {
  assertValidSettings,
  isLocalURL,
  providerLabel,
  redactSecrets,
  toProviderError,
  validateProviderSettings,
  type ErrorContext,
} from './errors';

const KEY = 'sk-proj-ABCDEFGHIJKLMNOPQRSTUVWXYZ123456';
const openaiCtx: ErrorContext = {
  provider: 'openai',
  baseURL: 'https://api.openai.com/v1',
  model: 'gpt-4o',
  apiKey: KEY,
};
const anthropicCtx: ErrorContext = {
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  apiKey: 'sk-ant-api03-secretsecret',
};

const openaiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(
    status,
    { error: { message, type: 'x', code: null } },
    undefined,
    new Headers(headers),
  );
const anthropicError = (status: number, type: string, message: string) =>
  Anthropic.APIError.generate(
    status,
    { type: 'error', error: { type, message } },
    undefined,
    new Headers(),
  );

describe('toProviderError', () => {
  it('maps HTTP statuses from both SDKs to kinds, with the status and the provider message', () => {
    const cases: [unknown, string, number][] = [
      [openaiError(401, 'Incorrect API key provided'), 'auth', 401],
      [openaiError(403, 'Country not supported'), 'auth', 403],
      [openaiError(404, 'The model `gpt-x` does not exist'), 'not-found', 404],
      [openaiError(429, 'Rate limit reached'), 'rate-limit', 429],
      [openaiError(500, 'The server had an error'), 'server', 500],
      [openaiError(503, 'Service unavailable'), 'server', 503],
      [openaiError(400, 'Invalid value for messages'), 'bad-request', 400],
      [openaiError(422, 'Unprocessable'), 'bad-request', 422],
      [anthropicError(401, 'authentication_error', 'invalid x-api-key'), 'auth', 401],
      [anthropicError(404, 'not_found_error', 'model: claude-x'), 'not-found', 404],
      [anthropicError(413, 'request_too_large', 'Request too large'), 'bad-request', 413],
      [anthropicError(429, 'rate_limit_error', 'Slow down'), 'rate-limit', 429],
      [anthropicError(529, 'overloaded_error', 'Overloaded'), 'server', 529],
    ];
    for (const [err, kind, status] of cases) {
      const pe = toProviderError(err, undefined, openaiCtx);
      expect(pe).toBeInstanceOf(ProviderError);
      expect(pe.kind).toBe(kind);
      expect(pe.status).toBe(status);
      expect(pe.message).toContain(`HTTP ${status}`);
      const own = (err as { error: { message?: string; error?: { message: string } } }).error;
      expect(pe.message).toContain(own.error?.message ?? own.message);
    }
  });

  it('says what to check for 401 and 404', () => {
    expect(toProviderError(openaiError(401, 'nope'), undefined, openaiCtx).message).toMatch(
      /OpenAI rejected the API key.*Settings/,
    );
    const nf = toProviderError(
      anthropicError(404, 'not_found_error', 'model: x'),
      undefined,
      anthropicCtx,
    ).message;
    expect(nf).toContain('"claude-haiku-4-5"');
    expect(nf).toContain('https://api.anthropic.com');
  });

  it('mentions retry-after on rate limits and a size hint on context-length errors', () => {
    const rl = toProviderError(
      openaiError(429, 'Rate limit', { 'retry-after': '20' }),
      undefined,
      openaiCtx,
    );
    expect(rl.message).toContain('20 s');
    const long = toProviderError(
      openaiError(400, "This model's maximum context length is 128000 tokens"),
      undefined,
      openaiCtx,
    );
    expect(long.kind).toBe('bad-request');
    expect(long.message).toMatch(/context window/);
  });

  it('maps errors sent inside a stream (no status) by their type', () => {
    const overloaded = new Anthropic.APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      undefined,
    );
    expect(toProviderError(overloaded, undefined, anthropicCtx).kind).toBe('server');
    const limited = new Anthropic.APIError(
      undefined,
      { type: 'error', error: { type: 'rate_limit_error', message: 'x' } },
      undefined,
      undefined,
    );
    expect(toProviderError(limited, undefined, anthropicCtx).kind).toBe('rate-limit');
    const oai = new OpenAI.APIError(
      undefined,
      { message: 'boom', type: 'server_error' },
      undefined,
      undefined,
    );
    const pe = toProviderError(oai, undefined, openaiCtx);
    expect(pe.kind).toBe('server');
    expect(pe.message).toContain('boom');
  });

  it('maps aborts, whatever was thrown once the signal fired', () => {
    expect(toProviderError(new OpenAI.APIUserAbortError()).kind).toBe('aborted');
    expect(toProviderError(new Anthropic.APIUserAbortError()).kind).toBe('aborted');
    expect(toProviderError(new DOMException('The operation was aborted.', 'AbortError')).kind).toBe(
      'aborted',
    );
    const controller = new AbortController();
    controller.abort();
    expect(toProviderError(new TypeError('terminated'), controller.signal).kind).toBe('aborted');
  });

  it('maps connection failures to network and keeps programming errors unknown', () => {
    const conn = new OpenAI.APIConnectionError({
      message: 'Connection error.',
      cause: new TypeError('fetch failed'),
    });
    const pe = toProviderError(conn, undefined, {
      provider: 'openai',
      baseURL: 'http://localhost:11434/v1',
    });
    expect(pe.kind).toBe('network');
    expect(pe.message).toContain('localhost:11434');
    expect(pe.message).toContain('CORS');
    expect(
      toProviderError(new Anthropic.APIConnectionTimeoutError(), undefined, anthropicCtx).message,
    ).toContain('timed out');
    expect(toProviderError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(
      toProviderError(new TypeError('terminated', { cause: new Error('other side closed') })).kind,
    ).toBe('network');
    expect(toProviderError(new TypeError('x.map is not a function')).kind).toBe('unknown');
    expect(toProviderError('weird').kind).toBe('unknown');
  });

  it('keeps only the title of an HTML error page', () => {
    const err = OpenAI.APIError.generate(
      502,
      undefined,
      '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
      new Headers(),
    );
    const pe = toProviderError(err, undefined, openaiCtx);
    expect(pe.kind).toBe('server');
    expect(pe.message).toContain('502 Bad Gateway');
    expect(pe.message).not.toContain('<');
  });

  it('never includes the API key', () => {
    const echoed = openaiError(401, `Incorrect API key provided: ${KEY}.`);
    const pe = toProviderError(echoed, undefined, openaiCtx);
    expect(pe.message).not.toContain(KEY);
    expect(pe.message).not.toContain('ABCDEFGHIJKLMNOP');
    // Even without the context, key-shaped strings are scrubbed.
    expect(toProviderError(echoed).message).not.toContain(KEY);
    const passthrough = toProviderError(
      new ProviderError('server', `bad ${KEY}`),
      undefined,
      openaiCtx,
    );
    expect(passthrough.message).not.toContain(KEY);
    const net = new TypeError(`fetch failed for Bearer ${KEY}`);
    expect(toProviderError(net).message).not.toContain(KEY);
  });
});

describe('redactSecrets and labels', () => {
  it('removes keys, bearer tokens and key parameters', () => {
    expect(redactSecrets('key=abc123secret&x=1')).toBe('key=abc123secret&x=1'); // not key-shaped: left alone
    expect(redactSecrets('api_key=abc123secret&x=1')).toBe('api_key=[redacted]&x=1');
    expect(redactSecrets('Authorization: Bearer tok_123456')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactSecrets('my key is hunter22', 'hunter22')).toBe('my key is [redacted]');
    expect(redactSecrets(`x ${KEY} y`)).not.toContain(KEY);
  });

  it('names the service behind a base URL', () => {
    expect(providerLabel('openai', 'https://api.openai.com/v1')).toBe('OpenAI');
    expect(providerLabel('openai', 'https://openrouter.ai/api/v1')).toBe('OpenRouter');
    expect(providerLabel('openai', 'http://localhost:11434/v1')).toBe(
      'The server at localhost:11434',
    );
    expect(providerLabel('anthropic', undefined)).toBe('Anthropic');
  });
});

describe('validateProviderSettings', () => {
  const ok = {
    provider: 'openai',
    baseURL: 'https://api.openai.com/v1',
    apiKey: 'sk-abc',
    model: 'gpt-4o',
  };
  const fields = (s: Parameters<typeof validateProviderSettings>[0]) =>
    validateProviderSettings(s).map((p) => p.field);

  it('accepts good settings and an empty base URL (the default)', () => {
    expect(validateProviderSettings(ok)).toEqual([]);
    expect(validateProviderSettings({ ...ok, baseURL: '' })).toEqual([]);
    expect(
      validateProviderSettings({
        provider: 'anthropic',
        apiKey: 'sk-ant-x',
        model: 'claude-haiku-4-5',
      }),
    ).toEqual([]);
    expect(validateProviderSettings({ provider: 'demo' })).toEqual([]);
  });

  it('rejects malformed and non-http base URLs', () => {
    expect(fields({ ...ok, baseURL: 'api.openai.com/v1' })).toEqual(['baseURL']);
    expect(fields({ ...ok, baseURL: 'ftp://example.com/v1' })).toEqual(['baseURL']);
    expect(fields({ ...ok, baseURL: 'javascript:alert(1)' })).toEqual(['baseURL']);
    expect(fields({ ...ok, baseURL: 'https://user:pw@example.com/v1' })).toEqual(['baseURL']);
    expect(fields({ ...ok, baseURL: 'https://api.openai.com/v1/chat/completions' })).toEqual([
      'baseURL',
    ]);
    expect(
      fields({
        provider: 'anthropic',
        baseURL: 'https://api.anthropic.com/v1',
        apiKey: 'k-1',
        model: 'm',
      }),
    ).toEqual(['baseURL']);
  });

  it('requires a key, except for OpenAI-compatible servers on this machine', () => {
    expect(fields({ ...ok, apiKey: '' })).toEqual(['apiKey']);
    expect(fields({ ...ok, apiKey: '   ' })).toEqual(['apiKey']);
    expect(fields({ ...ok, apiKey: '', baseURL: 'http://192.168.1.10:11434/v1' })).toEqual([
      'apiKey',
    ]);
    expect(fields({ ...ok, apiKey: '', baseURL: 'http://localhost:11434/v1' })).toEqual([]);
    expect(fields({ ...ok, apiKey: '', baseURL: 'http://127.0.0.1:1234/v1' })).toEqual([]);
    expect(fields({ ...ok, apiKey: '', baseURL: 'http://[::1]:8000/v1' })).toEqual([]);
    expect(
      fields({ provider: 'anthropic', baseURL: 'http://localhost:9000', apiKey: '', model: 'm' }),
    ).toEqual(['apiKey']);
    expect(fields({ ...ok, apiKey: 'sk-abc def' })).toEqual(['apiKey']);
    expect(fields({ ...ok, apiKey: 'sk-abc\u00e9' })).toEqual(['apiKey']);
  });

  it('requires a model and a known provider', () => {
    expect(fields({ ...ok, model: '  ' })).toEqual(['model']);
    expect(fields({ ...ok, provider: 'gemini' })).toEqual(['provider']);
  });

  it('throws invalid-settings listing every problem, without the key', () => {
    try {
      assertValidSettings({
        provider: 'openai',
        baseURL: 'nope',
        apiKey: 'sk-has space-SECRETSECRET',
        model: '',
      });
      throw new Error('expected a throw');
    } catch (err) {
      expect(err).toBeInstanceOf(ProviderError);
      const pe = err as ProviderError;
      expect(pe.kind).toBe('invalid-settings');
      expect(pe.message).toMatch(/base URL/);
      expect(pe.message).toMatch(/API key/);
      expect(pe.message).toMatch(/model/);
      expect(pe.message).not.toContain('SECRETSECRET');
    }
  });

  it('recognises local URLs', () => {
    expect(isLocalURL('http://localhost:11434/v1')).toBe(true);
    expect(isLocalURL('http://app.localhost/v1')).toBe(true);
    expect(isLocalURL('http://127.0.0.2/v1')).toBe(true);
    expect(isLocalURL('http://localhost.example.com/v1')).toBe(false);
    expect(isLocalURL('http://10.0.0.1/v1')).toBe(false);
    expect(isLocalURL('not a url')).toBe(false);
  });
});
