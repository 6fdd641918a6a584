// Issue 18, finding 5: `/memories/AGENTS\u200B.md` and a right-to-left-override name both showed
// as "AGENTS.md" in the Files panel, beside the real one. Written as the attacks.
import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../tests/fixtures/agent';
import { createFsTools } from './tools';
import { findLookAlike, findUntrustedCharacter, nameSkeleton } from './names';
import { normalisePath } from './paths';
import { CompositeFs } from './composite';
import { InMemoryFileStore } from './memory-store';
import { FsError } from './types';

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return (error as FsError).message;
  }
  throw new Error('expected a refusal');
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return (error as FsError).message;
  }
  throw new Error('expected a refusal');
}

describe('invisible and format characters in paths', () => {
  it.each([
    ['/memories/AGENTS\u200B.md', 'U+200B ZERO WIDTH SPACE'],
    ['/memories/\u202Edm.STNEGA', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['/memories/AGENTS.md\u202C', 'U+202C POP DIRECTIONAL FORMATTING'],
    ['/\uFEFFnotes.md', 'U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)'],
    ['/a\u200Eb.md', 'U+200E LEFT-TO-RIGHT MARK'],
    ['/a\u2066b\u2069.md', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
    ['/AGENTS\u00AD.md', 'U+00AD SOFT HYPHEN'],
    ['/AG\u200DENTS.md', 'U+200D ZERO WIDTH JOINER'],
    ['/x\u{E0041}.md', 'U+E0041 (a TAG character)'],
    ['/x\u0085.md', 'U+0085 (a control character)'],
    ['/x\u2028y.md', 'U+2028 LINE SEPARATOR'],
    ['/\u3164.md', 'U+3164 HANGUL FILLER'],
    ['/x\uD800.md', 'U+D800 (a lone surrogate)'],
    ['/x\uDC00.md', 'U+DC00 (a lone surrogate)'],
    ['/x\uFFFF.md', 'U+FFFF (a noncharacter)'],
  ])('refuses %j, naming %s', (path, named) => {
    const message = refusal(() => normalisePath(path));
    expect(message).toContain(`it contains ${named}`);
    // The message itself shows the character escaped: an override cannot turn it around.
    expect(findUntrustedCharacter(message)).toBeUndefined();
  });

  it.each([
    '/notes/todo.md',
    '/a b/ünïcode 文件.md',
    '/café.md',
    '/Привет мир.md',
    '/❤️ ideas.md', // U+FE0F is a variation selector, not a format character
    '/👩‍💻 work.md', // a zero-width joiner inside an emoji sequence
    '/می‌خواهم.md', // Persian: the non-joiner between letters is part of the spelling
    '/क्‍ष.md', // Devanagari: a joiner after a virama
    '/日本語/ノート.md',
  ])('keeps the legitimate name %j', (path) => {
    expect(normalisePath(path)).toBe(path);
  });

  it('refuses them through every tool', async () => {
    const fs = await memoryFs({ '/memories/AGENTS.md': '# real' });
    const tools = Object.fromEntries(createFsTools().map((t) => [t.schema.name, t]));
    const context = { fs, signal: new AbortController().signal, toolCallId: 'c1' };
    for (const file_path of ['/memories/AGENTS\u200B.md', '/memories/\u202Edm.STNEGA']) {
      const written = await tools.write_file!.run({ file_path, content: 'evil' }, context);
      expect(written.isError).toBe(true);
      expect(written.content).toMatch(/U\+(200B ZERO WIDTH SPACE|202E RIGHT-TO-LEFT OVERRIDE)/);
      const edited = await tools.edit_file!.run(
        { file_path, old_string: 'a', new_string: 'b' },
        context,
      );
      expect(edited.isError).toBe(true);
    }
    expect((await fs.list()).map((f) => f.path)).toEqual(['/memories/AGENTS.md']);
  });
});

describe('names that look like a sibling', () => {
  it('skeletons: compatibility forms, ignorables and Latin twins fold; case and scripts do not', () => {
    expect(nameSkeleton('ＡＧＥＮＴＳ.md')).toBe('AGENTS.md');
    expect(nameSkeleton('АGЕNТS.md')).toBe('AGENTS.md'); // Cyrillic А, Е, Т
    expect(nameSkeleton('cafe\u0301.md')).toBe(nameSkeleton('caf\u00E9.md'));
    expect(nameSkeleton('my\u00A0notes.md')).toBe('my notes.md');
    expect(nameSkeleton('agents.md')).not.toBe(nameSkeleton('AGENTS.md'));
    expect(nameSkeleton('Привет.md')).not.toBe(nameSkeleton('Hello.md'));
    expect(findLookAlike('/notes/АGENTS.md', ['/notes/AGENTS.md', '/x'])).toBe('/notes/AGENTS.md');
    expect(findLookAlike('/nоtes/x.md', ['/notes/todo.md'])).toBe('/notes'); // Cyrillic о
    expect(findLookAlike('/other/AGENTS.md', ['/notes/АGENTS.md'])).toBeUndefined();
  });

  it('refuses a new file that would look like an existing one, in any store', async () => {
    const fs = await memoryFs({
      '/memories/AGENTS.md': '# real',
      '/notes/café.md': 'NFC',
      '/notes/todo.md': '- one',
    });
    const cases: [string, string][] = [
      ['/memories/\u0410GENTS.md', '/memories/AGENTS.md'], // Cyrillic А
      ['/memories/ＡＧＥＮＴＳ.md', '/memories/AGENTS.md'], // full-width
      ['/notes/cafe\u0301.md', '/notes/café.md'], // decomposed é
      ['/nоtes/new.md', '/notes'], // a directory on the way, Cyrillic о
      ['/mеmories/AGENTS.md', '/memories'], // the route directory, Cyrillic е
    ];
    for (const [path, twin] of cases) {
      const message = await refusalOf(fs.write(path, 'evil'));
      expect(message).toContain('would look the same as the existing');
      expect(message).toContain(`'${twin}'`);
    }
    expect(await refusalOf(fs.write('/memories/\u0410GENTS.md', 'evil'))).toContain(
      '(U+0410 where the other has U+0041)',
    );
    // Different case, a different script, or rewriting the same file: fine.
    await fs.write('/memories/agents.md', 'lower case is visibly different');
    await fs.write('/notes/Привет.md', 'Cyrillic name without a Latin twin');
    await fs.write('/memories/AGENTS.md', '# real, edited');
    expect((await fs.list()).map((f) => f.path)).toEqual([
      '/memories/AGENTS.md',
      '/memories/agents.md',
      '/notes/café.md',
      '/notes/todo.md',
      '/notes/Привет.md',
    ]);
  });
});

describe('a file stored with such a name before the rule', () => {
  it('can still be opened and removed, but not written', async () => {
    const legacy = new InMemoryFileStore();
    await legacy.write('/AGENTS\u200B.md', 'old');
    const fs = new CompositeFs({
      default: new InMemoryFileStore(),
      routes: { '/memories/': legacy },
    });
    expect((await fs.read('/memories/AGENTS\u200B.md'))?.content).toBe('old');
    expect(await fs.history('/memories/AGENTS\u200B.md')).toHaveLength(1);
    expect(await refusalOf(fs.write('/memories/AGENTS\u200B.md', 'new'))).toContain(
      'U+200B ZERO WIDTH SPACE',
    );
    await fs.delete('/memories/AGENTS\u200B.md');
    expect(await fs.list()).toEqual([]);
  });
});
