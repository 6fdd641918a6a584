// The default in-browser model's architecture and template in Node: the tiny generated qwen3 model
// (scripts/make-test-lm.mjs: q_norm/k_norm, grouped-query attention, Qwen3's chat template and
// added tokens) through transformers.js's real loading, templating (thinking switched off) and
// generation, then the provider's tool-call parsing and the real file tools. Its answers after the
// thinking-off generation prompt are scripted (a call to ls, then an answer once the result is in),
// so a whole tool turn is certain. The Chromium side is e2e/local-model.spec.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type GeneratorEngine } from './generator-engine';
import { createLocalProvider } from '../core/providers/local';
import { createFsTools } from '../core/fs/tools';
import { CompositeFs } from '../core/fs/composite';
import { InMemoryFileStore } from '../core/fs/memory-store';
import type { ToolSchema } from '../core/agent/types';
import { testLm, testLmSource as source, user } from '../../tests/fixtures/test-lm';

const { makeTestLm, TEST_QWEN3_DIR, TEST_QWEN3_ID, SCRIPTED_ANSWER } = testLm;
const tools = createFsTools();
const schemas: ToolSchema[] = tools.map((t) => t.schema);

let engine: GeneratorEngine;

beforeAll(async () => {
  if (!existsSync(join(TEST_QWEN3_DIR, 'onnx', 'model_q4.onnx'))) makeTestLm({ arch: 'qwen3' });
  engine = await loadEngine({ modelId: TEST_QWEN3_ID, source, device: 'cpu', dtype: 'q8' });
}, 30_000);

describe('the tiny qwen3 model through transformers.js', () => {
  it('loads as a qwen3 model with its own context limit', () => {
    expect(engine.contextLimit).toBe(40_960);
    expect(engine.tokenizerFiles.config).toMatchObject({ tokenizer_class: 'Qwen2Tokenizer' });
  });

  it('renders Qwen3’s template with the tools and thinking switched off', () => {
    const text = engine.renderPrompt({
      system: 'Be brief.',
      messages: [user('Hi')],
      tools: schemas,
    });
    expect(text.startsWith('<|im_start|>system\nBe brief.\n\n# Tools')).toBe(true);
    expect(text).toContain('<tools>\n{"type": "function", "function": {"name": "ls"');
    // enable_thinking=false: the template closes an empty reasoning block before the answer.
    expect(
      text.endsWith(
        '<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n',
      ),
    ).toBe(true);
  });

  it('makes a tool call the provider parses, the tool runs, and the model answers after it', async () => {
    const provider = createLocalProvider({ generator: engine, maxNewTokens: 32 });
    const signal = new AbortController().signal;
    const first = await provider.complete(
      {
        model: TEST_QWEN3_ID,
        system: 'Be brief.',
        messages: [user('What files are there?')],
        tools: schemas,
      },
      { signal },
    );
    expect(first.message.content).toBe('');
    expect(first.message.toolCalls).toHaveLength(1);
    const call = first.message.toolCalls![0]!;
    expect({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }).toEqual({
      name: 'ls',
      arguments: { path: '/' },
    });

    // The real ls tool on a real (in-memory) filesystem.
    const fs = new CompositeFs({ default: new InMemoryFileStore(), routes: {} });
    await fs.write('/notes/todo.md', 'tea');
    const ls = tools.find((t) => t.schema.name === 'ls')!;
    const result = await ls.run(call.arguments, { fs, signal, toolCallId: call.id });
    expect(result).toEqual({ content: "['/notes/']" });

    const second = await provider.complete(
      {
        model: TEST_QWEN3_ID,
        system: 'Be brief.',
        messages: [
          user('What files are there?'),
          first.message,
          {
            role: 'tool',
            id: 't1',
            toolCallId: call.id,
            toolName: 'ls',
            content: result.content,
            createdAt: 0,
          },
        ],
        tools: schemas,
      },
      { signal },
    );
    expect(second.message.toolCalls).toBeUndefined();
    expect(second.message.content).toBe(SCRIPTED_ANSWER);
    // The earlier call went back to the model in Qwen3's own form.
    expect(
      engine.renderPrompt({
        system: '',
        messages: [user('What files are there?'), first.message],
        tools: schemas,
      }),
    ).toContain(
      '<|im_start|>assistant\n<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call><|im_end|>',
    );
  });

  it('loads the fp32 and q4 (MatMulNBits) exports too, with the same call', async () => {
    for (const dtype of ['fp32', 'q4'] as const) {
      const other = await loadEngine({ modelId: TEST_QWEN3_ID, source, device: 'cpu', dtype });
      const result = await other.generate(
        { system: '', messages: [user('Hi')], tools: schemas, maxNewTokens: 8 },
        {},
      );
      expect(result.text).toBe(
        '<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call>',
      );
      await other.dispose();
    }
  });
});
