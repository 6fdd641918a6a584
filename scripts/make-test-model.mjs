#!/usr/bin/env node
// Generates a tiny BERT-style feature-extraction model (ONNX graph + WordPiece tokenizer) laid out
// like a Hugging Face Hub repo, so tests can run transformers.js's real loading path offline (no
// weights can be downloaded on the test machines). The "model" is a bag of words: each token id
// gathers a fixed pseudo-random vector (seeded by the token's text, so the same word always gets
// the same vector and different words get nearly orthogonal ones). Mean pooling in the pipeline then
// makes texts that share words score higher than unrelated texts, which is all the tests need.
//
// Usage: node scripts/make-test-model.mjs [outDir]   (default public/test-model/Xenova-test-tiny-bert)
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { AttributeType, DataType, io, mulberry32, onnx, tensor } from './lib/onnx-build.mjs';

export const TEST_MODEL_ID = 'Xenova-test-tiny-bert';
export const TEST_MODEL_HIDDEN_SIZE = 32;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Parent folder of the model: transformers.js `env.localModelPath` in Node, `/test-model/` when served. */
export const TEST_MODEL_PARENT = join(root, 'public', 'test-model');
export const TEST_MODEL_DIR = join(TEST_MODEL_PARENT, TEST_MODEL_ID);
/** The same model without onnx/model_quantized.onnx, as many user-exported repos are. */
export const TEST_MODEL_FP32_ONLY_ID = 'test-tiny-bert-fp32-only';

const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const WORD_COUNT = 3000;
const PIECE_COUNT = 1000;

// Function words get short vectors so that content words dominate the mean (a crude IDF).
const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is am are was were be been being ' +
    'it its this that these those i me my we our you your he him his she her they them their ' +
    'do does did have has had not no so than then there here what which who whom when where why ' +
    'how can could will would should may might must just also very too up out about into over'
  ).split(' '),
);

/**
 * The vocabulary: special tokens, single characters (word-initial and "##" continuation, so every
 * ASCII word tokenizes without [UNK]), then common English word starts and continuation pieces in
 * the order of cl100k's BPE ranks (roughly by frequency), which ship with js-tiktoken.
 */
function buildVocab() {
  const vocab = [...SPECIALS];
  const seen = new Set(vocab);
  const add = (token) => {
    if (!seen.has(token)) {
      seen.add(token);
      vocab.push(token);
    }
  };
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
  for (const c of punctuation) add(c);
  for (const c of chars) add(c);
  for (const c of chars) add(`##${c}`);

  const enc = new Tiktoken(cl100k);
  const words = [];
  const pieces = [];
  for (
    let id = 0;
    id < 100_000 && (words.length < WORD_COUNT || pieces.length < PIECE_COUNT);
    id++
  ) {
    let text;
    try {
      text = enc.decode([id]);
    } catch {
      continue;
    }
    if (/^ [a-z]{2,}$/.test(text) && words.length < WORD_COUNT) words.push(text.slice(1));
    else if (/^[a-z]{2,}$/.test(text) && pieces.length < PIECE_COUNT) pieces.push(`##${text}`);
  }
  // Make sure the function words exist as whole tokens, whatever the BPE list holds.
  for (const w of STOPWORDS) add(w);
  for (const w of words) add(w);
  for (const p of pieces) add(p);
  return vocab;
}

/** FNV-1a: a stable 32-bit seed from a token's text. */
function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A unit-length Gaussian vector seeded by the token text, scaled by the token's weight. */
function tokenVector(token, hidden) {
  const rand = mulberry32(hashString(token));
  const v = new Float32Array(hidden);
  let norm = 0;
  for (let i = 0; i < hidden; i++) {
    // Box-Muller; 1 - rand() keeps the log argument in (0, 1].
    const g = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    v[i] = g;
    norm += g * g;
  }
  const bare = token.startsWith('##') ? token.slice(2) : token;
  const weight = SPECIALS.includes(token)
    ? 0.05
    : STOPWORDS.has(token)
      ? 0.25
      : bare.length === 1
        ? 0.5
        : 1;
  const scale = weight / Math.sqrt(norm);
  for (let i = 0; i < hidden; i++) v[i] *= scale;
  return v;
}

/**
 * last_hidden_state = (word_embeddings[input_ids] + token_type_embeddings[token_type_ids])
 *                     * attention_mask[..., None]
 * The quantized variant stores the word table as uint8 and dequantizes it in the graph, like a
 * real q8 export would, so both dtype paths (fp32 on WebGPU/Node, q8 on WASM) are exercised.
 */
