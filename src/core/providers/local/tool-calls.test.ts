import { describe, expect, it } from 'vitest';
import {
  createStreamSplitter,
  parseModelOutput,
  UNREADABLE_TOOL_CALL,
  type ParsedOutput,
  type ParsedToolCall,
} from './tool-calls';

const TOOLS = ['ls', 'read_file', 'write_file', 'edit_file', 'glob', 'grep', 'execute'];

// Fixed outputs, as small models write them, and what the loop must receive.
const TABLE: Array<{ name: string; output: string; expected: ParsedOutput }> = [
  {
    name: 'plain text',
    output: 'The file has three lines.',
    expected: { content: 'The file has three lines.', toolCalls: [] },
  },
  {
    name: 'one Qwen2.5 call',
    output: '<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call>',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{"path":"/"}' }] },
  },
  {
    name: 'text before a call',
    output:
      'Let me read it.\n<tool_call>\n{"name": "read_file", "arguments": {"file_path": "/a.md"}}\n</tool_call>',
    expected: {
      content: 'Let me read it.',
      toolCalls: [{ name: 'read_file', arguments: '{"file_path":"/a.md"}' }],
    },
  },
  {
    name: 'two calls in a row',
    output:
      '<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}\n</tool_call>\n<tool_call>\n{"name": "glob", "arguments": {"pattern": "*.md"}}\n</tool_call>',
    expected: {
      content: '',
      toolCalls: [
        { name: 'ls', arguments: '{"path":"/"}' },
        { name: 'glob', arguments: '{"pattern":"*.md"}' },
      ],
    },
  },
  {
    name: 'SmolLM2-style list in one block',
    output:
      '<tool_call>[{"name": "ls", "arguments": {"path": "/"}}, {"name": "grep", "arguments": {"pattern": "todo"}}]</tool_call>',
    expected: {
      content: '',
      toolCalls: [
        { name: 'ls', arguments: '{"path":"/"}' },
        { name: 'grep', arguments: '{"pattern":"todo"}' },
      ],
    },
  },
  {
    name: '"parameters" instead of "arguments"',
    output: '<tool_call>{"name": "ls", "parameters": {"path": "/memories"}}</tool_call>',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{"path":"/memories"}' }] },
  },
  {
    name: 'arguments given as a JSON string',
    output: '<tool_call>{"name": "ls", "arguments": "{\\"path\\": \\"/\\"}"}</tool_call>',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{"path": "/"}' }] },
  },
  {
    name: 'no arguments at all',
    output: '<tool_call>{"name": "ls"}</tool_call>',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{}' }] },
  },
  {
    name: 'malformed arguments keep the tool name (the loop answers with a JSON error)',
    output:
      '<tool_call>\n{"name": "write_file", "arguments": {"file_path": "/a.md", content: hi}}\n</tool_call>',
    expected: {
      content: '',
      toolCalls: [{ name: 'write_file', arguments: '{"file_path": "/a.md", content: hi}' }],
    },
  },
  {
    name: 'a block with no readable name',
    output: '<tool_call>\nread the file please\n</tool_call>',
    expected: {
      content: '',
      toolCalls: [{ name: UNREADABLE_TOOL_CALL, arguments: 'read the file please' }],
    },
  },
  {
    name: 'an empty block',
    output: 'Hmm.<tool_call></tool_call>',
    expected: { content: 'Hmm.', toolCalls: [{ name: UNREADABLE_TOOL_CALL, arguments: '' }] },
  },
  {
    name: 'JSON that is not a call object',
    output: '<tool_call>[1, 2]</tool_call>',
    expected: {
      content: '',
      toolCalls: [
        { name: UNREADABLE_TOOL_CALL, arguments: '1' },
        { name: UNREADABLE_TOOL_CALL, arguments: '2' },
      ],
    },
  },
  {
    name: 'an unclosed block (the model stopped) is read as far as it goes',
    output: 'Sure.\n<tool_call>\n{"name": "ls", "arguments": {"path": "/"}}',
    expected: { content: 'Sure.', toolCalls: [{ name: 'ls', arguments: '{"path":"/"}' }] },
  },
  {
    name: 'a call cut mid-arguments',
    output: '<tool_call>\n{"name": "read_file", "arguments": {"file_pa',
    expected: { content: '', toolCalls: [{ name: 'read_file', arguments: '{"file_pa' }] },
  },
  {
    name: 'an OpenAI-shaped call object',
    output:
      '<tool_call>{"type": "function", "function": {"name": "ls", "arguments": {"path": "/"}}}</tool_call>',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{"path":"/"}' }] },
  },
  {
    name: 'a bare JSON call naming a known tool (tags dropped)',
    output: '{"name": "read_file", "arguments": {"file_path": "/AGENTS.md"}}',
    expected: {
      content: '',
      toolCalls: [{ name: 'read_file', arguments: '{"file_path":"/AGENTS.md"}' }],
    },
  },
  {
    name: 'a bare JSON call in a code fence',
    output: '```json\n{"name": "ls", "arguments": {"path": "/"}}\n```',
    expected: { content: '', toolCalls: [{ name: 'ls', arguments: '{"path":"/"}' }] },
  },
  {
    name: 'bare JSON naming an unknown tool stays text',
    output: '{"name": "weather", "arguments": {"city": "Paris"}}',
    expected: { content: '{"name": "weather", "arguments": {"city": "Paris"}}', toolCalls: [] },
  },
  {
    name: 'text that merely mentions the tag without a block',
    output: 'Calls are written as <tool_call', // no closing ">" : not a block
    expected: { content: 'Calls are written as <tool_call', toolCalls: [] },
  },
];

