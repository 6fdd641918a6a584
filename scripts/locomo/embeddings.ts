// Embeddings for the turn-level run (optional): a local transformers.js feature-extraction model,
// mean pooled and normalised; there is no network to download one.

import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { cosineScores, normalize } from '../../src/core/retrieval/embeddings';
import { docsOf } from './methods';
import type { Scorer } from './scoring';

/** The model's embed function, kept for the strategy rows (set when --model loads). */
export let embedTexts: ((texts: string[]) => Promise<Float32Array[]>) | undefined;

export async function embeddingScorer(dir: string): Promise<Scorer | string> {
  const modelPath = resolve(dir);
  if (!existsSync(modelPath)) return `no model directory at ${modelPath}`;
  let transformers: typeof import('@huggingface/transformers');
  try {
    transformers = await import('@huggingface/transformers');
  } catch (error) {
    return `transformers.js did not load: ${String(error)}`;
  }
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = `${dirname(modelPath)}/`;
  let extractor: Awaited<ReturnType<typeof transformers.pipeline<'feature-extraction'>>>;
  try {
    extractor = await transformers.pipeline('feature-extraction', basename(modelPath), {
      dtype: 'fp32',
    });
  } catch (error) {
    return `the model at ${modelPath} did not load: ${String(error)}`;
  }
  const embed = async (texts: string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 32) {
      const batch = texts.slice(i, i + 32);
      const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
      const dim = tensor.dims[tensor.dims.length - 1] ?? 0;
      const data = tensor.data as Float32Array;
      for (let j = 0; j < batch.length; j++)
        out.push(normalize(data.subarray(j * dim, (j + 1) * dim)));
    }
    return out;
  };
  embedTexts = embed;
  const matrices = new Map<string, { dim: number; data: Float32Array }>();
  const queryVectors = new Map<string, Float32Array>();
  return async (c, q) => {
    let matrix = matrices.get(c.name);
    if (!matrix) {
      const vectors = await embed(docsOf(c).map((doc) => doc.text));
      const dim = vectors[0]?.length ?? 0;
      const data = new Float32Array(dim * vectors.length);
      vectors.forEach((v, i) => data.set(v, i * dim));
      matrix = { dim, data };
      matrices.set(c.name, matrix);
    }
    let vector = queryVectors.get(q);
    if (!vector) {
      [vector] = await embed([q]);
      queryVectors.set(q, vector ?? new Float32Array(matrix.dim));
    }
    return cosineScores(matrix.data, matrix.dim, vector ?? new Float32Array(matrix.dim));
  };
}
