import { describe, expect, it } from 'vitest';
import { resolveModelSource } from './embedder-client';
import { modelCachePrefix } from './model-cache';

describe('modelCachePrefix', () => {
  it('is the URL prefix transformers.js caches a model’s files under', () => {
    const id = 'onnx-community/Qwen2.5-0.5B-Instruct';
    expect(modelCachePrefix(id, resolveModelSource(''))).toBe(
      'https://huggingface.co/onnx-community/Qwen2.5-0.5B-Instruct/resolve/main/',
    );
    expect(modelCachePrefix('test-tiny-qwen2', resolveModelSource('http://127.0.0.1:5555/'))).toBe(
      'http://127.0.0.1:5555/test-tiny-qwen2/',
    );
    expect(
      modelCachePrefix(id, resolveModelSource('https://hf-mirror.com/{model}/resolve/{revision}/')),
    ).toBe('https://hf-mirror.com/onnx-community/Qwen2.5-0.5B-Instruct/resolve/main/');
    expect(modelCachePrefix(id, resolveModelSource('https://models.example/prefix'))).toBe(
      'https://models.example/prefix/onnx-community/Qwen2.5-0.5B-Instruct/',
    );
  });

  it('is null for files the app serves itself (not copied into the cache)', () => {
    expect(modelCachePrefix('m', resolveModelSource('/models/', 'http://app.test/'))).toBeNull();
  });
});
