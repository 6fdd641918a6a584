import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { reportSummary } from './report';
import { fixture } from '../../../tests/fixtures/sessions/read';

describe('OpenAI Chat Completions', () => {
  it('a request body: system as a notice, tool calls paired with their results, the image a placeholder', () => {
    const s = parseSession(fixture('openai-chat-request.json'), 'request.json');
    expect(s.source).toBe('openai-chat');
    expect(s.messages.map((m) => m.role)).toEqual([
      'notice',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(s.messages[0]!.content).toContain('helpful travel assistant');
    expect(s.messages[3]).toMatchObject({ toolCallId: 'call_w1', toolName: 'get_weather' });
    expect(s.messages[5]!.content).toContain(
      '[image (https://example.org/photos/carcavelos.jpg) not imported]',
    );
    expect(s.report.unpairedCalls).toBe(0);
  });

  it('a JSONL log of requests: the longest is the session, its reply and usage included', () => {
    const s = parseSession(fixture('openai-chat-log.jsonl'), 'log.jsonl');
    expect(s.messages.map((m) => m.content).slice(-2)).toEqual([
      'And line by line?',
      'Wrap the File in a BufReader and call .lines() on it.',
    ]);
    expect(s.usage).toEqual([
      expect.objectContaining({ index: 4, usage: { inputTokens: 61, outputTokens: 17 } }),
    ]);
    expect(reportSummary(s.report)).toBe('3 records → 5 messages; line 2 is not JSON');
  });

  it('a bare list of messages', () => {
    const s = parseSession(
      JSON.stringify([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
      'list.json',
    );
    expect(s.source).toBe('openai-chat');
    expect(s.messages.map((m) => m.content)).toEqual(['hi', 'hello']);
  });
});

describe('OpenAI Responses', () => {
  it('input and output items, usage on the reply, unknown items as placeholders', () => {
    const s = parseSession(fixture('openai-responses.json'), 'responses.json');
    expect(s.source).toBe('openai-responses');
    expect(s.messages.map((m) => m.role)).toEqual([
      'notice',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'notice',
      'assistant',
      'notice',
    ]);
    expect(s.messages[2]).toMatchObject({
      id: 'fc_1',
      toolCalls: [{ id: 'call_sql1', name: 'run_sql' }],
    });
    expect(s.messages[3]).toMatchObject({
      toolName: 'run_sql',
      content: 'customer_id,count\n17,2\n42,2',
    });
    expect(s.messages[8]!.content).toBe("[item 'web_search_call' not imported]");
    expect(s.usage).toEqual([
      {
        messageId: 'msg_2',
        index: 7,
        usage: { inputTokens: 412, outputTokens: 38, cacheReadTokens: 256 },
      },
    ]);
  });
});

describe('Anthropic Messages', () => {
  it('system, thinking, tool_use and tool_result blocks, an image and an unknown block', () => {
    const s = parseSession(fixture('anthropic-messages.json'), 'anthropic.json');
    expect(s.source).toBe('anthropic');
    expect(s.model).toBe('claude-opus-4-1');
    expect(s.messages.map((m) => m.role)).toEqual([
      'notice',
      'user',
      'notice',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(s.messages[0]!.content).toBe('System prompt:\nYou are a careful code reviewer.');
    expect(s.messages[3]).toMatchObject({
      content: 'Let me open it.',
      toolCalls: [{ id: 'toolu_r1' }],
    });
    expect(s.messages[4]).toMatchObject({
      toolName: 'read_file',
      content: expect.stringContaining('def mean'),
    });
    expect(reportSummary(s.report)).toBe(
      "5 records → 7 messages; 1 image, 1 block 'search_result' as placeholders",
    );
  });
});

describe('LangChain / Deep Agents', () => {
  it('the dict form in a LangGraph state, with a Deep Agents summary as a compaction', () => {
    const s = parseSession(fixture('langchain-deepagents.json'), 'thread.json');
    expect(s.source).toBe('langchain');
    expect(s.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'notice',
      'assistant',
      'tool',
      'assistant',
    ]);
    // tool_calls and the tool_use block that repeats it: one call.
    expect(s.messages[3]).toMatchObject({
      toolCalls: [{ id: 'call_s1', name: 'internet_search' }],
    });
    expect(s.compactions).toEqual([
      expect.objectContaining({ index: 5, sourceId: 'sum-1', summaryMessageId: 'm1' }),
    ]);
    expect(s.compactions[0]!.summary).toBe(
      'The user wants a report on the three largest lithium producers in /report.md. Search found Albemarle, SQM and Ganfeng. Next: write the report.',
    );
    expect(s.usage).toHaveLength(4);
    expect(s.usage[0]!.usage).toEqual({ inputTokens: 5210, outputTokens: 64 });
  });

  it('the serialized lc form, with LangChain’s summary message and an unreadable entry kept visible', () => {
    const s = parseSession(fixture('langchain-serialized.json'), 'lc.json');
    expect(s.source).toBe('langchain');
    expect(s.messages.map((m) => m.role)).toEqual([
      'notice',
      'user',
      'assistant',
      'tool',
      'notice',
      'assistant',
      'notice',
    ]);
    expect(s.compactions[0]!.summary).toBe(
      'The user asked about boiling water at altitude; the estimate is about 93 °C.',
    );
    expect(s.messages[6]!.content).toBe('[unreadable message not imported]');
    expect(s.report.placeholders).toEqual({ 'unreadable message': 1 });
  });
});
