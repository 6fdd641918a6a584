// Checking provider settings before any request is made. No SDK imports here: the settings UI
// uses this, and the SDKs load only when a model is first called.
import { ProviderError } from '../agent/types';
import { isKeyedProvider, KEYED_PROVIDERS, mapKeyed, type KeyedProviderId } from './settings';

export const DEFAULT_BASE_URLS: Readonly<Record<KeyedProviderId, string>> = mapKeyed(
  (id) => KEYED_PROVIDERS[id].defaultBaseURL,
);

export interface ProviderSettings {
  provider: string;
  baseURL?: string;
  apiKey?: string;
  model?: string;
}

export interface SettingsProblem {
  field: 'provider' | 'baseURL' | 'apiKey' | 'model';
  message: string;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: servers on this machine (Ollama, LM Studio, vLLM). */
export function isLocalURL(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/** The base URL a provider will use: the trimmed setting, or the provider's default when empty. */
export function effectiveBaseURL(provider: KeyedProviderId, baseURL: string | undefined): string {
  const trimmed = baseURL?.trim() ?? '';
  return trimmed ? trimmed.replace(/\/+$/, '') : DEFAULT_BASE_URLS[provider];
}

/**
 * Problems with provider settings, checked before any request (empty list: fine). An empty base URL
 * means the provider's default. OpenAI-compatible servers on localhost may run without a key.
 */
export function validateProviderSettings(settings: ProviderSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const { provider } = settings;
  if (provider === 'demo') return problems;
  if (!isKeyedProvider(provider)) {
    problems.push({ field: 'provider', message: `Unknown provider "${provider}".` });
    return problems;
  }
  const info = KEYED_PROVIDERS[provider];
  const example = info.defaultBaseURL;
  const baseURL = effectiveBaseURL(provider, settings.baseURL);
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {
    problems.push({
      field: 'baseURL',
      message: `The base URL is not a valid URL (for example ${example}).`,
    });
  }
  if (url) {
    const path = url.pathname.replace(/\/+$/, '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push({
        field: 'baseURL',
        message: `The base URL must start with https:// or http:// (got ${url.protocol}).`,
      });
    } else if (url.username || url.password) {
      problems.push({
        field: 'baseURL',
        message:
          'The base URL must not contain a user name or password: put the key in the API key field.',
      });
    } else {
      const addedPath = info.addedPath(path, example);
      if (addedPath) problems.push({ field: 'baseURL', message: addedPath });
    }
  }

  const key = settings.apiKey?.trim() ?? '';
  if (!key) {
    const keylessAllowed = info.keylessOnLocalhost && url !== undefined && isLocalURL(baseURL);
    if (!keylessAllowed) problems.push({ field: 'apiKey', message: info.keyRequired });
  } else if (/[^\x21-\x7e]/.test(key)) {
    // fetch refuses header values with such characters, with an unhelpful TypeError.
    problems.push({
      field: 'apiKey',
      message: 'The API key contains spaces or characters that cannot be sent; paste it again.',
    });
  }

  if (!settings.model?.trim()) problems.push({ field: 'model', message: 'Choose a model id.' });
  return problems;
}

/** Throws ProviderError('invalid-settings') listing every problem, if there are any. */
export function assertValidSettings(settings: ProviderSettings): void {
  const problems = validateProviderSettings(settings);
  if (problems.length > 0) {
    throw new ProviderError(
      'invalid-settings',
      redactSecrets(
        `Check the provider settings: ${problems.map((p) => p.message).join(' ')}`,
        settings.apiKey,
      ),
    );
  }
}

/** Removes the key (and anything shaped like a secret key or bearer token) from a text. */
export function redactSecrets(text: string, apiKey?: string): string {
  let out = text;
  const key = apiKey?.trim();
  if (key && key.length >= 4) out = out.split(key).join('[redacted]');
  return out
    .replace(/\b(sk-[A-Za-z0-9_-]{2,})[A-Za-z0-9_-]{6,}/g, '$1…[redacted]')
    .replace(/\b(Bearer\s+)[^\s"',]+/gi, '$1[redacted]')
    .replace(/\b((?:x-)?api[-_]?key["']?\s*[:=]\s*["']?)[^\s"',&]+/gi, '$1[redacted]');
}
