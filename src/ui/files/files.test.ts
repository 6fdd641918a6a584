import { afterEach, describe, expect, it } from 'vitest';
import {
  FsError,
  type FileInfo,
  type FileRecord,
  type FileVersion,
  type VirtualFs,
  type WriteOptions,
} from '../../core/fs/types';
import {
  createFilesStore,
  languageForPath,
  selectCurrent,
  type FilesStore,
} from '../../state/files';

/** A Map-based VirtualFs that honours expectedVersion like the real one. */
class FakeFs implements VirtualFs {
  private files = new Map<string, FileRecord>();
  private versions = new Map<string, FileVersion[]>();
  private clock = 1_700_000_000_000;
  failNextWrite: Error | null = null;

  private check(path: string): void {
    if (
      !path.startsWith('/') ||
      path.includes('\\') ||
      path.includes('~') ||
      path.split('/').includes('..')
    ) {
      throw new FsError('invalid-path', `Invalid path '${path}'.`, path);
    }
  }

  async read(path: string): Promise<FileRecord | undefined> {
    this.check(path);
    const file = this.files.get(path);
    return file ? { ...file } : undefined;
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    this.check(path);
    if (this.failNextWrite) {
      const error = this.failNextWrite;
      this.failNextWrite = null;
      throw error;
    }
    const existing = this.files.get(path);
    const expected = options?.expectedVersion;
    if (expected !== undefined && expected !== (existing?.version ?? null)) {
      throw new FsError(
        'conflict',
        `Conflict on ${path}: expected ${expected}, found ${existing?.version ?? 'none'}.`,
        path,
      );
    }
    const now = ++this.clock;
    const record: FileRecord = {
      path,
      content,
      createdAt: existing?.createdAt ?? now,
      modifiedAt: now,
      version: (existing?.version ?? 0) + 1,
    };
    this.files.set(path, record);
    const list = this.versions.get(path) ?? [];
    list.push({ version: record.version, content, modifiedAt: now });
    this.versions.set(path, list);
    return { ...record };
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    this.check(path);
    const existing = this.files.get(path);
    if (!existing) throw new FsError('not-found', `No such file: ${path}`, path);
    const expected = options?.expectedVersion;
    if (expected !== undefined && expected !== existing.version) {
      throw new FsError('conflict', `Conflict on ${path}.`, path);
    }
    this.files.delete(path);
  }

  async list(): Promise<FileInfo[]> {
    return [...this.files.values()].map(({ content, ...info }) => ({
      ...info,
      size: content.length,
    }));
  }

  async listUnder(dir = '/'): Promise<FileInfo[]> {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    return (await this.list()).filter((f) => f.path.startsWith(prefix));
  }

  async history(path: string): Promise<FileVersion[]> {
    return [...(this.versions.get(path) ?? [])];
  }
}

const stores: FilesStore[] = [];

async function setup(
  files: Record<string, string> = { '/memories/AGENTS.md': '# Memory\n' },
  channelName: string | null = null,
) {
  const fs = new FakeFs();
  for (const [path, content] of Object.entries(files))
    await fs.write(path, content, { expectedVersion: null });
  const store = createFilesStore();
  stores.push(store);
  await store.getState().attach(fs, { channelName });
  return { fs, store };
}

const current = (store: FilesStore) => selectCurrent(store.getState());

afterEach(() => {
  for (const store of stores.splice(0)) store.getState().detach();
});

