#!/usr/bin/env node
// Generates a tiny causal language model laid out like a Hugging Face Hub repo of an ONNX export
// (onnx-community style), so tests can run transformers.js's real text-generation path offline: no
// weights can be downloaded on the test machines. It is a "qwen2" model:
//
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
//   the attention mask and position ids hides later tokens.
//
// The weights are random (seeded): the text it writes is noise. A bias on the output layer favours
// whole-word tokens and rules out special tokens, so the noise reads as word salad and generation
// runs until max_new_tokens (or Stop), which the streaming and Stop tests rely on.
//
// Usage: node scripts/make-test-lm.mjs [outDir]   (default public/test-lm/test-tiny-qwen2)
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export const TEST_LM_ID = 'test-tiny-qwen2';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Parent folder of the model: `env.localModelPath` in Node, `/test-lm/` when the app serves it. */
export const TEST_LM_PARENT = join(root, 'public', 'test-lm');
export const TEST_LM_DIR = join(TEST_LM_PARENT, TEST_LM_ID);

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
  'src/core/fs/tools.ts',
  'src/core/memory/agents-md.ts',
  'src/core/tools/execute.ts',
  'README.md',
];

// Qwen2's pre-tokenizer (tokenizer.json of every Qwen2 / Qwen2.5 model).
const QWEN2_SPLIT =
  "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
// The same for JavaScript without inline modifiers (used here to learn the merges).
const SPLIT_JS =
  /'(?:[sStTmMdD]|[rR][eE]|[vV][eE]|[lL][lL])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/** Qwen2.5-Instruct's chat template (tokenizer_config.json of Qwen/Qwen2.5-*-Instruct). */
export const QWEN25_CHAT_TEMPLATE = `{%- if tools %}
    {{- '<|im_start|>system\\n' }}
    {%- if messages[0]['role'] == 'system' %}
        {{- messages[0]['content'] }}
    {%- else %}
        {{- 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.' }}
    {%- endif %}
    {{- "\\n\\n# Tools\\n\\nYou may call one or more functions to assist with the user query.\\n\\nYou are provided with function signatures within <tools></tools> XML tags:\\n<tools>" }}
    {%- for tool in tools %}
        {{- "\\n" }}
        {{- tool | tojson }}
    {%- endfor %}
    {{- "\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\\n<tool_call>\\n{\\"name\\": <function-name>, \\"arguments\\": <args-json-object>}\\n</tool_call><|im_end|>\\n" }}
{%- else %}
    {%- if messages[0]['role'] == 'system' %}
        {{- '<|im_start|>system\\n' + messages[0]['content'] + '<|im_end|>\\n' }}
    {%- else %}
        {{- '<|im_start|>system\\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\\n' }}
    {%- endif %}
{%- endif %}
{%- for message in messages %}
    {%- if (message.role == "user") or (message.role == "system" and not loop.first) or (message.role == "assistant" and not message.tool_calls) %}
        {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}
    {%- elif message.role == "assistant" %}
        {{- '<|im_start|>' + message.role }}
        {%- if message.content %}
            {{- '\\n' + message.content }}
        {%- endif %}
        {%- for tool_call in message.tool_calls %}
            {%- if tool_call.function is defined %}
                {%- set tool_call = tool_call.function %}
            {%- endif %}
            {{- '\\n<tool_call>\\n{"name": "' }}
            {{- tool_call.name }}
            {{- '", "arguments": ' }}
            {{- tool_call.arguments | tojson }}
            {{- '}\\n</tool_call>' }}
        {%- endfor %}
        {{- '<|im_end|>\\n' }}
    {%- elif message.role == "tool" %}
        {%- if (loop.index0 == 0) or (messages[loop.index0 - 1].role != "tool") %}
            {{- '<|im_start|>user' }}
        {%- endif %}
        {{- '\\n<tool_response>\\n' }}
        {{- message.content }}
        {{- '\\n</tool_response>' }}
        {%- if loop.last or (messages[loop.index0 + 1].role != "tool") %}
            {{- '<|im_end|>\\n' }}
        {%- endif %}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\\n' }}
{%- endif %}
`;

/** Added tokens, in Qwen2.5's order; <tool_call> and </tool_call> are not special (they decode). */
const ADDED = [
  { content: '<|endoftext|>', special: true },
  { content: '<|im_start|>', special: true },
  { content: '<|im_end|>', special: true },
  { content: '<tool_call>', special: false },
  { content: '</tool_call>', special: false },
];

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

