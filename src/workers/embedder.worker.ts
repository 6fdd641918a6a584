// Embedding worker: one transformers.js feature-extraction pipeline per worker, created lazily on the
// first request, following the transformers.js web-worker examples. It posts status (download
// progress per file and in total, ready, failed) to the page and answers embed requests with mean
// pooled, unit-length vectors. A different model or source means a new worker (the client handles
// that), so the pipeline is a plain singleton.
import { pipeline, type DataType, type FeatureExtractionPipeline } from '@huggingface/transformers';
// The onnxruntime-web build transformers.js bundles (onnxruntime-web/webgpu) is the asyncify
// variant; it needs this exact binary. `?url` makes Vite ship it with the app, so nothing comes from
// a CDN (transformers.js defaults wasmPaths to jsDelivr).
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { EmbedderDevice, EmbedderStatus, FileProgress } from '../core/retrieval/embedder';
import { errorText } from '../core/text/errors';
import {
  clearHtmlAnswers,
  configureTransformers,
  describeSource,
  gpuAdapter,
  htmlAnswerFor,
  type ModelSource,
} from './transformers-setup';

export type { ModelSource } from './transformers-setup';

export interface EmbedderWorkerConfig {
  modelId: string;
  source: ModelSource;
  /** 'auto' picks WebGPU when an adapter is available, else WASM. */
  device: 'auto' | 'webgpu' | 'wasm';
  /** Model dtype; by default fp32 on WebGPU and q8 (onnx/model_quantized.onnx) on WASM. */
  dtype?: DataType;
  /** Texts per inference call. */
  batchSize: number;
}

export type EmbedderRequest =
  | { type: 'configure'; config: EmbedderWorkerConfig }
  | { type: 'load' }
  | { type: 'embed'; id: number; texts: string[] }
  | { type: 'cancel'; id: number };

export type EmbedderResponse =
  | { type: 'status'; status: EmbedderStatus }
  | { type: 'result'; id: number; vectors: Float32Array[] }
  | { type: 'error'; id: number; name: string; message: string };

interface WorkerScope {
  postMessage(message: EmbedderResponse, options?: { transfer?: Transferable[] }): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EmbedderRequest>) => void): void;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;

interface Loaded {
  extractor: FeatureExtractionPipeline;
  device: EmbedderDevice;
  dtype: DataType;
}

let config: EmbedderWorkerConfig | null = null;
let loading: Promise<Loaded> | null = null;
/** Set when loading failed: every request then fails with this message (loading is not retried). */
let loadFailure: string | null = null;
/** Requests waiting or running, and those of them the page cancelled. */
const queued = new Set<number>();
const cancelled = new Set<number>();
/** Requests run one at a time (onnxruntime-web runs one session call at a time anyway). */
let queue: Promise<void> = Promise.resolve();

function post(message: EmbedderResponse, transfer?: Transferable[]) {
  scope.postMessage(message, transfer ? { transfer } : undefined);
}

function postStatus(status: EmbedderStatus) {
  post({ type: 'status', status });
}

async function pickDevice(preference: EmbedderWorkerConfig['device']): Promise<'webgpu' | 'wasm'> {
  if (preference !== 'auto') return preference;
  return (await gpuAdapter()) ? 'webgpu' : 'wasm';
}

/** A message the user can act on, whatever transformers.js or the network threw. */
function explainLoadError(error: unknown, cfg: EmbedderWorkerConfig): string {
  const where = `Could not load the embedding model "${cfg.modelId}" from ${describeSource(cfg.source)}`;
  const raw = errorText(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'ModelFileNotFoundError' || /not found|404/i.test(raw)) {
    const html = htmlAnswerFor(raw);
    if (html) {
      return (
        `${where}: the server answered ${html} with an HTML page instead of the model file, so ` +
        `the file is most likely missing. Check the model ID and the base URL.`
      );
    }
    return `${where}: a model file is missing (${raw}). Check the model ID and the base URL.`;
  }
  if (error instanceof TypeError && /fetch|network|load/i.test(raw)) {
    return `${where}: the download failed (${raw}). Check the connection and that the server allows this page (CORS).`;
  }
  if (error instanceof SyntaxError) {
    return `${where}: a model file is not valid JSON (${raw}).`;
  }
  return `${where}: ${raw}`;
}

async function createExtractor(
  cfg: EmbedderWorkerConfig,
  device: 'webgpu' | 'wasm',
  dtype: DataType,
) {
  const files: Record<string, FileProgress> = {};
  postStatus({ state: 'loading', progress: null, loaded: 0, total: 0, files });
  const extractor = await pipeline('feature-extraction', cfg.modelId, {
    device,
    dtype,
    progress_callback: (info) => {
      if (info.status === 'progress_total') {
        postStatus({
          state: 'loading',
          progress: Math.min(100, info.progress),
          loaded: info.loaded,
          total: info.total,
          files: info.files,
        });
      }
    },
  });
  return extractor as FeatureExtractionPipeline;
}

interface Attempt {
  device: 'webgpu' | 'wasm';
  dtype: DataType;
  /** Whether to try this after the previous attempt failed with `error`. */
  after?: (error: unknown) => boolean;
}

