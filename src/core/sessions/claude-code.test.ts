import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { reportLines, reportSummary, secretLines } from './report';
import { fixture } from '../../../tests/fixtures/sessions/read';

describe('Claude Code session JSONL', () => {
  it('reads the main line across a compact boundary: messages, tool calls paired, the compaction as data', () => {
    const s = parseSession(fixture('claude-code-compaction.jsonl'), 'session.jsonl', { now: 0 });
    expect(s.source).toBe('claude-code');
    expect(s.title).toBe('Fix the flaky date parser tests');
    expect(s.sessionId).toBe('5c1e7d2a-3f4b-4a8e-9d61-0b7f2e9a4c13');
    expect(new Date(s.startedAt!).toISOString()).toBe('2026-10-03T08:12:04.118Z');
    const roles = s.messages.map((m) => m.role);
    expect(roles).toEqual([
      'user',
      'notice', // thinking
      'assistant',
      'tool',
      'assistant',
      'notice', // compaction summary
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    // One reply written as three records (thinking, text, tool_use) is one message.
    const reply = s.messages[2]!;
    expect(reply).toMatchObject({
      role: 'assistant',
      id: 'a2',
      content: "I'll read the parser and its tests first.",
      toolCalls: [{ id: 'toolu_01Read', name: 'Read' }],
    });
    expect(JSON.parse(reply.role === 'assistant' ? reply.toolCalls![0]!.arguments : '')).toEqual({
      file_path: '/home/ana/projects/datekit/src/parse-date.ts',
    });
    expect(s.messages[3]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_01Read',
      toolName: 'Read',
    });
    expect(s.messages[3]!.createdAt).toBe(Date.parse('2026-10-03T08:12:10.377Z'));
    expect(s.messages[1]!.content).toContain('smells like a time zone');

    expect(s.compactions).toHaveLength(1);
    const c = s.compactions[0]!;
    expect(c).toMatchObject({
      index: 5,
      trigger: 'manual',
      preTokens: 48210,
      sourceId: 'c1',
      line: 9,
    });
    expect(c.summaryMessageId).toBe('s1');
    expect(s.messages[c.index]!.id).toBe('s1');
    expect(c.summary).toContain('Pending: switch to getUTCHours');
    expect(s.messages[c.index]!.content).toContain(
      'Compacted by Claude Code (manual) at 48,210 tokens',
    );

    // Usage recorded per reply (the last record of a reply wins), cache reads counted as input.
    expect(s.usage.map((u) => u.messageId)).toEqual(['a2', 'a4', 'a5', 'a6']);
    expect(s.usage[1]!.usage).toEqual({
      inputTokens: 6 + 14210 + 380,
      outputTokens: 212,
      cacheReadTokens: 14210,
      cacheWriteTokens: 380,
    });
    expect(s.model).toBe('claude-sonnet-4-5-20250929');
  });

  it('keeps the image and the broken line visible, and flags the key without printing it', () => {
    const s = parseSession(fixture('claude-code-compaction.jsonl'), 'session.jsonl');
    const withImage = s.messages.find((m) => m.id === 'u3')!;
    expect(withImage.content).toContain('[image (image/png, 72 bytes) not imported]');
    expect(s.report.problems).toEqual([{ line: 14, text: 'line 14 is not JSON' }]);
    expect(s.report.records).toBe(15);
    expect(reportSummary(s.report)).toBe(
      '15 records → 10 messages; 1 image as a placeholder; 1 compaction by the source; line 14 is not JSON; 1 string that looks like a key or token',
    );
    expect(s.report.secrets).toHaveLength(1);
    expect(s.report.secrets[0]).toMatchObject({
      kind: 'Anthropic API key',
      messageId: 'u3',
      index: 6,
    });
    const lines = secretLines(s.report);
    expect(lines[0]).toBe('Anthropic API key sk-ant-a… (101 characters) in message 7 (content)');
    expect(lines.join('\n')).not.toContain('Zk3vQ9pLm2');
    expect(reportLines(s.report)).toContain('Line 14 is not JSON.');
  });

  it('follows a rewind: the abandoned branch is counted, not shown; the sidechain is kept apart', () => {
    const s = parseSession(fixture('claude-code-rewind-sidechain.jsonl'), 'rewind.jsonl');
    expect(s.messages.map((m) => m.id)).toEqual([
      'r-u1',
      'r-a1',
      'r-u2b',
      'r-a3',
      'toolu_03Task:result',
      'r-a4',
    ]);
    expect(s.messages.some((m) => m.content.includes('Renamed to loadConfig in'))).toBe(false);
    expect(s.report.rewoundRecords).toBe(2);
    expect(s.sidechains).toHaveLength(1);
    expect(s.sidechains[0]).toMatchObject({ id: 'side-u1', records: 4 });
    expect(s.sidechains[0]!.title).toContain('Find every import of loadConfigFile');
    expect(s.sidechains[0]!.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(s.messages.find((m) => m.id === 'r-a4')!.content).toContain(
      "[block 'web_search_tool_result' not imported]",
    );
    expect(reportSummary(s.report)).toBe(
      "12 records → 6 messages; 1 block 'web_search_tool_result' as a placeholder; 1 sidechain kept apart; 2 records of rewound branches left out",
    );
  });

  it('a broken line anywhere never aborts the import, even as the first line', () => {
    const text = `{not json\n${fixture('claude-code-rewind-sidechain.jsonl')}`;
    const s = parseSession(text, 'broken-first.jsonl');
    expect(s.messages).toHaveLength(6);
    expect(s.report.problems).toEqual([{ line: 1, text: 'line 1 is not JSON' }]);
  });
});