describe('files store: list, open and save', () => {
  it('lists files after attach and opens one with its version', async () => {
    const { store } = await setup({ '/memories/AGENTS.md': 'a', '/notes/todo.md': 'b' });
    expect(store.getState().files.map((f) => f.path)).toEqual([
      '/memories/AGENTS.md',
      '/notes/todo.md',
    ]);
    await store.getState().open('/notes/todo.md');
    expect(store.getState().selectedPath).toBe('/notes/todo.md');
    expect(current(store)).toMatchObject({
      draft: 'b',
      savedContent: 'b',
      version: 1,
      dirty: false,
    });
  });

  it('tracks the draft and saves it against the opened version', async () => {
    const { fs, store } = await setup();
    await store.getState().open('/memories/AGENTS.md');
    store.getState().setDraft('# Memory\n- likes tea\n');
    expect(current(store)?.dirty).toBe(true);
    expect(await store.getState().save()).toBe(true);
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('# Memory\n- likes tea\n');
    expect(current(store)).toMatchObject({ version: 2, dirty: false });
    // A second save builds on the new version, not the one first opened.
    expect(await store.getState().save('v3')).toBe(true);
    expect((await fs.read('/memories/AGENTS.md'))?.version).toBe(3);
  });

  it('keeps the text and shows the error when a write fails (quota)', async () => {
    const { fs, store } = await setup();
    await store.getState().open('/memories/AGENTS.md');
    store.getState().setDraft('precious');
    fs.failNextWrite = new FsError('quota-exceeded', 'Browser storage is full.');
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().error).toMatchObject({
      message: 'Browser storage is full.',
      code: 'quota-exceeded',
    });
    expect(current(store)).toMatchObject({ draft: 'precious', dirty: true, version: 1 });
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('# Memory\n');
  });

  it('keeps unsaved drafts when switching files', async () => {
    const { store } = await setup({ '/a.md': 'A', '/b.md': 'B' });
    await store.getState().open('/a.md');
    store.getState().setDraft('A edited');
    await store.getState().open('/b.md');
    await store.getState().open('/a.md');
    expect(current(store)).toMatchObject({ draft: 'A edited', dirty: true });
  });
});

describe('files store: conflicts', () => {
  async function conflicted() {
    const ctx = await setup();
    await ctx.store.getState().open('/memories/AGENTS.md');
    ctx.store.getState().setDraft('mine');
    // Another tab (or the agent) writes first.
    await ctx.fs.write('/memories/AGENTS.md', 'theirs', { expectedVersion: 1 });
    const ok = await ctx.store.getState().save();
    return { ...ctx, ok };
  }

  it('does not overwrite a newer version; records both sides', async () => {
    const { fs, store, ok } = await conflicted();
    expect(ok).toBe(false);
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('theirs');
    const conflict = store.getState().conflict;
    expect(conflict?.mine).toBe('mine');
    expect(conflict?.theirs).toMatchObject({ content: 'theirs', version: 2 });
    expect(current(store)).toMatchObject({ draft: 'mine', dirty: true });
    expect(store.getState().error).toBeNull();
  });

  it('"Keep my version" writes again on top of the newer version', async () => {
    const { fs, store } = await conflicted();
    expect(await store.getState().keepMine()).toBe(true);
    expect(await fs.read('/memories/AGENTS.md')).toMatchObject({ content: 'mine', version: 3 });
    expect(store.getState().conflict).toBeNull();
    expect(current(store)).toMatchObject({ version: 3, dirty: false, changedElsewhere: false });
  });

  it('"Keep my version" conflicts again if a third writer got in first', async () => {
    const { fs, store } = await conflicted();
    await fs.write('/memories/AGENTS.md', 'third', { expectedVersion: 2 });
    expect(await store.getState().keepMine()).toBe(false);
    expect(store.getState().conflict?.theirs).toMatchObject({ content: 'third', version: 3 });
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('third');
  });

  it('"Load theirs" discards local edits', async () => {
    const { fs, store } = await conflicted();
    store.getState().loadTheirs();
    expect(store.getState().conflict).toBeNull();
    expect(current(store)).toMatchObject({
      draft: 'theirs',
      savedContent: 'theirs',
      version: 2,
      dirty: false,
    });
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('theirs');
  });

  it('"Compare" opens a diff of theirs against mine without resolving', async () => {
    const { store } = await conflicted();
    store.getState().compareConflict();
    expect(store.getState().diff).toMatchObject({
      kind: 'conflict',
      original: 'theirs',
      modified: 'mine',
      language: 'markdown',
    });
    expect(store.getState().conflict).not.toBeNull();
    // Resolving closes the conflict diff.
    await store.getState().keepMine();
    expect(store.getState().diff).toBeNull();
  });

  it('handles a file deleted elsewhere: keep mine recreates it', async () => {
    const { fs, store } = await setup({ '/x.md': 'one' });
    await store.getState().open('/x.md');
    store.getState().setDraft('two');
    await fs.delete('/x.md');
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().conflict?.theirs).toBeNull();
    expect(await store.getState().keepMine()).toBe(true);
    expect((await fs.read('/x.md'))?.content).toBe('two');
  });
});

