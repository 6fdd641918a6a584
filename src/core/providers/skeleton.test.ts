import { describe, expect, it } from 'vitest';
import type { ModelMessage, StreamEvent } from '../agent/types';
import { toAnthropicMessages } from './anthropic';
import { toChatPrompt } from './local/chat-format';
import { toOpenAIMessages } from './openai';
import { StreamedTurn } from './skeleton';

// A thread a sliding window cut: c2 never got a result (the run stopped mid-tool) and t9's call is gone.
const thread: ModelMessage[] = [
  { role: 'user', id: 'u1', content: 'What is in /?', createdAt: 1 },
  {
    role: 'assistant',
    id: 'a1',
    content: 'Looking.',
    toolCalls: [
      { id: 'c1', name: 'ls', arguments: '{"path":"/"}' },
      { id: 'c2', name: 'grep', arguments: '{}' },
    ],
    createdAt: 2,
  },
  { role: 'tool', id: 't1', toolCallId: 'c1', toolName: 'ls', content: 'a.md', createdAt: 3 },
  {
    role: 'tool',
    id: 't9',
    toolCallId: 'gone',
    toolName: 'read_file',
    content: 'old text',
    isError: true,
    createdAt: 4,
  },
];
const orphan = '[Result of an earlier read_file call (error)]\nold text';
const missing = 'Error: no result for grep: the run stopped before the tool finished.';

/** Every text a provider's wire format carries, in order. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'content' || k === 'text' ? texts(v) : typeof v === 'object' ? texts(v) : [],
    );
  return [];
}

describe('the thread as each provider sends it', () => {
  const sent = {
    openai: texts(toOpenAIMessages('', thread)),
    anthropic: texts(toAnthropicMessages(thread)),
    local: texts(
      toChatPrompt({ system: '', messages: thread, tools: [] }, { nativeTools: true }).messages,
    ),
  };

  it.each(Object.entries(sent))(
    '%s: a call without a result gets an error result, then a result whose call is gone is text',
    (_provider, parts) => {
      const at = (text: string) => parts.findIndex((p) => p.includes(text));
      expect(at('a.md')).toBeGreaterThan(-1);
      expect(at(missing)).toBeGreaterThan(at('a.md'));
      expect(at(orphan)).toBeGreaterThan(at(missing));
    },
  );
});

describe('StreamedTurn', () => {
  it('shows each piece at once and assembles calls whose names repeat on every piece', () => {
    const events: StreamEvent[] = [];
    const turn = new StreamedTurn((event) => events.push(event));
    turn.text('Hel');
    turn.text('');
    turn.text('lo');
    turn.callPart(0, { id: 'c1', name: 'ls', argumentsDelta: '{"pa' });
    turn.callPart(0, { id: 'c1', name: 'ls', argumentsDelta: 'th":"/"}' });
    // A call that never got an id gets one; a tool without parameters streams no arguments.
    turn.callPart(1, { name: 'pwd', argumentsDelta: '', emptyArguments: '{}' });
    // A piece for a call that never got a name is dropped.
    turn.callPart(2, { argumentsDelta: '{}' });

    expect(turn.content).toBe('Hello');
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'tool-call-delta' && e.name === 'ls')).toHaveLength(1);
    const calls = turn.toolCalls();
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([
      ['ls', '{"path":"/"}'],
      ['pwd', '{}'],
    ]);
    expect(calls[0]?.id).toBe('c1');
    expect(calls[1]?.id).toMatch(/^call_.+_1$/);
  });
});
