// Page-side client of the embedding worker: implements Embedder over postMessage RPC, exposes the
// worker's status (download progress, ready, failed) to the UI, and turns a worker crash into a
// 'failed' status with every request in flight rejected, so rankers can fall back to lexical.
import type { Embedder, EmbedderStatus, EmbedderStatusListener } from '../core/retrieval/embedder';
import type {
  EmbedderRequest,
  EmbedderResponse,
  EmbedderWorkerConfig,
  ModelSource,
} from '../workers/embedder.worker';

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

/** Base URL setting → model source. Relative paths resolve against the page, not the worker. */
export function resolveModelSource(baseUrl: string | undefined, pageUrl?: string): ModelSource {
  const value = (baseUrl ?? '').trim();
  if (value === '') return { kind: 'hub' };
  const page = pageUrl ?? (typeof location === 'undefined' ? undefined : location.href);
  const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);
  if (/^https?:\/\//i.test(value)) {
    const at = value.indexOf('{model}');
    if (at >= 0) return { kind: 'remote', host: value.slice(0, at), pathTemplate: value.slice(at) };
    const { hostname } = new URL(value);
    const hubLike = /(^|\.)(huggingface\.co|hf\.co|hf-mirror\.com)$/i.test(hostname);
    return {
      kind: 'remote',
      host: withSlash(value),
      pathTemplate: hubLike ? '{model}/resolve/{revision}/' : '{model}/',
    };
  }
  const path = value.startsWith('local:') ? value.slice('local:'.length) || '/models/' : value;
  // A root-relative path, not a full URL: transformers.js treats a URL as remote and would skip its
  // local file checks (it then believes the tokenizer is absent).
  return { kind: 'local', path: withSlash(page ? new URL(path, page).pathname : path) };
}

interface Pending {
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

function abortError(): DOMException {
  return new DOMException('The embedding request was aborted.', 'AbortError');
}

function embedderError(message: string): Error {
  const error = new Error(message);
  error.name = 'EmbedderError';
  return error;
}

/**
 * Cheap to construct: the worker starts on the first `load`, `whenReady` or `embed`, and the model
 * downloads then. One client serves one model; for another model or base URL, dispose it and create
 * a new one. A failed client stays failed (create a new one to retry).
 */
export class EmbedderClient implements Embedder {
  readonly modelId: string;
  private readonly config: EmbedderWorkerConfig;
  private readonly createWorker: () => Worker;
  private worker: Worker | null = null;
  private readonly listeners = new Set<EmbedderStatusListener>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private currentStatus: EmbedderStatus = { state: 'idle' };
  private loadRequested = false;
  private disposed = false;

  constructor(options: EmbedderClientOptions) {
    this.modelId = options.modelId;
    this.config = {
      modelId: options.modelId,
      source: resolveModelSource(options.baseUrl),
      device: options.device ?? 'auto',
      batchSize: options.batchSize ?? 32,
      ...(options.dtype ? { dtype: options.dtype } : {}),
    };
    this.createWorker =
      options.createWorker ??
      (() =>
        new Worker(new URL('../workers/embedder.worker.ts', import.meta.url), {
          type: 'module',
          name: 'embedder',
        }));
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    this.worker = worker;
    worker.addEventListener('message', (event: MessageEvent<EmbedderResponse>) =>
      this.onMessage(event.data),
    );
    worker.addEventListener('error', (event: ErrorEvent) => {
      // A script that fails to load or an uncaught exception in the worker.
      event.preventDefault();
      this.crash(`The embedding worker crashed${event.message ? `: ${event.message}` : '.'}`);
    });
    worker.addEventListener('messageerror', () =>
      this.crash('The embedding worker sent a message that could not be read.'),
    );
    worker.postMessage({ type: 'configure', config: this.config } satisfies EmbedderRequest);
    return worker;
  }

  get status(): EmbedderStatus {
    return this.currentStatus;
  }

  /** Calls `listener` now with the current status and on every change; returns unsubscribe. */
  subscribe(listener: EmbedderStatusListener): () => void {
    this.listeners.add(listener);
    listener(this.currentStatus);
    return () => this.listeners.delete(listener);
  }

  /** Starts downloading and loading the model now instead of on the first `embed`. */
  load(): void {
    if (this.disposed || this.loadRequested || this.currentStatus.state === 'failed') return;
    this.loadRequested = true;
    this.send({ type: 'load' });
  }

  /** Resolves when the model is ready; rejects with the failure message. */
  whenReady(signal?: AbortSignal): Promise<void> {
    this.load();
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const stop = () => {
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        stop();
        reject(abortError());
      };
      const unsubscribe = this.subscribe((status) => {
        if (status.state === 'ready') {
          queueMicrotask(stop);
          resolve();
        } else if (status.state === 'failed') {
          queueMicrotask(stop);
          reject(embedderError(status.message));
        }
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.disposed) return Promise.reject(embedderError('The embedder was disposed.'));
    if (this.currentStatus.state === 'failed') {
      return Promise.reject(embedderError(this.currentStatus.message));
    }
    if (signal?.aborted) return Promise.reject(abortError());
    if (texts.length === 0) return Promise.resolve([]);
    this.loadRequested = true; // the worker loads on the first embed
    const id = this.nextId++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        this.send({ type: 'cancel', id });
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      this.send({ type: 'embed', id, texts });
    });
  }

  /** Stops the worker; requests in flight reject, later calls reject. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.worker?.terminate();
    this.rejectAll(embedderError('The embedder was disposed.'));
    this.listeners.clear();
  }

  private send(request: EmbedderRequest) {
    if (!this.disposed) this.ensureWorker().postMessage(request);
  }

  private onMessage(message: EmbedderResponse) {
    switch (message.type) {
      case 'status':
        this.setStatus(message.status);
        break;
      case 'result':
      case 'error': {
        const pending = this.pending.get(message.id);
        if (!pending) return; // aborted meanwhile
        this.pending.delete(message.id);
        pending.cleanup();
        if (message.type === 'result') pending.resolve(message.vectors);
        else if (message.name === 'AbortError') pending.reject(abortError());
        else pending.reject(embedderError(message.message));
        break;
      }
    }
  }

  private setStatus(status: EmbedderStatus) {
    this.currentStatus = status;
    for (const listener of [...this.listeners]) listener(status);
  }

  private crash(message: string) {
    if (this.disposed || this.currentStatus.state === 'failed') return;
    this.worker?.terminate();
    this.setStatus({ state: 'failed', message });
    this.rejectAll(embedderError(message));
  }

  private rejectAll(error: Error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      p.cleanup();
      p.reject(error);
    }
  }
}

export function createEmbedderClient(options: EmbedderClientOptions): EmbedderClient {
  return new EmbedderClient(options);
}
