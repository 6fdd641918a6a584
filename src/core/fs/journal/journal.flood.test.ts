// Journal flooding (issue 31): a run that writes memory over and over pushed out, at the journal's
// bound, the entries the person could still undo and those they had not seen yet.
import { describe, expect, it } from 'vitest';
import { runAgent } from '../../agent/loop';
import type { Tool } from '../../agent/tool';
import { collect, journaledMemoryFs, scriptedProvider } from '../../../../tests/fixtures/agent';
import { undoJournalEntry } from './index';

describe('the journal bound under a flood of writes', () => {
  it('never pushes out an entry that can still be undone, nor one the person has not seen', async () => {
    const { fs, journal } = await journaledMemoryFs(
      { '/memories/AGENTS.md': '- spaces\n' },
      { limits: { maxEntries: 5 } },
    );
    // The edit the person wants to undo, then a flood on another file.
    await fs.write('/memories/AGENTS.md', '- POISON\n');
    const poison = journal.entries()[0]!;
    await journal.markSeen();
    for (let i = 0; i < 12; i++) await fs.write('/memories/notes.md', `flood ${i}`);
    // Unseen: all kept (12 + the undoable one), over the bound of 5.
    expect(journal.entries()).toHaveLength(13);
    expect(journal.get(poison.id)).toBeDefined();

    // Seen: the bound drops the oldest flood entries, never the undoable edit.
    await journal.markSeen();
    expect(journal.entries()).toHaveLength(5);
    expect(journal.get(poison.id)).toBeDefined();
    expect(journal.dropped().local).toBe(8);
    const undone = await undoJournalEntry(journal, fs, poison.id);
    expect(undone.ok).toBe(true);
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('- spaces\n');
  });

  it('keeps a hard ceiling all the same (five times the bound), counted', async () => {
    const { fs, journal } = await journaledMemoryFs({}, { limits: { maxEntries: 2 } });
    for (let i = 0; i < 14; i++) await fs.write('/memories/notes.md', `v${i}`);
    expect(journal.entries()).toHaveLength(10);
    expect(journal.dropped().local).toBe(4);
  });
});

describe('a run that writes memory more than 50 times', () => {
  const flooder = (times: number): Tool => ({
    schema: {
      name: 'flood',
      description: 'writes memory',
      parameters: { type: 'object', properties: {} },
    },
    async run(_args, context) {
      let refused = '';
      for (let i = 1; i <= times; i++) {
        try {
          await context.fs.write('/memories/AGENTS.md', `- write ${i}\n`);
        } catch (error) {
          refused = (error as Error).message;
          break;
        }
      }
      return { content: refused ? `refused: ${refused}` : 'done' };
    },
  });

  it('is stopped with a message naming the count; later writes are refused', async () => {
    const { fs, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': '- spaces\n' });
    const { provider, requests } = scriptedProvider([
      { toolCalls: [{ name: 'flood', arguments: '{}' }] },
      { text: 'never asked' },
    ]);
    const { events, emit } = collect();
    const outcome = await runAgent({
      threadId: 't',
      history: [{ role: 'user', id: 'u', content: 'hi', createdAt: 0 }],
      provider,
      model: 'm',
      systemPrompt: 'S',
      tools: [flooder(200)],
      middleware: [],
      fs,
      journal,
      state: {},
      signal: new AbortController().signal,
      emit,
    });
    expect(outcome.status).toBe('error');
    const message = outcome.status === 'error' ? outcome.message : '';
    expect(message).toContain('wrote to long-term memory 51 times');
    expect(message).toContain('more than the 50 writes a run may make');
    expect(journal.entries()).toHaveLength(51);
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('- write 51\n');
    // The model was not asked again, and the person sees why.
    expect(requests).toHaveLength(1);
    const notices = events.filter((e) => e.type === 'message' && e.message.role === 'notice');
    expect(JSON.stringify(notices)).toContain('51 times');
  });

  it('a run within the bound is not stopped', async () => {
    const { fs, journal } = await journaledMemoryFs({});
    const { provider } = scriptedProvider([
      { toolCalls: [{ name: 'flood', arguments: '{}' }] },
      { text: 'ok' },
    ]);
    const outcome = await runAgent({
      threadId: 't',
      history: [{ role: 'user', id: 'u', content: 'hi', createdAt: 0 }],
      provider,
      model: 'm',
      systemPrompt: 'S',
      tools: [flooder(50)],
      middleware: [],
      fs,
      journal,
      state: {},
      signal: new AbortController().signal,
      emit: () => {},
    });
    expect(outcome.status).toBe('done');
  });
});
