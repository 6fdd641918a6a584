// The transformers.js side of the in-browser model: loading a causal language model and its
// tokenizer (with download progress per file and in total), and generating from a chat request with
// streamed text, Stop, and timing. It has no DOM and no worker plumbing, so the generator worker
// (src/workers/generator.worker.ts) and the Node tests (onnxruntime-node) run the same code.
import {
  AutoModelForCausalLM,
  AutoTokenizer,
  InterruptableStoppingCriteria,
  ModelRegistry,
  TextStreamer,
  type DataType,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type ProgressInfo,
  type Tensor,
} from '@huggingface/transformers';
import {
  templateSupportsTools,
  toChatPrompt,
  type LocalGenerateRequest,
  type LocalGenerateResult,
} from '../core/providers/local';
import type {
  FileBytes,
  GeneratorFailureReason,
  GeneratorStatus,
} from '../core/providers/local/status';
import {
  clearHtmlAnswers,
  configureTransformers,
  describeSource,
  htmlAnswerFor,
  type ModelSource,
} from './transformers-setup';
import { errorText } from '../core/text/errors';

export type EngineDevice = 'webgpu' | 'wasm' | 'cpu';

export interface EngineLoadOptions {
  modelId: string;
  source: ModelSource;
  device: EngineDevice;
  dtype: Exclude<DataType, 'auto'>;
  onStatus?: (status: GeneratorStatus) => void;
  /** The page URL, to resolve relative paths (the worker's location; unused in Node). */
  baseHref?: string;
  /** The onnxruntime-web binary the app serves (the worker's; unused in Node). */
  wasmUrl?: string;
  /**
   * Awaited before every forward pass. The worker passes a yield to its event loop: on WASM a
   * forward pass settles without giving other tasks a turn, so without it the 'interrupt' message
   * (Stop) would only be read once generation had finished.
   */
  beforeStep?: () => Promise<void>;
}

export interface GeneratorEngine {
  readonly modelId: string;
  readonly device: EngineDevice;
  readonly dtype: string;
  readonly contextLimit: number;
  readonly tokenizer: PreTrainedTokenizer;
  /** tokenizer.json and tokenizer_config.json as loaded, for a counter on the page. */
  readonly tokenizerFiles: { json: unknown; config: unknown };
  generate(request: LocalGenerateRequest, options: GenerateOptions): Promise<LocalGenerateResult>;
  countTokens(text: string): number;
  /** The prompt text the chat template makes of a request (what generate() tokenizes). */
  renderPrompt(request: Omit<LocalGenerateRequest, 'maxNewTokens'>): string;
  dispose(): Promise<void>;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  onText?: (text: string) => void;
  /**
   * Greedy decoding instead of the model's own generation_config.json sampling (the app always
   * uses the model's; the evaluation script can ask for greedy, for repeatable runs).
   */
  greedy?: boolean;
}

/** A failure with the reason the UI acts on (offer the Demo when the host is unreachable, …). */
export class GeneratorLoadError extends Error {
  constructor(
    readonly reason: GeneratorFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'GeneratorLoadError';
  }
}

/** The prompt does not fit the model (it would read past its position limit). */
export class ContextTooLongError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContextTooLongError';
  }
}

/** A message a person can act on, whatever transformers.js or the network threw. */
export function explainLoadError(
  error: unknown,
  modelId: string,
  source: ModelSource,
): GeneratorLoadError {
  if (error instanceof GeneratorLoadError) return error;
  const where = describeSource(source);
  const raw = errorText(error);
  const name = error instanceof Error ? error.name : '';
  if (
    (error instanceof TypeError && /fetch|network|load|connect/i.test(raw)) ||
    /fetch failed|failed to fetch|networkerror|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/i.test(raw)
  ) {
    return new GeneratorLoadError(
      'unreachable',
      `Could not reach ${where} to download "${modelId}" (${raw}). Check the connection and the ` +
        'model host setting (the server must allow this page: CORS).',
    );
  }
  if (name === 'ModelFileNotFoundError' || /not found|404|could not locate/i.test(raw)) {
    const html = htmlAnswerFor(raw);
    const detail = html
      ? `the server answered ${html} with an HTML page instead of the file`
      : `a file is missing (${raw})`;
    return new GeneratorLoadError(
      'missing',
      `Could not load "${modelId}" from ${where}: ${detail}. Check the model id, the quantization ` +
        'and the model host.',
    );
  }
  if (/unauthori[sz]ed|401|403|gated|forbidden/i.test(raw)) {
    return new GeneratorLoadError(
      'missing',
      `"${modelId}" on ${where} needs a sign-in (a gated or private repository): choose a public model.`,
    );
  }
  if (error instanceof SyntaxError) {
    return new GeneratorLoadError(
      'missing',
      `Could not load "${modelId}" from ${where}: a file is not valid JSON (${raw}).`,
    );
  }
  return new GeneratorLoadError(
    /memory|allocation|unsupported|webgpu|not implemented|could not find an implementation/i.test(
      raw,
    )
      ? 'unsupported'
      : 'other',
    `Could not load "${modelId}" from ${where}: ${raw}`,
  );
}

