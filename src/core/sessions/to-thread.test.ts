import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { importedSessionSlot, sessionToThread } from './to-thread';
import { fixture } from '../../../tests/fixtures/sessions/read';
import { threadFromJsonl, threadToJsonl } from '../bundle/jsonl';
import { transcriptFromThread } from '../arena/parse-thread';

describe('an imported session as a thread', () => {
  const session = parseSession(fixture('claude-code-compaction.jsonl'), 'session.jsonl');
  const thread = sessionToThread(session, { workspace: 'default', now: 1_800_000_000_000 });

  it('starts with the line naming the source and date, then the session’s messages', () => {
    expect(thread.title).toBe('Fix the flaky date parser tests');
    expect(thread.messages[0]).toMatchObject({ role: 'notice', kind: 'info' });
    expect(thread.messages[0]!.content).toMatch(
      /^Imported from Claude Code · 2026-10-03 \(session\.jsonl\)\.\n15 records → 10 messages; /,
    );
    expect(thread.messages.slice(1)).toEqual(session.messages);
    expect(thread.createdAt).toBe(session.startedAt);
    expect(thread.updatedAt).toBe(1_800_000_000_000);
  });

  it('keeps the source, its compactions (at thread indexes) and the secrets’ places in state, through a bundle', () => {
    const back = threadFromJsonl(threadToJsonl(thread), 'threads/x.jsonl');
    const kept = importedSessionSlot.read(back.state)!;
    expect(kept).toMatchObject({ source: 'claude-code', fileName: 'session.jsonl', offset: 1 });
    expect(kept.compactions).toHaveLength(1);
    const c = kept.compactions[0]!;
    expect(back.messages[c.index]!.id).toBe(c.summaryMessageId);
    expect(c).toMatchObject({ preTokens: 48210, trigger: 'manual' });
    expect(kept.secrets).toEqual([
      expect.objectContaining({ kind: 'Anthropic API key', messageId: 'u3' }),
    ]);
    expect(JSON.stringify(kept)).not.toContain('Zk3vQ9pLm2');
  });

  it('replays in the arena like any thread: the notices stay out, the turns are the user’s', () => {
    const transcript = transcriptFromThread(thread);
    expect(transcript.messages.every((m) => m.role !== ('notice' as string))).toBe(true);
    expect(transcript.messages[0]!.role).toBe('user');
    expect(transcript.messages).toHaveLength(8);
  });
});
