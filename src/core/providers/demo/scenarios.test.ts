// The Demo's newer pieces: staged compaction requests, list answers, help text and requests only a
// language model could answer.
import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest, ToolCall, ToolSchema } from '../../agent/types';
import { createFsTools } from '../../fs/tools';
import { memoryFs } from '../../../../tests/fixtures/agent';
import { BIG_COMPUTATION_ROWS, classify, helpText, longDocument, planDemoReply } from '.';
import { pathList } from './files/reports';

const schema = (name: string): ToolSchema => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
});
const TOOLS = ['ls', 'read_file', 'write_file', 'edit_file', 'glob', 'grep', 'execute'].map(schema);

let seq = 0;
const user = (content: string): ModelMessage => ({
  role: 'user',
  id: `u${++seq}`,
  content,
  createdAt: seq,
});
const request = (messages: ModelMessage[], tools = TOOLS): ModelRequest => ({
  model: 'demo',
  system: 'You are helpful.',
  messages,
  tools,
});

describe('staged compaction requests', () => {
  it('recognises the phrasings, the suggestion buttons included', () => {
    expect(classify('write a long file')).toEqual({ kind: 'long-file' });
    expect(classify('write me a long file to /tmp/x.md')).toEqual({
      kind: 'long-file',
      path: '/tmp/x.md',
    });
    expect(classify('Show me compaction')).toEqual({ kind: 'tour' });
    expect(classify('run a big computation')).toEqual({ kind: 'big-computation' });
    expect(classify('Show me offload')).toEqual({ kind: 'big-computation' });
    // A file with no name: the Demo asks for one.
    expect(classify('write a file')).toEqual({ kind: 'write' });
  });

  it('"write a long file" writes a long, numbered document with write_file', () => {
    const reply = planDemoReply(request([user('write a long file')]));
    const call = reply.toolCalls?.[0] as ToolCall;
    expect(call.name).toBe('write_file');
    const args = JSON.parse(call.arguments) as { file_path: string; content: string };
    expect(args.file_path).toBe('/notes/long-notes-1.md');
    expect(args.content).toBe(longDocument(1));
    // Long enough to pass the Stress preset's 500-character truncation limit many times over.
    expect(args.content.length).toBeGreaterThan(4_000);
    // The next one gets the next number, even when only a summary names the earlier file.
    const summary = user('## ARTIFACTS\n- /notes/long-notes-3.md (written)');
    const next = planDemoReply(request([summary, user('write a long file')]));
    expect(JSON.parse(next.toolCalls?.[0]?.arguments ?? '{}')).toMatchObject({
      file_path: '/notes/long-notes-4.md',
    });
  });

  it('"run a big computation" calls execute with code that prints a large table', () => {
    const reply = planDemoReply(request([user('run a big computation')]));
    const call = reply.toolCalls?.[0] as ToolCall;
    expect(call.name).toBe('execute');
    const { code } = JSON.parse(call.arguments) as { code: string };
    const lines: string[] = [];
    new Function('console', code)({ log: (line: string) => lines.push(line) });
    expect(lines).toHaveLength(BIG_COMPUTATION_ROWS + 1);
    expect(lines[7]).toBe('7 | 49 | 343 | yes');
    // Over the default 20,000-token offload limit at ~4 characters a token.
    expect(lines.join('\n').length).toBeGreaterThan(80_000);
  });

  it('says so, without a tool call, when the tool is missing', () => {
    const reply = planDemoReply(request([user('run a big computation')], [schema('ls')]));
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toContain('The execute tool is not available');
  });
});

describe('answers that must never look broken', () => {
  it('"list files" reads the ls tool\'s real Python-style list as entries', async () => {
    const fs = await memoryFs({ '/a.md': 'a', "/it's.md": 'b', '/notes/todo.md': 'c' });
    const ls = createFsTools().find((tool) => tool.schema.name === 'ls')!;
    const result = await ls.run(
      { path: '/' },
      { fs, signal: new AbortController().signal, toolCallId: 'c1' },
    );
    expect(pathList(result.content)).toEqual(['/a.md', "/it's.md", '/memories/', '/notes/']);

    const ask = user('list files');
    const first = planDemoReply(request([ask]));
    const call = first.toolCalls?.[0] as ToolCall;
    const answer = planDemoReply(
      request([
        ask,
        { role: 'assistant', id: 'a1', content: first.content, toolCalls: [call], createdAt: 1 },
        {
          role: 'tool',
          id: 't1',
          toolCallId: call.id,
          toolName: 'ls',
          content: result.content,
          createdAt: 2,
        },
      ]),
    );
    expect(answer.content).toContain('The workspace (/) has 2 files and 2 folders:');
    expect(answer.content).toContain("- `/it's.md`");
    expect(answer.content).not.toContain('[');
  });

  it('the help text uses code spans, never bold around a glob', () => {
    const help = helpText();
    expect(help).toContain('`find *.md`');
    expect(help).not.toMatch(/\*\*[^*\n]*\*[^*\n]*\*\*/);
    expect(help).toContain('`write a long file`');
  });

  it('a task only a model could do gets one honest sentence, not a word-overlap answer', () => {
    expect(classify('write me a haiku')).toMatchObject({
      kind: 'unsupported',
      task: 'write a haiku',
    });
    expect(classify('write me a haiku about memory?')).toMatchObject({
      task: 'write a haiku about memory',
    });
    const system =
      'You are helpful.\n\n<agent_memory>\n/AGENTS.md\n\n- Write TypeScript with strict types.\n</agent_memory>';
    for (const text of ['write me a haiku', 'can you write me a haiku?']) {
      const reply = planDemoReply({ ...request([user(text)]), system });
      expect(reply.content).toMatch(
        /^I can't write a haiku: I'm a fixed script, not a language model\./,
      );
      expect(reply.content).not.toContain('**Remembering**');
      expect(reply.content).not.toContain('TypeScript');
    }
  });
});
