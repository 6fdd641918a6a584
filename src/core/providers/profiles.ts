// Model profiles: how many input tokens a model accepts, its output cap, and which tokenizer
// approximates its counts. Unknown models fall back to a user-set context window.

export type TokenEncoding = 'o200k_base' | 'cl100k_base';

export interface ModelProfile {
  /** Most input tokens the model accepts (for most models the whole window, which output shares). */
  contextWindow: number;
  /** Most output tokens one call may produce, when known. */
  maxOutput?: number;
  /** js-tiktoken encoding used to count tokens (exact for OpenAI, an approximation for Claude). */
  encoding: TokenEncoding;
}

export interface ResolvedProfile extends ModelProfile {
  /** The model id asked for. */
  model: string;
  /** The table key that matched, when one did. */
  matched?: string;
  /** False when the model is not in the table and the numbers are an override or a default. */
  known: boolean;
}

export const DEFAULT_CONTEXT_WINDOW = 128_000;

const o200k = (contextWindow: number, maxOutput?: number): ModelProfile => ({
  contextWindow,
  maxOutput,
  encoding: 'o200k_base',
});
const cl100k = (contextWindow: number, maxOutput?: number): ModelProfile => ({
  contextWindow,
  maxOutput,
  encoding: 'cl100k_base',
});

/**
 * Keys are id prefixes; the longest key that matches at a boundary wins, so dated ids
 * (claude-3-5-sonnet-20241022, gpt-4o-2024-08-06) and later point releases resolve to their family.
 */
export const MODEL_PROFILES: Readonly<Record<string, ModelProfile>> = {
  // OpenAI
  'gpt-3.5-turbo': cl100k(16_385, 4_096),
  'gpt-3.5-turbo-instruct': cl100k(4_096, 4_096),
  'gpt-4': cl100k(8_192, 8_192),
  'gpt-4-32k': cl100k(32_768, 8_192),
  'gpt-4-turbo': cl100k(128_000, 4_096),
  'gpt-4-1106-preview': cl100k(128_000, 4_096),
  'gpt-4-0125-preview': cl100k(128_000, 4_096),
  'gpt-4-vision-preview': cl100k(128_000, 4_096),
  'gpt-4o': o200k(128_000, 16_384),
  'gpt-4o-2024-05-13': o200k(128_000, 4_096),
  'gpt-4o-mini': o200k(128_000, 16_384),
  'chatgpt-4o-latest': o200k(128_000, 16_384),
  'gpt-4.1': o200k(1_047_576, 32_768),
  'gpt-4.1-mini': o200k(1_047_576, 32_768),
  'gpt-4.1-nano': o200k(1_047_576, 32_768),
  'gpt-4.5-preview': o200k(128_000, 16_384),
  // GPT-5: a 400k window of which 128k is reserved for output, so 272k of input.
  'gpt-5': o200k(272_000, 128_000),
  'gpt-5-mini': o200k(272_000, 128_000),
  'gpt-5-nano': o200k(272_000, 128_000),
  'gpt-5-chat': o200k(128_000, 16_384),
  o1: o200k(200_000, 100_000),
  'o1-mini': o200k(128_000, 65_536),
  'o1-preview': o200k(128_000, 32_768),
  o3: o200k(200_000, 100_000),
  'o3-mini': o200k(200_000, 100_000),
  'o4-mini': o200k(200_000, 100_000),

  // Anthropic (every Claude model has a 200k window; 1M variants need a beta header we do not send)
  claude: cl100k(200_000),
  'claude-3-haiku': cl100k(200_000, 4_096),
  'claude-3-sonnet': cl100k(200_000, 4_096),
  'claude-3-opus': cl100k(200_000, 4_096),
  'claude-3-5-haiku': cl100k(200_000, 8_192),
  'claude-3-5-sonnet': cl100k(200_000, 8_192),
  'claude-3-7-sonnet': cl100k(200_000, 64_000),
  'claude-sonnet-4': cl100k(200_000, 64_000),
  'claude-opus-4': cl100k(200_000, 32_000),
  'claude-opus-4-1': cl100k(200_000, 32_000),
  'claude-sonnet-4-5': cl100k(200_000, 64_000),
  'claude-haiku-4-5': cl100k(200_000, 64_000),
  'claude-opus-4-5': cl100k(200_000, 64_000),
};

/**
 * Lower-cases, strips router prefixes (openai/gpt-4o, anthropic/claude-…, Bedrock's anthropic.claude-…)
 * and writes Claude version dots as dashes (OpenRouter's claude-3.5-sonnet = claude-3-5-sonnet).
 */
export function normalizeModelId(model: string): string {
  let id = model.trim().toLowerCase();
  const slash = id.lastIndexOf('/');
  if (slash >= 0) id = id.slice(slash + 1);
  const claude = id.indexOf('claude');
  if (claude > 0) id = id.slice(claude);
  if (id.startsWith('claude')) id = id.replace(/(\d)\.(\d)/g, '$1-$2');
  return id;
}

function matchesAt(id: string, key: string): boolean {
  if (!id.startsWith(key)) return false;
  if (id.length === key.length) return true;
  // A boundary, so that 'gpt-4' does not claim 'gpt-4o' and 'o1' does not claim 'o100'.
  return /[-:@._]/.test(id.charAt(key.length));
}

export function findProfileKey(model: string): string | undefined {
  const id = normalizeModelId(model);
  let best: string | undefined;
  for (const key of Object.keys(MODEL_PROFILES)) {
    if (matchesAt(id, key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best;
}

/**
 * The profile for a model id. The user's context-window setting, when set, wins (to test a smaller
 * budget, or a deployment with a different limit); otherwise known models use the table and unknown
 * ones DEFAULT_CONTEXT_WINDOW.
 */
export function resolveProfile(model: string, overrideContextWindow?: number): ResolvedProfile {
  const key = findProfileKey(model);
  const profile = key !== undefined ? MODEL_PROFILES[key] : undefined;
  const override =
    overrideContextWindow !== undefined &&
    Number.isFinite(overrideContextWindow) &&
    overrideContextWindow > 0
      ? Math.floor(overrideContextWindow)
      : undefined;
  if (key !== undefined && profile) {
    return {
      model,
      matched: key,
      known: true,
      ...profile,
      ...(override !== undefined ? { contextWindow: override } : {}),
    };
  }
  return {
    model,
    known: false,
    contextWindow: override ?? DEFAULT_CONTEXT_WINDOW,
    encoding: 'o200k_base',
  };
}
