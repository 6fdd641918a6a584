// What the scripts that write tiny ONNX models share (make-test-model.mjs: the embedder;
// lib/test-lm-graph.mjs: the language models): the deterministic generator for weights, and the
// onnx-proto pieces a graph is written with.
import onnxProto from 'onnx-proto';

export const { onnx } = onnxProto;
export const { DataType } = onnx.TensorProto;
export const { AttributeType } = onnx.AttributeProto;

/** mulberry32: small, fast, deterministic PRNG. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An initializer: `bytes` (a typed array) as the tensor's raw data. */
export function tensor(name, dataType, dims, bytes) {
  return {
    name,
    dataType,
    dims,
    rawData: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/** A graph input or output; a string dimension is symbolic (batch, sequence). */
export function io(name, elemType, dims) {
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

export const intAttr = (name, i) => ({ name, type: AttributeType.INT, i });
export const intsAttr = (name, ints) => ({ name, type: AttributeType.INTS, ints });