const isMissingFile = (error: unknown, file: RegExp) =>
  error instanceof Error &&
  (error.name === 'ModelFileNotFoundError' || /not found/i.test(error.message)) &&
  file.test(error.message);

function attemptsFor(cfg: EmbedderWorkerConfig, device: 'webgpu' | 'wasm'): Attempt[] {
  const attempts: Attempt[] = [];
  if (device === 'webgpu') attempts.push({ device, dtype: cfg.dtype ?? 'fp32' });
  if (device === 'wasm' || cfg.device === 'auto') {
    attempts.push({
      device: 'wasm',
      dtype: cfg.dtype ?? 'q8',
      // A WebGPU adapter can exist and still fail (driver, unsupported op): WASM always works.
      // A missing config or tokenizer would be just as missing on WASM, so do not retry those.
      after: (error) => !isMissingFile(error, /\.json/),
    });
  }
  if (!cfg.dtype) {
    // Not every repo has a quantized export: fall back to onnx/model.onnx on WASM.
    attempts.push({
      device: 'wasm',
      dtype: 'fp32',
      after: (error) => isMissingFile(error, /model_quantized\.onnx/),
    });
  }
  return attempts;
}

async function load(cfg: EmbedderWorkerConfig): Promise<Loaded> {
  configureTransformers({ source: cfg.source, baseHref: scope.location.href, wasmUrl: ortWasmUrl });
  const device = await pickDevice(cfg.device);
  let lastError: unknown = new Error('No way to run the model was found.');
  let first = true;
  for (const attempt of attemptsFor(cfg, device)) {
    if (!first && !attempt.after?.(lastError)) continue;
    first = false;
    clearHtmlAnswers();
    let extractor: FeatureExtractionPipeline | undefined;
    try {
      extractor = await createExtractor(cfg, attempt.device, attempt.dtype);
      return await ready({ extractor, device: attempt.device, dtype: attempt.dtype });
    } catch (error) {
      console.warn(`Embedding model failed (${attempt.device}, ${attempt.dtype}).`, error);
      await extractor?.dispose().catch(() => undefined); // loaded, but its first run failed
      lastError = error;
    }
  }
  loadFailure = explainLoadError(lastError, cfg);
  postStatus({ state: 'failed', message: loadFailure });
  throw lastError;
}

async function ready(loaded: Loaded): Promise<Loaded> {
  // One tiny call tells the vector size and warms the session up.
  const probe = await loaded.extractor(['ok'], { pooling: 'mean', normalize: true });
  const dimensions = probe.dims[probe.dims.length - 1] ?? null;
  postStatus({ state: 'ready', device: loaded.device, dtype: loaded.dtype, dimensions });
  return loaded;
}

function getExtractor(): Promise<Loaded> {
  if (!config) return Promise.reject(new Error('The embedder worker was not configured.'));
  loading ??= load(config);
  return loading;
}

async function embed(id: number, texts: string[]) {
  const { extractor } = await getExtractor();
  const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
  // Longest first and batched by similar length: less padding, so less wasted compute.
  const order = texts.map((_, i) => i).sort((a, b) => texts[b]!.length - texts[a]!.length);
  const batchSize = Math.max(1, config?.batchSize ?? 32);
  for (let start = 0; start < order.length; start += batchSize) {
    if (cancelled.has(id))
      throw new DOMException('The embedding request was aborted.', 'AbortError');
    const indices = order.slice(start, start + batchSize);
    const output = await extractor(
      indices.map((i) => texts[i]!),
      { pooling: 'mean', normalize: true },
    );
    const dims = output.dims[output.dims.length - 1]!;
    const data = output.data as Float32Array;
    indices.forEach((textIndex, row) => {
      vectors[textIndex] = data.slice(row * dims, (row + 1) * dims);
    });
  }
  return vectors;
}

function errorResponse(id: number, error: unknown): EmbedderResponse {
  if (error instanceof DOMException && error.name === 'AbortError') {
    return { type: 'error', id, name: 'AbortError', message: error.message };
  }
  // A loading failure already became a 'failed' status; requests repeat the same explanation.
  const message = loadFailure ?? `Embedding failed: ${errorText(error)}`;
  return { type: 'error', id, name: 'EmbedderError', message };
}

scope.addEventListener('message', (event) => {
  const request = event.data;
  switch (request.type) {
    case 'configure':
      // Only the first configuration counts: a worker holds one pipeline for one model.
      config ??= request.config;
      break;
    case 'load':
      getExtractor().catch(() => undefined); // the failure is reported as a status
      break;
    case 'cancel':
      if (queued.has(request.id)) cancelled.add(request.id);
      break;
    case 'embed': {
      const { id, texts } = request;
      queued.add(id);
      queue = queue.then(async () => {
        try {
          if (cancelled.has(id))
            throw new DOMException('The embedding request was aborted.', 'AbortError');
          const vectors = await embed(id, texts);
          post(
            { type: 'result', id, vectors },
            vectors.map((v) => v.buffer),
          );
        } catch (error) {
          post(errorResponse(id, error));
        } finally {
          queued.delete(id);
          cancelled.delete(id);
        }
      });
      break;
    }
  }
});