describe('files store: notifyChanged', () => {
  it('reloads the open file when it has no unsaved edits', async () => {
    const { fs, store } = await setup();
    await store.getState().open('/memories/AGENTS.md');
    await fs.write('/memories/AGENTS.md', 'by the agent', { expectedVersion: 1 });
    await fs.write('/new.md', 'n', { expectedVersion: null });
    await store.getState().notifyChanged(['/memories/AGENTS.md', '/new.md']);
    expect(current(store)).toMatchObject({
      draft: 'by the agent',
      version: 2,
      dirty: false,
      changedElsewhere: false,
    });
    expect(store.getState().files.map((f) => f.path)).toContain('/new.md');
  });

  it('flags "changed elsewhere" and keeps the draft when there are unsaved edits', async () => {
    const { fs, store } = await setup();
    await store.getState().open('/memories/AGENTS.md');
    store.getState().setDraft('my edit');
    await fs.write('/memories/AGENTS.md', 'by the agent', { expectedVersion: 1 });
    await store.getState().notifyChanged(['/memories/AGENTS.md']);
    expect(current(store)).toMatchObject({
      draft: 'my edit',
      version: 1,
      dirty: true,
      changedElsewhere: true,
    });
    // Saving now goes through the conflict flow instead of overwriting.
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().conflict?.theirs?.content).toBe('by the agent');
  });

  it('ignores notices for other paths', async () => {
    const { fs, store } = await setup({ '/a.md': 'A', '/b.md': 'B' });
    await store.getState().open('/a.md');
    await fs.write('/a.md', 'A2', { expectedVersion: 1 });
    await store.getState().notifyChanged(['/b.md']);
    expect(current(store)).toMatchObject({ draft: 'A', version: 1 });
  });

  it('closes the open file when it was deleted elsewhere', async () => {
    const { fs, store } = await setup({ '/a.md': 'A' });
    await store.getState().open('/a.md');
    await fs.delete('/a.md');
    await store.getState().notifyChanged(['/a.md']);
    expect(store.getState().selectedPath).toBeNull();
    expect(store.getState().notice).toMatch(/deleted elsewhere/);
  });

  it('broadcasts to another tab, which reloads', async () => {
    const channelName = `test-fs-${Math.random()}`;
    const fs = new FakeFs();
    await fs.write('/memories/AGENTS.md', 'v1', { expectedVersion: null });
    const tabA = createFilesStore();
    const tabB = createFilesStore();
    stores.push(tabA, tabB);
    await tabA.getState().attach(fs, { channelName });
    await tabB.getState().attach(fs, { channelName });
    await tabB.getState().open('/memories/AGENTS.md');

    await fs.write('/memories/AGENTS.md', 'v2', { expectedVersion: 1 });
    await tabA.getState().notifyChanged(['/memories/AGENTS.md']);

    await expect.poll(() => selectCurrent(tabB.getState())?.draft).toBe('v2');
  });

  it('a save in one tab makes the other tab reload or flag its draft', async () => {
    const channelName = `test-fs-${Math.random()}`;
    const fs = new FakeFs();
    await fs.write('/a.md', 'v1', { expectedVersion: null });
    const tabA = createFilesStore();
    const tabB = createFilesStore();
    stores.push(tabA, tabB);
    await tabA.getState().attach(fs, { channelName });
    await tabB.getState().attach(fs, { channelName });
    await tabA.getState().open('/a.md');
    await tabB.getState().open('/a.md');
    tabB.getState().setDraft('B edits');
    tabA.getState().setDraft('A edits');
    expect(await tabA.getState().save()).toBe(true);
    await expect.poll(() => selectCurrent(tabB.getState())?.changedElsewhere).toBe(true);
    expect(selectCurrent(tabB.getState())?.draft).toBe('B edits');
  });

  it('applies only /memories/ paths from a tab on another workspace', async () => {
    const channelName = `test-fs-${Math.random()}`;
    const fs = new FakeFs();
    await fs.write('/a.md', 'v1', { expectedVersion: null });
    const tabA = createFilesStore();
    const tabB = createFilesStore();
    stores.push(tabA, tabB);
    await tabA.getState().attach(fs, { channelName, workspaceId: 'one' });
    await tabB.getState().attach(fs, { channelName, workspaceId: 'two' });
    await tabB.getState().open('/a.md');
    await fs.write('/a.md', 'v2', { expectedVersion: 1 });
    await fs.write('/memories/m.md', 'm', { expectedVersion: null });
    await tabA.getState().notifyChanged(['/a.md', '/memories/m.md']);
    await expect
      .poll(() => tabB.getState().files.some((f) => f.path === '/memories/m.md'))
      .toBe(true);
    expect(selectCurrent(tabB.getState())?.draft).toBe('v1');
  });
});

