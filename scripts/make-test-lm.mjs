#!/usr/bin/env node
// Generates tiny causal language models laid out like Hugging Face Hub repos of ONNX exports
// (onnx-community style), so tests can run transformers.js's real text-generation path offline: no
// weights can be downloaded on the test machines. Two of them:
//
// test-tiny-qwen2 stands in for Qwen2.5-Instruct:
// - config.json / generation_config.json as Qwen2.5 exports have them (model_type qwen2);
// - a byte-level BPE tokenizer.json (GPT-2 byte alphabet, Qwen2's pre-tokenizer regex, merges
//   learned here from a small corpus) with Qwen2.5's added tokens (<|endoftext|>, <|im_start|>,
//   <|im_end|>, <tool_call>, </tool_call>);
// - tokenizer_config.json carrying Qwen2.5-Instruct's chat template, tools and tool calls included;
// - onnx/model.onnx (fp32), onnx/model_quantized.onnx (q8: uint8 weights + DequantizeLinear) and
//   onnx/model_q4.onnx (4-bit blocks through com.microsoft MatMulNBits, as real q4 exports do): a
//   decoder graph with the inputs and outputs transformers.js feeds a decoder-only model
//   (input_ids, attention_mask, position_ids, past_key_values.N.key/value -> logits,
//   present.N.key/value). Two attention layers with a real KV cache: keys and values of earlier
//   tokens come back as present.*, are concatenated with the new ones, and a causal mask built from
//   the attention mask and position ids hides later tokens (scripts/lib/test-lm-graph.mjs).
//
// The weights are random (seeded): the text it writes is noise. A bias on the output layer favours
// whole-word tokens and rules out special tokens, so the noise reads as word salad and generation
// runs until max_new_tokens (or Stop), which the streaming and Stop tests rely on.
//
// test-tiny-qwen3 stands in for Qwen3-0.6B: model_type qwen3, Qwen3's per-head RMSNorm on queries
// and keys (q_norm, k_norm), grouped-query attention (2 query heads share 1 key/value head), an
// explicit head_dim, no q/k/v bias; Qwen3's added tokens (<tool_response>, </tool_response>,
// <think>, </think> too) and its chat template (enable_thinking, <think> blocks, tools in <tools>).
// Its answers are scripted where a whole agent turn must be certain: after the generation prompt
// that Qwen3's template writes with thinking off ("<think>\n\n</think>\n\n"), it calls
// ls {"path": "/"} in <tool_call> tags; once a <tool_response> is in the conversation it answers
// SCRIPTED_ANSWER instead. Elsewhere (with thinking on, say) it writes noise like the qwen2 model.
// The call and the answer are two test-only added tokens, so the script is a table lookup in the
// graph rather than a learned behaviour.
//
// Usage: node scripts/make-test-lm.mjs                   (both, into public/test-lm/)
//        node scripts/make-test-lm.mjs outDir [qwen3]    (one, into outDir; qwen2 by default)
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QWEN25_CHAT_TEMPLATE, QWEN3_CHAT_TEMPLATE } from './lib/test-lm-chat-templates.mjs';
import { buildModel, makeWeights } from './lib/test-lm-graph.mjs';
import { learnBpe, tokenizerJson } from './lib/test-lm-tokenizer.mjs';

export const TEST_LM_ID = 'test-tiny-qwen2';
export const TEST_QWEN3_ID = 'test-tiny-qwen3';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Parent folder of the model: `env.localModelPath` in Node, `/test-lm/` when the app serves it. */
export const TEST_LM_PARENT = join(root, 'public', 'test-lm');
export const TEST_LM_DIR = join(TEST_LM_PARENT, TEST_LM_ID);
export const TEST_QWEN3_DIR = join(TEST_LM_PARENT, TEST_QWEN3_ID);

/** The tool call test-tiny-qwen3 makes, and its answer once the result is in. */
export const SCRIPTED_CALL = { name: 'ls', arguments: { path: '/' } };
export const SCRIPTED_ANSWER = 'The ls result is above: those are the files.';

export const TEST_LM_CONFIG = {
  hidden: 32,
  heads: 2,
  headDim: 16,
  layers: 2,
  maxPositions: 32768,
  merges: 3000,
};

/**
 * Texts the app sends (its system prompt, tool descriptions, memory guidelines) and its README join
 * the corpus, so the app's requests take about as many tokens as with a real tokenizer: a
 * byte-level vocabulary learned from a few lines would make every request several times longer.
 */
const CORPUS_FILES = [
  'src/core/agent/prompt.ts',
  // The file tools, in the order their one file had (src/core/fs/tools.ts before issue 35).
  'src/core/fs/tools/format.ts',
  'src/core/fs/tools/args.ts',
  'src/core/fs/tools/run.ts',
  'src/core/fs/tools/schemas.ts',
  'src/core/fs/tools/index.ts',
  'src/core/memory/agents-md.ts',
  'src/core/tools/execute.ts',
  'README.md',
];

