import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTEXT_WINDOW,
  findProfileKey,
  normalizeModelId,
  resolveProfile,
} from './profiles';

describe('resolveProfile', () => {
  it('knows common OpenAI models, dated or not', () => {
    expect(resolveProfile('gpt-4o')).toMatchObject({
      known: true,
      contextWindow: 128_000,
      maxOutput: 16_384,
      encoding: 'o200k_base',
    });
    expect(resolveProfile('gpt-4o-2024-08-06')).toMatchObject({ known: true, matched: 'gpt-4o' });
    expect(resolveProfile('gpt-4o-mini-2024-07-18').matched).toBe('gpt-4o-mini');
    expect(resolveProfile('gpt-4.1-mini').contextWindow).toBe(1_047_576);
    expect(resolveProfile('gpt-4.1-2025-04-14').matched).toBe('gpt-4.1');
    expect(resolveProfile('gpt-5').contextWindow).toBe(272_000);
    expect(resolveProfile('gpt-5-mini-2025-08-07').matched).toBe('gpt-5-mini');
    expect(resolveProfile('gpt-5.1').matched).toBe('gpt-5');
    expect(resolveProfile('gpt-5-chat-latest').contextWindow).toBe(128_000);
    expect(resolveProfile('o1').contextWindow).toBe(200_000);
    expect(resolveProfile('o1-mini').contextWindow).toBe(128_000);
    expect(resolveProfile('o3-mini-2025-01-31').matched).toBe('o3-mini');
    expect(resolveProfile('o4-mini').matched).toBe('o4-mini');
    expect(resolveProfile('gpt-4-turbo-2024-04-09')).toMatchObject({
      matched: 'gpt-4-turbo',
      encoding: 'cl100k_base',
    });
    expect(resolveProfile('gpt-4').contextWindow).toBe(8_192);
    expect(resolveProfile('gpt-3.5-turbo-0125')).toMatchObject({
      contextWindow: 16_385,
      encoding: 'cl100k_base',
    });
  });

  it('knows Claude models in dated, undated and router forms', () => {
    expect(resolveProfile('claude-3-5-sonnet-20241022')).toMatchObject({
      known: true,
      matched: 'claude-3-5-sonnet',
      maxOutput: 8_192,
    });
    expect(resolveProfile('claude-3-5-sonnet-latest').matched).toBe('claude-3-5-sonnet');
    expect(resolveProfile('claude-3-haiku-20240307').maxOutput).toBe(4_096);
    expect(resolveProfile('claude-3-7-sonnet-20250219').maxOutput).toBe(64_000);
    expect(resolveProfile('claude-sonnet-4-20250514').matched).toBe('claude-sonnet-4');
    expect(resolveProfile('claude-opus-4-1-20250805').matched).toBe('claude-opus-4-1');
    expect(resolveProfile('claude-sonnet-4-5').matched).toBe('claude-sonnet-4-5');
    expect(resolveProfile('claude-haiku-4-5-20251001').matched).toBe('claude-haiku-4-5');
    expect(resolveProfile('claude-opus-4-5-20251101').contextWindow).toBe(200_000);
    expect(resolveProfile('anthropic/claude-3.5-sonnet').matched).toBe('claude-3-5-sonnet');
    expect(resolveProfile('anthropic/claude-sonnet-4.5').matched).toBe('claude-sonnet-4-5');
    expect(resolveProfile('anthropic.claude-3-5-haiku-20241022-v1:0').matched).toBe(
      'claude-3-5-haiku',
    );
    // Later Claude releases fall back to the family-wide 200k window.
    expect(resolveProfile('claude-sonnet-7')).toMatchObject({
      known: true,
      contextWindow: 200_000,
      matched: 'claude',
    });
  });

  it('strips router prefixes for OpenAI ids too', () => {
    expect(resolveProfile('openai/gpt-4o-mini').matched).toBe('gpt-4o-mini');
    expect(resolveProfile('  GPT-4o  ').matched).toBe('gpt-4o');
  });

  it('matches prefixes only at a boundary', () => {
    expect(findProfileKey('gpt-4o')).toBe('gpt-4o'); // not 'gpt-4'
    expect(findProfileKey('o100')).toBeUndefined();
    expect(findProfileKey('gpt-40')).toBeUndefined();
    expect(findProfileKey('claudette')).toBeUndefined();
  });

  it('uses the user override when set, else the table or the default', () => {
    expect(resolveProfile('llama3.1:8b')).toEqual({
      model: 'llama3.1:8b',
      known: false,
      contextWindow: DEFAULT_CONTEXT_WINDOW,
      encoding: 'o200k_base',
    });
    expect(DEFAULT_CONTEXT_WINDOW).toBe(128_000);
    expect(resolveProfile('llama3.1:8b', 8192)).toMatchObject({
      known: false,
      contextWindow: 8192,
    });
    expect(resolveProfile('llama3.1:8b', 0).contextWindow).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(resolveProfile('llama3.1:8b', Number.NaN).contextWindow).toBe(DEFAULT_CONTEXT_WINDOW);
    // The user's setting wins for known models too; without it the table applies.
    expect(resolveProfile('gpt-4o', 8192)).toMatchObject({ known: true, contextWindow: 8192 });
    expect(resolveProfile('gpt-4o').contextWindow).toBe(128_000);
  });

  it('normalizes ids', () => {
    expect(normalizeModelId('OpenRouter/Anthropic/Claude-3.7-Sonnet')).toBe('claude-3-7-sonnet');
    expect(normalizeModelId('gpt-4.1')).toBe('gpt-4.1');
  });
});
