// The in-browser models the app suggests, with their published download sizes, and the settings
// ranges of the "In-browser model" provider. The default is chosen from published figures: tool
// calling (BFCL v3: Qwen3-0.6B 47.3%, Qwen2.5-0.5B-Instruct 35.6%), download size and chat-template
// tool support. `npm run eval:local-model -- --models a,b` measures tool-call reliability side by
// side for anyone who has the weights (README, "In-browser model").

/** onnxruntime quantizations transformers.js can load (file suffixes in the repo's onnx/ folder). */
export const LOCAL_DTYPES = ['auto', 'q4f16', 'q4', 'q8', 'fp16', 'fp32'] as const;
export type LocalDtype = (typeof LOCAL_DTYPES)[number];

export const LOCAL_DTYPE_LABELS: Record<LocalDtype, string> = {
  auto: 'Automatic (q4f16 on WebGPU, q8 on WASM)',
  q4f16: 'q4f16 (4-bit weights, fp16; WebGPU)',
  q4: 'q4 (4-bit weights)',
  q8: 'q8 (8-bit weights)',
  fp16: 'fp16',
  fp32: 'fp32 (largest)',
};

/** What 'auto' means on each device: the smallest file that runs well there. */
export function resolveDtype(
  dtype: LocalDtype,
  device: 'webgpu' | 'wasm',
): Exclude<LocalDtype, 'auto'> {
  if (dtype !== 'auto') return dtype;
  return device === 'webgpu' ? 'q4f16' : 'q8';
}

export const DEFAULT_LOCAL_MODEL = 'onnx-community/Qwen3-0.6B-ONNX';
/**
 * The default until issue 34. Settings that name it keep it (they name a model, not "the default"),
 * so a person who has it downloaded is not sent a new download; it stays in LOCAL_MODELS.
 */
export const PREVIOUS_DEFAULT_LOCAL_MODEL = 'onnx-community/Qwen2.5-0.5B-Instruct';
export const DEFAULT_MAX_NEW_TOKENS = 512;
export const MAX_NEW_TOKENS_RANGE = { min: 16, max: 8192 } as const;
/**
 * The context window the app plans with for an in-browser model when the person sets none: the
 * model may read more (Qwen3: 40,960; Qwen2.5: 32,768), but every token of the prompt is computed in the tab, and
 * the key/value cache grows with it. Compaction then keeps requests inside it.
 */
export const DEFAULT_LOCAL_CONTEXT_WINDOW = 8_192;

export interface LocalModelInfo {
  id: string;
  label: string;
  /** Published file sizes in bytes (the onnx file of each quantization, plus tokenizer and configs). */
  sizes: Partial<Record<Exclude<LocalDtype, 'auto'>, number>>;
  /** Tokenizer and configuration files, downloaded whatever the quantization. */
  extraBytes: number;
  contextLimit: number;
  /** How its chat template handles tools. */
  tools: 'template' | 'instructions';
  note: string;
}

const MB = 1_000_000;

/**
 * Sizes as the Hugging Face file listings give them (onnx-community and HuggingFaceTB repos,
 * onnx/ folder); a quantization whose size is not among the published figures we have is left out
 * (the download shows its size when it starts). `tools: 'template'`: the chat template renders
 * tools and tool calls itself.
 */
export const LOCAL_MODELS: readonly LocalModelInfo[] = [
  {
    id: 'onnx-community/Qwen3-0.6B-ONNX',
    label: 'Qwen3 0.6B',
    // Published: model_q4f16.onnx about 570 MB; tokenizer.json 11.4 MB (Qwen/Qwen3-0.6B). The q8
    // file's (model_quantized.onnx, what WASM loads) is not among the figures we have.
    sizes: { q4f16: 570 * MB },
    extraBytes: 11.5 * MB,
    contextLimit: 40_960,
    tools: 'template',
    note:
      'Default: the best small tool caller we know of (BFCL v3 47.3% against Qwen2.5 0.5B’s 35.6%), ' +
      'for about 90 MB more. Its reasoning (<think>) is switched off through its chat template.',
  },
  {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct',
    sizes: { q4f16: 483 * MB, q4: 786 * MB, q8: 512 * MB, fp16: 997 * MB, fp32: 1990 * MB },
    extraBytes: 7.1 * MB,
    contextLimit: 32_768,
    tools: 'template',
    note: 'The default before Qwen3: smaller, and its chat template teaches tool calls too; it calls tools less reliably.',
  },
  {
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    label: 'Qwen2.5 1.5B Instruct',
    sizes: { q4f16: 1220 * MB, q4: 1790 * MB, q8: 1580 * MB },
    extraBytes: 7.1 * MB,
    contextLimit: 32_768,
    tools: 'template',
    note: 'Same template, better answers, about 2.5 times the download.',
  },
  {
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2 360M Instruct',
    sizes: { q4f16: 299 * MB, q4: 417 * MB, fp16: 819 * MB, fp32: 1640 * MB },
    extraBytes: 2.2 * MB,
    contextLimit: 8_192,
    tools: 'instructions',
    note: 'Smaller; its chat template has no tools, so the app writes the tool instructions itself.',
  },
];

export function localModelInfo(id: string): LocalModelInfo | undefined {
  return LOCAL_MODELS.find((m) => m.id.toLowerCase() === id.trim().toLowerCase());
}

/** The published download size of a model in a quantization, when the table knows it. */
export function publishedSize(id: string, dtype: Exclude<LocalDtype, 'auto'>): number | undefined {
  const info = localModelInfo(id);
  const size = info?.sizes[dtype];
  return info && size !== undefined ? size + info.extraBytes : undefined;
}

/** "483 MB", "1.2 GB", "640 KB": decimal units, as download sizes are published. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(bytes >= 1e10 ? 0 : 1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${Math.round(bytes)} B`;
}
