// Counting tokens on the page with the in-browser model's own tokenizer: the worker hands over the
// tokenizer.json and tokenizer_config.json it loaded, and @huggingface/tokenizers (the library
// transformers.js itself tokenizes with) builds the same tokenizer here, without the model. The
// app's token chart, compaction and Context inspector then count what this model reads.
import { Tokenizer } from '@huggingface/tokenizers';
import { createModelTokenCounter, type TokenCounter } from '../../tokens/counter';

export function tokenCounterFromFiles(
  modelId: string,
  json: unknown,
  config: unknown,
): TokenCounter {
  if (!json || typeof json !== 'object') throw new Error(`The tokenizer of ${modelId} is missing.`);
  const tokenizer = new Tokenizer(json, (config ?? {}) as object);
  return createModelTokenCounter(`model:${modelId}`, {
    // As the model's tokenizer counts a text (the chat template's own tokens are per message).
    countTokens: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids.length,
  });
}
