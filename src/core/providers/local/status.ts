// What the in-browser model is doing, as the generator worker reports it and the UI shows it.

export interface FileBytes {
  loaded: number;
  /** null until the server tells the size. */
  total: number | null;
}

export type GeneratorFailureReason =
  /** The host did not answer (offline, wrong address, blocked by CORS). */
  | 'unreachable'
  /** The host answered but a file is not there (wrong model id, quantization or path). */
  | 'missing'
  /** The files arrived but this browser cannot run them (WebGPU, memory, an operator). */
  | 'unsupported'
  | 'other';

export type GeneratorStatus =
  | { state: 'idle' }
  /** Reading the configuration and the sizes of the files. */
  | { state: 'checking' }
  | {
      state: 'downloading';
      /** Bytes received (or read back from this browser's cache) over every file. */
      loaded: number;
      /** Sum of the file sizes, once known. */
      total: number | null;
      files: Record<string, FileBytes>;
      /** True when every file is already in this browser's cache (nothing is downloaded). */
      fromCache: boolean;
    }
  /** Files are in; the runtime is building the model (seconds for a large model). */
  | { state: 'loading' }
  | {
      state: 'ready';
      device: 'webgpu' | 'wasm' | 'cpu';
      dtype: string;
      /** Most tokens the model reads (its max_position_embeddings). */
      contextLimit: number;
    }
  | { state: 'failed'; reason: GeneratorFailureReason; message: string }
  /** The person cancelled the download (files that had finished stay in the cache). */
  | { state: 'cancelled' };

/** Percent of the download done, or null while the total is unknown. */
export function downloadPercent(status: GeneratorStatus): number | null {
  if (status.state !== 'downloading' || !status.total) return null;
  return Math.min(100, (status.loaded / status.total) * 100);
}

/** A call's speed on the in-browser model ("12.3 tokens/s · first token after 0.45 s"), or null. */
export function describeCallSpeed(usage: {
  tokensPerSecond?: number;
  timeToFirstTokenMs?: number;
}): string | null {
  const parts: string[] = [];
  if (usage.tokensPerSecond !== undefined)
    parts.push(`${usage.tokensPerSecond.toFixed(1)} tokens/s`);
  if (usage.timeToFirstTokenMs !== undefined)
    parts.push(`first token after ${(usage.timeToFirstTokenMs / 1000).toFixed(2)} s`);
  return parts.length > 0 ? parts.join(' · ') : null;
}
