// The in-browser model's worker: one causal language model per worker, loaded on request (never on
// the main thread). It picks WebGPU when the browser has an adapter, else WASM; reports download
// progress per file and in total; streams generated text; and stops after the current token when
// the page sends 'interrupt'. Cancelling a download is the page terminating this worker.
// The transformers.js calls themselves are in generator-engine.ts (shared with the Node tests).
// The onnxruntime-web build transformers.js bundles needs this binary: `?url` makes Vite ship it
// with the app, so nothing comes from a CDN (transformers.js defaults wasmPaths to jsDelivr).
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type {
  LocalGenerateRequest,
  LocalGenerateResult,
  LocalDtype,
} from '../core/providers/local';
import { resolveDtype } from '../core/providers/local/models';
import type { GeneratorFailureReason, GeneratorStatus } from '../core/providers/local/status';
import { gpuAdapter, type ModelSource } from './transformers-setup';
import {
  ContextTooLongError,
  GeneratorLoadError,
  loadEngine,
  type GeneratorEngine,
} from './generator-engine';
import { errorText } from '../core/text/errors';

export interface GeneratorWorkerConfig {
  modelId: string;
  source: ModelSource;
  /** 'auto': WebGPU when an adapter is available, else WASM. */
  device: 'auto' | 'webgpu' | 'wasm';
  dtype: LocalDtype;
}

export type GeneratorRequest =
  | { type: 'load'; config: GeneratorWorkerConfig }
  | { type: 'generate'; id: number; request: LocalGenerateRequest }
  | { type: 'interrupt'; id: number };

export type GeneratorResponse =
  | { type: 'status'; status: GeneratorStatus }
  | { type: 'tokenizer'; json: unknown; config: unknown }
  | { type: 'text'; id: number; text: string }
  | { type: 'result'; id: number; result: LocalGenerateResult }
  | {
      type: 'error';
      id: number;
      kind: 'context' | 'load' | 'other';
      reason?: GeneratorFailureReason;
      message: string;
    };

interface WorkerScope {
  postMessage(message: GeneratorResponse): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<GeneratorRequest>) => void,
  ): void;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;

let loading: Promise<GeneratorEngine> | null = null;
let loadFailure: GeneratorLoadError | null = null;
/** Generations in flight, by id, with their interrupt handles. */
const running = new Map<number, AbortController>();

/**
 * Gives the worker's event loop a turn (a MessageChannel task: setTimeout would be clamped to 4 ms),
 * so Stop is read between two tokens: at most every YIELD_EVERY_MS, which bounds how late Stop is
 * seen without a task switch for every token of a fast model.
 */
const YIELD_EVERY_MS = 25;
const turns = new MessageChannel();
const waiting: Array<() => void> = [];
let lastYield = 0;
turns.port1.onmessage = () => {
  lastYield = performance.now();
  waiting.shift()?.();
};
function yieldToEvents(): Promise<void> {
  if (performance.now() - lastYield < YIELD_EVERY_MS) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    turns.port2.postMessage(null);
  });
}

function post(message: GeneratorResponse) {
  scope.postMessage(message);
}

async function load(config: GeneratorWorkerConfig): Promise<GeneratorEngine> {
  const adapter = config.device === 'wasm' ? null : await gpuAdapter();
  const attempts: Array<{ device: 'webgpu' | 'wasm'; dtype: Exclude<LocalDtype, 'auto'> }> = [];
  if (adapter) {
    // q4f16 needs fp16 shaders; without them 4-bit weights in fp32 are the next smallest.
    const auto = adapter.features.has('shader-f16') ? 'q4f16' : 'q4';
    attempts.push({
      device: 'webgpu',
      dtype: config.dtype === 'auto' ? auto : config.dtype,
    });
  }
  if (!adapter || config.device === 'auto') {
    attempts.push({ device: 'wasm', dtype: resolveDtype(config.dtype, 'wasm') });
  }
  let last: unknown = new GeneratorLoadError('unsupported', 'No way to run the model was found.');
  for (const [i, attempt] of attempts.entries()) {
    try {
      return await loadEngine({
        modelId: config.modelId,
        source: config.source,
        device: attempt.device,
        dtype: attempt.dtype,
        baseHref: scope.location.href,
        wasmUrl: ortWasmUrl,
        beforeStep: yieldToEvents,
        // 'ready' goes out after the tokenizer (startLoading), so the page has it when it hears.
        onStatus: (status) => {
          if (status.state !== 'ready') post({ type: 'status', status });
        },
      });
    } catch (error) {
      last = error;
      // Only a failure to run on WebGPU is worth a second try on WASM; a host that cannot be
      // reached or a missing file would fail the same way.
      const retry =
        i < attempts.length - 1 &&
        error instanceof GeneratorLoadError &&
        (error.reason === 'unsupported' || error.reason === 'other');
      if (!retry) break;
      console.warn(`In-browser model failed on ${attempt.device}; trying WASM.`, error);
    }
  }
  throw last;
}

function startLoading(config: GeneratorWorkerConfig): Promise<GeneratorEngine> {
  loading ??= load(config).then(
    (engine) => {
      const files = engine.tokenizerFiles;
      post({ type: 'tokenizer', json: files.json, config: files.config });
      post({
        type: 'status',
        status: {
          state: 'ready',
          device: engine.device,
          dtype: engine.dtype,
          contextLimit: engine.contextLimit,
        },
      });
      return engine;
    },
    (error: unknown) => {
      loadFailure =
        error instanceof GeneratorLoadError
          ? error
          : new GeneratorLoadError('other', errorText(error));
      post({
        type: 'status',
        status: { state: 'failed', reason: loadFailure.reason, message: loadFailure.message },
      });
      throw loadFailure;
    },
  );
  return loading;
}

async function generate(id: number, request: LocalGenerateRequest) {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    if (!loading) throw new Error('The in-browser model was not loaded.');
    const engine = await loading;
    const result = await engine.generate(request, {
      signal: controller.signal,
      onText: (text) => post({ type: 'text', id, text }),
    });
    post({ type: 'result', id, result });
  } catch (error) {
    if (error instanceof ContextTooLongError) {
      post({ type: 'error', id, kind: 'context', message: error.message });
    } else if (error instanceof GeneratorLoadError) {
      post({ type: 'error', id, kind: 'load', reason: error.reason, message: error.message });
    } else {
      const message = errorText(error);
      post({
        type: 'error',
        id,
        kind: 'other',
        message: `The in-browser model failed: ${message}`,
      });
    }
  } finally {
    running.delete(id);
  }
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  switch (message.type) {
    case 'load':
      if (loadFailure) {
        post({
          type: 'status',
          status: { state: 'failed', reason: loadFailure.reason, message: loadFailure.message },
        });
        return;
      }
      startLoading(message.config).catch(() => undefined); // reported as a status
      break;
    case 'generate':
      void generate(message.id, message.request);
      break;
    case 'interrupt':
      running.get(message.id)?.abort();
      break;
  }
});
