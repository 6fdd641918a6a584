// The in-browser model's engine in Node: transformers.js's real loading and generation path
// (config, byte-level BPE tokenizer, chat template, ONNX decoder with a KV cache on onnxruntime-node)
// against the tiny generated qwen2 model (scripts/make-test-lm.mjs), offline. The Chromium side (the
// worker on onnxruntime-web) is e2e/local-model.spec.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AutoModelForCausalLM, Tensor, type PreTrainedModel } from '@huggingface/transformers';
import { loadEngine, type GeneratorEngine } from './generator-engine';
import type { GeneratorStatus } from '../core/providers/local/status';
import { createLocalProvider } from '../core/providers/local';
import { tokenCounterFromFiles } from '../core/providers/local/tokenizer';
import type { StreamEvent, ToolSchema } from '../core/agent/types';
import { ProviderError } from '../core/agent/types';
import { testLm, testLmSource as source, user } from '../../tests/fixtures/test-lm';

const { makeTestLm, TEST_LM_DIR, TEST_LM_ID } = testLm;
const TOOLS: ToolSchema[] = [
  {
    name: 'ls',
    description: 'List the files in a directory.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: {
      type: 'object',
      properties: { file_path: { type: 'string' } },
      required: ['file_path'],
    },
  },
];

let engine: GeneratorEngine;
const statuses: GeneratorStatus[] = [];

beforeAll(async () => {
  if (!existsSync(join(TEST_LM_DIR, 'onnx', 'model_q4.onnx'))) makeTestLm();
  engine = await loadEngine({
    modelId: TEST_LM_ID,
    source,
    device: 'cpu',
    dtype: 'q8',
    onStatus: (status) => statuses.push(status),
  });
}, 30_000);