/** GPT-2's reversible byte -> printable character table, used by every byte-level BPE. */
function bytesToUnicode() {
  const bs = [];
  for (let b = 33; b <= 126; b++) bs.push(b);
  for (let b = 161; b <= 172; b++) bs.push(b);
  for (let b = 174; b <= 255; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n);
      n++;
    }
  }
  const map = new Map();
  bs.forEach((b, i) => map.set(b, String.fromCodePoint(cs[i])));
  return map;
}

/** Byte-level BPE: the 256 byte symbols, then `count` merges learned from the corpus. */
function learnBpe(corpus, count) {
  const byteChar = bytesToUnicode();
  const encoder = new TextEncoder();
  const words = new Map();
  for (const piece of corpus.match(SPLIT_JS) ?? []) {
    const symbols = [...encoder.encode(piece)].map((b) => byteChar.get(b));
    const key = symbols.join('\u0000');
    words.set(key, (words.get(key) ?? 0) + 1);
  }
  let entries = [...words].map(([key, freq]) => ({ symbols: key.split('\u0000'), freq }));
  const vocab = [...byteChar.values()].sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
  const merges = [];
  for (let m = 0; m < count; m++) {
    const pairs = new Map();
    for (const { symbols, freq } of entries) {
      for (let i = 0; i < symbols.length - 1; i++) {
        const pair = `${symbols[i]} ${symbols[i + 1]}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + freq);
      }
    }
    let best = null;
    let bestCount = 1;
    // Ties are broken by the pair's text, so the merges (and the vocabulary) never vary.
    for (const [pair, n] of pairs) {
      if (n > bestCount || (n === bestCount && best !== null && pair < best)) {
        best = pair;
        bestCount = n;
      }
    }
    if (best === null) break;
    const [a, b] = best.split(' ');
    merges.push(best);
    vocab.push(a + b);
    entries = entries.map(({ symbols, freq }) => {
      const next = [];
      for (let i = 0; i < symbols.length; i++) {
        if (i < symbols.length - 1 && symbols[i] === a && symbols[i + 1] === b) {
          next.push(a + b);
          i++;
        } else next.push(symbols[i]);
      }
      return { symbols: next, freq };
    });
  }
  return { vocab, merges, byteChar };
}

/** mulberry32: small, fast, deterministic PRNG. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand, n, scale) {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()) * scale;
  }
  return out;
}

const { DataType } = onnx.TensorProto;
const { AttributeType } = onnx.AttributeProto;

function tensor(name, dataType, dims, bytes) {
  return {
    name,
    dataType,
    dims,
    rawData: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

function io(name, elemType, dims) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })),
        },
      },
    },
  };
}

const intAttr = (name, i) => ({ name, type: AttributeType.INT, i });
const intsAttr = (name, ints) => ({ name, type: AttributeType.INTS, ints });

/**
 * The weights, by name, with their shapes. Matrices are stored [in, out] (x @ W).
 * `logit_bias` favours word tokens and rules out the special tokens.
 */
function makeWeights({ vocabSize, hidden, heads, headDim, layers }, logitBias) {
  const rand = mulberry32(20250101);
  const weights = {
    embed_tokens: { dims: [vocabSize, hidden], data: gaussian(rand, vocabSize * hidden, 1) },
    lm_head: { dims: [hidden, vocabSize], data: gaussian(rand, hidden * vocabSize, 0.6) },
    logit_bias: { dims: [vocabSize], data: logitBias },
  };
  const proj = heads * headDim;
  for (let l = 0; l < layers; l++) {
    for (const name of ['q_proj', 'k_proj', 'v_proj']) {
      weights[`layers.${l}.${name}`] = {
        dims: [hidden, proj],
        data: gaussian(rand, hidden * proj, 1 / Math.sqrt(hidden)),
      };
    }
    weights[`layers.${l}.o_proj`] = {
      dims: [proj, hidden],
      data: gaussian(rand, proj * hidden, 1 / Math.sqrt(proj)),
    };
  }
  return weights;
}

/** uint8 with one scale and zero point per tensor, as onnxruntime's dynamic quantization stores. */
function quantize8(data) {
  let min = 0;
  let max = 0;
  for (const x of data) {
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  const scale = (max - min) / 255 || 1;
  const zeroPoint = Math.round(-min / scale);
  const q = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    q[i] = Math.max(0, Math.min(255, Math.round(data[i] / scale) + zeroPoint));
  }
  return { q, scale, zeroPoint };
}

/**
 * MatMulNBits' layout for a [K, N] matrix: per output column n, K/blockSize blocks of blockSize
 * 4-bit values (two per byte, low nibble first), one float scale per block, zero point 8.
 */
function quantize4(data, K, N, blockSize) {
  const blocks = K / blockSize;
  const packed = new Uint8Array(N * blocks * (blockSize / 2));
  const scales = new Float32Array(N * blocks);
  for (let n = 0; n < N; n++) {
    for (let b = 0; b < blocks; b++) {
      let absMax = 0;
      for (let i = 0; i < blockSize; i++)
        absMax = Math.max(absMax, Math.abs(data[(b * blockSize + i) * N + n]));
      const scale = absMax / 7 || 1;
      scales[n * blocks + b] = scale;
      for (let i = 0; i < blockSize; i += 2) {
        const q = (k) =>
          Math.max(0, Math.min(15, Math.round(data[(b * blockSize + k) * N + n] / scale) + 8));
        packed[(n * blocks + b) * (blockSize / 2) + i / 2] = q(i) | (q(i + 1) << 4);
      }
    }
  }
  return { packed, scales, blocks };
}

/** The decoder graph. `variant`: 'fp32', 'q8' (DequantizeLinear) or 'q4' (MatMulNBits). */
function buildModel(cfg, weights, variant) {
  const { vocabSize, heads, headDim, layers } = cfg;
  const proj = heads * headDim;
  const initializers = [];
  const nodes = [];
  let counter = 0;
  const node = (opType, input, output, attribute, domain) => {
    nodes.push({
      opType,
      name: `${opType}_${counter++}`,
      input,
      output: [output],
      ...(attribute ? { attribute } : {}),
      ...(domain ? { domain } : {}),
    });
    return output;
  };
  const constant = (name, dataType, dims, values) => {
    initializers.push(tensor(name, dataType, dims, values));
    return name;
  };
  const floatWeight = (name) => {
    const w = weights[name];
    return constant(name, DataType.FLOAT, w.dims, w.data);
  };
  /** A weight as a float tensor: stored as is (fp32) or as uint8 + DequantizeLinear (q8, q4 tables). */
  const tableWeight = (name) => {
    if (variant === 'fp32') return floatWeight(name);
    const w = weights[name];
    const { q, scale, zeroPoint } = quantize8(w.data);
    constant(`${name}_quantized`, DataType.UINT8, w.dims, q);
    constant(`${name}_scale`, DataType.FLOAT, [], new Float32Array([scale]));
    constant(`${name}_zero_point`, DataType.UINT8, [], new Uint8Array([zeroPoint]));
    return node(
      'DequantizeLinear',
      [`${name}_quantized`, `${name}_scale`, `${name}_zero_point`],
      `${name}_dequantized`,
    );
  };
  /** x @ W for a [K, N] weight, in the variant's form. */
  const matmul = (x, name, out) => {
    const w = weights[name];
    const [K, N] = w.dims;
    if (variant === 'q4') {
      const blockSize = 16;
      const { packed, scales, blocks } = quantize4(w.data, K, N, blockSize);
      constant(`${name}_q4`, DataType.UINT8, [N, blocks, blockSize / 2], packed);
      constant(`${name}_q4_scales`, DataType.FLOAT, [N * blocks], scales);
      return node(
        'MatMulNBits',
        [x, `${name}_q4`, `${name}_q4_scales`],
        out,
        [intAttr('K', K), intAttr('N', N), intAttr('bits', 4), intAttr('block_size', blockSize)],
        'com.microsoft',
      );
    }
    return node('MatMul', [x, tableWeight(name)], out);
  };

  constant('axis_last', DataType.INT64, [1], new BigInt64Array([-1n]));
  constant('axis_1', DataType.INT64, [1], new BigInt64Array([1n]));
  constant('one_i64', DataType.INT64, [], new BigInt64Array([1n]));
  constant('zero_i64', DataType.INT64, [], new BigInt64Array([0n]));
  constant('neg_inf', DataType.FLOAT, [], new Float32Array([-1e9]));
  constant('zero_f', DataType.FLOAT, [], new Float32Array([0]));
  constant('attn_scale', DataType.FLOAT, [], new Float32Array([1 / Math.sqrt(headDim)]));
  constant(
    'split_heads',
    DataType.INT64,
    [4],
    new BigInt64Array([0n, 0n, BigInt(heads), BigInt(headDim)]),
  );
  constant('merge_heads', DataType.INT64, [3], new BigInt64Array([0n, 0n, BigInt(proj)]));

  // Embeddings: token + a sinusoidal position signal computed from position_ids (no table, so any
  // position up to max_position_embeddings works; left padding and the cache line up).
  const tokens = node('Gather', [tableWeight('embed_tokens'), 'input_ids'], 'token_vectors', [
    intAttr('axis', 0),
  ]);
  const frequencies = new Float32Array(cfg.hidden);
  for (let i = 0; i < cfg.hidden; i++) frequencies[i] = 1 / 10000 ** (i / cfg.hidden);
  constant('position_frequencies', DataType.FLOAT, [cfg.hidden], frequencies);
  constant('position_scale', DataType.FLOAT, [], new Float32Array([0.1]));
  const positionFloat = node('Cast', ['position_ids'], 'position_float', [
    intAttr('to', DataType.FLOAT),
  ]);
  const position3 = node('Unsqueeze', [positionFloat, 'axis_last'], 'position_3d');
  const angles = node('Mul', [position3, 'position_frequencies'], 'position_angles');
  const waves = node('Sin', [angles], 'position_waves');
  const positions = node('Mul', [waves, 'position_scale'], 'pos_vectors');
  let hiddenState = node('Add', [tokens, positions], 'embeddings');

  // Mask [batch, 1, query, key]: a key is hidden when it comes after the query (positions from the
  // attention mask's running count, as transformers.js computes position_ids) or is padding.
  const keyCount = node('CumSum', ['attention_mask', 'one_i64'], 'key_count');
  const keyPositions = node('Sub', [keyCount, 'one_i64'], 'key_positions');
  const keyPos3 = node('Unsqueeze', [keyPositions, 'axis_1'], 'key_positions_3d'); // [b, 1, T]
  const queryPos3 = node('Unsqueeze', ['position_ids', 'axis_last'], 'query_positions_3d'); // [b, s, 1]
  const future = node('Greater', [keyPos3, queryPos3], 'future_keys'); // [b, s, T]
  const padding = node('Equal', ['attention_mask', 'zero_i64'], 'padding_keys'); // [b, T]
  const padding3 = node('Unsqueeze', [padding, 'axis_1'], 'padding_keys_3d'); // [b, 1, T]
  const hidden3 = node('Or', [future, padding3], 'hidden_keys');
  const bias3 = node('Where', [hidden3, 'neg_inf', 'zero_f'], 'mask_bias_3d');
  const maskBias = node('Unsqueeze', [bias3, 'axis_1'], 'mask_bias'); // [b, 1, s, T]

  for (let l = 0; l < layers; l++) {
    const p = `layers.${l}`;
    const headsOf = (name) => {
      const flat = matmul(hiddenState, `${p}.${name}`, `${p}.${name}.out`);
      const split = node('Reshape', [flat, 'split_heads'], `${p}.${name}.split`);
      return node('Transpose', [split], `${p}.${name}.heads`, [intsAttr('perm', [0, 2, 1, 3])]);
    };
    const q = headsOf('q_proj');
    const k = headsOf('k_proj');
    const v = headsOf('v_proj');
    const keys = node('Concat', [`past_key_values.${l}.key`, k], `present.${l}.key`, [
      intAttr('axis', 2),
    ]);
    const values = node('Concat', [`past_key_values.${l}.value`, v], `present.${l}.value`, [
      intAttr('axis', 2),
    ]);
    const keysT = node('Transpose', [keys], `${p}.keys_t`, [intsAttr('perm', [0, 1, 3, 2])]);
    const raw = node('MatMul', [q, keysT], `${p}.scores_raw`);
    const scaled = node('Mul', [raw, 'attn_scale'], `${p}.scores_scaled`);
    const masked = node('Add', [scaled, maskBias], `${p}.scores`);
    const probs = node('Softmax', [masked], `${p}.probs`, [intAttr('axis', -1)]);
    const context = node('MatMul', [probs, values], `${p}.context`);
    const merged = node('Transpose', [context], `${p}.context_t`, [intsAttr('perm', [0, 2, 1, 3])]);
    const flat = node('Reshape', [merged, 'merge_heads'], `${p}.context_flat`);
    const out = matmul(flat, `${p}.o_proj`, `${p}.attn_out`);
    hiddenState = node('Add', [hiddenState, out], `${p}.residual`);
  }
  const projected = matmul(hiddenState, 'lm_head', 'lm_logits');
  node('Add', [projected, floatWeight('logit_bias')], 'logits');

  const pastDims = ['batch_size', heads, 'past_sequence_length', headDim];
  const presentDims = ['batch_size', heads, 'total_sequence_length', headDim];
  const inputs = [
    io('input_ids', DataType.INT64, ['batch_size', 'sequence_length']),
    io('attention_mask', DataType.INT64, ['batch_size', 'total_sequence_length']),
    io('position_ids', DataType.INT64, ['batch_size', 'sequence_length']),
  ];
  const outputs = [io('logits', DataType.FLOAT, ['batch_size', 'sequence_length', vocabSize])];
  for (let l = 0; l < layers; l++) {
    inputs.push(io(`past_key_values.${l}.key`, DataType.FLOAT, pastDims));
    inputs.push(io(`past_key_values.${l}.value`, DataType.FLOAT, pastDims));
    outputs.push(io(`present.${l}.key`, DataType.FLOAT, presentDims));
    outputs.push(io(`present.${l}.value`, DataType.FLOAT, presentDims));
  }
  const model = onnx.ModelProto.fromObject({
    irVersion: 8,
    producerName: 'memory-playground make-test-lm',
    producerVersion: '1',
    opsetImport: [
      { domain: '', version: 17 },
      ...(variant === 'q4' ? [{ domain: 'com.microsoft', version: 1 }] : []),
    ],
    graph: {
      name: `tiny_qwen2_${variant}`,
      node: nodes,
      initializer: initializers,
      input: inputs,
      output: outputs,
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(vocab, merges, added) {
  const ids = Object.fromEntries(vocab.map((token, id) => [token, id]));
  const byteLevel = {
    type: 'ByteLevel',
    add_prefix_space: false,
    trim_offsets: false,
    use_regex: false,
  };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added.map(({ id, content, special }) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special,
    })),
    normalizer: { type: 'NFC' },
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'Split', pattern: { Regex: QWEN2_SPLIT }, behavior: 'Isolated', invert: false },
        byteLevel,
      ],
    },
    post_processor: { ...byteLevel, trim_offsets: false },
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: '',
      end_of_word_suffix: '',
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: ids,
      merges,
    },
  };
}

/** Writes through a temporary file and a rename, so a concurrent reader never sees half a file. */
function writeAtomic(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * Generates the model into `outDir` (a Hub-like repo folder). Returns what tests need to know.
 * @param {{ outDir?: string }} [options]
 */
export function makeTestLm({ outDir = TEST_LM_DIR } = {}) {
  const corpus = [
    CORPUS,
    ...CORPUS_FILES.map((file) => join(root, file))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8')),
  ].join('\n');
  const { vocab, merges } = learnBpe(corpus, TEST_LM_CONFIG.merges);
  const added = ADDED.map((token, i) => ({ ...token, id: vocab.length + i }));
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

  const cfg = { ...TEST_LM_CONFIG, vocabSize };
  const weights = makeWeights(cfg, logitBias);
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const imEnd = idOf('<|im_end|>');
  const endOfText = idOf('<|endoftext|>');
  const config = {
    _name_or_path: TEST_LM_ID,
    architectures: ['Qwen2ForCausalLM'],
    model_type: 'qwen2',
    hidden_size: cfg.hidden,
    intermediate_size: cfg.hidden * 2,
    num_attention_heads: cfg.heads,
    num_key_value_heads: cfg.heads,
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
    temperature: 1.0,
    top_k: 40,
    top_p: 1.0,
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
    chat_template: QWEN25_CHAT_TEMPLATE,
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
  return { dir: outDir, modelId: TEST_LM_ID, vocabSize, imEndId: imEnd, sizes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : TEST_LM_DIR;
  const { dir, vocabSize, sizes } = makeTestLm({ outDir });
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(
    `Test language model written to ${dir} (qwen2, vocab ${vocabSize}, ` +
      `${TEST_LM_CONFIG.layers} layers, hidden ${TEST_LM_CONFIG.hidden}, ` +
      `${(total / 1024).toFixed(0)} KiB: ${Object.entries(sizes)
        .map(([name, size]) => `${name} ${(size / 1024).toFixed(0)} KiB`)
        .join(', ')}).`,
  );
}