/**
 * The files the model needs and their sizes, read before downloading (small range requests), so
 * the progress bar has a total from the start and a model already cached says so. Only for remote
 * hosts: for a path the app serves, probing would fetch whole files.
 */
async function probeFiles(
  options: EngineLoadOptions,
): Promise<{ files: Record<string, FileBytes>; fromCache: boolean } | null> {
  const { modelId, dtype, device } = options;
  if (options.source.kind === 'local') {
    // Small files only: the configuration and the tokenizer's, so a wrong id or path is named.
    for (const name of ['config.json', 'tokenizer_config.json']) {
      const meta = await ModelRegistry.get_file_metadata(modelId, name);
      if (!meta.exists) throw missingFile(options, name);
    }
    return null;
  }
  const names = await ModelRegistry.get_files(modelId, {
    dtype,
    ...(device === 'cpu' ? {} : { device }),
    include_processor: false,
  });
  const files: Record<string, FileBytes> = {};
  let fromCache = true;
  await Promise.all(
    names.map(async (name) => {
      const meta = await ModelRegistry.get_file_metadata(modelId, name);
      if (!meta.exists) {
        // config.json is required; optional files (generation_config.json) may be absent.
        if (name === 'generation_config.json') return;
        throw missingFile(options, name);
      }
      if (!meta.fromCache) fromCache = false;
      files[name] = { loaded: 0, total: meta.size ?? null };
    }),
  );
  return { files, fromCache };
}

function missingFile(options: EngineLoadOptions, name: string): GeneratorLoadError {
  return new GeneratorLoadError(
    'missing',
    `Could not load "${options.modelId}" from ${describeSource(options.source)}: ${name} is not ` +
      'there. Check the model id, the quantization and the model host.',
  );
}

export async function loadEngine(options: EngineLoadOptions): Promise<GeneratorEngine> {
  const { modelId, source, device, dtype } = options;
  const report = options.onStatus ?? (() => undefined);
  configureTransformers({ source, baseHref: options.baseHref, wasmUrl: options.wasmUrl });
  clearHtmlAnswers();
  try {
    report({ state: 'checking' });
    const probed = await probeFiles(options);
    const files: Record<string, FileBytes> = probed?.files ?? {};
    const fromCache = probed?.fromCache ?? false;
    let lastReport = 0;
    const post = (force = false) => {
      const now = Date.now();
      if (!force && now - lastReport < 100) return; // progress events come per chunk
      lastReport = now;
      const list = Object.values(files);
      const known = list.every((f) => f.total !== null);
      report({
        state: 'downloading',
        loaded: list.reduce((sum, f) => sum + f.loaded, 0),
        total: known && list.length > 0 ? list.reduce((sum, f) => sum + (f.total ?? 0), 0) : null,
        files: structuredClone(files),
        fromCache,
      });
    };
    post(true);
    const progress_callback = (info: ProgressInfo) => {
      if (info.status === 'progress') {
        const file = (files[info.file] ??= { loaded: 0, total: null });
        file.loaded = info.loaded;
        if (info.total) file.total = info.total;
        post(info.loaded === info.total);
      } else if (info.status === 'done' && 'file' in info) {
        const file = files[info.file];
        if (file && file.total !== null) file.loaded = file.total;
        post(true);
      }
    };
    const [tokenizer, model] = await Promise.all([
      AutoTokenizer.from_pretrained(modelId, { progress_callback }),
      AutoModelForCausalLM.from_pretrained(modelId, {
        device,
        dtype,
        progress_callback,
      }).then((m) => {
        report({ state: 'loading' });
        return m;
      }),
    ]);
    const config = model.config as unknown as { max_position_embeddings?: number };
    if (options.beforeStep) {
      const step = options.beforeStep;
      const forward = model.forward.bind(model);
      // generate() calls this.forward once per new token (and once for the prompt).
      model.forward = async (inputs: Parameters<typeof forward>[0]) => {
        await step();
        return forward(inputs);
      };
    }
    const engine = createEngine({
      modelId,
      device,
      dtype,
      tokenizer,
      model,
      contextLimit: config.max_position_embeddings ?? tokenizer.model_max_length ?? 2048,
    });
    report({ state: 'ready', device, dtype, contextLimit: engine.contextLimit });
    return engine;
  } catch (error) {
    throw explainLoadError(error, modelId, source);
  }
}

