// The one transformers.js setup both workers use (the embedder worker, and the generator engine that
// the generator worker and the Node tests run): where model files come from (the Hub, a mirror, or a
// path the app serves), the onnxruntime-web binary the app serves itself (transformers.js would
// otherwise fetch it from jsDelivr: nothing comes from a CDN), a fetch shim that turns a SPA's HTML
// fallback into a 404, and the WebGPU-or-WASM choice. No DOM; safe to import in Node (the wasm URL
// is passed in by the workers, which import it with Vite's `?url`).
import { env } from '@huggingface/transformers';

/** Where the model files come from, resolved by the client from the user's base URL setting. */
export type ModelSource =
  /** The Hugging Face Hub. */
  | { kind: 'hub' }
  /** Served by the app (or any URL prefix) laid out as `<path><modelId>/config.json`. */
  | { kind: 'local'; path: string }
  /** A mirror: files at `<host><pathTemplate with {model}, {revision}><file>`. */
  | { kind: 'remote'; host: string; pathTemplate: string };

const HUB: Extract<ModelSource, { kind: 'remote' }> = {
  kind: 'remote',
  host: 'https://huggingface.co/',
  pathTemplate: '{model}/resolve/{revision}/',
};

export interface TransformersSetup {
  source: ModelSource;
  /** The page (or worker) URL that relative paths resolve against; absent in Node. */
  baseHref?: string;
  /**
   * The onnxruntime-web binary as the app serves it (a worker's `?url` import of
   * onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm); absent in Node (onnxruntime-node).
   */
  wasmUrl?: string;
}

/** Model-file paths the server answered with an HTML page (a SPA fallback for a missing file). */
const htmlInsteadOfFile: string[] = [];

/** Forgets the HTML answers seen so far (call before each loading attempt). */
export function clearHtmlAnswers(): void {
  htmlInsteadOfFile.length = 0;
}

/**
 * The path an error is about that the server answered with an HTML page (or the first such path:
 * an optional file may have had one too), if any: then the file is most likely missing.
 */
export function htmlAnswerFor(errorMessage: string): string | undefined {
  return htmlInsteadOfFile.find((path) => errorMessage.includes(path)) ?? htmlInsteadOfFile[0];
}

/**
 * Points transformers.js at the model's host and the app's own runtime binary. The Hub and user
 * URLs are cached in Cache Storage ('transformers-cache') in browsers, so a second visit downloads
 * nothing; files the app serves (a local path) are in the HTTP cache already, and Cache Storage
 * would keep stale copies when they change (a regenerated test model). Never the file-system cache.
 */
export function configureTransformers({ source, baseHref, wasmUrl }: TransformersSetup): void {
  const wasm = env.backends.onnx.wasm;
  if (wasmUrl && wasm) {
    // One thread: threads need cross-origin isolation (COOP/COEP headers), which the app does not
    // have, and the asyncify build transformers.js bundles is single-threaded.
    wasm.wasmPaths = { wasm: new URL(wasmUrl, baseHref).href };
    wasm.numThreads = 1;
    wasm.proxy = false;
  }
  // Pre-caching the runtime in Cache Storage would import it from a blob: URL (which a strict CSP
  // refuses) and duplicate ~27 MB the HTTP cache already holds.
  env.useWasmCache = false;
  env.useFSCache = false;
  if (source.kind === 'local') {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = source.path;
    env.useBrowserCache = false;
  } else {
    const remote = source.kind === 'hub' ? HUB : source;
    // No local models: else transformers.js first probes /models/<id>/ on the app's own origin.
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
    env.remoteHost = remote.host;
    env.remotePathTemplate = remote.pathTemplate;
    env.useBrowserCache = typeof caches !== 'undefined';
  }
  env.fetch = htmlAs404(globalThis.fetch.bind(globalThis), baseHref);
}

/**
 * Static hosts and `vite preview` answer a missing file with index.html (status 200): make that a
 * 404, so a missing file is reported as missing, not as a JSON or protobuf parse error.
 */
function htmlAs404(baseFetch: typeof fetch, baseHref: string | undefined) {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const response = await baseFetch(input, init);
    const href = typeof input === 'string' ? input : input.href;
    let path = href;
    try {
      path = new URL(href, baseHref).pathname;
    } catch {
      // a file path in Node
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && /text\/html/i.test(type) && !/\.html?$/i.test(path)) {
      htmlInsteadOfFile.push(path);
      await response.body?.cancel().catch(() => undefined);
      return new Response(null, { status: 404, statusText: 'HTML page instead of the file' });
    }
    return response;
  };
}

/** Where the files come from, for messages. */
export function describeSource(source: ModelSource): string {
  switch (source.kind) {
    case 'hub':
      return 'the Hugging Face Hub';
    case 'local':
      return source.path;
    case 'remote':
      return source.host;
  }
}

export interface GpuAdapterLike {
  features: { has(name: string): boolean };
}

/** The browser's WebGPU adapter, or null when there is none (or no WebGPU at all, as in Node). */
export async function gpuAdapter(): Promise<GpuAdapterLike | null> {
  const gpu =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { gpu?: { requestAdapter(): Promise<GpuAdapterLike | null> } })
          .gpu;
  if (!gpu) return null;
  try {
    return await gpu.requestAdapter();
  } catch {
    return null;
  }
}
