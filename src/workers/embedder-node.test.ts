// Runs transformers.js's real loading path (config, tokenizer, ONNX session on onnxruntime-node)
// against the tiny generated test model, offline. The worker uses the same pipeline call in the
// browser; the Playwright test covers that side (onnxruntime-web in Chromium).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import { cosine } from '../core/retrieval/embedder';
// @ts-expect-error: a plain .mjs script without type declarations.
import * as generator from '../../scripts/make-test-model.mjs';

const { makeTestModel, TEST_MODEL_DIR, TEST_MODEL_ID, TEST_MODEL_PARENT, TEST_MODEL_HIDDEN_SIZE } =
  generator as {
    makeTestModel: () => { vocabSize: number };
    TEST_MODEL_DIR: string;
    TEST_MODEL_ID: string;
    TEST_MODEL_PARENT: string;
    TEST_MODEL_HIDDEN_SIZE: number;
  };

let extractor: FeatureExtractionPipeline;
const progress: string[] = [];

async function embed(texts: string[], p = extractor): Promise<Float32Array[]> {
  const output = await p(texts, { pooling: 'mean', normalize: true });
  const dims = output.dims[1]!;
  const data = output.data as Float32Array;
  return texts.map((_, i) => data.slice(i * dims, (i + 1) * dims));
}

beforeAll(async () => {
  if (!existsSync(join(TEST_MODEL_DIR, 'onnx', 'model_quantized.onnx'))) makeTestModel();
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = TEST_MODEL_PARENT;
  env.useFSCache = false;
  extractor = (await pipeline('feature-extraction', TEST_MODEL_ID, {
    progress_callback: (info) => progress.push(`${info.status}:${'file' in info ? info.file : ''}`),
  })) as FeatureExtractionPipeline;
}, 30_000);

describe('tiny test model through transformers.js', () => {
  it('loads config, tokenizer and ONNX model through the real loading path', () => {
    expect(progress).toContain('done:config.json');
    expect(progress).toContain('done:tokenizer.json');
    expect(progress.some((p) => /^done:onnx\/model(_quantized)?\.onnx$/.test(p))).toBe(true);
    expect(progress).toContain('ready:');
  });

  it('tokenizes with WordPiece, [CLS] and [SEP]', () => {
    const tokens = extractor.tokenizer.tokenize('The embeddings are unbelievably tiny');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens).not.toContain('[UNK]');
    const ids = extractor.tokenizer.encode('hello world');
    expect(extractor.tokenizer.decode(ids)).toBe('[CLS] hello world [SEP]');
    expect(extractor.tokenizer.decode(ids, { skip_special_tokens: true })).toBe('hello world');
  });

  it('returns one unit-length vector of the hidden size per text', async () => {
    const vectors = await embed(['first text', 'a second, longer text with more words', '']);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(TEST_MODEL_HIDDEN_SIZE);
      const norm = Math.hypot(...v);
      expect(norm).toBeCloseTo(1, 5);
    }
  });

  it('is deterministic, and batching or padding does not change a vector', async () => {
    const [alone] = await embed(['My sister lives in Berlin']);
    const [again] = await embed(['My sister lives in Berlin']);
    const batch = await embed([
      'x',
      'My sister lives in Berlin',
      'a much longer text that forces padding',
    ]);
    expect([...again!]).toEqual([...alone!]);
    expect(cosine(alone!, batch[1]!)).toBeCloseTo(1, 5);
  });

  it('scores texts that share words above unrelated texts', async () => {
    const [query, related, unrelated, paraphrase] = await embed([
      'What pets does the user have?',
      'The user has two pets: a dog and a cat.',
      'Quarterly revenue grew in the semiconductor market.',
      'User pets: dog, cat.',
    ]);
    const near = cosine(query!, related!);
    const far = cosine(query!, unrelated!);
    expect(near).toBeGreaterThan(far + 0.2);
    expect(cosine(related!, paraphrase!)).toBeGreaterThan(cosine(related!, unrelated!) + 0.2);
  });

  it('the quantized (q8) export, used on WASM, agrees with fp32', async () => {
    const q8 = (await pipeline('feature-extraction', TEST_MODEL_ID, {
      dtype: 'q8',
    })) as FeatureExtractionPipeline;
    const texts = ['Alice likes hiking in the Alps', 'Bob prefers tea'];
    const [a, b] = await embed(texts, q8);
    const [fa, fb] = await embed(texts);
    expect(cosine(a!, fa!)).toBeGreaterThan(0.99);
    expect(cosine(b!, fb!)).toBeGreaterThan(0.99);
    await q8.dispose();
  });

  it('reports a missing model as a missing file, not a parse error', async () => {
    await expect(pipeline('feature-extraction', 'no-such-model')).rejects.toThrow(
      /not found|missing/i,
    );
  });
});
