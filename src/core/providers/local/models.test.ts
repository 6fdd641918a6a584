import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '../../settings';
import {
  DEFAULT_LOCAL_MODEL,
  LOCAL_MODELS,
  PREVIOUS_DEFAULT_LOCAL_MODEL,
  formatBytes,
  localModelInfo,
  publishedSize,
  resolveDtype,
} from './models';
import { describeCallSpeed, downloadPercent } from './status';

describe('in-browser model settings', () => {
  it('fills the defaults into settings saved before the provider existed', () => {
    const { local: _local, ...old } = DEFAULT_SETTINGS;
    const parsed = parseSettings({ ...old, strategy: { default: 'deep-agents', memoryModel: '' } });
    expect(parsed.ok && parsed.settings.local).toEqual({
      baseURL: '',
      model: 'onnx-community/Qwen3-0.6B-ONNX',
      dtype: 'auto',
      maxNewTokens: 512,
    });
    expect(parsed.ok && parsed.settings.strategy.memoryProvider).toBe('chat');
  });

  it('keeps the model of settings saved with the old default, which stays a listed choice', () => {
    const saved = {
      ...DEFAULT_SETTINGS,
      provider: 'local',
      local: { ...DEFAULT_SETTINGS.local, model: PREVIOUS_DEFAULT_LOCAL_MODEL },
    };
    const parsed = parseSettings(JSON.parse(JSON.stringify(saved)));
    expect(parsed.ok && parsed.settings.local.model).toBe('onnx-community/Qwen2.5-0.5B-Instruct');
    expect(DEFAULT_LOCAL_MODEL).not.toBe(PREVIOUS_DEFAULT_LOCAL_MODEL);
    expect(LOCAL_MODELS.map((m) => m.id)).toEqual([
      'onnx-community/Qwen3-0.6B-ONNX',
      'onnx-community/Qwen2.5-0.5B-Instruct',
      'onnx-community/Qwen2.5-1.5B-Instruct',
      'HuggingFaceTB/SmolLM2-360M-Instruct',
    ]);
  });

  it('checks every field where it enters', () => {
    const bad = parseSettings({
      ...DEFAULT_SETTINGS,
      provider: 'local',
      local: { baseURL: 'x'.repeat(3000), model: '  ', dtype: 'q3', maxNewTokens: 100_000 },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/local\.baseURL[\s\S]*local\.model/);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/local\.dtype[\s\S]*local\.maxNewTokens/);
    expect(parseSettings({ ...DEFAULT_SETTINGS, provider: 'local' }).ok).toBe(true);
  });
});

describe('model table and figures', () => {
  it('resolves the automatic quantization per device', () => {
    expect(resolveDtype('auto', 'webgpu')).toBe('q4f16');
    expect(resolveDtype('auto', 'wasm')).toBe('q8');
    expect(resolveDtype('q4', 'wasm')).toBe('q4');
  });

  it('knows the default model’s published size, and says nothing of the sizes it does not know', () => {
    expect(publishedSize('onnx-community/Qwen3-0.6B-ONNX', 'q4f16')).toBe(581_500_000);
    expect(publishedSize('onnx-community/Qwen3-0.6B-ONNX', 'q8')).toBeUndefined();
    expect(localModelInfo('onnx-community/qwen3-0.6b-onnx')).toMatchObject({
      contextLimit: 40_960,
      tools: 'template',
    });
  });

  it('keeps the Qwen2.5 choices with their published sizes, tokenizer included', () => {
    expect(publishedSize('onnx-community/Qwen2.5-0.5B-Instruct', 'q4f16')).toBe(490_100_000);
    expect(publishedSize('onnx-community/Qwen2.5-1.5B-Instruct', 'q4f16')).toBe(1_227_100_000);
    expect(publishedSize('onnx-community/qwen2.5-0.5b-instruct', 'q8')).toBe(519_100_000);
    expect(publishedSize('someone/unknown', 'q8')).toBeUndefined();
    expect(formatBytes(490_100_000)).toBe('490 MB');
    expect(formatBytes(1_220_000_000)).toBe('1.2 GB');
    expect(formatBytes(207_000)).toBe('207 KB');
  });

  it('formats progress and a call’s speed', () => {
    expect(
      downloadPercent({
        state: 'downloading',
        loaded: 50,
        total: 200,
        files: {},
        fromCache: false,
      }),
    ).toBe(25);
    expect(
      downloadPercent({
        state: 'downloading',
        loaded: 50,
        total: null,
        files: {},
        fromCache: false,
      }),
    ).toBeNull();
    expect(describeCallSpeed({ tokensPerSecond: 12.34, timeToFirstTokenMs: 450 })).toBe(
      '12.3 tokens/s · first token after 0.45 s',
    );
    expect(describeCallSpeed({})).toBeNull();
  });
});
