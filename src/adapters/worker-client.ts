// The page side of a transformers.js worker, shared by the embedder and generator clients: the
// worker's status with subscribers, waiting for 'ready', request/response calls matched by id
// (with an abort signal and partial results, such as streamed text), and the failure paths: a
// worker that crashes or sends an unreadable message takes every request in flight down with it,
// and dispose stops the worker for good. What a client does with its own messages stays its own.

import type { ModelSource } from '../workers/transformers-setup';

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

/** What both workers are told about their model: its id, its host, and the device to prefer. */
export function modelConfig(options: {
  modelId: string;
  baseUrl?: string;
  device?: 'auto' | 'webgpu' | 'wasm';
}): { modelId: string; source: ModelSource; device: 'auto' | 'webgpu' | 'wasm' } {
  return {
    modelId: options.modelId,
    source: resolveModelSource(options.baseUrl),
    device: options.device ?? 'auto',
  };
}

/** A status a worker reports: at least a state name. */
export interface WorkerStatusLike {
  readonly state: string;
}

export type WorkerStatusListener<S> = (status: S) => void;

/** The message every worker sends when its status changes; the base handles it. */
export interface StatusMessage<S> {
  type: 'status';
  status: S;
}

function isStatusMessage<S>(message: { type: string }): message is StatusMessage<S> {
  return message.type === 'status';
}

interface Pending<T, P> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  onPartial?: (partial: P) => void;
  cleanup: () => void;
}

export interface CallOptions<P> {
  signal?: AbortSignal;
  /** Runs when the signal aborts, with the request's id (tell the worker, settle, or both). */
  onAbort: (id: number) => void;
  /** Receives what `partial` hands on for this request before its result. */
  onPartial?: (partial: P) => void;
}

/**
 * S: the status; Req and Res: the messages to and from the worker; T: a request's result; P: a
 * partial result streamed before it. Subclasses route the worker's messages (`receive`), decide
 * what a crash means (`crashed`) and may greet a fresh worker (`started`).
 */
export abstract class WorkerClient<
  S extends WorkerStatusLike,
  Req,
  Res extends { type: string },
  T,
  P = never,
> {
  /** The model the worker runs (one client serves one model). */
  readonly modelId: string;
  private worker: Worker | null = null;
  private readonly listeners = new Set<WorkerStatusListener<S>>();
  private readonly pending = new Map<number, Pending<T, P>>();
  private nextId = 1;
  private current: S;
  /** Set by dispose: what calls reject with from then on. */
  private closedWith: Error | null = null;
  private readonly createWorker: () => Worker;
  private readonly label: string;

  /**
   * `label` names the worker in messages ("The embedding worker"); `createWorker` makes the bundled
   * worker (or a fake in tests); `initial` is the status before the worker says anything.
   */
  constructor(modelId: string, label: string, createWorker: () => Worker, initial: S) {
    this.modelId = modelId;
    this.label = label;
    this.createWorker = createWorker;
    this.current = initial;
  }

  get status(): S {
    return this.current;
  }

  /** Calls `listener` now with the current status and on every change; returns unsubscribe. */
  subscribe(listener: WorkerStatusListener<S>): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }

  /** Whether dispose was called. */
  protected get disposed(): boolean {
    return this.closedWith !== null;
  }

  /** Whether a worker is running. */
  protected get running(): boolean {
    return this.worker !== null;
  }

  /**
   * A message from the current worker other than a status (the base applies those); messages of a
   * worker already stopped never arrive here.
   */
  protected abstract receive(message: Exclude<Res, StatusMessage<S>>): void;

  /** The current worker crashed, or sent what could not be read; `message` says which. */
  protected abstract crashed(message: string): void;

  /** A fresh worker is up: the place to send it its configuration. */
  protected started(): void {}

  protected setStatus(status: S): void {
    this.current = status;
    for (const listener of [...this.listeners]) listener(status);
  }

  /** Starts the worker unless one is running (or the client was disposed). */
  protected startWorker(): void {
    if (this.worker || this.closedWith) return;
    const worker = this.createWorker();
    this.worker = worker;
    const current = () => this.worker === worker;
    worker.addEventListener('message', (event: MessageEvent<Res>) => {
      if (!current()) return;
      const message = event.data;
      if (isStatusMessage<S>(message)) this.setStatus(message.status);
      else this.receive(message as Exclude<Res, StatusMessage<S>>);
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      // A script that fails to load or an uncaught exception in the worker.
      event.preventDefault();
      if (current())
        this.crashed(`${this.label} crashed${event.message ? `: ${event.message}` : '.'}`);
    });
    worker.addEventListener('messageerror', () => {
      if (current()) this.crashed(`${this.label} sent a message that could not be read.`);
    });
    this.started();
  }

  /** Terminates the worker (if any); every request in flight rejects with `error`. */
  protected stopWorker(error: Error): void {
    this.worker?.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      p.cleanup();
      p.reject(error);
    }
  }

  /** Posts to the running worker; nothing when there is none. */
  protected post(request: Req): void {
    this.worker?.postMessage(request);
  }

  /**
   * Sends the request `build` makes with a fresh id; settles on `resolve`/`reject` for that id.
   * After dispose it rejects at once with the error dispose gave.
   */
  protected call(build: (id: number) => Req, options: CallOptions<P>): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const { signal, onAbort, onPartial } = options;
    return new Promise<T>((resolve, reject) => {
      const abort = () => onAbort(id);
      signal?.addEventListener('abort', abort, { once: true });
      this.pending.set(id, {
        resolve,
        reject,
        ...(onPartial ? { onPartial } : {}),
        cleanup: () => signal?.removeEventListener('abort', abort),
      });
      this.post(build(id));
      if (signal?.aborted) abort();
    });
  }

  /** Hands a partial result to request `id`'s listener. */
  protected partial(id: number, partial: P): void {
    this.pending.get(id)?.onPartial?.(partial);
  }

  /** Resolves request `id` (nothing if it was settled or abandoned meanwhile). */
  protected resolve(id: number, value: T): void {
    this.take(id)?.resolve(value);
  }

  /** Rejects request `id`; false if it was no longer waiting. */
  protected reject(id: number, error: Error): boolean {
    const pending = this.take(id);
    pending?.reject(error);
    return pending !== undefined;
  }

  private take(id: number): Pending<T, P> | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    pending.cleanup();
    return pending;
  }

  /**
   * Resolves when the status is 'ready'; rejects with what `failure` makes of a status that ends
   * the wait (null: keep waiting), or with `aborted()` when the signal aborts.
   */
  protected untilReady(
    signal: AbortSignal | undefined,
    failure: (status: S) => Error | null,
    aborted: () => Error,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(aborted());
      let unsubscribe = () => {};
      const stop = () => {
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        stop();
        reject(aborted());
      };
      unsubscribe = this.subscribe((status) => {
        const error = status.state === 'ready' ? null : failure(status);
        if (status.state !== 'ready' && !error) return;
        queueMicrotask(stop);
        if (error) reject(error);
        else resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Stops the worker for good: requests in flight reject with `error`; listeners are dropped. */
  protected close(error: Error): void {
    if (this.closedWith) return;
    this.stopWorker(error);
    this.closedWith = error;
    this.listeners.clear();
  }
}
