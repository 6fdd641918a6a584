import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import type { RunContext } from '../agent/middleware';
import { readOnly } from '../harness/preview';
import { collect, memoryFs, scriptedProvider } from '../../../tests/fixtures/agent';
import type { Message, ToolCall, ToolResult } from '../agent/types';
import { createFsTools } from '../fs/tools';
import type { VirtualFs } from '../fs/types';
import { COMPACTION_PRESETS } from './settings';
import { createExecuteTool } from '../tools/execute';
import { createOffloadMiddleware, offloadedResultText } from './offload';
import { loadEncoder } from '../tokens/counter';

const SETTINGS = { ...COMPACTION_PRESETS.default, offloadTokens: 500 };
const numbered = (n: number, prefix = 'row') =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}: some output text`).join('\n');

async function wrap(call: ToolCall, result: ToolResult, fs?: VirtualFs) {
  const counter = await loadEncoder('cl100k_base');
  const mw = createOffloadMiddleware({ settings: () => SETTINGS, counter });
  const { events, emit } = collect();
  const context: RunContext = {
    threadId: 't',
    fs: fs ?? (await memoryFs()),
    signal: new AbortController().signal,
    state: {},
    emit,
  };
  const out = await mw.wrapToolCall?.(call, async () => result, context);
  return { out, events, fs: context.fs };
}

describe('large tool result offload', () => {
  it('writes a large result to /large_tool_results/ and returns the path, how to read it and a preview', async () => {
    const content = numbered(400);
    const { out, events, fs } = await wrap(
      { id: 'call/42.x', name: 'execute', arguments: '{}' },
      { content },
    );
    const path = '/large_tool_results/call_42_x';
    expect((await fs.read(path))?.content).toBe(content);
    expect(out?.isError).toBeUndefined();
    const text = out?.content ?? '';
    expect(text).toContain(`so it was saved to ${path}`);
    expect(text).toContain(`read_file(file_path="${path}", offset=0, limit=100)`);
    expect(text).toMatch(/The first 10 lines:\n {5}1\trow 1: some output text\n/);
    expect(text).toContain('    10\trow 10: some output text');
    expect(text).not.toContain('row 11:');
    expect(events).toHaveLength(1);
    const event = events[0];
    expect(event?.type === 'context-event' && event.event).toMatchObject({ kind: 'offload', path });
    if (event?.type === 'context-event') {
      const counter = await loadEncoder('cl100k_base');
      expect(event.event.tokensBefore).toBe(counter.count(content));
      expect(event.event.tokensAfter).toBe(counter.count(text));
    }
  });

  it('keeps an error flag and cuts a single huge line in the preview', async () => {
    const { out } = await wrap(
      { id: 'c1', name: 'execute', arguments: '{}' },
      { content: `Error: ${'x'.repeat(50_000)}`, isError: true },
    );
    expect(out?.isError).toBe(true);
    expect(out?.content.length).toBeLessThan(2_000);
    expect(out?.content).toMatch(/… \[line cut here: 50,007 characters in all\]/);
  });

  it.each(['ls', 'glob', 'grep', 'read_file', 'edit_file', 'write_file'])(
    'never offloads %s results',
    async (name) => {
      const result = { content: numbered(2_000) };
      const { out, events } = await wrap({ id: 'c1', name, arguments: '{}' }, result);
      expect(out).toBe(result);
      expect(events).toEqual([]);
    },
  );

  it('leaves results under the limit alone', async () => {
    const result = { content: numbered(10) };
    const { out, events } = await wrap({ id: 'c1', name: 'execute', arguments: '{}' }, result);
    expect(out).toBe(result);
    expect(events).toEqual([]);
  });

  it('keeps the original result when the file cannot be written', async () => {
    const result = { content: numbered(400) };
    const { out, events } = await wrap(
      { id: 'c1', name: 'execute', arguments: '{}' },
      result,
      readOnly(await memoryFs()),
    );
    expect(out).toBe(result);
    expect(events).toEqual([]);
  });

  it('formats the notice for short results too', () => {
    expect(offloadedResultText({ id: 'c', name: 'x' }, '/p', 'one\ntwo', 9)).toMatch(
      /The first 2 lines:\n {5}1\tone\n {5}2\ttwo$/,
    );
  });

  it('end to end: a large execute result becomes a file plus preview, read back in slices', async () => {
    const counter = await loadEncoder('cl100k_base');
    const fs = await memoryFs();
    const output = numbered(3_000, 'line');
    const execute = createExecuteTool({ run: async () => ({ output: `${output}\n` }) });
    const { provider, requests } = scriptedProvider([
      { toolCalls: [{ name: 'execute', arguments: '{"code":"dump()"}' }] },
      {
        toolCalls: [
          {
            name: 'read_file',
            arguments: '{"file_path":"/large_tool_results/call_1_0","offset":100,"limit":100}',
          },
        ],
      },
      { text: 'Line 150 says what I needed.' },
    ]);
    const messages: Message[] = [];
    const { events, emit } = collect();
    const outcome = await runAgent({
      threadId: 't',
      history: [{ role: 'user', id: 'u1', content: 'Dump the data.', createdAt: 0 }],
      provider,
      model: 'gpt-4o',
      systemPrompt: 'You help.',
      tools: [...createFsTools(), execute],
      middleware: [createOffloadMiddleware({ settings: () => SETTINGS, counter: () => counter })],
      fs,
      state: {},
      signal: new AbortController().signal,
      emit: (event) => {
        emit(event);
        if (event.type === 'message') messages.push(event.message);
      },
    });
    expect(outcome).toEqual({ status: 'done' });
    expect((await fs.read('/large_tool_results/call_1_0'))?.content).toBe(output);
    const [offloaded, slice] = messages.filter((m) => m.role === 'tool');
    expect(offloaded?.content).toContain('saved to /large_tool_results/call_1_0');
    expect(offloaded?.content).toContain('     1\tline 1: some output text');
    // The model saw the notice, not the 3,000 lines.
    expect(JSON.stringify(requests[1]?.messages)).not.toContain('line 11: some');
    expect(slice?.content).toMatch(/^ {3}101\tline 101: some output text\n/);
    expect(slice?.content).toContain('   200\tline 200: some output text');
    expect(slice?.content).toContain('call read_file with offset=200 to continue');
    expect(events.filter((e) => e.type === 'context-event')).toHaveLength(1);
  });
});
