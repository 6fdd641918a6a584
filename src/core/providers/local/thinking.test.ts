import { describe, expect, it } from 'vitest';
import { stripThinking } from './thinking';
import { createStreamSplitter, parseModelOutput, type ParsedToolCall } from './tool-calls';

// Qwen3 writes "<think>…</think>" before its answer when thinking is on, an empty block when the
// template switched it off, and a bare "</think>" when the prompt opened the block.
const QWEN3_CALL =
  '<think>\nThe user wants the files. I should call ls.\n</think>\n\n<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call>';

describe('reasoning blocks', () => {
  it.each([
    ['<think>\n\n</think>\n\nHello.', 'Hello.'],
    ['<think>\nplan: say hello\n</think>\n\nHello.', 'Hello.'],
    ['plan: say hello\n</think>\n\nHello.', 'Hello.'],
    ['Hello.<think>second thoughts', 'Hello.'],
    ['A <think>x</think>B <think>y</think>C', 'A B C'],
    ['No reasoning at all.', 'No reasoning at all.'],
  ])('%j reads as %j', (output, expected) => {
    expect(stripThinking(output).trim()).toBe(expected);
    expect(parseModelOutput(output).content).toBe(expected);
  });

  it('reads a Qwen3 tool call after its reasoning, the reasoning not in the answer', () => {
    expect(parseModelOutput(QWEN3_CALL, ['ls'])).toEqual({
      content: '',
      toolCalls: [{ name: 'ls', arguments: '{"path":"/"}' }],
    });
    // A call written inside the reasoning is only thought about, not made.
    expect(
      parseModelOutput('<think><tool_call>{"name": "ls"}</tool_call></think>Done.').toolCalls,
    ).toEqual([]);
  });

  it('never streams the reasoning, however the output is cut into pieces', () => {
    const output = `${QWEN3_CALL}\nThe files are listed.`;
    for (let size = 1; size <= 9; size++) {
      const text: string[] = [];
      const calls: ParsedToolCall[] = [];
      const splitter = createStreamSplitter({
        onText: (t) => text.push(t),
        onToolCall: (call) => calls.push(call),
      });
      for (let i = 0; i < output.length; i += size) splitter.push(output.slice(i, i + size));
      splitter.end();
      expect(text.join('')).toBe('The files are listed.');
      expect(calls).toEqual([{ name: 'ls', arguments: '{"path":"/"}' }]);
    }
  });

  it('drops a lone closing tag from the stream and keeps text that only looks like a tag', () => {
    const text: string[] = [];
    const splitter = createStreamSplitter({ onText: (t) => text.push(t), onToolCall: () => {} });
    for (const piece of ['</thi', 'nk>\n\nA <thin', 'g> and a <', 'b>.']) splitter.push(piece);
    splitter.end();
    expect(text.join('')).toBe('A <thing> and a <b>.');
  });
});