/** Added tokens, in Qwen2.5's order; <tool_call> and </tool_call> are not special (they decode). */
const QWEN25_ADDED = [
  { content: '<|endoftext|>', special: true },
  { content: '<|im_start|>', special: true },
  { content: '<|im_end|>', special: true },
  { content: '<tool_call>', special: false },
  { content: '</tool_call>', special: false },
];

const SCRIPTED_CALL_TEXT = `\n${JSON.stringify(SCRIPTED_CALL).replaceAll('":', '": ').replaceAll(',"', ', "')}\n`;

/** Qwen3's (in its order; the tags are not special, so they decode), then the two script tokens. */
const QWEN3_ADDED = [
  ...QWEN25_ADDED,
  { content: '<tool_response>', special: false },
  { content: '</tool_response>', special: false },
  { content: '<think>', special: false },
  { content: '</think>', special: false },
  { content: SCRIPTED_CALL_TEXT, special: false },
  { content: SCRIPTED_ANSWER, special: false },
];

/** What differs between the two models. */
const ARCHS = {
  qwen2: {
    id: TEST_LM_ID,
    dir: TEST_LM_DIR,
    added: QWEN25_ADDED,
    template: QWEN25_CHAT_TEMPLATE,
    cfg: {},
    config: { architectures: ['Qwen2ForCausalLM'], model_type: 'qwen2' },
    sampling: { temperature: 1.0, top_k: 40, top_p: 1.0 },
  },
  qwen3: {
    id: TEST_QWEN3_ID,
    dir: TEST_QWEN3_DIR,
    added: QWEN3_ADDED,
    template: QWEN3_CHAT_TEMPLATE,
    cfg: { kvHeads: 1, qkNorm: true, maxPositions: 40960, modelType: 'qwen3' },
    config: { architectures: ['Qwen3ForCausalLM'], model_type: 'qwen3', attention_bias: false },
    // Qwen3-0.6B's generation_config.json.
    sampling: { temperature: 0.6, top_k: 20, top_p: 0.95 },
  },
};

/**
 * test-tiny-qwen3's script (scripts/lib/test-lm-graph.mjs, scriptParts): which token must follow
 * which, before and after a tool response.
 */
function qwen3Script(vocab, merges, vocabSize, idOf) {
  const blankLine = vocab.indexOf('ĊĊ');
  if (blankLine < 0 || !merges.includes('Ċ Ċ')) {
    throw new Error(
      'The tokenizer has no single token for a blank line ("\\n\\n"): the script needs one.',
    );
  }
  const plain = new BigInt64Array(vocabSize).fill(-1n);
  const chain = (table, ids) => {
    for (let i = 0; i + 1 < ids.length; i++) table[ids[i]] = BigInt(ids[i + 1]);
  };
  chain(plain, [
    blankLine,
    idOf('<tool_call>'),
    idOf(SCRIPTED_CALL_TEXT),
    idOf('</tool_call>'),
    idOf('<|im_end|>'),
  ]);
  const afterTool = plain.slice();
  chain(afterTool, [blankLine, idOf(SCRIPTED_ANSWER), idOf('<|im_end|>')]);
  const marker = new Float32Array(vocabSize);
  marker[idOf('<tool_response>')] = 1;
  return { plain, afterTool, marker };
}

/** The text the merges are learned from: chat-template pieces, tool-call JSON and plain English. */
const CORPUS = `You are a helpful assistant. The user asked about memory, files and tools.
<tool_call>
{"name": "read_file", "arguments": {"file_path": "/notes/todo.md"}}
</tool_call>
<tool_call>
{"name": "write_file", "arguments": {"file_path": "/memories/AGENTS.md", "content": "The user prefers short answers."}}
</tool_call>
<tool_call>
{"name": "ls", "arguments": {"path": "/"}}
</tool_call>
<tool_response>
The file was written. There are three files in the workspace.
</tool_response>
The agent keeps its memory in a file and reads it before it answers. When the context grows too
long, older messages are summarized and the summary is kept with the thread. Facts about the user
are stored with a confidence score, and the most relevant facts are injected into the next request.
The quick brown fox jumps over the lazy dog. A model that runs in the browser downloads its weights
once and keeps them in the cache for the next visit. Tokens stream into the conversation as they are
generated, and the person can stop the answer at any time. This is a small test model with random
weights: what it writes is noise, but every step of the path that loads and runs it is real.
Memory, context, summary, strategy, window, retrieval, compression, paging, graph, facts, search,
edit, grep, glob, list, write, read, file, path, content, answer, question, thread, message, model.`;

