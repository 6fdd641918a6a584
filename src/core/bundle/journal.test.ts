// The memory journal in the bundle: exported as journal.jsonl, checked line by line on import, and
// imported as read-only history. The import's own memory writes are journal entries too.
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { journaledMemoryFs } from '../../../tests/fixtures/agent';
import { JournaledStore, MemoryJournal, undoJournalEntry, type JournalEntry } from '../fs/journal';
import { DEFAULT_MEMORY_SOURCES } from '../memory/agents-md';
import { BundleError } from './errors';
import { exportBundle } from './export';
import { importBundle, readBundle } from './import';
import { MAX_BUNDLE_JOURNAL_ENTRIES } from './jsonl';
import { FailingStore, fixture, populate } from '../../../tests/fixtures/bundle';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function journalOf(writes: number) {
  const { fs, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': 'start\n' });
  for (let i = 0; i < writes; i++) await fs.write('/memories/AGENTS.md', `start\nline ${i}\n`);
  return journal;
}

async function bundleWith(journal: { entries(): readonly JournalEntry[] }, secrets?: string[]) {
  const f = fixture();
  await populate(f);
  return exportBundle(
    { ...f.source, journal },
    { appVersion: '0.1.0', ...(secrets ? { secrets } : {}) },
  );
}

function rewriteJournal(bytes: Uint8Array, change: (lines: string[]) => string[]) {
  const entries = unzipSync(bytes);
  const lines = change(text(entries['journal.jsonl']!).trimEnd().split('\n'));
  entries['journal.jsonl'] = strToU8(lines.map((l) => `${l}\n`).join(''));
  const manifest = JSON.parse(text(entries['manifest.json']!));
  manifest.counts.journal = lines.length;
  entries['manifest.json'] = strToU8(JSON.stringify(manifest));
  return zipSync(entries);
}

async function refusal(promise: Promise<unknown>): Promise<BundleError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  return error as BundleError;
}

describe('the memory journal in a bundle', () => {
  it('is exported newest first, counted in the manifest, and read back exactly', async () => {
    const journal = await journalOf(3);
    const { bytes, manifest } = await bundleWith(journal);
    expect(manifest.counts.journal).toBe(3);
    const bundle = await readBundle(bytes);
    expect(bundle.journal).toEqual(journal.entries());
  });

  it('leaves a deleted file’s kept text out, and a key cut at the end of a diff line', async () => {
    const key = 'sk-live-0123456789abcdefghij';
    const { fs, journal } = await journaledMemoryFs({});
    await fs.write('/memories/keys.md', `${'x'.repeat(390)}${key}\n`);
    await fs.write('/memories/gone.md', 'secret text');
    await fs.delete('/memories/gone.md');
    const { bytes } = await bundleWith(journal, [key]);
    const raw = text(unzipSync(bytes)['journal.jsonl']!);
    expect(raw).not.toContain('beforeText');
    expect(raw).not.toContain(key.slice(0, 10));
    expect(raw).toContain('[REDACTED API KEY]');
  });

  it('is refused with the line when an entry is forged out of shape', async () => {
    const { bytes } = await bundleWith(await journalOf(2));
    const bad = rewriteJournal(bytes, (lines) => {
      const entry = JSON.parse(lines[1]!);
      entry.afterHash = 'not a hash';
      entry.path = '/memories/../etc';
      return [lines[0]!, JSON.stringify(entry)];
    });
    const error = await refusal(readBundle(bad));
    expect(error.message).toMatch(/^journal\.jsonl line 2: invalid memory journal entry \(/);
    expect(error.message).toContain('afterHash');
  });

  it('is refused when it holds more entries than a journal keeps, or the manifest miscounts', async () => {
    const { bytes } = await bundleWith(await journalOf(1));
    const flood = rewriteJournal(bytes, (lines) =>
      Array.from({ length: MAX_BUNDLE_JOURNAL_ENTRIES + 1 }, (_, i) =>
        JSON.stringify({ ...JSON.parse(lines[0]!), id: `m${i}` }),
      ),
    );
    expect((await refusal(readBundle(flood))).message).toMatch(/may hold at most 2,000/);
    const entries = unzipSync(bytes);
    const manifest = JSON.parse(text(entries['manifest.json']!));
    delete manifest.counts.journal;
    entries['manifest.json'] = strToU8(JSON.stringify(manifest));
    expect((await refusal(readBundle(zipSync(entries)))).message).toContain(
      'manifest.json counts 0 journal',
    );
  });

  it('comes in as history: imported, never undoable, even entries that claim to be local', async () => {
    const { bytes } = await bundleWith(await journalOf(2));
    const bundle = await readBundle(bytes);
    const { fs, journal } = await journaledMemoryFs({ '/memories/AGENTS.md': 'start\nline 1\n' });
    expect(await journal.addImported(bundle.journal, 'theirs.zip')).toBe(2);
    for (const entry of journal.entries()) {
      expect(entry).toMatchObject({ origin: 'imported', importedFrom: 'theirs.zip' });
      expect((await undoJournalEntry(journal, fs, entry.id)).ok).toBe(false);
    }
    expect((await fs.read('/memories/AGENTS.md'))!.content).toBe('start\nline 1\n');
  });
});

describe('an import’s own memory writes', () => {
  it('are journaled as the import, and a rollback as its rollback', async () => {
    const source = fixture();
    await populate(source);
    const { bytes } = await exportBundle(source.source, { appVersion: '0.1.0' });

    const journal = new MemoryJournal({ memorySources: () => DEFAULT_MEMORY_SOURCES });
    const author = { kind: 'import' as const, bundle: 'mine.zip' };
    const ok = fixture();
    await importBundle(
      bytes,
      {
        ...ok.target,
        userStore: new JournaledStore(ok.user, { journal, mount: '/memories', author }),
        workspaceStore: new JournaledStore(ok.workspace, { journal, mount: '/', author }),
      },
      { mode: 'replace' },
    );
    expect(
      journal
        .entries()
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/AGENTS.md', '/memories/AGENTS.md', '/memories/memory.json']);
    for (const entry of journal.entries()) expect(entry.author).toEqual(author);

    // An import that fails midway is rolled back; what it wrote to memory and put back is seen.
    const failing = fixture();
    await failing.user.write('/AGENTS.md', 'mine');
    const rolled = new MemoryJournal({ memorySources: () => DEFAULT_MEMORY_SOURCES });
    const broken = new FailingStore(failing.workspace, 0);
    const error = await importBundle(
      bytes,
      {
        ...failing.target,
        userStore: new JournaledStore(failing.user, {
          journal: rolled,
          mount: '/memories',
          author,
        }),
        workspaceStore: new JournaledStore(broken, { journal: rolled, mount: '/', author }),
      },
      { mode: 'replace' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    expect((await failing.user.read('/AGENTS.md'))!.content).toBe('mine');
    const kinds = rolled
      .entries()
      .map((e) => (e.author.kind === 'import' && e.author.rollback ? 'rollback' : 'import'));
    expect(kinds).toContain('import');
    expect(kinds).toContain('rollback');
  });
});
