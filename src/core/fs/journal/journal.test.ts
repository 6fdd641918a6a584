import { describe, expect, it } from 'vitest';
import { journaledMemoryFs } from '../../../../tests/fixtures/agent';
import {
  JOURNAL_LIMITS,
  authored,
  buildDiff,
  isMemoryPath,
  journalEntrySchema,
  reconcileMemoryPaths,
  sha256,
  undoJournalEntry,
  type JournalEntry,
} from './index';
import { InMemoryFileStore } from '../memory-store';
import { JournaledStore, MemoryJournal, journaledFs } from './index';

const SOURCES = ['/memories/AGENTS.md', '/.deepagents/AGENTS.md', '/AGENTS.md'];

describe('which paths are memory', () => {
  it('is everything under /memories/ and each AGENTS.md source, in any accepted spelling', () => {
    expect(isMemoryPath('/memories/AGENTS.md', SOURCES)).toBe(true);
    expect(isMemoryPath('/memories/./notes/x.md', SOURCES)).toBe(true);
    expect(isMemoryPath('/memories/memory.json', SOURCES)).toBe(true);
    expect(isMemoryPath('//AGENTS.md/', SOURCES)).toBe(true);
    expect(isMemoryPath('/.deepagents/AGENTS.md', SOURCES)).toBe(true);
    expect(isMemoryPath('/notes/AGENTS.md', SOURCES)).toBe(false);
    expect(isMemoryPath('/memories', SOURCES)).toBe(false);
    expect(isMemoryPath('/memoriesX/a', SOURCES)).toBe(false);
    expect(isMemoryPath('/notes/todo.md', ['/notes/todo.md'])).toBe(true);
    expect(isMemoryPath('../etc', SOURCES)).toBe(false);
  });
});

describe('the journal diff', () => {
  it('shows changed lines with two lines of context and the rest as gaps', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'LINE TEN');
    const diff = buildDiff(before, after);
    expect(diff.added).toBe(1);
    expect(diff.removed).toBe(1);
    expect(diff.lines).toEqual([
      { kind: 'gap', text: '8 unchanged lines' },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'LINE TEN' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'gap', text: '7 unchanged lines' },
    ]);
  });

  it('sees a removed empty line, and a created file', () => {
    expect(buildDiff('a\n\nb', 'a\nb')).toMatchObject({ added: 0, removed: 1 });
    expect(buildDiff(null, 'x\ny')).toMatchObject({ added: 2, removed: 0, cut: false });
    expect(buildDiff('x', null)).toMatchObject({ added: 0, removed: 1 });
  });

  it('is bounded, says so, and keeps exact counts', () => {
    const after = Array.from({ length: 5000 }, (_, i) => `${i} ${'x'.repeat(1000)}`).join('\n');
    const diff = buildDiff('', after);
    expect(diff.added).toBe(5000);
    expect(diff.cut).toBe(true);
    expect(diff.lines.length).toBeLessThanOrEqual(JOURNAL_LIMITS.maxDiffLines);
    const chars = diff.lines.reduce((n, line) => n + line.text.length, 0);
    expect(chars).toBeLessThanOrEqual(JOURNAL_LIMITS.maxDiffChars);
    expect(diff.lines[0]!.text.endsWith('…')).toBe(true);
  });
});