describe('the tiny qwen2 model through transformers.js', () => {
  it('loads tokenizer and quantized model with progress, then reports ready', () => {
    expect(statuses[0]).toEqual({ state: 'checking' });
    const downloading = statuses.filter((s) => s.state === 'downloading');
    expect(downloading.length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toEqual({
      state: 'ready',
      device: 'cpu',
      dtype: 'q8',
      contextLimit: 32768,
    });
    expect(engine.tokenizerFiles.json).toMatchObject({ model: { type: 'BPE' } });
  });

  it('renders the chat template with tools, earlier tool calls and tool results', () => {
    const text = engine.renderPrompt({
      system: 'Be brief.',
      messages: [
        user('What is in /?'),
        {
          role: 'assistant',
          id: 'a1',
          content: '',
          toolCalls: [{ id: 'c1', name: 'ls', arguments: '{"path": "/"}' }],
          createdAt: 0,
        },
        {
          role: 'tool',
          id: 't1',
          toolCallId: 'c1',
          toolName: 'ls',
          content: 'notes.md',
          createdAt: 0,
        },
      ],
      tools: TOOLS,
    });
    expect(text.startsWith('<|im_start|>system\nBe brief.\n\n# Tools')).toBe(true);
    expect(text).toContain('{"type": "function", "function": {"name": "ls"');
    expect(text).toContain(
      '<|im_start|>assistant\n<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call><|im_end|>',
    );
    expect(text).toContain(
      '<|im_start|>user\n<tool_response>\nnotes.md\n</tool_response><|im_end|>',
    );
    expect(text.endsWith('<|im_start|>assistant\n')).toBe(true);
  });

  it('streams generated text and reports tokens from its own tokenizer, with timing', async () => {
    const pieces: string[] = [];
    const result = await engine.generate(
      { system: 'Be brief.', messages: [user('Say something.')], tools: TOOLS, maxNewTokens: 24 },
      { onText: (text) => pieces.push(text) },
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(result.text);
    expect(result.outputTokens).toBe(24);
    expect(result.truncated).toBe(true);
    expect(result.interrupted).toBe(false);
    // The prompt as the template renders it, counted by the model's tokenizer.
    const rendered = engine.renderPrompt({
      system: 'Be brief.',
      messages: [user('Say something.')],
      tools: TOOLS,
    });
    expect(result.inputTokens).toBe(engine.countTokens(rendered));
    expect(result.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(result.tokensPerSecond).toBeGreaterThan(0);
  });

  it('counts on the page exactly as the model tokenizer does, from the files the worker hands over', () => {
    const counter = tokenCounterFromFiles(
      TEST_LM_ID,
      engine.tokenizerFiles.json,
      engine.tokenizerFiles.config,
    );
    expect(counter.encoding).toBe(`model:${TEST_LM_ID}`);
    const texts = [
      'Hello, world!',
      'The agent keeps its memory in /memories/AGENTS.md and reads it before it answers.',
      '{"name": "read_file", "arguments": {"file_path": "/notes/todo.md"}}',
      'Ünïcödé — 中文 — emoji 🎉 and numbers 12345',
      `${'x'.repeat(9000)}\n${'line of text\n'.repeat(800)}`,
    ];
    for (const text of texts) expect(counter.count(text)).toBe(engine.countTokens(text));
  });

  it('Stop interrupts a long generation after the current token', async () => {
    const controller = new AbortController();
    let seen = 0;
    const result = await engine.generate(
      { system: '', messages: [user('Write a lot.')], tools: [], maxNewTokens: 3000 },
      {
        signal: controller.signal,
        onText: () => {
          if (++seen === 5) controller.abort();
        },
      },
    );
    expect(result.interrupted).toBe(true);
    expect(result.truncated).toBe(false);
    expect(result.outputTokens).toBeGreaterThan(4);
    expect(result.outputTokens).toBeLessThan(200);
  });

  it('generates with the KV cache exactly what recomputing the whole sequence gives', async () => {
    // Greedy decoding two ways: generate() feeds one new token per step with past_key_values;
    // the loop below runs the full sequence every step with an empty cache.
    const model: PreTrainedModel = await AutoModelForCausalLM.from_pretrained(TEST_LM_ID, {
      dtype: 'fp32',
    });
    const ids = engine.tokenizer.encode('The agent keeps its memory in a file');
    const steps = 12;
    const cached = (await model.generate({
      input_ids: new Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, ids.length]),
      attention_mask: new Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]),
      max_new_tokens: steps,
      do_sample: false,
    })) as Tensor;
    const withCache = (cached.tolist() as bigint[][])[0]!.slice(ids.length).map(Number);

    const sequence = [...ids];
    for (let i = 0; i < steps; i++) {
      const n = sequence.length;
      const out = (await model({
        input_ids: new Tensor('int64', BigInt64Array.from(sequence.map(BigInt)), [1, n]),
        attention_mask: new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
      })) as { logits: Tensor };
      const vocab = out.logits.dims[2]!;
      const last = (out.logits.data as Float32Array).subarray((n - 1) * vocab, n * vocab);
      let best = 0;
      for (let v = 1; v < vocab; v++) if (last[v]! > last[best]!) best = v;
      sequence.push(best);
    }
    expect(withCache).toEqual(sequence.slice(ids.length));
    await model.dispose();
  });

  it('the provider streams text, returns usage and turns Stop into an aborted error', async () => {
    const provider = createLocalProvider({ generator: engine, maxNewTokens: 16 });
    const events: StreamEvent[] = [];
    const response = await provider.complete(
      { model: TEST_LM_ID, system: 'Be brief.', messages: [user('Hello')], tools: TOOLS },
      { signal: new AbortController().signal, onStream: (event) => events.push(event) },
    );
    expect(response.usage?.outputTokens).toBe(16);
    expect(response.usage?.inputTokens).toBeGreaterThan(100);
    expect(response.usage?.tokensPerSecond).toBeGreaterThan(0);
    expect(response.message.content).toContain('[Cut at 16 new tokens');
    expect(events.some((e) => e.type === 'text-delta')).toBe(true);

    const controller = new AbortController();
    const stopped = provider.complete(
      { model: TEST_LM_ID, system: '', messages: [user('Go on')], tools: [] },
      {
        signal: controller.signal,
        onStream: () => controller.abort(),
      },
    );
    await expect(stopped).rejects.toSatisfy(
      (e: unknown) => e instanceof ProviderError && e.kind === 'aborted',
    );
  });

  it('refuses a request longer than the model reads, with a clear message', async () => {
    const long = 'memory '.repeat(40_000);
    await expect(
      engine.generate({ system: '', messages: [user(long)], tools: [], maxNewTokens: 8 }, {}),
    ).rejects.toThrow(/reads at most 32,768/);
  });

  it('loads the fp32 and q4 (MatMulNBits) exports too', async () => {
    for (const dtype of ['fp32', 'q4'] as const) {
      const other = await loadEngine({ modelId: TEST_LM_ID, source, device: 'cpu', dtype });
      const result = await other.generate(
        { system: '', messages: [user('Hi')], tools: [], maxNewTokens: 4 },
        {},
      );
      expect(result.outputTokens).toBe(4);
      await other.dispose();
    }
  });

  it('reports a missing model as missing, naming the model', async () => {
    await expect(
      loadEngine({ modelId: 'no-such-model', source, device: 'cpu', dtype: 'q8' }),
    ).rejects.toMatchObject({
      reason: 'missing',
      message: expect.stringContaining('"no-such-model"'),
    });
  });
});