describe('files store: create, delete, history', () => {
  it('creates a file and opens it; refuses to overwrite an existing one', async () => {
    const { fs, store } = await setup();
    expect(await store.getState().createFile('/notes/new.md')).toBe('/notes/new.md');
    expect(store.getState().selectedPath).toBe('/notes/new.md');
    expect(await fs.read('/notes/new.md')).toMatchObject({ content: '', version: 1 });
    expect(await store.getState().createFile('/memories/AGENTS.md')).toBeNull();
    expect(store.getState().error).toMatchObject({ code: 'conflict', where: 'files' });
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('# Memory\n');
  });

  it.each(['/../etc/passwd', '~/notes.md', '\\notes\\a.md'])(
    'shows the fs error for %s',
    async (path) => {
      const { store } = await setup();
      expect(await store.getState().createFile(path)).toBeNull();
      expect(store.getState().error).toMatchObject({ code: 'invalid-path', where: 'files' });
      expect(store.getState().error?.message).toContain('Invalid path');
    },
  );

  it('deletes the version the user saw, not a newer one', async () => {
    const { fs, store } = await setup({ '/a.md': 'A', '/b.md': 'B' });
    await store.getState().open('/a.md');
    expect(await store.getState().deleteFile('/a.md')).toBe(true);
    expect(await fs.read('/a.md')).toBeUndefined();
    expect(store.getState().selectedPath).toBeNull();
    expect(store.getState().files.map((f) => f.path)).toEqual(['/b.md']);

    await fs.write('/b.md', 'B2', { expectedVersion: 1 });
    expect(await store.getState().deleteFile('/b.md')).toBe(false);
    expect(store.getState().error?.code).toBe('conflict');
    expect((await fs.read('/b.md'))?.content).toBe('B2');
  });

  it('loads history and builds a version diff against the current draft', async () => {
    const { fs, store } = await setup({ '/a.md': 'one' });
    await fs.write('/a.md', 'two', { expectedVersion: 1 });
    await store.getState().open('/a.md');
    const versions = await store.getState().history('/a.md');
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    store.getState().setDraft('three');
    store.getState().showVersionDiff(versions[0]!);
    expect(store.getState().diff).toMatchObject({
      kind: 'history',
      original: 'one',
      modified: 'three',
    });
    expect(store.getState().diff?.labels.modified).toBe('Current (unsaved)');
  });
});

describe('languageForPath', () => {
  it('maps extensions to Monaco languages', () => {
    expect(languageForPath('/memories/AGENTS.md')).toBe('markdown');
    expect(languageForPath('/memories/memory.json')).toBe('json');
    expect(languageForPath('/src/a.ts')).toBe('typescript');
    expect(languageForPath('/a.js')).toBe('javascript');
    expect(languageForPath('/a.py')).toBe('python');
    expect(languageForPath('/a.txt')).toBe('plaintext');
    expect(languageForPath('/large_tool_results/call_1')).toBe('plaintext');
  });
});
