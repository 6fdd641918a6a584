// Page-side client of the embedding worker: implements Embedder over postMessage RPC, exposes the
// worker's status (download progress, ready, failed) to the UI, and turns a worker crash into a
// 'failed' status with every request in flight rejected, so rankers can fall back to lexical.
import type { Embedder, EmbedderStatus } from '../core/retrieval/embedder';
import type {
  EmbedderRequest,
  EmbedderResponse,
  EmbedderWorkerConfig,
} from '../workers/embedder.worker';
import { modelConfig, WorkerClient, type StatusMessage } from './worker-client';

export { resolveModelSource } from './worker-client';

export type { ModelSource } from '../workers/embedder.worker';

export const DEFAULT_EMBEDDING_MODEL = 'Xenova/all-MiniLM-L6-v2';

export interface EmbedderClientOptions {
  /** Hub model ID (`Xenova/all-MiniLM-L6-v2`) or folder name under a local base path. */
  modelId: string;
  /**
   * Where the model files come from:
   * - `''`: the Hugging Face Hub;
   * - `'local:'` (= `/models/`), `'local:/path/'`, `'/path/'` or `'./path/'`: served by the app,
   *   files at `<path><modelId>/config.json`, `<path><modelId>/onnx/model_quantized.onnx`, ...;
   * - `'https://host/prefix/'`: a mirror with files at `<prefix><modelId>/...`, or a template with
   *   `{model}` (and optionally `{revision}`), e.g. `https://hf-mirror.com/{model}/resolve/{revision}/`.
   */
  baseUrl?: string;
  /** 'auto' (default): WebGPU when the browser has an adapter, else WASM. */
  device?: EmbedderWorkerConfig['device'];
  /** Overrides the model dtype (default fp32 on WebGPU, q8 on WASM). */
  dtype?: EmbedderWorkerConfig['dtype'];
  /** Texts per inference call in the worker (default 32). */
  batchSize?: number;
  /** Creates the worker; defaults to the bundled embedder worker. For tests. */
  createWorker?: () => Worker;
}

function abortError(): DOMException {
  return new DOMException('The embedding request was aborted.', 'AbortError');
}

function embedderError(message: string): Error {
  const error = new Error(message);
  error.name = 'EmbedderError';
  return error;
}

/** The app's embedder worker (a literal URL, so that Vite bundles it). */
function bundledWorker(): Worker {
  return new Worker(new URL('../workers/embedder.worker.ts', import.meta.url), {
    type: 'module',
    name: 'embedder',
  });
}

/**
 * Cheap to construct: the worker starts on the first `load`, `whenReady` or `embed`, and the model
 * downloads then. One client serves one model; for another model or base URL, dispose it and create
 * a new one. A failed client stays failed (create a new one to retry).
 */
export class EmbedderClient
  extends WorkerClient<EmbedderStatus, EmbedderRequest, EmbedderResponse, Float32Array[]>
  implements Embedder
{
  private readonly config: EmbedderWorkerConfig;
  private loadRequested = false;

  constructor(options: EmbedderClientOptions) {
    const createWorker = options.createWorker ?? bundledWorker;
    super(options.modelId, 'The embedding worker', createWorker, { state: 'idle' });
    this.config = {
      ...modelConfig(options),
      batchSize: options.batchSize ?? 32,
      ...(options.dtype ? { dtype: options.dtype } : {}),
    };
  }

  /** Starts downloading and loading the model now instead of on the first `embed`. */
  load(): void {
    if (this.disposed || this.loadRequested || this.status.state === 'failed') return;
    this.loadRequested = true;
    this.startWorker();
    this.post({ type: 'load' });
  }

  /** Resolves when the model is ready; rejects with the failure message. */
  whenReady(signal?: AbortSignal): Promise<void> {
    this.load();
    return this.untilReady(
      signal,
      (status) => (status.state === 'failed' ? embedderError(status.message) : null),
      abortError,
    );
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.disposed) return Promise.reject(embedderError('The embedder was disposed.'));
    const status = this.status;
    if (status.state === 'failed') return Promise.reject(embedderError(status.message));
    if (signal?.aborted) return Promise.reject(abortError());
    if (texts.length === 0) return Promise.resolve([]);
    this.loadRequested = true; // the worker loads on the first embed
    this.startWorker();
    return this.call((id) => ({ type: 'embed', id, texts }), {
      signal,
      onAbort: (id) => {
        if (this.reject(id, abortError())) this.post({ type: 'cancel', id });
      },
    });
  }

  /** Stops the worker; requests in flight reject, later calls reject. */
  dispose(): void {
    this.close(embedderError('The embedder was disposed.'));
  }

  protected override started(): void {
    this.post({ type: 'configure', config: this.config });
  }

  protected receive(message: Exclude<EmbedderResponse, StatusMessage<EmbedderStatus>>): void {
    switch (message.type) {
      case 'result':
        this.resolve(message.id, message.vectors);
        break;
      case 'error':
        this.reject(
          message.id,
          message.name === 'AbortError' ? abortError() : embedderError(message.message),
        );
        break;
    }
  }

  /** A crash fails the client for good (create a new one to retry). */
  protected crashed(message: string): void {
    if (this.status.state !== 'failed') this.setStatus({ state: 'failed', message });
    this.stopWorker(embedderError(message));
  }
}

export function createEmbedderClient(options: EmbedderClientOptions): EmbedderClient {
  return new EmbedderClient(options);
}
