import { describe, expect, it } from 'vitest';
import {
  basename,
  dirname,
  isUnder,
  isUnderOrEqual,
  joinPath,
  normaliseFilePath,
  normalisePath,
  resolveAgentPath,
} from './paths';
import { FsError, MAX_PATH_LENGTH } from './types';

function rejection(path: unknown): FsError {
  try {
    normalisePath(path);
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return error as FsError;
  }
  throw new Error(`expected ${String(path)} to be rejected`);
}

describe('normalisePath', () => {
  it('keeps canonical absolute paths', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/notes/todo.md')).toBe('/notes/todo.md');
    expect(normalisePath('/a b/ünïcode 文件.md')).toBe('/a b/ünïcode 文件.md');
  });

  it('collapses duplicate slashes, "." segments and a trailing slash', () => {
    expect(normalisePath('//notes///todo.md')).toBe('/notes/todo.md');
    expect(normalisePath('/notes/./todo.md')).toBe('/notes/todo.md');
    expect(normalisePath('/notes/')).toBe('/notes');
    expect(normalisePath('///')).toBe('/');
  });

  it('allows dots inside names', () => {
    expect(normalisePath('/a..b/.hidden/x...md')).toBe('/a..b/.hidden/x...md');
  });

  it.each([
    ['/../etc/passwd', "'..' segments"],
    ['/a/../b', "'..' segments"],
    ['/a/..', "'..' segments"],
    ['~/notes.md', "'~'"],
    ['/home/~user', "'~'"],
    ['/a\\b', 'backslashes'],
    ['\\\\server\\share', 'backslashes'],
    ['C:\\Users\\x', 'backslashes'],
    ['/a\0b', 'NUL'],
    ['/a\nb', 'control character'],
    ['notes.md', 'absolute'],
    ['./notes.md', 'absolute'],
    ['C:/Users/x', 'absolute'],
  ])('rejects %j with a clear message', (path, reason) => {
    const error = rejection(path);
    expect(error.code).toBe('invalid-path');
    expect(error.message).toContain(reason);
  });

  it('rejects empty and blank paths', () => {
    expect(rejection('').message).toMatch(/empty/);
    expect(rejection('   ').message).toMatch(/empty/);
  });

  it('rejects paths over the length limit and accepts one at the limit', () => {
    const atLimit = `/${'a'.repeat(MAX_PATH_LENGTH - 1)}`;
    expect(normalisePath(atLimit)).toBe(atLimit);
    const error = rejection(`${atLimit}b`);
    expect(error.message).toContain(String(MAX_PATH_LENGTH));
    expect(error.message.length).toBeLessThan(300); // the path is shortened in the message
  });

  it('rejects non-strings', () => {
    expect(rejection(undefined).message).toMatch(/expected a string/);
    expect(rejection(42).code).toBe('invalid-path');
    expect(rejection(null).message).toMatch(/null/);
  });

  it('shows control characters escaped in messages', () => {
    expect(rejection('/a\0b').message).toContain('\\x00');
  });
});

describe('normaliseFilePath', () => {
  it('rejects the root', () => {
    expect(() => normaliseFilePath('/')).toThrow(/root directory/);
    expect(() => normaliseFilePath('//')).toThrow(FsError);
  });
  it('drops a trailing slash', () => {
    expect(normaliseFilePath('/notes.md/')).toBe('/notes.md');
  });
});

describe('helpers', () => {
  it('dirname and basename', () => {
    expect(dirname('/a/b/c.md')).toBe('/a/b');
    expect(dirname('/c.md')).toBe('/');
    expect(dirname('/')).toBe('/');
    expect(basename('/a/b/c.md')).toBe('c.md');
    expect(basename('/')).toBe('');
  });

  it('joinPath validates and normalises', () => {
    expect(joinPath('/memories/', 'AGENTS.md')).toBe('/memories/AGENTS.md');
    expect(joinPath('a', 'b/', 'c')).toBe('/a/b/c');
    expect(() => joinPath('/memories', '../x')).toThrow(FsError);
  });

  it('isUnder respects segment boundaries', () => {
    expect(isUnder('/memories/AGENTS.md', '/memories')).toBe(true);
    expect(isUnder('/memories/AGENTS.md', '/memories/')).toBe(true);
    expect(isUnder('/memoriesX/a.md', '/memories')).toBe(false);
    expect(isUnder('/memories', '/memories')).toBe(false);
    expect(isUnder('/a', '/')).toBe(true);
    expect(isUnder('/', '/')).toBe(false);
    expect(isUnderOrEqual('/memories', '/memories')).toBe(true);
  });
});

describe('remembered paths', () => {
  it('a name opened as an existing file is still refused as a new name, and the other way', () => {
    // A zero-width space: an old file may hold it, a new name may not (names.ts).
    const sneaky = '/notes/pl\u200Ban.md';
    expect(normalisePath(sneaky, { existing: true })).toBe(sneaky);
    expect(normalisePath(sneaky, { existing: true })).toBe(sneaky);
    expect(() => normalisePath(sneaky)).toThrow(/invisible/);
    expect(() => normalisePath(sneaky)).toThrow(/invisible/);
    expect(normalisePath('//notes/./plan.md')).toBe('/notes/plan.md');
    expect(normalisePath('//notes/./plan.md')).toBe('/notes/plan.md');
    expect(normalisePath('//notes/./plan.md', { existing: true })).toBe('/notes/plan.md');
  });

  it('a refused path is refused every time', () => {
    expect(() => normalisePath('/a/../b')).toThrow(FsError);
    expect(() => normalisePath('/a/../b')).toThrow(FsError);
  });

  it('stays bounded: many distinct paths still normalise', () => {
    for (let i = 0; i < 2_000; i++) expect(normalisePath(`/d/${i}//f.md`)).toBe(`/d/${i}/f.md`);
  });
});

describe('resolveAgentPath', () => {
  it('roots a relative path at / and keeps what was given', () => {
    expect(resolveAgentPath('notes/todo.md')).toEqual({
      path: '/notes/todo.md',
      relative: 'notes/todo.md',
    });
    expect(resolveAgentPath('./a//b.md')).toEqual({ path: '/a/b.md', relative: './a//b.md' });
    expect(resolveAgentPath('/notes/todo.md')).toEqual({ path: '/notes/todo.md' });
  });

  it('refuses what normalisePath refuses, naming the path as given', () => {
    expect(() => resolveAgentPath('../etc/passwd')).toThrow(
      "Invalid path '../etc/passwd': '..' segments are not allowed.",
    );
    expect(() => resolveAgentPath('a/../../b')).toThrow(/'\.\.' segments/);
    expect(() => resolveAgentPath('~/x')).toThrow(/'~'/);
    expect(() => resolveAgentPath('')).toThrow(/empty/);
    expect(() => resolveAgentPath(7)).toThrow(/expected a string/);
  });
});
