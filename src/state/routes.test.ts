import { describe, expect, it } from 'vitest';
import {
  formatRoute,
  historyAction,
  MAX_HASH_LENGTH,
  parseRoute,
  routeOfView,
  shownText,
  SHOWN_LENGTH,
  type View,
  type ViewRoute,
} from './routes';

const view = (partial: Partial<View>): View => ({
  thread: null,
  arena: false,
  run: null,
  kept: false,
  ...partial,
});

describe('parseRoute', () => {
  it('reads the three shapes of SPEC 15 and the new-thread screen', () => {
    expect(parseRoute('#/thread/thread_0123456789abcdef')).toEqual({
      view: 'thread',
      id: 'thread_0123456789abcdef',
    });
    expect(parseRoute('#/arena')).toEqual({ view: 'arena' });
    expect(parseRoute('#/arena/arena_lq3k2_x7a1')).toEqual({
      view: 'arena-run',
      id: 'arena_lq3k2_x7a1',
    });
    expect(parseRoute('#/new')).toEqual({ view: 'new' });
  });

  it('takes the hash with or without its #, and a trailing slash', () => {
    expect(parseRoute('/thread/abc')).toEqual({ view: 'thread', id: 'abc' });
    expect(parseRoute('#/arena/')).toEqual({ view: 'arena' });
    expect(parseRoute('#/thread/abc/')).toEqual({ view: 'thread', id: 'abc' });
  });

  it('reads no hash, # and #/ as the start', () => {
    expect(parseRoute('')).toEqual({ view: 'start' });
    expect(parseRoute('#')).toEqual({ view: 'start' });
    expect(parseRoute('#/')).toEqual({ view: 'start' });
  });

  it('decodes a percent-encoded id and still checks it', () => {
    expect(parseRoute('#/thread/a%2Eb')).toEqual({ view: 'thread', id: 'a.b' });
    const slash = parseRoute('#/thread/a%2Fb');
    expect(slash).toMatchObject({ view: 'invalid', text: '/thread/a%2Fb' });
    const broken = parseRoute('#/thread/%E0%A4%A');
    expect(broken).toMatchObject({ view: 'invalid' });
  });

  it('refuses ids with other characters, a leading dot or dash, or more than 128 characters', () => {
    for (const id of ['a b', '<script>', '.hidden', '-x', 'é', 'a'.repeat(129), 'x\u202Ey'])
      expect(parseRoute(`#/thread/${encodeURIComponent(id)}`)).toMatchObject({
        view: 'invalid',
        problem: expect.stringContaining('The thread id in this address is not valid'),
      });
    expect(parseRoute(`#/thread/${'a'.repeat(128)}`)).toEqual({
      view: 'thread',
      id: 'a'.repeat(128),
    });
    expect(parseRoute('#/arena/a%20b')).toMatchObject({
      view: 'invalid',
      problem: expect.stringContaining('arena run id'),
    });
  });

  it('says an unknown shape names no view', () => {
    for (const hash of ['#/threads', '#thread/x', '#/thread', '#/arena/a/b', '#/new/x', '#/x/y/z'])
      expect(parseRoute(hash)).toMatchObject({
        view: 'invalid',
        problem: expect.stringContaining('#/thread/<id>, #/arena and #/arena/<run>'),
      });
  });

  it('refuses an address over the bound before reading it', () => {
    const long = `#/thread/${'a'.repeat(MAX_HASH_LENGTH)}`;
    expect(parseRoute(long)).toMatchObject({
      view: 'invalid',
      problem: expect.stringContaining(`at most ${MAX_HASH_LENGTH.toLocaleString('en-US')}`),
    });
  });
});

describe('formatRoute', () => {
  it('writes every view so that parseRoute reads it back', () => {
    const routes: ViewRoute[] = [
      { view: 'new' },
      { view: 'thread', id: 'thread_abc' },
      { view: 'thread', id: 'Imported.copy-2' },
      { view: 'arena' },
      { view: 'arena-run', id: 'arena_lq3k2_x7a1' },
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
    expect(formatRoute({ view: 'thread', id: 't1' })).toBe('#/thread/t1');
    expect(formatRoute({ view: 'arena-run', id: 'r1' })).toBe('#/arena/r1');
  });
});

describe('routeOfView', () => {
  it('names the open thread, the new-thread screen, the arena and a kept run', () => {
    expect(routeOfView(view({ thread: 't1' }))).toEqual({ view: 'thread', id: 't1' });
    expect(routeOfView(view({}))).toEqual({ view: 'new' });
    expect(routeOfView(view({ thread: 't1', arena: true }))).toEqual({ view: 'arena' });
    expect(routeOfView(view({ arena: true, run: 'r1', kept: true }))).toEqual({
      view: 'arena-run',
      id: 'r1',
    });
  });

  it('gives a run that is not kept (going on, or failed) the arena’s address', () => {
    expect(routeOfView(view({ arena: true, run: 'r1', kept: false }))).toEqual({ view: 'arena' });
  });
});

describe('historyAction', () => {
  const none = { threadCreated: false, threadRemoved: false };

  it('pushes a move to another thread, to the arena, to a run and back', () => {
    expect(historyAction(view({ thread: 'a' }), view({ thread: 'b' }), none)).toBe('push');
    expect(historyAction(view({ thread: 'a' }), view({ thread: 'a', arena: true }), none)).toBe(
      'push',
    );
    expect(
      historyAction(
        view({ arena: true, run: 'r1', kept: true }),
        view({ arena: true, run: 'r2', kept: true }),
        none,
      ),
    ).toBe('push');
    expect(historyAction(view({ thread: 'a' }), view({}), none)).toBe('push');
    expect(historyAction(view({}), view({ thread: 'a' }), none)).toBe('push');
  });

  it('replaces when the new-thread screen becomes the thread its first message created', () => {
    expect(historyAction(view({}), view({ thread: 'a' }), { ...none, threadCreated: true })).toBe(
      'replace',
    );
  });

  it('replaces when the open thread was removed', () => {
    expect(historyAction(view({ thread: 'a' }), view({}), { ...none, threadRemoved: true })).toBe(
      'replace',
    );
  });

  it('replaces when the run on screen got kept', () => {
    expect(
      historyAction(
        view({ arena: true, run: 'r1', kept: false }),
        view({ arena: true, run: 'r1', kept: true }),
        none,
      ),
    ).toBe('replace');
  });
});

describe('shownText', () => {
  it('cuts at SHOWN_LENGTH characters and says so', () => {
    const long = 'x'.repeat(SHOWN_LENGTH + 40);
    expect(shownText(long)).toEqual({
      text: 'x'.repeat(SHOWN_LENGTH),
      cut: true,
      length: SHOWN_LENGTH + 40,
    });
    expect(shownText('thread_abc')).toEqual({ text: 'thread_abc', cut: false, length: 10 });
  });

  it('makes invisible and direction-changing characters visible', () => {
    expect(shownText('a\u202Eb\u200Bc\u0007d').text).toBe('a\uFFFDb\uFFFDc\uFFFDd');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shownText('😀'.repeat(SHOWN_LENGTH)).cut).toBe(false);
  });
});
