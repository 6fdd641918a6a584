import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../agent/types';
import { summaryLines, summaryMessageContent, summaryMessageId } from '../../compaction/compaction';
import { planDemoReply } from './dispatcher';

const SUMMARY = [
  'SESSION INTENT',
  'Ship the release.',
  'SUMMARY',
  '- The person and the agent went through the billing services one by one.',
  '## ARTIFACTS',
  '- /notes/todo.md',
  'NEXT STEPS:',
  'Finish the export job.',
].join('\n');

describe('an earlier summary, quoted by the Demo', () => {
  it('summaryLines keeps what the summary says, without its lead-in, headings or bullets', () => {
    expect(summaryLines(summaryMessageContent(SUMMARY, '/conversation_history/t.md'))).toEqual([
      'Ship the release.',
      'The person and the agent went through the billing services one by one.',
      '/notes/todo.md',
      'Finish the export job.',
    ]);
  });

  it('a recall quotes the summary line, not the lead-in about the record', () => {
    const messages: ModelMessage[] = [
      {
        role: 'user',
        id: summaryMessageId(1, 'm9'),
        content: summaryMessageContent(SUMMARY, '/conversation_history/t.md'),
        createdAt: 1,
      },
      { role: 'assistant', id: 'a1', content: 'Noted.', createdAt: 2 },
      {
        role: 'user',
        id: 'u2',
        content: 'What do you remember about the billing services?',
        createdAt: 3,
      },
    ];
    const reply = planDemoReply({ model: 'demo', system: '', messages, tools: [] }).content;
    expect(reply).toContain('went through the billing services one by one');
    expect(reply).not.toContain('Earlier messages of this conversation');
    expect(reply).not.toContain('grep(pattern=');
  });
});
