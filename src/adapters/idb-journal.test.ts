import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { journaledFs, MemoryJournal, undoJournalEntry } from '../core/fs/journal';
import { DEFAULT_MEMORY_SOURCES } from '../core/memory/agents-md';
import { IdbFileStore } from './idb-store';
import { IdbJournalStore } from './idb-journal';

let n = 0;

/** Two tabs of one origin: the same databases, a journal each. */
function tabs(limits?: { maxEntries: number }) {
  const id = ++n;
  const tab = () => {
    const journal = new MemoryJournal({
      memorySources: () => DEFAULT_MEMORY_SOURCES,
      persistence: new IdbJournalStore(`mp-journal-test-${id}`),
      ...(limits ? { limits } : {}),
    });
    const fs = journaledFs(journal, {
      user: new IdbFileStore(`mp-fs-user-test-${id}`),
      workspace: new IdbFileStore(`mp-fs-ws-test-${id}`),
    });
    return { journal, fs };
  };
  return { a: tab(), b: tab(), dbName: `mp-journal-test-${id}` };
}

describe('the memory journal in IndexedDB', () => {
  it('is shared by the tabs of the origin and survives a reload', async () => {
    const { a, b } = tabs();
    await a.fs.write('/memories/AGENTS.md', '- tabs\n');
    await a.fs.write('/notes.md', 'not memory');
    const fresh = await b.journal.load();
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ path: '/memories/AGENTS.md', tab: a.journal.tabId });
    // Loading again finds nothing new; what b records, a sees on its next load.
    expect(await b.journal.load()).toEqual([]);
    await b.fs.write('/memories/AGENTS.md', '- spaces\n');
    expect((await a.journal.load()).map((e) => e.tab)).toEqual([b.journal.tabId]);
    expect(a.journal.entries()).toHaveLength(2);
  });

  it('undoes, in one tab, an entry another tab recorded, since it is this browser’s', async () => {
    const { a, b } = tabs();
    await a.fs.write('/memories/AGENTS.md', 'one');
    await a.fs.write('/memories/AGENTS.md', 'two');
    await b.journal.load();
    const result = await undoJournalEntry(b.journal, b.fs, b.journal.entries()[0]!.id);
    expect(result.ok).toBe(true);
    expect((await a.fs.read('/memories/AGENTS.md'))!.content).toBe('one');
    await a.journal.load();
    expect(a.journal.entries()[1]!.undoneBy).toBe(a.journal.entries()[0]!.id);
  });

  it('keeps its bound across reloads and counts what it dropped', async () => {
    const { a, b } = tabs({ maxEntries: 3 });
    for (let i = 0; i < 5; i++) await a.fs.write('/memories/a.md', `v${i}`);
    // Entries the person has not seen are kept past the bound; once seen, it applies.
    await a.journal.markSeen();
    await b.journal.load();
    expect(b.journal.entries()).toHaveLength(3);
    expect(b.journal.dropped()).toMatchObject({ local: 2, imported: 0 });
    // What was seen is stored too (another tab, a reload).
    expect(b.journal.dropped().seenAt).toBeGreaterThan(0);
  });

  it('skips a damaged record and says so, showing the rest', async () => {
    const { a, b, dbName } = tabs();
    await a.fs.write('/memories/a.md', 'x');
    await set(
      'mzzzz-broken',
      { path: '../../etc/passwd', origin: 'local' },
      createStore(dbName, 'entries'),
    );
    await b.journal.load();
    expect(b.journal.entries()).toHaveLength(1);
    expect(b.journal.storageProblem).toMatch(/1 stored memory journal entry was damaged/);
  });
});
