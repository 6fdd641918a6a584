import { describe, expect, it } from 'vitest';
import type { MemoryEdit, Thread } from '../../core/thread/thread';
import type { JournalEntry } from '../../core/fs/journal';
import { placeChips } from './chips';

const diff = { added: 1, removed: 0, cut: false, lines: [] };

function entry(id: string, overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id,
    origin: 'local',
    recordedAt: 150,
    at: 150,
    path: '/memories/AGENTS.md',
    op: 'write',
    author: { kind: 'tool', threadId: 't', toolCallId: 'call_1', toolName: 'edit_file' },
    versionBefore: 1,
    versionAfter: 2,
    beforeHash: 'a'.repeat(64),
    afterHash: 'b'.repeat(64),
    diff,
    ...overrides,
  };
}

function thread(memoryEdits: MemoryEdit[] = []): Pick<Thread, 'id' | 'messages' | 'memoryEdits'> {
  return {
    id: 't',
    messages: [
      { role: 'user', id: 'u', content: 'hi', createdAt: 100 },
      {
        role: 'assistant',
        id: 'a',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'edit_file', arguments: '{}' }],
        createdAt: 120,
      },
      {
        role: 'tool',
        id: 'r',
        toolCallId: 'call_1',
        toolName: 'edit_file',
        content: 'ok',
        createdAt: 160,
      },
      { role: 'assistant', id: 'b', content: 'done', createdAt: 200 },
    ],
    memoryEdits,
  };
}

const record = (overrides: Partial<MemoryEdit> = {}): MemoryEdit => ({
  toolCallId: 'call_1',
  path: '/memories/AGENTS.md',
  before: 'x',
  after: 'y',
  version: 2,
  at: 150,
  ...overrides,
});

describe('chips in the conversation', () => {
  it('come from the journal under the tool call that wrote, with the thread’s record attached', () => {
    const placed = placeChips(thread([record({ journalId: 'e1' })]), [entry('e1')]);
    const chips = placed.byToolCall.get('call_1')!;
    expect(chips).toHaveLength(1);
    expect(chips[0]).toMatchObject({ entry: { id: 'e1' }, record: { journalId: 'e1' } });
  });

  it('show a journal entry even when the thread kept no record (its memory layer was off)', () => {
    const placed = placeChips(thread([]), [entry('e1')]);
    expect(placed.byToolCall.get('call_1')?.[0]?.entry?.id).toBe('e1');
  });

  it('place a write outside a tool call after the message before it', () => {
    const mw = entry('e2', {
      author: { kind: 'agent', threadId: 't', name: 'Strategy' },
      recordedAt: 130,
    });
    expect(placeChips(thread(), [mw]).afterMessage.get('a')?.[0]?.entry?.id).toBe('e2');
  });

  it('never give a record another entry’s Undo, nor show other threads’ or imported entries', () => {
    // A forged record names a real entry of this browser, for another path.
    const forged = record({ journalId: 'e1', path: '/memories/other.md', before: 'POISON' });
    const placed = placeChips(thread([forged]), [
      entry('e1'),
      entry('e3', { author: { kind: 'tool', threadId: 'x', toolCallId: 'call_1', toolName: 'w' } }),
      entry('e4', { origin: 'imported' }),
    ]);
    const chips = placed.byToolCall.get('call_1')!;
    expect(chips).toHaveLength(2);
    const history = chips.find((c) => c.path === '/memories/other.md')!;
    expect(history.entry).toBeUndefined();
    expect(history.record?.before).toBe('POISON');
    expect(chips.find((c) => c.entry)?.entry?.id).toBe('e1');
  });
});