function eosIds(model: PreTrainedModel): Set<number> {
  const config = (model as unknown as { generation_config?: { eos_token_id?: unknown } })
    .generation_config;
  const eos =
    config?.eos_token_id ?? (model.config as unknown as { eos_token_id?: unknown }).eos_token_id;
  const list = Array.isArray(eos) ? eos : eos === undefined || eos === null ? [] : [eos];
  return new Set(list.map(Number));
}

function createEngine(parts: {
  modelId: string;
  device: EngineDevice;
  dtype: string;
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
  contextLimit: number;
}): GeneratorEngine {
  const { tokenizer, model, contextLimit } = parts;
  const nativeTools = templateSupportsTools(tokenizer.chat_template);
  const eos = eosIds(model);
  const internals = tokenizer as unknown as { _tokenizerJSON: unknown; _tokenizerConfig: unknown };
  // One generation at a time: a second request waits for the first.
  let queue: Promise<unknown> = Promise.resolve();

  function applyTemplate(request: Omit<LocalGenerateRequest, 'maxNewTokens'>, tokenize: boolean) {
    const prompt = toChatPrompt(request, { nativeTools });
    const options = {
      tools: prompt.tools ?? null,
      add_generation_prompt: true,
      // A template variable (transformers.js passes unknown options to the template): Qwen3's then
      // closes an empty <think> block, so the model answers without reasoning first (many tokens on
      // a small model in a tab). Templates without the switch ignore it.
      enable_thinking: false,
      tokenize,
      return_dict: true as const,
    };
    return tokenizer.apply_chat_template(prompt.messages, options);
  }

  async function run(
    request: LocalGenerateRequest,
    { signal, onText, greedy }: GenerateOptions,
  ): Promise<LocalGenerateResult> {
    const started = performance.now();
    const inputs = applyTemplate(request, true) as { input_ids: Tensor; attention_mask: Tensor };
    const inputTokens = Number(inputs.input_ids.dims.at(-1) ?? 0);
    if (inputTokens >= contextLimit) {
      throw new ContextTooLongError(
        `The request is ${inputTokens.toLocaleString('en-US')} tokens; ${parts.modelId} reads at ` +
          `most ${contextLimit.toLocaleString('en-US')}. Set a smaller context window in Settings ` +
          'so compaction keeps requests inside it, or start a new thread.',
      );
    }
    const maxNewTokens = Math.max(1, Math.min(request.maxNewTokens, contextLimit - inputTokens));
    const stopper = new InterruptableStoppingCriteria();
    const onAbort = () => stopper.interrupt();
    if (signal?.aborted) stopper.interrupt();
    signal?.addEventListener('abort', onAbort, { once: true });
    let first: number | null = null;
    let last: number | null = null;
    const streamer = new TextStreamer(tokenizer, {
      skip_prompt: true,
      skip_special_tokens: true,
      callback_function: (text: string) => onText?.(text),
      token_callback_function: () => {
        const now = performance.now();
        first ??= now;
        last = now;
      },
    });
    try {
      const output = (await model.generate({
        ...inputs,
        max_new_tokens: maxNewTokens,
        streamer,
        stopping_criteria: stopper,
        ...(greedy ? { do_sample: false } : {}),
      })) as Tensor;
      const all = (output.tolist() as bigint[][])[0] ?? [];
      const generated = all.slice(inputTokens).map(Number);
      const text = tokenizer.decode(generated, { skip_special_tokens: true });
      const outputTokens = generated.length;
      const interrupted = stopper.interrupted;
      const endedAtEos = generated.length > 0 && eos.has(generated[generated.length - 1]!);
      const firstAt = first as number | null;
      const lastAt = last as number | null;
      return {
        text,
        inputTokens,
        outputTokens,
        timeToFirstTokenMs: firstAt === null ? null : firstAt - started,
        tokensPerSecond:
          firstAt !== null && lastAt !== null && outputTokens > 1 && lastAt > firstAt
            ? ((outputTokens - 1) / (lastAt - firstAt)) * 1000
            : null,
        interrupted,
        truncated: !interrupted && !endedAtEos && outputTokens >= maxNewTokens,
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    modelId: parts.modelId,
    device: parts.device,
    dtype: parts.dtype,
    contextLimit,
    tokenizer,
    tokenizerFiles: { json: internals._tokenizerJSON, config: internals._tokenizerConfig },
    generate(request, options) {
      const next = queue.then(() => run(request, options));
      queue = next.catch(() => undefined);
      return next;
    },
    countTokens(text) {
      return tokenizer.encode(text, { add_special_tokens: false }).length;
    },
    renderPrompt(request) {
      return applyTemplate(request, false) as string;
    },
    async dispose() {
      await model.dispose();
    },
  };
}