/** Writes through a temporary file and a rename, so a concurrent reader never sees half a file. */
function writeAtomic(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * Generates a model into `outDir` (a Hub-like repo folder). Returns what tests need to know.
 * @param {{ outDir?: string, arch?: 'qwen2' | 'qwen3' }} [options]
 */
export function makeTestLm({ arch = 'qwen2', outDir = ARCHS[arch].dir } = {}) {
  const spec = ARCHS[arch];
  const corpus = [
    CORPUS,
    ...CORPUS_FILES.map((file) => join(root, file))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8')),
  ].join('\n');
  const { vocab, merges } = learnBpe(corpus, TEST_LM_CONFIG.merges);
  const added = spec.added.map((token, i) => ({ ...token, id: vocab.length + i }));
  const vocabSize = vocab.length + added.length;
  const idOf = (content) => added.find((t) => t.content === content).id;

  // Whole words (a space then two or more letters) are favoured, specials never chosen; the rest
  // (bytes, pieces, punctuation) stay possible, so the noise has some texture.
  const logitBias = new Float32Array(vocabSize);
  vocab.forEach((token, id) => {
    if (/^Ġ[A-Za-z]{2,}$/.test(token)) logitBias[id] = 4;
    else if (!/^[\u0021-\u007e]+$/.test(token.replace(/^Ġ/, ''))) logitBias[id] = -8;
  });
  for (const { id } of added) logitBias[id] = -1e4;

  const cfg = { ...TEST_LM_CONFIG, ...spec.cfg, vocabSize };
  if (arch === 'qwen3') cfg.script = qwen3Script(vocab, merges, vocabSize, idOf);
  const weights = makeWeights(cfg, logitBias);
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const imEnd = idOf('<|im_end|>');
  const endOfText = idOf('<|endoftext|>');
  const config = {
    _name_or_path: spec.id,
    ...spec.config,
    hidden_size: cfg.hidden,
    intermediate_size: cfg.hidden * 2,
    num_attention_heads: cfg.heads,
    num_key_value_heads: cfg.kvHeads ?? cfg.heads,
    head_dim: cfg.headDim,
    num_hidden_layers: cfg.layers,
    max_position_embeddings: cfg.maxPositions,
    vocab_size: vocabSize,
    bos_token_id: endOfText,
    eos_token_id: imEnd,
    hidden_act: 'silu',
    rms_norm_eps: 1e-6,
    rope_theta: 1000000,
    tie_word_embeddings: false,
    torch_dtype: 'float32',
    use_cache: true,
  };
  const generationConfig = {
    bos_token_id: endOfText,
    eos_token_id: [imEnd, endOfText],
    pad_token_id: endOfText,
    do_sample: true,
    ...spec.sampling,
  };
  const tokenizerConfig = {
    add_bos_token: false,
    add_prefix_space: false,
    added_tokens_decoder: Object.fromEntries(
      added.map(({ id, content, special }) => [
        String(id),
        { content, lstrip: false, normalized: false, rstrip: false, single_word: false, special },
      ]),
    ),
    additional_special_tokens: ['<|im_start|>', '<|im_end|>'],
    bos_token: null,
    chat_template: spec.template,
    clean_up_tokenization_spaces: false,
    eos_token: '<|im_end|>',
    errors: 'replace',
    model_max_length: cfg.maxPositions,
    pad_token: '<|endoftext|>',
    split_special_tokens: false,
    tokenizer_class: 'Qwen2Tokenizer',
    unk_token: null,
  };

  const files = {
    'config.json': json(config),
    'generation_config.json': json(generationConfig),
    'tokenizer.json': json(tokenizerJson(vocab, merges, added)),
    'tokenizer_config.json': json(tokenizerConfig),
    'onnx/model.onnx': buildModel(cfg, weights, 'fp32'),
    'onnx/model_quantized.onnx': buildModel(cfg, weights, 'q8'),
    'onnx/model_q4.onnx': buildModel(cfg, weights, 'q4'),
  };
  const sizes = {};
  for (const [name, data] of Object.entries(files)) {
    writeAtomic(join(outDir, name), data);
    sizes[name] = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  }
  return { dir: outDir, modelId: spec.id, vocabSize, imEndId: imEnd, sizes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [outArg, archArg = 'qwen2'] = process.argv.slice(2);
  if (!(archArg in ARCHS)) throw new Error(`Unknown architecture ${archArg}: qwen2 or qwen3.`);
  const runs = outArg
    ? [{ arch: archArg, outDir: resolve(outArg) }]
    : Object.keys(ARCHS).map((arch) => ({ arch }));
  for (const run of runs) {
    const { dir, vocabSize, sizes } = makeTestLm(run);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(
      `Test language model written to ${dir} (${run.arch}, vocab ${vocabSize}, ` +
        `${TEST_LM_CONFIG.layers} layers, hidden ${TEST_LM_CONFIG.hidden}, ` +
        `${(total / 1024).toFixed(0)} KiB: ${Object.entries(sizes)
          .map(([name, size]) => `${name} ${(size / 1024).toFixed(0)} KiB`)
          .join(', ')}).`,
    );
  }
}
