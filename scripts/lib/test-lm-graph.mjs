// The ONNX decoder graph of the tiny test language models (scripts/make-test-lm.mjs), built with
// onnx-proto: weights, quantization (q8, q4) and the graph transformers.js runs.
import { DataType, intAttr, intsAttr, io, mulberry32, onnx, tensor } from './onnx-build.mjs';

function gaussian(rand, n, scale) {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()) * scale;
  }
  return out;
}

/**
 * The weights, by name, with their shapes. Matrices are stored [in, out] (x @ W).
 * `logit_bias` favours word tokens and rules out the special tokens.
 */
export function makeWeights(
  { vocabSize, hidden, heads, kvHeads = heads, headDim, layers, qkNorm = false },
  logitBias,
) {
  const rand = mulberry32(20250101);
  const weights = {
    embed_tokens: { dims: [vocabSize, hidden], data: gaussian(rand, vocabSize * hidden, 1) },
    lm_head: { dims: [hidden, vocabSize], data: gaussian(rand, hidden * vocabSize, 0.6) },
    logit_bias: { dims: [vocabSize], data: logitBias },
  };
  const proj = heads * headDim;
  for (let l = 0; l < layers; l++) {
    for (const name of ['q_proj', 'k_proj', 'v_proj']) {
      const out = (name === 'q_proj' ? heads : kvHeads) * headDim;
      weights[`layers.${l}.${name}`] = {
        dims: [hidden, out],
        data: gaussian(rand, hidden * out, 1 / Math.sqrt(hidden)),
      };
    }
    weights[`layers.${l}.o_proj`] = {
      dims: [proj, hidden],
      data: gaussian(rand, proj * hidden, 1 / Math.sqrt(proj)),
    };
  }
  // Qwen3: an RMSNorm weight per head dimension for queries and keys (drawn last, so a qwen2
  // model's weights are the same as before Qwen3 was added).
  for (let l = 0; qkNorm && l < layers; l++) {
    for (const name of ['q_norm', 'k_norm']) {
      const data = gaussian(rand, headDim, 0.1).map((x) => 1 + x);
      weights[`layers.${l}.${name}`] = { dims: [headDim], data };
    }
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

/**
 * The parts of the graph that make some answers certain, so a test can drive a whole agent turn
 * through a model with random weights. `cfg.script` holds, per token id, the id that must follow it
 * (-1: none, the random weights decide): `plain` before any `<tool_response>` is in the sequence,
 * `afterTool` once one is; `marker` is 1 for the token ids that count as that tool response.
 *
 * Whether a marker token was seen must survive the key/value cache, where a step sees only its new
 * token: layer 0's keys carry it in their last dimension (markKeys), and the cached keys are read
 * back each step (logits). Only the last position's logits are sampled from, so reading the whole
 * sequence at once in the first pass (not causally) changes nothing that is generated.
 */
function scriptParts(cfg, { node, constant }) {
  const { vocabSize, headDim } = cfg;
  const { plain, afterTool, marker } = cfg.script;
  constant('script_plain', DataType.INT64, [vocabSize], plain);
  constant('script_after_tool', DataType.INT64, [vocabSize], afterTool);
  constant('script_marker', DataType.FLOAT, [vocabSize], marker);
  const lastDim = new Float32Array(headDim);
  lastDim[headDim - 1] = 1;
  constant('script_last_dim', DataType.FLOAT, [headDim], lastDim);
  constant(
    'script_other_dims',
    DataType.FLOAT,
    [headDim],
    lastDim.map((x) => 1 - x),
  );
  constant('script_marker_axes', DataType.INT64, [2], new BigInt64Array([1n, 3n]));
  constant('script_half', DataType.FLOAT, [], new Float32Array([0.5]));
  constant('script_sure', DataType.FLOAT, [], new Float32Array([10]));
  constant('script_never', DataType.FLOAT, [], new Float32Array([-1e4]));
  constant(
    'script_vocab_ids',
    DataType.INT64,
    [vocabSize],
    BigInt64Array.from({ length: vocabSize }, (_, i) => BigInt(i)),
  );
  return {
    /** Keys [b, kv, s, d] with the last dimension replaced by the token's marker. */
    markKeys(keys) {
      const marks = node('Gather', ['script_marker', 'input_ids'], 'script_marks', [
        intAttr('axis', 0),
      ]);
      const marks4 = node('Unsqueeze', [marks, 'script_marker_axes'], 'script_marks_4d'); // [b, 1, s, 1]
      const kept = node('Mul', [keys, 'script_other_dims'], 'script_keys_kept');
      const placed = node('Mul', [marks4, 'script_last_dim'], 'script_marks_placed');
      return node('Add', [kept, placed], 'script_marked_keys');
    },
    /** The scripted token where the table names one, else the model's own logits. */
    logits(noise, cachedKeys, out) {
      const marks = node('Mul', [cachedKeys, 'script_last_dim'], 'script_cached_marks');
      const seen = node('ReduceMax', [marks], 'script_seen_value', [
        intsAttr('axes', [1, 2, 3]),
        intAttr('keepdims', 0),
      ]);
      const seenBool = node('Greater', [seen, 'script_half'], 'script_seen'); // [b]
      const seen2 = node('Unsqueeze', [seenBool, 'axis_1'], 'script_seen_2d'); // [b, 1]
      const plainNext = node('Gather', ['script_plain', 'input_ids'], 'script_plain_next', [
        intAttr('axis', 0),
      ]);
      const toolNext = node('Gather', ['script_after_tool', 'input_ids'], 'script_tool_next', [
        intAttr('axis', 0),
      ]);
      const next = node('Where', [seen2, toolNext, plainNext], 'script_next'); // [b, s]
      const next3 = node('Unsqueeze', [next, 'axis_last'], 'script_next_3d'); // [b, s, 1]
      const hit = node('Equal', [next3, 'script_vocab_ids'], 'script_hit'); // [b, s, vocab]
      const forced = node('Where', [hit, 'script_sure', 'script_never'], 'script_forced');
      const scripted = node('GreaterOrEqual', [next3, 'zero_i64'], 'script_active'); // [b, s, 1]
      return node('Where', [scripted, forced, noise], out);
    },
  };
}

/**
 * The decoder graph. `variant`: 'fp32', 'q8' (DequantizeLinear) or 'q4' (MatMulNBits).
 * `cfg.kvHeads` < `heads` shares each key/value head among several query heads (grouped-query
 * attention, as Qwen3 has); `cfg.qkNorm` puts Qwen3's per-head RMSNorm on queries and keys;
 * `cfg.script` (see scriptParts) makes some answers certain.
 */
export function buildModel(cfg, weights, variant) {
  const { vocabSize, heads, headDim, layers } = cfg;
  const kvHeads = cfg.kvHeads ?? heads;
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
  const splitShape = (name, n) =>
    constant(name, DataType.INT64, [4], new BigInt64Array([0n, 0n, BigInt(n), BigInt(headDim)]));
  splitShape('split_heads', heads);
  splitShape('split_kv_heads', kvHeads);
  constant('rms_eps', DataType.FLOAT, [], new Float32Array([1e-6]));
  constant('merge_heads', DataType.INT64, [3], new BigInt64Array([0n, 0n, BigInt(proj)]));

  const script = cfg.script ? scriptParts(cfg, { node, constant }) : undefined;

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
    /** [b, s, hidden] -> [b, n, s, headDim], with Qwen3's per-head RMSNorm when `norm` is named. */
    const headsOf = (name, split, norm) => {
      const flat = matmul(hiddenState, `${p}.${name}`, `${p}.${name}.out`);
      let x = node('Reshape', [flat, split], `${p}.${name}.split`);
      if (cfg.qkNorm && norm) {
        const squares = node('Mul', [x, x], `${p}.${norm}.squares`);
        const mean = node('ReduceMean', [squares], `${p}.${norm}.mean`, [
          intsAttr('axes', [-1]),
          intAttr('keepdims', 1),
        ]);
        const shifted = node('Add', [mean, 'rms_eps'], `${p}.${norm}.shifted`);
        const rms = node('Sqrt', [shifted], `${p}.${norm}.rms`);
        const unit = node('Div', [x, rms], `${p}.${norm}.unit`);
        x = node('Mul', [unit, floatWeight(`${p}.${norm}`)], `${p}.${norm}.out`);
      }
      return node('Transpose', [x], `${p}.${name}.heads`, [intsAttr('perm', [0, 2, 1, 3])]);
    };
    const q = headsOf('q_proj', 'split_heads', 'q_norm');
    let k = headsOf('k_proj', 'split_kv_heads', 'k_norm');
    const v = headsOf('v_proj', 'split_kv_heads');
    if (cfg.script && l === 0) k = script.markKeys(k);
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
  const noise = node(
    'Add',
    [projected, floatWeight('logit_bias')],
    cfg.script ? 'noise_logits' : 'logits',
  );
  if (cfg.script) script.logits(noise, 'present.0.key', 'logits');

  const pastDims = ['batch_size', kvHeads, 'past_sequence_length', headDim];
  const presentDims = ['batch_size', kvHeads, 'total_sequence_length', headDim];
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
      name: `tiny_${cfg.modelType ?? 'qwen2'}_${variant}`,
      node: nodes,
      initializer: initializers,
      input: inputs,
      output: outputs,
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
