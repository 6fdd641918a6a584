import { describe, expect, it } from 'vitest';
import { CompositeFs } from './composite';
import { InMemoryFileStore } from './memory-store';
import { FsError } from './types';

function setup() {
  const workspace = new InMemoryFileStore();
  const user = new InMemoryFileStore();
  const shared = new InMemoryFileStore();
  const fs = new CompositeFs({
    default: workspace,
    routes: { '/memories/': user, '/memories/shared/': shared },
  });
  return { fs, workspace, user, shared };
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

describe('CompositeFs routing', () => {
  it('sends /memories/ paths to the routed store with the prefix stripped', async () => {
    const { fs, user, workspace } = setup();
    const record = await fs.write('/memories/AGENTS.md', '# memory');
    expect(record.path).toBe('/memories/AGENTS.md');
    expect(await user.read('/AGENTS.md')).toMatchObject({
      path: '/AGENTS.md',
      content: '# memory',
    });
    expect(await workspace.read('/memories/AGENTS.md')).toBeUndefined();
    expect(await fs.read('/memories/AGENTS.md')).toMatchObject({
      path: '/memories/AGENTS.md',
      version: 1,
    });
  });

  it('sends everything else to the default store unchanged', async () => {
    const { fs, workspace, user } = setup();
    await fs.write('/AGENTS.md', 'project');
    await fs.write('/memoriesX/a.md', 'not a route');
    expect(await workspace.read('/AGENTS.md')).toBeDefined();
    expect(await workspace.read('/memoriesX/a.md')).toBeDefined();
    expect(await user.list()).toEqual([]);
  });

  it('lets the longest prefix win', async () => {
    const { fs, user, shared } = setup();
    await fs.write('/memories/shared/team.md', 'team');
    expect(await shared.read('/team.md')).toBeDefined();
    expect(await user.read('/shared/team.md')).toBeUndefined();
  });

  it('normalises and validates paths before routing', async () => {
    const { fs, user } = setup();
    await fs.write('//memories//./notes.md', 'x');
    expect(await user.read('/notes.md')).toBeDefined();
    for (const bad of ['/memories/../etc', 'memories/a.md', '~/a', '/a\\b', '']) {
      expect((await rejection(fs.write(bad, 'x'))).code).toBe('invalid-path');
      expect((await rejection(fs.read(bad))).code).toBe('invalid-path');
    }
  });

  it('treats a route directory as a directory, not a file', async () => {
    const { fs } = setup();
    expect(await fs.read('/memories')).toBeUndefined();
    expect((await rejection(fs.write('/memories', 'x'))).message).toMatch(/directory/);
    expect((await rejection(fs.write('/memories/', 'x'))).code).toBe('invalid-path');
  });

  it('passes expectedVersion through and names the full path in conflict errors', async () => {
    const { fs } = setup();
    await fs.write('/memories/AGENTS.md', 'one');
    await fs.write('/memories/AGENTS.md', 'two');
    const error = await rejection(fs.write('/memories/AGENTS.md', 'stale', { expectedVersion: 1 }));
    expect(error.code).toBe('conflict');
    expect(error.path).toBe('/memories/AGENTS.md');
    expect(error.message).toContain("'/memories/AGENTS.md'");
    expect(error.message).not.toContain("'/AGENTS.md'");
  });

  it('deletes and reads history through the route', async () => {
    const { fs, user } = setup();
    await fs.write('/memories/a.md', 'one');
    await fs.write('/memories/a.md', 'two');
    expect((await fs.history('/memories/a.md')).map((v) => v.content)).toEqual(['one', 'two']);
    await fs.delete('/memories/a.md', { expectedVersion: 2 });
    expect(await user.list()).toEqual([]);
    expect((await rejection(fs.delete('/memories/a.md'))).message).toContain("'/memories/a.md'");
  });

  it('rejects a root route', () => {
    expect(
      () =>
        new CompositeFs({
          default: new InMemoryFileStore(),
          routes: { '/': new InMemoryFileStore() },
        }),
    ).toThrow(FsError);
  });

  it('lists its route prefixes', () => {
    expect(setup().fs.routePrefixes()).toEqual(['/memories/', '/memories/shared/']);
  });
});

describe('CompositeFs listings', () => {
  async function filled() {
    const s = setup();
    await s.fs.write('/b.md', 'b');
    await s.fs.write('/docs/a.md', 'a');
    await s.fs.write('/memories/AGENTS.md', 'm');
    await s.fs.write('/memories/shared/team.md', 't');
    // Shadowed entries: stored where a longer route now wins; never listed.
    await s.workspace.write('/memories/ghost.md', 'hidden');
    await s.user.write('/shared/ghost.md', 'hidden');
    return s;
  }

  it('listUnder("/") merges every store, prefixes added back, sorted by path', async () => {
    const { fs } = await filled();
    const list = await fs.listUnder();
    expect(list.map((f) => f.path)).toEqual([
      '/b.md',
      '/docs/a.md',
      '/memories/AGENTS.md',
      '/memories/shared/team.md',
    ]);
    expect(list[2]).toMatchObject({ version: 1, size: 1 });
    expect(await fs.list()).toEqual(list);
  });

  it('listUnder a route or a directory inside one', async () => {
    const { fs } = await filled();
    expect((await fs.listUnder('/memories')).map((f) => f.path)).toEqual([
      '/memories/AGENTS.md',
      '/memories/shared/team.md',
    ]);
    expect((await fs.listUnder('/memories/shared/')).map((f) => f.path)).toEqual([
      '/memories/shared/team.md',
    ]);
    expect((await fs.listUnder('/docs')).map((f) => f.path)).toEqual(['/docs/a.md']);
    expect(await fs.listUnder('/nothing')).toEqual([]);
  });

  it('listUnder validates its directory', async () => {
    const { fs } = setup();
    expect((await rejection(fs.listUnder('/../'))).code).toBe('invalid-path');
  });
});

describe('CompositeFs listUnder boundaries', () => {
  it('does not count a file as being under itself', async () => {
    const { fs } = setup();
    await fs.write('/notes.md', 'x');
    expect(await fs.listUnder('/notes.md')).toEqual([]);
  });
});
