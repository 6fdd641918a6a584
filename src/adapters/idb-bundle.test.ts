import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { exportBundle } from '../core/bundle/export';
import { importBundle } from '../core/bundle/import';
import { BundleError } from '../core/bundle/errors';
import { MemorySettings, MemoryThreadStore, populate, fixture } from '../../tests/fixtures/bundle';
import type { BundleTarget, FileWrite } from '../core/bundle/types';
import { FsError } from '../core/fs/types';
import { RestorableIdbFileStore } from './idb-bundle';
import { IdbFileStore } from './idb-store';

let counter = 0;
const fresh = () => new RestorableIdbFileStore(new IdbFileStore(`mp-bundle-test-${++counter}`));

async function dump(store: RestorableIdbFileStore) {
  const out: Record<string, unknown> = {};
  for (const info of await store.list()) out[info.path] = await store.history(info.path);
  return out;
}

describe('RestorableIdbFileStore', () => {
  it('writes many files in one step, with versions and history like single writes', async () => {
    const store = fresh();
    await store.write('/a.md', 'one');
    await store.writeMany([
      { path: '/a.md', content: 'two', expectedVersion: 1 },
      { path: '/b.md', content: 'new', expectedVersion: null },
    ]);
    expect(await store.read('/a.md')).toMatchObject({ content: 'two', version: 2 });
    expect((await store.history('/a.md')).map((v) => v.content)).toEqual(['one', 'two']);
    await store.writeMany([{ path: '/b.md', content: null, expectedVersion: 1 }]);
    expect(await store.read('/b.md')).toBeUndefined();
  });

  it('writes nothing when one write of the batch fails its version check', async () => {
    const store = fresh();
    await store.write('/a.md', 'one');
    const before = await dump(store);
    const writes: FileWrite[] = [
      { path: '/new.md', content: 'x', expectedVersion: null },
      { path: '/a.md', content: 'stale', expectedVersion: 7 },
    ];
    const error = await store.writeMany(writes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FsError);
    expect((error as FsError).code).toBe('conflict');
    expect(await dump(store)).toEqual(before);
  });

  it('snapshots and restores records exactly, history included; reads everything at once', async () => {
    const store = fresh();
    await store.write('/a.md', 'one');
    await store.write('/a.md', 'two');
    const [snapshot, absent] = await store.snapshot(['/a.md', '/nope.md']);
    expect(absent).toBeUndefined();
    const before = await dump(store);
    await store.write('/a.md', 'three');
    await store.write('/nope.md', 'created');
    await store.restore('/a.md', snapshot);
    await store.restore('/nope.md', undefined);
    expect(await dump(store)).toEqual(before);
    expect((await store.readAll()).map((r) => [r.path, r.content, r.version])).toEqual([
      ['/a.md', 'two', 2],
    ]);
  });
});

describe('bundle import on IndexedDB', () => {
  async function idbTarget(
    workspaceStore = fresh(),
  ): Promise<BundleTarget & { threads: MemoryThreadStore }> {
    return {
      workspace: 'default',
      userStore: fresh(),
      workspaceStore,
      threads: new MemoryThreadStore(),
      settings: new MemorySettings(),
    };
  }

  it('round-trips through IndexedDB stores', async () => {
    const source = fixture();
    await populate(source);
    const { bytes } = await exportBundle(source.source, { appVersion: 'test' });
    const target = await idbTarget();
    await importBundle(bytes, target, { mode: 'keep-both' });
    const again = await exportBundle(target, { appVersion: 'test', now: () => 0 });
    const first = await exportBundle(source.source, { appVersion: 'test', now: () => 0 });
    expect(again.manifest.files.map((f) => [f.entry, f.size])).toEqual(
      first.manifest.files.map((f) => [f.entry, f.size]),
    );
  });

  it('a quota error in the second store rolls the first store back exactly', async () => {
    const source = fixture();
    await populate(source);
    const { bytes } = await exportBundle(source.source, { appVersion: 'test' });

    class FullStore extends RestorableIdbFileStore {
      override async writeMany(): Promise<void> {
        throw new FsError('quota-exceeded', 'Storage is full.');
      }
    }
    const target = await idbTarget(new FullStore(new IdbFileStore(`mp-bundle-test-${++counter}`)));
    await target.userStore.write('/AGENTS.md', 'mine, v1');
    await target.userStore.write('/AGENTS.md', 'mine, v2');
    const user = target.userStore as RestorableIdbFileStore;
    const before = await dump(user);
    const error = await importBundle(bytes, target, { mode: 'replace' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).message).toMatch(/Storage is full\..*nothing changed/);
    expect(await dump(user)).toEqual(before);
  });
});
