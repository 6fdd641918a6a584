import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { CompositeFs } from '../core/fs/composite';
import { MAX_HISTORY_VERSIONS } from '../core/fs/memory-store';
import { createFsTools } from '../core/fs/tools';
import { FsError, MAX_FILE_BYTES } from '../core/fs/types';
import { IdbFileStore } from './idb-store';

let dbCounter = 0;
const freshName = () => `mp-fs-test-${++dbCounter}`;

async function rejection(promise: Promise<unknown>): Promise<FsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return error as FsError;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('IdbFileStore', () => {
  it('writes, reads and bumps versions', async () => {
    let t = 500;
    const store = new IdbFileStore(freshName(), { now: () => t++ });
    expect(await store.read('/a.md')).toBeUndefined();
    expect(await store.write('/a.md', 'one')).toEqual({
      path: '/a.md',
      content: 'one',
      createdAt: 500,
      modifiedAt: 500,
      version: 1,
    });
    expect(await store.write('/a.md', 'two', { expectedVersion: 1 })).toMatchObject({
      version: 2,
      createdAt: 500,
    });
    expect(await store.read('/a.md')).toMatchObject({
      content: 'two',
      version: 2,
      modifiedAt: 501,
    });
  });

  it('persists across instances (a reload)', async () => {
    const name = freshName();
    await new IdbFileStore(name).write('/kept.md', 'still here');
    expect((await new IdbFileStore(name).read('/kept.md'))?.content).toBe('still here');
  });

  it('applies expectedVersion semantics', async () => {
    const store = new IdbFileStore(freshName());
    await store.write('/a.md', 'one', { expectedVersion: null });
    expect((await rejection(store.write('/a.md', 'x', { expectedVersion: null }))).code).toBe(
      'conflict',
    );
    expect((await rejection(store.write('/a.md', 'x', { expectedVersion: 7 }))).message).toContain(
      'now at version 1, but this change expected version 7',
    );
    expect((await rejection(store.write('/new.md', 'x', { expectedVersion: 1 }))).code).toBe(
      'conflict',
    );
    expect((await store.read('/a.md'))?.content).toBe('one');
    expect(await store.read('/new.md')).toBeUndefined();
  });

  it('two tabs on the same database: the second stale write is a conflict, not an overwrite', async () => {
    const name = freshName();
    const tabA = new IdbFileStore(name);
    const tabB = new IdbFileStore(name);
    await tabA.write('/memories/AGENTS.md', 'v1');
    const readByA = await tabA.read('/memories/AGENTS.md');
    const readByB = await tabB.read('/memories/AGENTS.md');
    expect(readByA?.version).toBe(1);
    expect(readByB?.version).toBe(1);

    await tabA.write('/memories/AGENTS.md', 'A was here', { expectedVersion: readByA?.version });
    const error = await rejection(
      tabB.write('/memories/AGENTS.md', 'B was here', { expectedVersion: readByB?.version }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/changed elsewhere \(for example in another tab\)/);
    expect(error.message).toMatch(/now at version 2, but this change expected version 1/);
    expect(await tabB.read('/memories/AGENTS.md')).toMatchObject({
      content: 'A was here',
      version: 2,
    });
  });

  it('two tabs writing at the same moment: exactly one wins', async () => {
    const name = freshName();
    const tabs = [new IdbFileStore(name), new IdbFileStore(name), new IdbFileStore(name)];
    await tabs[0]?.write('/f.md', 'base');
    const results = await Promise.allSettled(
      tabs.map((tab, i) => tab.write('/f.md', `tab ${i}`, { expectedVersion: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(2);
    for (const failure of failures) expect((failure.reason as FsError).code).toBe('conflict');
    expect((await tabs[0]?.read('/f.md'))?.version).toBe(2);
  });

  it('two tabs creating the same new file: the second gets a conflict', async () => {
    const name = freshName();
    const results = await Promise.allSettled([
      new IdbFileStore(name).write('/new.md', 'a', { expectedVersion: null }),
      new IdbFileStore(name).write('/new.md', 'b', { expectedVersion: null }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('keeps up to 20 versions of history in the same record', async () => {
    const store = new IdbFileStore(freshName());
    for (let i = 1; i <= 23; i++) await store.write('/h.md', `v${i}`);
    const history = await store.history('/h.md');
    expect(history).toHaveLength(MAX_HISTORY_VERSIONS);
    expect(history[0]).toMatchObject({ version: 4, content: 'v4' });
    expect(history.at(-1)).toMatchObject({ version: 23, content: 'v23' });
    expect(await store.history('/none.md')).toEqual([]);
  });

  it('lists files sorted, without content', async () => {
    const store = new IdbFileStore(freshName());
    await store.write('/z.md', 'zz');
    await store.write('/a/b.md', 'héllo');
    const list = await store.list();
    expect(list.map((f) => [f.path, f.size, f.version])).toEqual([
      ['/a/b.md', 6, 1],
      ['/z.md', 2, 1],
    ]);
    expect(list[0]).not.toHaveProperty('content');
  });

  it('deletes with expectedVersion', async () => {
    const store = new IdbFileStore(freshName());
    await store.write('/d.md', 'one');
    await store.write('/d.md', 'two');
    expect((await rejection(store.delete('/d.md', { expectedVersion: 1 }))).code).toBe('conflict');
    expect((await store.read('/d.md'))?.content).toBe('two');
    await store.delete('/d.md', { expectedVersion: 2 });
    expect(await store.read('/d.md')).toBeUndefined();
    expect(await store.history('/d.md')).toEqual([]);
    expect((await rejection(store.delete('/d.md'))).code).toBe('not-found');
    await expect(store.delete('/d.md', { expectedVersion: null })).resolves.toBeUndefined();
  });

  it('rejects content over the size limit without writing', async () => {
    const store = new IdbFileStore(freshName());
    const error = await rejection(store.write('/big.txt', 'x'.repeat(MAX_FILE_BYTES + 1)));
    expect(error.code).toBe('too-large');
    expect(await store.list()).toEqual([]);
  });

  it('maps QuotaExceededError to quota-exceeded and keeps what was saved', async () => {
    const store = new IdbFileStore(freshName());
    await store.write('/saved.md', 'safe');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const error = await rejection(store.write('/saved.md', 'new content'));
    expect(error.code).toBe('quota-exceeded');
    expect(error.message).toMatch(/Storage is full/);
    expect(error.message).toMatch(/Nothing was changed/);
    vi.restoreAllMocks();
    expect(await store.read('/saved.md')).toMatchObject({ content: 'safe', version: 1 });
  });

  it('maps a quota abort of the transaction too', async () => {
    const store = new IdbFileStore(freshName());
    await store.write('/saved.md', 'safe');
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args
    ) {
      const request = realPut.apply(this, args);
      const tx = this.transaction;
      // What browsers do when the disk quota is hit at commit: the transaction aborts with this error.
      const quota = new DOMException('full', 'QuotaExceededError');
      Object.defineProperty(tx, 'error', { configurable: true, get: () => quota, set: () => {} });
      tx.abort();
      return request;
    });
    const error = await rejection(store.write('/saved.md', 'new content'));
    expect(error.code).toBe('quota-exceeded');
    vi.restoreAllMocks();
    expect((await store.read('/saved.md'))?.content).toBe('safe');
  });

  it('reports damaged stored values as io errors', async () => {
    const name = freshName();
    await set('/bad.md', { nonsense: true }, createStore(name, 'files'));
    const store = new IdbFileStore(name);
    expect((await rejection(store.read('/bad.md'))).code).toBe('io');
    expect((await rejection(store.write('/bad.md', 'x'))).code).toBe('io');
    expect((await rejection(store.list())).code).toBe('io');
  });

  it('reports a stored file whose fields have the wrong types as damaged, not as a file', async () => {
    const name = freshName();
    const raw = createStore(name, 'files');
    const version = { version: 1, content: 'x', modifiedAt: 1 };
    await set(
      '/a.md',
      { path: '/a.md', createdAt: 1, versions: [{ ...version, version: '1' }] },
      raw,
    );
    await set('/b.md', { path: '/b.md', createdAt: '1', versions: [version] }, raw);
    await set('/c.md', { path: '/c.md', createdAt: 1, versions: [] }, raw);
    const store = new IdbFileStore(name);
    for (const path of ['/a.md', '/b.md', '/c.md'])
      expect((await rejection(store.read(path))).message).toContain('damaged');
  });

  it('works behind CompositeFs and the tools (user store shared by workspaces)', async () => {
    const userDb = freshName();
    const fsA = new CompositeFs({
      default: new IdbFileStore(freshName()),
      routes: { '/memories/': new IdbFileStore(userDb) },
    });
    const fsB = new CompositeFs({
      default: new IdbFileStore(freshName()),
      routes: { '/memories/': new IdbFileStore(userDb) },
    });
    const tools = createFsTools();
    const run = (fs: CompositeFs, name: string, args: unknown) =>
      tools
        .find((t) => t.schema.name === name)
        ?.run(args, { fs, signal: new AbortController().signal, toolCallId: 'x' });

    expect(
      await run(fsA, 'write_file', { file_path: '/memories/AGENTS.md', content: '- likes tea' }),
    ).toEqual({
      content: 'Updated file /memories/AGENTS.md',
    });
    expect(await run(fsB, 'read_file', { file_path: '/memories/AGENTS.md' })).toEqual({
      content: '     1\t- likes tea',
    });
    expect(
      await run(fsB, 'edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'tea',
        new_string: 'coffee',
      }),
    ).toEqual({
      content: "Successfully replaced 1 instance(s) of the string in '/memories/AGENTS.md'",
    });
    expect(
      await run(fsA, 'write_file', { file_path: '/notes.md', content: 'workspace A only' }),
    ).toBeDefined();
    expect(await run(fsB, 'ls', { path: '/' })).toEqual({ content: "['/memories/']" });
    expect(await run(fsA, 'grep', { pattern: 'coffee' })).toEqual({
      content: '/memories/AGENTS.md',
    });
  });
});