describe('journaled stores', () => {
  it('record every write, creation and delete of a memory path, with author, versions and hashes', async () => {
    const { fs, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': '- a\n' });
    const tool = authored(fs, { kind: 'tool', threadId: 't1', toolCallId: 'c1', toolName: 'x' });
    await tool.write('/memories/AGENTS.md', '- a\n- b\n');
    await authored(fs, { kind: 'user', via: 'editor' }).write('/AGENTS.md', '# project\n');
    await fs.delete('/memories/AGENTS.md');
    await fs.write('/notes/todo.md', 'not memory');
    const [deleted, created, edited] = journal.entries();
    expect(journal.entries()).toHaveLength(3);
    expect(edited).toMatchObject({
      origin: 'local',
      path: '/memories/AGENTS.md',
      op: 'write',
      author: { kind: 'tool', threadId: 't1', toolCallId: 'c1', toolName: 'x' },
      versionBefore: 1,
      versionAfter: 2,
      beforeHash: await sha256('- a\n'),
      afterHash: await sha256('- a\n- b\n'),
      diff: { added: 1, removed: 0 },
    });
    expect(created).toMatchObject({
      path: '/AGENTS.md',
      author: { kind: 'user', via: 'editor' },
      versionBefore: null,
      beforeHash: null,
    });
    expect(deleted).toMatchObject({
      op: 'delete',
      author: { kind: 'unknown' },
      versionAfter: null,
      afterHash: null,
      beforeText: '- a\n- b\n',
    });
    for (const entry of journal.entries())
      expect(journalEntrySchema.safeParse(entry).success).toBe(true);
  });

  it('record nothing for a write that failed', async () => {
    const { fs, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': 'x' });
    await expect(fs.write('/memories/AGENTS.md', 'y', { expectedVersion: 7 })).rejects.toThrow(
      /Conflict/,
    );
    await expect(fs.delete('/memories/none.md')).rejects.toThrow(/not found/);
    expect(journal.entries()).toHaveLength(0);
  });

  it('take what was there before from the history when another writer came in between', async () => {
    const journal = new MemoryJournal({ memorySources: () => SOURCES });
    const inner = new InMemoryFileStore();
    await inner.write('/AGENTS.md', 'v1');
    // A store whose write lets another writer in first (an unconditional write racing a tab).
    const racy = {
      read: (p: string) => inner.read(p),
      list: () => inner.list(),
      history: (p: string) => inner.history(p),
      delete: (p: string) => inner.delete(p),
      async write(p: string, c: string) {
        await inner.write(p, 'v2 from elsewhere');
        return inner.write(p, c);
      },
    };
    const store = new JournaledStore(racy, { journal, mount: '/memories' });
    await store.write('/AGENTS.md', 'v3');
    const [entry] = journal.entries();
    expect(entry).toMatchObject({ versionBefore: 2, versionAfter: 3 });
    expect(entry!.beforeHash).toBe(await sha256('v2 from elsewhere'));
  });

  it('keep the bounds: the oldest entries go, counted, and imported history never pushes out this browser’s', async () => {
    const { fs, journal } = await journaledMemoryFs({}, { limits: { maxEntries: 5 } });
    for (let i = 0; i < 8; i++) await fs.write('/memories/a.md', `v${i}`);
    // Not seen yet: kept past the bound (journal.flood.test.ts); once seen, the bound applies.
    expect(journal.entries()).toHaveLength(8);
    await journal.markSeen();
    expect(journal.entries()).toHaveLength(5);
    expect(journal.dropped()).toMatchObject({ local: 3, imported: 0 });
    const flood = Array.from({ length: 7 }, (_, i) => ({
      ...journal.entries()[0]!,
      id: `x${i}`,
    }));
    await journal.addImported(flood, 'flood.zip');
    const local = journal.entries().filter((e) => e.origin === 'local');
    expect(local).toHaveLength(5);
    expect(journal.entries().filter((e) => e.origin === 'imported')).toHaveLength(5);
    expect(journal.dropped()).toMatchObject({ local: 3, imported: 2 });
  });

  it('mark imported entries as such: new ids, no kept text, never this browser’s', async () => {
    const { fs, journal } = await journaledMemoryFs({ '/memories/a.md': 'x' });
    await fs.delete('/memories/a.md');
    const [entry] = journal.entries();
    const forged: JournalEntry = { ...entry!, origin: 'local', beforeText: 'POISON' };
    await journal.addImported([forged], 'evil.zip');
    const imported = journal.entries().find((e) => e.origin === 'imported')!;
    expect(imported.id).not.toBe(entry!.id);
    expect(imported.beforeText).toBeUndefined();
    expect(imported.importedFrom).toBe('evil.zip');
    expect(imported.sourceId).toBe(entry!.id);
  });
});

describe('undo from the journal', () => {
  async function edited() {
    const setup = await journaledMemoryFs({ '/memories/AGENTS.md': '- spaces\n' });
    await setup.fs.write('/memories/AGENTS.md', '- tabs\n');
    return { ...setup, entry: setup.journal.entries()[0]! };
  }

  it('puts back the text before, as a journaled write of its own, once', async () => {
    const { fs, journal, entry } = await edited();
    const result = await undoJournalEntry(journal, fs, entry.id);
    expect(result.ok).toBe(true);
    expect((await fs.read('/memories/AGENTS.md'))!.content).toBe('- spaces\n');
    const [undo] = journal.entries();
    expect(undo).toMatchObject({ author: { kind: 'undo', entryId: entry.id }, versionAfter: 3 });
    expect(journal.get(entry.id)!.undoneBy).toBe(undo!.id);
    expect(await undoJournalEntry(journal, fs, entry.id)).toEqual({
      ok: false,
      reason: expect.stringContaining('already undone'),
    });
  });

  it('deletes a file the entry created, and restores a deleted one from the kept text', async () => {
    const { fs, journal } = await journaledMemoryFs({});
    await fs.write('/memories/new.md', 'hello');
    expect((await undoJournalEntry(journal, fs, journal.entries()[0]!.id)).ok).toBe(true);
    expect(await fs.read('/memories/new.md')).toBeUndefined();
    await fs.write('/memories/keep.md', 'keep me');
    await fs.delete('/memories/keep.md');
    expect((await undoJournalEntry(journal, fs, journal.entries()[0]!.id)).ok).toBe(true);
    expect((await fs.read('/memories/keep.md'))!.content).toBe('keep me');
  });

  it('says why a delete cannot be undone: text not kept, or kept text that does not match', async () => {
    const { fs, journal } = await journaledMemoryFs({});
    await fs.write('/memories/gone.md', 'short text');
    await fs.delete('/memories/gone.md');
    const entry = journal.entries()[0]!;
    const notKept = { ...entry, beforeText: undefined };
    const tampered = { ...entry, beforeText: 'other text' };
    const withEntry = (e: typeof entry) =>
      Object.assign(Object.create(Object.getPrototypeOf(journal) as object), journal, {
        get: (id: string) => (id === e.id ? e : undefined),
      }) as typeof journal;
    expect(await undoJournalEntry(withEntry(notKept), fs, entry.id)).toEqual({
      ok: false,
      reason: expect.stringMatching(/did not keep the deleted text of \/memories\/gone\.md/),
    });
    expect(await undoJournalEntry(withEntry(tampered), fs, entry.id)).toEqual({
      ok: false,
      reason: expect.stringContaining('does not match what was deleted'),
    });
    expect(await fs.read('/memories/gone.md')).toBeUndefined();
  });

  it('refuses when the file no longer holds what the entry wrote', async () => {
    const { fs, journal, entry } = await edited();
    await fs.write('/memories/AGENTS.md', '- something else\n');
    const result = await undoJournalEntry(journal, fs, entry.id);
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('changed after this edit'),
    });
    expect((await fs.read('/memories/AGENTS.md'))!.content).toBe('- something else\n');
  });

  it('refuses an imported entry, whatever text it carries', async () => {
    const { fs, journal, raw } = await journaledMemoryFs({ '/memories/AGENTS.md': '- mine\n' });
    const current = (await raw.read('/memories/AGENTS.md'))!;
    // The attacker's entry claims to have written exactly what is there, over "POISON".
    const forged: JournalEntry = {
      id: 'mforged',
      origin: 'local',
      recordedAt: Date.now(),
      at: Date.now(),
      path: '/memories/AGENTS.md',
      op: 'delete',
      author: { kind: 'user', via: 'editor' },
      versionBefore: 1,
      versionAfter: current.version,
      beforeHash: await sha256('POISON'),
      afterHash: await sha256(current.content),
      beforeText: 'POISON',
      diff: { added: 0, removed: 0, cut: false, lines: [] },
    };
    await journal.addImported([forged], 'evil.zip');
    for (const entry of journal.entries()) {
      const result = await undoJournalEntry(journal, fs, entry.id);
      expect(result).toEqual({ ok: false, reason: expect.stringContaining('imported') });
    }
    expect(await undoJournalEntry(journal, fs, 'mforged')).toMatchObject({ ok: false });
    expect((await fs.read('/memories/AGENTS.md'))!.content).toBe('- mine\n');
  });

  it('refuses a path that is no longer memory, and text the history no longer holds', async () => {
    let sources = SOURCES;
    const { fs, journal, stores } = await journaledMemoryFs(
      { '/AGENTS.md': 'one' },
      { memorySources: () => sources },
    );
    await fs.write('/AGENTS.md', 'two');
    const entry = journal.entries()[0]!;
    sources = [];
    expect(await undoJournalEntry(journal, fs, entry.id)).toEqual({
      ok: false,
      reason: expect.stringContaining('no longer a memory path'),
    });
    sources = SOURCES;
    // The history is rewritten under the journal (a store that kept another text at that version).
    await stores.workspace.delete('/AGENTS.md');
    await stores.workspace.write('/AGENTS.md', 'not one');
    await stores.workspace.write('/AGENTS.md', 'two');
    expect(await undoJournalEntry(journal, fs, entry.id)).toEqual({
      ok: false,
      reason: expect.stringContaining('no longer in the history'),
    });
  });
});

