// Page-side client of the in-browser model's worker (src/workers/generator.worker.ts): it starts
// the worker and the download only when asked (`load`, or the first `generate`), shares the
// worker's status (download progress, ready, failed) with the UI, streams generated text, turns
// Stop into an interrupt, and cancels a download by terminating the worker. Failures become
// ProviderErrors the chat shows: an unreachable host is a 'network' error, a missing file
// 'not-found', a request longer than the model reads 'bad-request'.
import { ProviderError } from '../core/agent/types';
import type {
  LocalDtype,
  LocalGenerateRequest,
  LocalGenerateResult,
  LocalGenerator,
} from '../core/providers/local';
import type { GeneratorFailureReason, GeneratorStatus } from '../core/providers/local/status';
import type {
  GeneratorRequest,
  GeneratorResponse,
  GeneratorWorkerConfig,
} from '../workers/generator.worker';
import { resolveModelSource } from './embedder-client';

export interface GeneratorClientOptions {
  /** Hub model id, or a folder name under a local path / user URL. */
  modelId: string;
  /** The model host: '' = the Hugging Face Hub; a URL or a path the app serves (as for embeddings). */
  baseUrl: string;
  dtype: LocalDtype;
  device?: GeneratorWorkerConfig['device'];
  /** Creates the worker; defaults to the bundled generator worker. For tests. */
  createWorker?: () => Worker;
}

export type GeneratorStatusListener = (status: GeneratorStatus) => void;

/** Why the model is not there to answer; `reason` tells the UI what to offer. */
export class GeneratorUnavailableError extends Error {
  constructor(
    readonly reason: GeneratorFailureReason | 'cancelled',
    message: string,
  ) {
    super(message);
    this.name = 'GeneratorUnavailableError';
  }
}

interface Pending {
  resolve: (result: LocalGenerateResult) => void;
  reject: (error: Error) => void;
  onText?: (text: string) => void;
  cleanup: () => void;
}

function providerErrorFor(reason: GeneratorFailureReason | 'cancelled', message: string) {
  const kind =
    reason === 'unreachable'
      ? 'network'
      : reason === 'missing'
        ? 'not-found'
        : reason === 'cancelled'
          ? 'aborted'
          : 'unknown';
  return new ProviderError(kind, message);
}

export class GeneratorClient implements LocalGenerator {
  readonly modelId: string;
  readonly config: GeneratorWorkerConfig;
  private readonly createWorker: () => Worker;
  private worker: Worker | null = null;
  private readonly listeners = new Set<GeneratorStatusListener>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private current: GeneratorStatus = { state: 'idle' };
  private tokenizer: { json: unknown; config: unknown } | null = null;
  private disposed = false;

  constructor(options: GeneratorClientOptions) {
    this.modelId = options.modelId;
    this.config = {
      modelId: options.modelId,
      source: resolveModelSource(options.baseUrl),
      device: options.device ?? 'auto',
      dtype: options.dtype,
    };
    this.createWorker =
      options.createWorker ??
      (() =>
        new Worker(new URL('../workers/generator.worker.ts', import.meta.url), {
          type: 'module',
          name: 'generator',
        }));
  }

  get status(): GeneratorStatus {
    return this.current;
  }

  /** The model's tokenizer files, once loaded (for counting tokens on the page). */
  get tokenizerFiles(): { json: unknown; config: unknown } | null {
    return this.tokenizer;
  }

  /** Calls `listener` now with the current status and on every change; returns unsubscribe. */
  subscribe(listener: GeneratorStatusListener): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts loading (downloading on first use) unless it is loading or loaded. After a failure or a
   * cancelled download, a new worker tries again.
   */
  load(): void {
    if (this.disposed) return;
    const state = this.current.state;
    if (state === 'failed' || state === 'cancelled') this.stopWorker();
    if (this.worker) return;
    const worker = this.createWorker();
    this.worker = worker;
    worker.addEventListener('message', (event: MessageEvent<GeneratorResponse>) => {
      if (this.worker === worker) this.onMessage(event.data);
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      if (this.worker === worker)
        this.fail(
          'other',
          `The in-browser model's worker crashed${event.message ? `: ${event.message}` : '.'}`,
        );
    });
    this.setStatus({ state: 'checking' });
    this.send({ type: 'load', config: this.config });
  }

