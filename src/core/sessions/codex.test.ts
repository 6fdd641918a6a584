import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { reportSummary } from './report';
import { fixture } from '../../../tests/fixtures/sessions/read';

describe('Codex CLI rollout JSONL', () => {
  const s = parseSession(fixture('codex-rollout.jsonl'), 'rollout-2026-10-05.jsonl');

  it('maps messages, function calls and their outputs, reasoning and the model', () => {
    expect(s.source).toBe('codex');
    expect(s.sessionId).toBe('0199b0c4-7e21-7d30-a7f4-3c52e0d9b1aa');
    expect(s.model).toBe('gpt-5-codex');
    // The first user message that is not a context block; the token in it is not repeated.
    expect(s.title).toBe('Add a --dry-run flag to deploy.sh. The CI token is [GitHu...');
    expect(s.messages.map((m) => m.role)).toEqual([
      'user',
      'user',
      'notice',
      'assistant',
      'tool',
      'assistant',
      'notice',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const call = s.messages[3]!;
    expect(call.role === 'assistant' && call.toolCalls).toEqual([
      {
        id: 'call_Q1',
        name: 'shell',
        arguments: '{"command":["bash","-lc","cat deploy.sh"],"workdir":"/home/ana/deploy"}',
      },
    ]);
    // The output's JSON wrapper is unwrapped to what the command printed.
    expect(s.messages[4]).toMatchObject({
      role: 'tool',
      toolName: 'shell',
      content: '#!/bin/bash\nset -e\nrsync -a dist/ web:/srv/site\n',
    });
    expect(s.messages[8]).toMatchObject({ toolCalls: [{ name: 'apply_patch', id: 'call_Q2' }] });
    expect(s.messages[2]!.content).toContain('I need to see how deploy.sh parses its arguments');
  });

  it('records the compaction with the token counts around it, and usage per reply', () => {
    expect(s.compactions).toEqual([
      expect.objectContaining({ index: 6, preTokens: 9720, postTokens: 2410, line: 13 }),
    ]);
    expect(s.compactions[0]!.summary).toContain('deploy.sh is a 3-line bash script');
    expect(s.usage.map((u) => [u.index, u.usage.inputTokens, u.usage.outputTokens])).toEqual([
      [3, 9120, 240],
      [5, 9600, 120],
      [8, 2410, 310],
      [10, 2790, 60],
    ]);
    expect(s.usage[0]!.usage.cacheReadTokens).toBe(3072);
  });

  it('reports the broken line, the repeated event messages and the token', () => {
    expect(reportSummary(s.report)).toBe(
      '20 records → 11 messages; 1 compaction by the source; line 15 is not JSON; 1 string that looks like a key or token',
    );
    expect(s.report.skipped).toMatchObject({ 'event token_count': 4, 'event user_message': 1 });
    expect(s.report.secrets[0]).toMatchObject({ kind: 'GitHub token', index: 1 });
  });
});
