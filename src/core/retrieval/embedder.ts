// Shared embedding types. Pure: the worker, its page-side client and the rankers all use these, and
// the core never needs to know that the vectors come from transformers.js in a Web Worker.

/** Turns texts into vectors. Implementations return one unit-length vector per text, in order. */
export interface Embedder {
  /** Identifies the model; vectors from different models are never mixed (cache keys use it). */
  modelId: string;
  /** Rejects with an `AbortError` DOMException when `signal` aborts first. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Bytes loaded for one model file (`total` is 0 when the server did not say). */
export interface FileProgress {
  loaded: number;
  total: number;
}

/** Where the model runs once loaded. */
export type EmbedderDevice = 'webgpu' | 'wasm' | 'cpu';

export type EmbedderStatus =
  /** Nothing requested yet: the model loads on the first `embed` (or `load`). */
  | { state: 'idle' }
  | {
      state: 'loading';
      /** Aggregate download progress, 0 to 100; null until the first byte counts arrive. */
      progress: number | null;
      loaded: number;
      total: number;
      /** Per-file progress, keyed by the file's path in the model repo (e.g. `onnx/model.onnx`). */
      files: Record<string, FileProgress>;
    }
  | { state: 'ready'; device: EmbedderDevice; dtype: string; dimensions: number | null }
  /** Loading or the worker failed; `message` is meant for the user. Rankers fall back to lexical. */
  | { state: 'failed'; message: string };

export type EmbedderStatusListener = (status: EmbedderStatus) => void;

/** Dot product; equals cosine similarity for unit-length vectors (what embedders return). */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Cosine similarity for vectors of any length; 0 when either is all zeros. */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Scales `v` to unit length in place and returns it (all-zero vectors stay zero). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < v.length; i++) v[i]! *= scale;
  }
  return v;
}