function buildModel(table, vocabSize, hidden, quantized) {
  const initializers = [];
  const nodes = [];
  if (quantized) {
    let min = Infinity;
    let max = -Infinity;
    for (const x of table) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    min = Math.min(min, 0);
    max = Math.max(max, 0);
    const scale = (max - min) / 255 || 1;
    const zeroPoint = Math.round(-min / scale);
    const q = new Uint8Array(table.length);
    for (let i = 0; i < table.length; i++) {
      q[i] = Math.max(0, Math.min(255, Math.round(table[i] / scale) + zeroPoint));
    }
    initializers.push(
      tensor('word_embeddings_quantized', DataType.UINT8, [vocabSize, hidden], q),
      tensor('word_embeddings_scale', DataType.FLOAT, [], new Float32Array([scale])),
      tensor('word_embeddings_zero_point', DataType.UINT8, [], new Uint8Array([zeroPoint])),
    );
    nodes.push({
      opType: 'DequantizeLinear',
      name: 'dequantize_word_embeddings',
      input: ['word_embeddings_quantized', 'word_embeddings_scale', 'word_embeddings_zero_point'],
      output: ['word_embeddings'],
    });
  } else {
    initializers.push(tensor('word_embeddings', DataType.FLOAT, [vocabSize, hidden], table));
  }
  const typeTable = new Float32Array(2 * hidden);
  const typeRand = mulberry32(7);
  for (let i = 0; i < typeTable.length; i++) typeTable[i] = (typeRand() - 0.5) * 0.01;
  initializers.push(
    tensor('token_type_embeddings', DataType.FLOAT, [2, hidden], typeTable),
    tensor('mask_axes', DataType.INT64, [1], new BigInt64Array([-1n])),
  );
  nodes.push(
    {
      opType: 'Gather',
      name: 'gather_words',
      input: ['word_embeddings', 'input_ids'],
      output: ['word_vectors'],
      attribute: [{ name: 'axis', type: AttributeType.INT, i: 0 }],
    },
    {
      opType: 'Gather',
      name: 'gather_types',
      input: ['token_type_embeddings', 'token_type_ids'],
      output: ['type_vectors'],
      attribute: [{ name: 'axis', type: AttributeType.INT, i: 0 }],
    },
    { opType: 'Add', name: 'add', input: ['word_vectors', 'type_vectors'], output: ['embeddings'] },
    {
      opType: 'Cast',
      name: 'mask_to_float',
      input: ['attention_mask'],
      output: ['mask_float'],
      attribute: [{ name: 'to', type: AttributeType.INT, i: DataType.FLOAT }],
    },
    {
      opType: 'Unsqueeze',
      name: 'mask_unsqueeze',
      input: ['mask_float', 'mask_axes'],
      output: ['mask_3d'],
    },
    {
      opType: 'Mul',
      name: 'apply_mask',
      input: ['embeddings', 'mask_3d'],
      output: ['last_hidden_state'],
    },
  );
  const model = onnx.ModelProto.fromObject({
    irVersion: 8,
    producerName: 'memory-playground make-test-model',
    producerVersion: '1',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'tiny_bert_bag_of_words',
      node: nodes,
      initializer: initializers,
      input: [
        io('input_ids', DataType.INT64, ['batch_size', 'sequence_length']),
        io('attention_mask', DataType.INT64, ['batch_size', 'sequence_length']),
        io('token_type_ids', DataType.INT64, ['batch_size', 'sequence_length']),
      ],
      output: [io('last_hidden_state', DataType.FLOAT, ['batch_size', 'sequence_length', hidden])],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(vocab) {
  const ids = Object.fromEntries(vocab.map((token, id) => [token, id]));
  const special = (id) => ({
    id: ids[id],
    content: id,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const cls = ids['[CLS]'];
  const sep = ids['[SEP]'];
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [cls], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [sep], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: ids,
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
 * @param {{ outDir?: string, quantized?: boolean }} [options]
 */
export function makeTestModel({ outDir = TEST_MODEL_DIR, quantized = true } = {}) {
  const hidden = TEST_MODEL_HIDDEN_SIZE;
  const vocab = buildVocab();
  const table = new Float32Array(vocab.length * hidden);
  vocab.forEach((token, id) => table.set(tokenVector(token, hidden), id * hidden));

  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const config = {
    _name_or_path: TEST_MODEL_ID,
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: hidden,
    intermediate_size: hidden * 2,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: vocab.length,
    pad_token_id: 0,
    layer_norm_eps: 1e-12,
    hidden_act: 'gelu',
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    strip_accents: null,
    model_max_length: 512,
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
  };
  const specialTokensMap = {
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
  };

  const files = {
    'config.json': json(config),
    'tokenizer.json': json(tokenizerJson(vocab)),
    'tokenizer_config.json': json(tokenizerConfig),
    'special_tokens_map.json': json(specialTokensMap),
    'vocab.txt': `${vocab.join('\n')}\n`,
    'onnx/model.onnx': buildModel(table, vocab.length, hidden, false),
    ...(quantized
      ? { 'onnx/model_quantized.onnx': buildModel(table, vocab.length, hidden, true) }
      : {}),
  };
  const sizes = {};
  for (const [name, data] of Object.entries(files)) {
    writeAtomic(join(outDir, name), data);
    sizes[name] = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  }
  return {
    dir: outDir,
    modelId: TEST_MODEL_ID,
    hiddenSize: hidden,
    vocabSize: vocab.length,
    sizes,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : TEST_MODEL_DIR;
  const { dir, vocabSize, sizes } = makeTestModel({ outDir });
  if (!process.argv[2]) {
    const fp32Only = makeTestModel({
      outDir: join(TEST_MODEL_PARENT, TEST_MODEL_FP32_ONLY_ID),
      quantized: false,
    });
    console.log(`Same model without onnx/model_quantized.onnx written to ${fp32Only.dir}.`);
  }
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(
    `Test model written to ${dir} (vocab ${vocabSize}, hidden ${TEST_MODEL_HIDDEN_SIZE}, ` +
      `${(total / 1024).toFixed(0)} KiB: ${Object.entries(sizes)
        .map(([name, size]) => `${name} ${(size / 1024).toFixed(0)} KiB`)
        .join(', ')}).`,
  );
}
