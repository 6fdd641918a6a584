import { describe, expect, it } from 'vitest';
import { InMemoryFileStore, MAX_HISTORY_VERSIONS, utf8ByteLength } from './memory-store';
import { FsError, MAX_FILE_BYTES } from './types';

function clock(start = 1000) {
  let t = start;
  return () => t++;
}

async function rejection(promise: Promise<unknown>): Promise<FsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return error as FsError;
  }
  throw new Error('expected a rejection');
}

describe('InMemoryFileStore', () => {
  it('creates a file at version 1 and bumps the version on every write', async () => {
    const store = new InMemoryFileStore({ now: clock() });
    const first = await store.write('/a.md', 'one');
    expect(first).toEqual({
      path: '/a.md',
      content: 'one',
      createdAt: 1000,
      modifiedAt: 1000,
      version: 1,
    });
    const second = await store.write('/a.md', 'two');
    expect(second).toMatchObject({ version: 2, content: 'two', createdAt: 1000, modifiedAt: 1001 });
    expect(await store.read('/a.md')).toEqual(second);
    expect(await store.read('/missing.md')).toBeUndefined();
  });

  it('expectedVersion null: the file must not exist', async () => {
    const store = new InMemoryFileStore();
    await store.write('/a.md', 'one', { expectedVersion: null });
    const error = await rejection(store.write('/a.md', 'two', { expectedVersion: null }));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/another tab/);
    expect(error.message).toMatch(/version 1/);
    expect((await store.read('/a.md'))?.content).toBe('one');
  });

  it('expectedVersion number: must match the current version', async () => {
    const store = new InMemoryFileStore();
    await store.write('/a.md', 'one');
    await store.write('/a.md', 'two', { expectedVersion: 1 });
    const error = await rejection(store.write('/a.md', 'stale', { expectedVersion: 1 }));
    expect(error.code).toBe('conflict');
    expect(error.path).toBe('/a.md');
    expect(error.message).toContain('changed elsewhere');
    expect(error.message).toContain('now at version 2');
    expect(error.message).toContain('expected version 1');
    expect((await store.read('/a.md'))?.content).toBe('two');
  });

  it('expectedVersion number on a missing file is a conflict', async () => {
    const store = new InMemoryFileStore();
    const error = await rejection(store.write('/gone.md', 'x', { expectedVersion: 3 }));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/no longer exists/);
  });

  it('expectedVersion undefined writes unconditionally', async () => {
    const store = new InMemoryFileStore();
    await store.write('/a.md', 'one');
    await store.write('/a.md', 'two');
    expect((await store.write('/a.md', 'three')).version).toBe(3);
  });

  it('rejects content over MAX_FILE_BYTES in UTF-8 bytes, and accepts exactly the limit', async () => {
    const store = new InMemoryFileStore();
    await store.write('/max.txt', 'a'.repeat(MAX_FILE_BYTES));
    // 'é' is 2 bytes: half the limit in characters plus one is over the limit in bytes.
    const error = await rejection(store.write('/big.txt', 'é'.repeat(MAX_FILE_BYTES / 2 + 1)));
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/10 MB/);
    expect(await store.read('/big.txt')).toBeUndefined();
  });

  it('keeps up to 20 versions of history, oldest first', async () => {
    const store = new InMemoryFileStore({ now: clock() });
    for (let i = 1; i <= 25; i++) await store.write('/a.md', `v${i}`);
    const history = await store.history('/a.md');
    expect(history).toHaveLength(MAX_HISTORY_VERSIONS);
    expect(history[0]?.version).toBe(6);
    expect(history.at(-1)).toMatchObject({ version: 25, content: 'v25' });
    expect(await store.history('/missing')).toEqual([]);
  });

  it('returns copies: mutating a result does not change the store', async () => {
    const store = new InMemoryFileStore();
    const record = await store.write('/a.md', 'one');
    record.content = 'hacked';
    const history = await store.history('/a.md');
    (history[0] as { content: string }).content = 'hacked';
    expect((await store.read('/a.md'))?.content).toBe('one');
    expect((await store.history('/a.md'))[0]?.content).toBe('one');
  });

  it('lists files sorted by path with UTF-8 sizes and no content', async () => {
    const store = new InMemoryFileStore({ now: clock() });
    await store.write('/b.md', 'héllo');
    await store.write('/a.md', 'x');
    const list = await store.list();
    expect(list.map((f) => f.path)).toEqual(['/a.md', '/b.md']);
    expect(list[1]).toEqual({
      path: '/b.md',
      createdAt: 1000,
      modifiedAt: 1000,
      version: 1,
      size: 6,
    });
    expect(list[1]).not.toHaveProperty('content');
  });

  describe('delete', () => {
    it('removes the file and its history', async () => {
      const store = new InMemoryFileStore();
      await store.write('/a.md', 'one');
      await store.delete('/a.md');
      expect(await store.read('/a.md')).toBeUndefined();
      expect(await store.history('/a.md')).toEqual([]);
      expect(await store.list()).toEqual([]);
    });

    it('checks expectedVersion', async () => {
      const store = new InMemoryFileStore();
      await store.write('/a.md', 'one');
      await store.write('/a.md', 'two');
      const error = await rejection(store.delete('/a.md', { expectedVersion: 1 }));
      expect(error.code).toBe('conflict');
      expect(error.message).toMatch(/not deleted/);
      await store.delete('/a.md', { expectedVersion: 2 });
      expect(await store.read('/a.md')).toBeUndefined();
    });

    it('reports a missing file', async () => {
      const store = new InMemoryFileStore();
      expect((await rejection(store.delete('/nope.md'))).code).toBe('not-found');
      expect((await rejection(store.delete('/nope.md', { expectedVersion: 1 }))).code).toBe(
        'conflict',
      );
      await expect(store.delete('/nope.md', { expectedVersion: null })).resolves.toBeUndefined();
    });

    it('expectedVersion null on an existing file is a conflict', async () => {
      const store = new InMemoryFileStore();
      await store.write('/a.md', 'one');
      expect((await rejection(store.delete('/a.md', { expectedVersion: null }))).code).toBe(
        'conflict',
      );
    });
  });
});

describe('utf8ByteLength', () => {
  it('matches TextEncoder', () => {
    for (const text of [
      '',
      'abc',
      'héllo',
      '文件',
      '😀 emoji',
      '\ud800 lone surrogate',
      'x\udc00',
    ]) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
