import { describe, expect, it } from 'vitest';
import type { ModelMessage, ToolSchema } from '../../agent/types';
import { templateSupportsTools, toChatPrompt } from './chat-format';
import { parseModelOutput } from './tool-calls';

const ls: ToolSchema = {
  name: 'ls',
  description: 'List files.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
};

const history: ModelMessage[] = [
  { role: 'user', id: 'u1', content: 'What is in /?', createdAt: 1 },
  {
    role: 'assistant',
    id: 'a1',
    content: 'Looking.',
    toolCalls: [
      { id: 'c1', name: 'ls', arguments: '{"path": "/"}' },
      { id: 'c2', name: 'ls', arguments: '{"path": /x}' },
    ],
    createdAt: 2,
  },
  { role: 'tool', id: 't1', toolCallId: 'c1', toolName: 'ls', content: 'a.md', createdAt: 3 },
  // c2 never got a result (the run stopped); t9's call was cut away by a context strategy.
  { role: 'tool', id: 't9', toolCallId: 'gone', toolName: 'grep', content: 'x', createdAt: 4 },
  { role: 'assistant', id: 'a2', content: 'There is a.md.', createdAt: 5 },
];

describe('toChatPrompt', () => {
  it('gives a tool-aware template structured calls, results and tool schemas', () => {
    const prompt = toChatPrompt(
      { system: 'Be brief.', messages: history, tools: [ls] },
      { nativeTools: true },
    );
    expect(prompt.tools).toEqual([
      {
        type: 'function',
        function: { name: 'ls', description: 'List files.', parameters: ls.parameters },
      },
    ]);
    expect(prompt.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is in /?' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { type: 'function', function: { name: 'ls', arguments: { path: '/' } } },
          // Malformed arguments are shown to the model as it wrote them.
          { type: 'function', function: { name: 'ls', arguments: '{"path": /x}' } },
        ],
      },
      { role: 'tool', name: 'ls', content: 'a.md' },
      {
        role: 'tool',
        name: 'ls',
        content: 'Error: no result for ls: the run stopped before the tool finished.',
      },
      { role: 'user', content: '[Result of an earlier grep call]\nx' },
      { role: 'assistant', content: 'There is a.md.' },
    ]);
  });

  it('writes tools, calls and results inline for a template without tool support', () => {
    const prompt = toChatPrompt(
      { system: 'Be brief.', messages: history, tools: [ls] },
      { nativeTools: false },
    );
    expect(prompt.tools).toBeUndefined();
    const [system, question, call, results, answer] = prompt.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/^Be brief\.\n\n# Tools\n/);
    expect(system!.content).toContain('{"type":"function","function":{"name":"ls"');
    expect(question).toEqual({ role: 'user', content: 'What is in /?' });
    // The calls written inline read back as the same calls, malformed arguments included.
    expect(call!.role).toBe('assistant');
    expect(parseModelOutput(call!.content).toolCalls).toEqual([
      { name: 'ls', arguments: '{"path":"/"}' },
      { name: 'ls', arguments: '{"path": /x}' },
    ]);
    // Consecutive results merge into one user turn, so roles keep alternating.
    expect(results).toEqual({
      role: 'user',
      content:
        '<tool_response>\na.md\n</tool_response>\n' +
        '<tool_response>\nError: no result for ls: the run stopped before the tool finished.\n</tool_response>\n' +
        '[Result of an earlier grep call]\nx',
    });
    expect(answer).toEqual({ role: 'assistant', content: 'There is a.md.' });
  });

  it('sends no system message when there is no system prompt and no tool', () => {
    const prompt = toChatPrompt(
      { system: '', messages: [history[0]!], tools: [] },
      { nativeTools: true },
    );
    expect(prompt).toEqual({ messages: [{ role: 'user', content: 'What is in /?' }] });
  });
});

describe('templateSupportsTools', () => {
  it('reads it from the template source', () => {
    expect(templateSupportsTools('{%- if tools %}{{ message.tool_calls }}{% endif %}')).toBe(true);
    expect(templateSupportsTools("{{ '<|im_start|>' + message['role'] }}")).toBe(false);
    expect(templateSupportsTools({ default: 'x', tool_use: '{{ tools }}{{ m.tool_calls }}' })).toBe(
      true,
    );
    expect(templateSupportsTools(null)).toBe(false);
  });
});
