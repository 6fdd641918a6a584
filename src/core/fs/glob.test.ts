import { describe, expect, it } from 'vitest';
import { compileSearchGlob, expandBraces, globToRegExp, matchGlob } from './glob';

describe('matchGlob', () => {
  it.each([
    ['*.md', 'a.md', true],
    ['*.md', 'dir/a.md', false],
    ['*.md', '.hidden.md', false],
    ['.*.md', '.hidden.md', true],
    ['\\.*.md', '.hidden.md', true],
    ['?hidden.md', '.hidden.md', false],
    ['[.]hidden.md', '.hidden.md', false],
    ['**/*.yml', '.github/workflows/ci.yml', false],
    ['.github/**/*.yml', '.github/workflows/ci.yml', true],
    ['a.py/**', 'a.py', false],
    ['a/**', 'a/.env', false],
    ['**/*.md', 'a.md', true],
    ['**/*.md', 'x/y/z/a.md', true],
    ['**/*.md', 'x/y/a.txt', false],
    ['/subdir/**/*.md', '/subdir/a.md', true],
    ['/subdir/**/*.md', '/subdir/x/y/a.md', true],
    ['/subdir/**/*.md', '/other/a.md', false],
    ['memories/**', 'memories/AGENTS.md', true],
    ['memories/**', 'memories/a/b/c', true],
    ['memories/**', 'memoriesX/a', false],
    ['memories/**', 'memories', false],
    ['**', 'anything/at/all', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**/b', 'a/xb', false],
    ['?.md', 'a.md', true],
    ['?.md', 'ab.md', false],
    ['a?b', 'a/b', false],
    ['*.{md,txt}', 'a.txt', true],
    ['*.{md,txt}', 'a.json', false],
    ['{src,docs}/**/*.{ts,md}', 'docs/x/readme.md', true],
    ['{a,b{c,d}}', 'bd', true],
    ['{a}', '{a}', true],
    ['file[0-9].txt', 'file7.txt', true],
    ['file[0-9].txt', 'filex.txt', false],
    ['file[!0-9].txt', 'filex.txt', true],
    ['file[^0-9].txt', 'file1.txt', false],
    ['[]x]', ']', true],
    ['a[/]b', 'a/b', false],
    ['[abc', '[abc', true],
    ['\\*.md', '*.md', true],
    ['\\*.md', 'a.md', false],
    ['a.b', 'axb', false],
    ['(x)+|y$', '(x)+|y$', true],
    ['notes-*', 'notes-2024', true],
    ['\\d', 'd', true],
  ])('%j against %j is %s', (pattern, path, expected) => {
    expect(matchGlob(pattern, path)).toBe(expected);
  });

  it('compiles to an anchored RegExp', () => {
    const re = globToRegExp('*.md');
    expect(re.test('x.md')).toBe(true);
    expect(re.test('x.mdx')).toBe(false);
  });

  it('expands braces and caps runaway patterns', () => {
    expect(expandBraces('a{b,c}d{e,f}').sort()).toEqual(['abde', 'abdf', 'acde', 'acdf']);
    expect(expandBraces('x{,y}')).toEqual(['x', 'xy']);
    expect(() => expandBraces('{a,b}'.repeat(12))).toThrow(/more than/);
  });

  it('does not backtrack catastrophically', () => {
    const start = Date.now();
    expect(matchGlob('**/**/**/**/**/**/x', `${'a/'.repeat(30)}y`)).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });
});

// Deep Agents (Python) tests/unit_tests/backends/test_glob_semantics.py: the same tree and the same
// (pattern, path) -> files table, checked here on our matcher with the glob tool's relative paths.
describe('compileSearchGlob, as Deep Agents (Python) globs', () => {
  const tree = [
    '/a.py',
    '/sub/b.py',
    '/sub/nested/c.py',
    '/readme.md',
    '/.hidden.py',
    '/.hidden/x.py',
    '/.github/workflows/ci.yml',
  ];
  const search = (pattern: string, base: string) => {
    const matches = compileSearchGlob(pattern);
    const prefix = base === '/' ? '/' : `${base}/`;
    return tree.filter((p) => p.startsWith(prefix) && matches(p.slice(prefix.length))).sort();
  };
  const barePy = ['/.hidden/x.py', '/a.py', '/sub/b.py', '/sub/nested/c.py'];
  const walkedPy = ['/a.py', '/sub/b.py', '/sub/nested/c.py'];
  it.each([
    ['*.py', '/', barePy],
    ['**/*.py', '/', walkedPy],
    ['*.md', '/', ['/readme.md']],
    ['sub/*.py', '/', ['/sub/b.py']],
    ['sub/**/*.py', '/', ['/sub/b.py', '/sub/nested/c.py']],
    ['/*.py', '/', ['/a.py']],
    ['a.py/**', '/', []],
    ['*.py', '/sub', ['/sub/b.py', '/sub/nested/c.py']],
    ['*.yml', '/', ['/.github/workflows/ci.yml']],
    ['**/*.yml', '/', []],
    ['.github/**/*.yml', '/', ['/.github/workflows/ci.yml']],
    ['.hidden.py', '/', ['/.hidden.py']],
    ['.*.py', '/', ['/.hidden.py']],
    [
      '*',
      '/',
      [
        '/.github/workflows/ci.yml',
        '/.hidden/x.py',
        '/a.py',
        '/readme.md',
        '/sub/b.py',
        '/sub/nested/c.py',
      ],
    ],
    ['*.{py,md}', '/', [...barePy, '/readme.md'].sort()],
    ['?.py', '/', barePy],
    ['[ab].py', '/', ['/a.py', '/sub/b.py']],
    ['[!a].py', '/', ['/.hidden/x.py', '/sub/b.py', '/sub/nested/c.py']],
    ['[^a].py', '/', ['/.hidden/x.py', '/sub/b.py', '/sub/nested/c.py']],
    ['sub/', '/', []],
  ])('%j under %j finds %j', (pattern, base, expected) => {
    expect(search(pattern, base)).toEqual(expected);
  });
});