describe('parseModelOutput', () => {
  it.each(TABLE)('$name', ({ output, expected }) => {
    expect(parseModelOutput(output, TOOLS)).toEqual(expected);
  });

  it('only reads bare JSON as a call when the request has tools', () => {
    expect(parseModelOutput('{"name": "ls", "arguments": {}}').toolCalls).toEqual([]);
  });
});

describe('createStreamSplitter', () => {
  function split(pieces: string[]) {
    const text: string[] = [];
    const calls: Array<ParsedToolCall & { index: number }> = [];
    const splitter = createStreamSplitter({
      onText: (t) => text.push(t),
      onToolCall: (call, index) => calls.push({ ...call, index }),
    });
    for (const piece of pieces) splitter.push(piece);
    splitter.end();
    return { text: text.join(''), pieces: text, calls };
  }

  it('shows text as it comes and each call when its block closes, across any piece boundary', () => {
    const output =
      'Reading it now.\n<tool_call>\n{"name": "read_file", "arguments": {"file_path": "/a"}}\n</tool_call>\n<tool_call>{"name": "ls", "arguments": {}}</tool_call>';
    const expected = {
      text: 'Reading it now.\n\n',
      calls: [
        { name: 'read_file', arguments: '{"file_path":"/a"}', index: 0 },
        { name: 'ls', arguments: '{}', index: 1 },
      ],
    };
    // Every way of cutting the output into two pieces, and one character at a time.
    for (let cut = 0; cut <= output.length; cut++) {
      const got = split([output.slice(0, cut), output.slice(cut)]);
      expect({ text: got.text, calls: got.calls }).toEqual(expected);
    }
    const byChar = split([...output]);
    expect({ text: byChar.text, calls: byChar.calls }).toEqual(expected);
  });

  it('holds back only what could still become the opening tag', () => {
    const got = split(['I will <', 'b>bold</b> and <tool', '_x> too']);
    expect(got.text).toBe('I will <b>bold</b> and <tool_x> too');
    expect(got.pieces[0]).toBe('I will ');
  });

  it('drops leading whitespace and never reports an unclosed block while streaming', () => {
    const got = split(['\n\n  Hello', ' <tool_call>{"name": "ls"']);
    expect(got.text).toBe('Hello ');
    expect(got.calls).toEqual([]);
  });
});