  /** Resolves when the model is ready; rejects with GeneratorUnavailableError otherwise. */
  whenReady(signal?: AbortSignal): Promise<void> {
    this.load();
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new DOMException('Stopped.', 'AbortError'));
        return;
      }
      let unsubscribe = () => {};
      const stop = () => {
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        stop();
        reject(new DOMException('Stopped.', 'AbortError'));
      };
      unsubscribe = this.subscribe((status) => {
        if (status.state === 'ready') {
          queueMicrotask(stop);
          resolve();
        } else if (status.state === 'failed') {
          queueMicrotask(stop);
          reject(new GeneratorUnavailableError(status.reason, status.message));
        } else if (status.state === 'cancelled') {
          queueMicrotask(stop);
          reject(new GeneratorUnavailableError('cancelled', 'The model download was cancelled.'));
        }
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async generate(
    request: LocalGenerateRequest,
    { signal, onText }: { signal: AbortSignal; onText?: (text: string) => void },
  ): Promise<LocalGenerateResult> {
    if (this.disposed) throw new ProviderError('unknown', 'The in-browser model was closed.');
    try {
      await this.whenReady(signal);
    } catch (error) {
      if (error instanceof GeneratorUnavailableError)
        throw providerErrorFor(error.reason, error.message);
      throw new ProviderError('aborted', 'Stopped by the user.');
    }
    const id = this.nextId++;
    return new Promise<LocalGenerateResult>((resolve, reject) => {
      const onAbort = () => this.send({ type: 'interrupt', id });
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve,
        reject,
        ...(onText ? { onText } : {}),
        cleanup: () => signal.removeEventListener('abort', onAbort),
      });
      this.send({ type: 'generate', id, request });
      if (signal.aborted) onAbort();
    });
  }

  /** Stops a download in progress (the worker goes; files that finished stay cached). */
  cancelDownload(): void {
    const state = this.current.state;
    if (state !== 'checking' && state !== 'downloading' && state !== 'loading') return;
    this.stopWorker();
    this.tokenizer = null;
    this.setStatus({ state: 'cancelled' });
  }

  /** Drops the loaded model from memory (after its files were removed, say): back to idle. */
  unload(): void {
    this.stopWorker();
    this.tokenizer = null;
    this.setStatus({ state: 'idle' });
  }

  dispose(): void {
    if (this.disposed) return;
    this.stopWorker();
    this.disposed = true;
    this.listeners.clear();
  }

  private stopWorker() {
    this.worker?.terminate();
    this.worker = null;
    this.rejectAll(new ProviderError('aborted', 'The in-browser model was stopped.'));
  }

  private send(request: GeneratorRequest) {
    this.worker?.postMessage(request);
  }

  private onMessage(message: GeneratorResponse) {
    switch (message.type) {
      case 'status':
        this.setStatus(message.status);
        break;
      case 'tokenizer':
        this.tokenizer = { json: message.json, config: message.config };
        break;
      case 'text':
        this.pending.get(message.id)?.onText?.(message.text);
        break;
      case 'result':
      case 'error': {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        pending.cleanup();
        if (message.type === 'result') pending.resolve(message.result);
        else if (message.kind === 'context')
          pending.reject(new ProviderError('bad-request', message.message));
        else if (message.kind === 'load')
          pending.reject(providerErrorFor(message.reason ?? 'other', message.message));
        else pending.reject(new ProviderError('unknown', message.message));
        break;
      }
    }
  }

  private fail(reason: GeneratorFailureReason, message: string) {
    this.stopWorker();
    this.setStatus({ state: 'failed', reason, message });
  }

  private setStatus(status: GeneratorStatus) {
    this.current = status;
    for (const listener of [...this.listeners]) listener(status);
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
