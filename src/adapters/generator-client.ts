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
import { modelConfig, WorkerClient, type StatusMessage } from './worker-client';

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

/** The app's generator worker (a literal URL, so that Vite bundles it). */
function bundledWorker(): Worker {
  return new Worker(new URL('../workers/generator.worker.ts', import.meta.url), {
    type: 'module',
    name: 'generator',
  });
}

function stoppedError(): ProviderError {
  return new ProviderError('aborted', 'The in-browser model was stopped.');
}

export class GeneratorClient
  extends WorkerClient<
    GeneratorStatus,
    GeneratorRequest,
    GeneratorResponse,
    LocalGenerateResult,
    string
  >
  implements LocalGenerator
{
  readonly config: GeneratorWorkerConfig;
  private tokenizer: { json: unknown; config: unknown } | null = null;

  constructor(options: GeneratorClientOptions) {
    const createWorker = options.createWorker ?? bundledWorker;
    super(options.modelId, "The in-browser model's worker", createWorker, { state: 'idle' });
    this.config = { ...modelConfig(options), dtype: options.dtype };
  }

  /** The model's tokenizer files, once loaded (for counting tokens on the page). */
  get tokenizerFiles(): { json: unknown; config: unknown } | null {
    return this.tokenizer;
  }

  /**
   * Starts loading (downloading on first use) unless it is loading or loaded. After a failure or a
   * cancelled download, a new worker tries again.
   */
  load(): void {
    if (this.disposed) return;
    const state = this.status.state;
    if (state === 'failed' || state === 'cancelled') this.stopWorker(stoppedError());
    if (this.running) return;
    this.startWorker();
    this.setStatus({ state: 'checking' });
    this.post({ type: 'load', config: this.config });
  }

  /** Resolves when the model is ready; rejects with GeneratorUnavailableError otherwise. */
  whenReady(signal?: AbortSignal): Promise<void> {
    this.load();
    return this.untilReady(
      signal,
      (status) =>
        status.state === 'failed'
          ? new GeneratorUnavailableError(status.reason, status.message)
          : status.state === 'cancelled'
            ? new GeneratorUnavailableError('cancelled', 'The model download was cancelled.')
            : null,
      () => new DOMException('Stopped.', 'AbortError'),
    );
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
    return this.call((id) => ({ type: 'generate', id, request }), {
      signal,
      // Stop interrupts: the worker answers with what was generated so far.
      onAbort: (id) => this.post({ type: 'interrupt', id }),
      onPartial: onText,
    });
  }

  /** Stops a download in progress (the worker goes; files that finished stay cached). */
  cancelDownload(): void {
    const state = this.status.state;
    if (state !== 'checking' && state !== 'downloading' && state !== 'loading') return;
    this.stopWorker(stoppedError());
    this.tokenizer = null;
    this.setStatus({ state: 'cancelled' });
  }

  /** Drops the loaded model from memory (after its files were removed, say): back to idle. */
  unload(): void {
    this.stopWorker(stoppedError());
    this.tokenizer = null;
    this.setStatus({ state: 'idle' });
  }

  dispose(): void {
    this.close(stoppedError());
  }

  protected receive(message: Exclude<GeneratorResponse, StatusMessage<GeneratorStatus>>): void {
    switch (message.type) {
      case 'tokenizer':
        this.tokenizer = { json: message.json, config: message.config };
        break;
      case 'text':
        this.partial(message.id, message.text);
        break;
      case 'result':
        this.resolve(message.id, message.result);
        break;
      case 'error':
        this.reject(message.id, errorFor(message));
        break;
    }
  }

  protected crashed(message: string): void {
    this.stopWorker(stoppedError());
    this.setStatus({ state: 'failed', reason: 'other', message });
  }
}

function errorFor(message: Extract<GeneratorResponse, { type: 'error' }>): ProviderError {
  if (message.kind === 'context') return new ProviderError('bad-request', message.message);
  if (message.kind === 'load') return providerErrorFor(message.reason ?? 'other', message.message);
  return new ProviderError('unknown', message.message);
}