describe('changes no entry explains', () => {
  it('wait for the entry another tab is still storing before they are called unexplained', async () => {
    const stored = new Map<string, JournalEntry>();
    const persistence = {
      load: async () => ({ entries: [...stored.values()] }),
      put: async (entries: readonly JournalEntry[]) => {
        for (const entry of entries) stored.set(entry.id, entry);
      },
      remove: async () => undefined,
      saveDropped: async () => undefined,
    };
    const tabA = await journaledMemoryFs({ '/memories/AGENTS.md': 'start' }, { persistence });
    const tabB = new MemoryJournal({ memorySources: () => SOURCES, persistence });
    const fsB = journaledFs(tabB, tabA.stores);
    tabB.setBaseline(await fsB.listUnder('/'));
    // Tab A's write has reached the file; its entry reaches storage only while B settles.
    await tabA.raw.write('/memories/AGENTS.md', 'from tab A');
    const recorded = await reconcileMemoryPaths(tabB, fsB, ['/memories/AGENTS.md'], {
      settle: async () => {
        await tabA.journal.record({
          path: '/memories/AGENTS.md',
          op: 'write',
          author: { kind: 'user', via: 'editor' },
          before: { version: 1, content: 'start' },
          after: { version: 2, content: 'from tab A' },
        });
        await tabB.load();
      },
    });
    expect(recorded).toEqual([]);
    expect(tabB.entries()).toHaveLength(1);
    expect(tabB.entries()[0]!.author).toEqual({ kind: 'user', via: 'editor' });
  });

  it('are recorded as another tab’s, once, and a known version is not', async () => {
    const { fs, raw, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': 'start' });
    journal.setBaseline(await fs.listUnder('/'));
    expect(await reconcileMemoryPaths(journal, fs, ['/memories/AGENTS.md'])).toEqual([]);
    // A tab of an older build writes without a journal.
    await raw.write('/memories/AGENTS.md', 'POISONED by an old tab');
    await raw.write('/notes.md', 'not memory');
    const recorded = await reconcileMemoryPaths(journal, fs, ['/memories/AGENTS.md', '/notes.md']);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      author: { kind: 'tab' },
      versionBefore: 1,
      versionAfter: 2,
      beforeHash: await sha256('start'),
      diff: { added: 1, removed: 1 },
    });
    expect(await reconcileMemoryPaths(journal, fs, ['/memories/AGENTS.md'])).toEqual([]);
    await raw.write('/memories/new.md', 'new');
    expect(await reconcileMemoryPaths(journal, fs, ['/memories/new.md'])).toMatchObject([
      { versionBefore: null, op: 'write' },
    ]);
  });
});

describe('a save that failed', () => {
  it('is tried again with the next entry, and its warning stays until every entry is stored', async () => {
    const stored = new Map<string, JournalEntry>();
    let failing = true;
    const persistence = {
      load: async () => ({ entries: [...stored.values()] }),
      put: async (entries: readonly JournalEntry[]) => {
        if (failing) throw new Error('quota exceeded');
        for (const entry of entries) stored.set(entry.id, entry);
      },
      remove: async () => undefined,
      saveDropped: async () => undefined,
    };
    const { journal } = await journaledMemoryFs({ '/memories/AGENTS.md': 'a' }, { persistence });
    const write = (before: string, after: string, version: number) =>
      journal.record({
        path: '/memories/AGENTS.md',
        op: 'write',
        author: { kind: 'user', via: 'editor' },
        before: { version, content: before },
        after: { version: version + 1, content: after },
      });
    await write('a', 'b', 1);
    expect(journal.storageProblem).toContain('could not be saved');
    failing = false;
    await write('b', 'c', 2);
    expect(journal.storageProblem).toBeUndefined();
    expect(stored.size).toBe(2);
  });
});
