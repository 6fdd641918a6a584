import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../agent/types';
import { CompositeFs } from '../composite';
import { InMemoryFileStore } from '../memory-store';
import {
  EMPTY_CONTENT_WARNING,
  FS_TOOL_NAMES,
  TRUNCATION_GUIDANCE,
  createFsTools,
  formatContentWithLineNumbers,
  isFsToolName,
  writesToPath,
} from './index';
import { MAX_FILE_BYTES, type FileRecord, type FileStore, type WriteOptions } from '../types';

let fs: CompositeFs;
let workspace: InMemoryFileStore;
let user: InMemoryFileStore;
const tools = createFsTools();

function call(
  name: string,
  args: unknown,
  signal = new AbortController().signal,
): Promise<ToolResult> {
  const tool = tools.find((t) => t.schema.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.run(args, { fs, signal, toolCallId: 'call_1' });
}

async function ok(name: string, args: unknown): Promise<string> {
  const result = await call(name, args);
  expect(result.isError, result.content).toBeFalsy();
  return result.content;
}

async function err(name: string, args: unknown): Promise<string> {
  const result = await call(name, args);
  expect(result.isError, result.content).toBe(true);
  expect(result.content).toMatch(/^Error: /);
  return result.content;
}

beforeEach(() => {
  workspace = new InMemoryFileStore();
  user = new InMemoryFileStore();
  fs = new CompositeFs({ default: workspace, routes: { '/memories/': user } });
});

describe('tool set', () => {
  it('has the six Deep Agents tools with their argument names', () => {
    expect(tools.map((t) => t.schema.name)).toEqual([...FS_TOOL_NAMES]);
    const props = Object.fromEntries(
      tools.map((t) => [t.schema.name, Object.keys(t.schema.parameters.properties)]),
    );
    expect(props).toEqual({
      ls: ['path'],
      read_file: ['file_path', 'offset', 'limit'],
      write_file: ['file_path', 'content'],
      edit_file: ['file_path', 'old_string', 'new_string', 'replace_all'],
      glob: ['pattern', 'path'],
      grep: ['pattern', 'path', 'glob', 'output_mode'],
    });
    for (const tool of tools) {
      expect(tool.schema.description.length).toBeGreaterThan(40);
      for (const required of tool.schema.parameters.required ?? []) {
        expect(tool.schema.parameters.properties).toHaveProperty(required);
      }
    }
    expect(isFsToolName('grep')).toBe(true);
    expect(isFsToolName('execute')).toBe(false);
  });
});

describe('ls', () => {
  it('lists files and immediate subdirectories, with routes shown as directories', async () => {
    await fs.write('/notes.md', 'n');
    await fs.write('/docs/a.md', 'a');
    await fs.write('/docs/deep/b.md', 'b');
    expect(await ok('ls', { path: '/' })).toBe("['/docs/', '/memories/', '/notes.md']");
    expect(await ok('ls', { path: '/docs' })).toBe("['/docs/a.md', '/docs/deep/']");
    expect(await ok('ls', { path: '/docs/' })).toBe("['/docs/a.md', '/docs/deep/']");
  });

  it('lists a routed store with the prefix added back', async () => {
    await fs.write('/memories/AGENTS.md', 'm');
    expect(await ok('ls', { path: '/memories' })).toBe("['/memories/AGENTS.md']");
  });

  it('says when there is nothing', async () => {
    expect(await ok('ls', { path: '/empty' })).toBe('No files found');
    expect(await ok('ls', { path: '/memories/' })).toBe('No files found');
  });

  it('defaults to the root when path is missing or null', async () => {
    expect(await ok('ls', {})).toBe("['/memories/']");
    expect(await ok('ls', { path: null })).toBe("['/memories/']");
  });

  it('quotes names like Python repr', async () => {
    await fs.write("/it's.md", 'x');
    expect(await ok('ls', { path: '/' })).toBe("[\"/it's.md\", '/memories/']");
  });

  it('rejects path tricks', async () => {
    expect(await err('ls', { path: '../' })).toBe(
      "Error: Invalid path '../': '..' segments are not allowed.",
    );
    expect(await err('ls', { path: '/a/../..' })).toMatch(/'\.\.' segments/);
    expect(await err('ls', { path: '~' })).toMatch(/'~'/);
    expect(await err('ls', { path: '\\windows' })).toMatch(/backslash/);
    expect(await err('ls', { path: 5 })).toMatch(/invalid arguments for ls: path/);
  });
});

describe('read_file', () => {
  it('returns cat -n formatted lines', async () => {
    await fs.write('/a.md', 'first\nsecond\n');
    expect(await ok('read_file', { file_path: '/a.md' })).toBe('     1\tfirst\n     2\tsecond');
  });

  it('pages with offset and limit and says how many lines remain', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `line ${i + 1}`);
    await fs.write('/long.txt', lines.join('\n'));
    const first = await ok('read_file', { file_path: '/long.txt' });
    expect(first.split('\n')[0]).toBe('     1\tline 1');
    expect(first).toContain('   100\tline 100');
    expect(first).not.toContain('line 101');
    expect(first).toMatch(
      /\n\n\[Showing lines 1-100 of 250\. 150 more lines not shown: call read_file with offset=100 to continue\.\]$/,
    );
    const page = await ok('read_file', { file_path: '/long.txt', offset: 240, limit: 20 });
    expect(page.split('\n')[0]).toBe('   241\tline 241');
    expect(page).toContain('   250\tline 250');
    expect(page).not.toContain('Showing lines');
    const one = await ok('read_file', { file_path: '/long.txt', offset: 248, limit: 1 });
    expect(one).toBe(
      '   249\tline 249\n\n[Showing lines 249-249 of 250. 1 more line not shown: call read_file with offset=249 to continue.]',
    );
  });

  it('accepts numeric strings and nulls for offset and limit', async () => {
    await fs.write('/a.md', 'a\nb\nc');
    expect(await ok('read_file', { file_path: '/a.md', offset: '1', limit: '1' })).toMatch(
      /^ {5}2\tb/,
    );
    expect(await ok('read_file', { file_path: '/a.md', offset: null, limit: null })).toBe(
      '     1\ta\n     2\tb\n     3\tc',
    );
  });

  it('errors when the offset is past the end', async () => {
    await fs.write('/a.md', 'a\nb\nc');
    expect(await err('read_file', { file_path: '/a.md', offset: 3 })).toBe(
      'Error: Line offset 3 exceeds file length (3 lines)',
    );
  });

  it('gives the empty-file system reminder (not an error)', async () => {
    await fs.write('/empty.md', '');
    await fs.write('/blank.md', '  \n\n');
    expect(await ok('read_file', { file_path: '/empty.md' })).toBe(EMPTY_CONTENT_WARNING);
    expect(await ok('read_file', { file_path: '/blank.md' })).toBe(
      'System reminder: File exists but has empty contents',
    );
  });

  it('errors for a missing file', async () => {
    expect(await err('read_file', { file_path: '/nope.md' })).toBe(
      "Error: File '/nope.md' not found",
    );
  });

  it('splits lines longer than 5,000 characters into continuation rows', async () => {
    await fs.write('/wide.txt', `short\n${'x'.repeat(12000)}\nend`);
    const rows = (await ok('read_file', { file_path: '/wide.txt' })).split('\n');
    expect(rows.map((r) => r.split('\t')[0])).toEqual([
      '     1',
      '     2',
      '   2.1',
      '   2.2',
      '     3',
    ]);
    expect(rows[2]?.split('\t')[1]).toHaveLength(5000);
    expect(rows[3]?.split('\t')[1]).toHaveLength(2000);
  });

  it('handles CRLF line ends', async () => {
    await fs.write('/crlf.txt', 'a\r\nb\r\n');
    expect(await ok('read_file', { file_path: '/crlf.txt' })).toBe('     1\ta\n     2\tb');
  });

  it('caps very large output', async () => {
    await fs.write('/huge.txt', Array.from({ length: 100 }, () => 'y'.repeat(4000)).join('\n'));
    const text = await ok('read_file', { file_path: '/huge.txt' });
    expect(text.length).toBeLessThanOrEqual(80000);
    expect(text).toMatch(/Output was truncated due to size limits/);
  });

  it('reads routed files', async () => {
    await fs.write('/memories/AGENTS.md', 'remember this');
    expect(await ok('read_file', { file_path: '/memories/AGENTS.md' })).toBe(
      '     1\tremember this',
    );
  });

  it('rejects malformed arguments and path tricks', async () => {
    expect(await err('read_file', {})).toBe(
      'Error: invalid arguments for read_file: file_path: this argument is required.',
    );
    expect(await err('read_file', { file_path: '/a.md', offset: -1 })).toMatch(/offset: Too small/);
    expect(await err('read_file', { file_path: '/a.md', limit: 0 })).toMatch(/limit: Too small/);
    expect(await err('read_file', { file_path: '/a.md', limit: 1.5 })).toMatch(/limit/);
    expect(await err('read_file', { file_path: '../../etc/passwd' })).toMatch(/'\.\.' segments/);
    expect(await err('read_file', { file_path: '/memories/../../etc/passwd' })).toMatch(
      /'\.\.' segments/,
    );
    expect(await err('read_file', { file_path: '~/.ssh/id_rsa' })).toMatch(/'~' is not allowed/);
    expect(await err('read_file', { file_path: 'C:\\Windows\\win.ini' })).toMatch(/backslashes/);
    expect(await err('read_file', { file_path: '/a\u0000.md' })).toMatch(/NUL/);
    expect(await err('read_file', { file_path: '/' })).toMatch(/root directory/);
    expect(await err('read_file', { file_path: '' })).toMatch(/empty/);
    expect(await err('read_file', 'not json')).toMatch(/not valid JSON/);
    expect(await err('read_file', [1, 2])).toMatch(/must be a JSON object/);
  });

  it('accepts raw JSON text arguments', async () => {
    await fs.write('/a.md', 'x');
    expect(await ok('read_file', '{"file_path": "/a.md"}')).toBe('     1\tx');
  });
});

describe('write_file', () => {
  it('creates a new file', async () => {
    expect(await ok('write_file', { file_path: '/notes/new.md', content: 'hello' })).toBe(
      'Updated file /notes/new.md',
    );
    expect(await fs.read('/notes/new.md')).toMatchObject({ content: 'hello', version: 1 });
  });

  it('normalises the path it reports', async () => {
    expect(await ok('write_file', { file_path: '//memories//a.md/', content: '' })).toBe(
      'Updated file /memories/a.md',
    );
    expect(await user.read('/a.md')).toBeDefined();
  });

  it('refuses to overwrite an existing file', async () => {
    await fs.write('/a.md', 'original');
    expect(await err('write_file', { file_path: '/a.md', content: 'new' })).toBe(
      'Error: Cannot write to /a.md because it already exists. Read and then make an edit, or write to a new path.',
    );
    expect((await fs.read('/a.md'))?.content).toBe('original');
  });

  it('reports a conflict when another tab creates the file between the check and the write', async () => {
    const racing = racingStore(workspace, async () => {
      await workspace.write('/race.md', 'from the other tab');
    });
    fs = new CompositeFs({ default: racing });
    expect(await err('write_file', { file_path: '/race.md', content: 'mine' })).toMatch(
      /^Error: Conflict on '\/race\.md': .*another tab/,
    );
    expect((await workspace.read('/race.md'))?.content).toBe('from the other tab');
  });

  it('reports a too-large file', async () => {
    const content = 'a'.repeat(MAX_FILE_BYTES + 1);
    expect(await err('write_file', { file_path: '/big.txt', content })).toMatch(
      /over the 10 MB limit/,
    );
  });

  it('rejects malformed arguments and path tricks', async () => {
    expect(await err('write_file', { file_path: '/a.md' })).toMatch(
      /content: this argument is required/,
    );
    expect(await err('write_file', { file_path: '/a.md', content: 42 })).toMatch(
      /content: Invalid input/,
    );
    expect(await err('write_file', { file_path: '../escape.md', content: 'x' })).toMatch(
      /'\.\.' segments/,
    );
    expect(await err('write_file', { file_path: '/a/../../escape.md', content: 'x' })).toMatch(
      /'\.\.'/,
    );
    expect(await err('write_file', { file_path: '~/x.md', content: 'x' })).toMatch(/'~'/);
    expect(await err('write_file', { file_path: '/a\\..\\b.md', content: 'x' })).toMatch(
      /backslashes/,
    );
    expect(await err('write_file', { file_path: `/${'a'.repeat(2000)}`, content: 'x' })).toMatch(
      /limit is 1024/,
    );
    expect(await err('write_file', { file_path: '/memories', content: 'x' })).toMatch(/directory/);
    expect(await fs.list()).toEqual([]);
  });
});

describe('edit_file', () => {
  beforeEach(async () => {
    await fs.write('/memories/AGENTS.md', '# Memory\n- likes tea\n- likes tea\n- lives in Paris\n');
  });

  it('replaces a unique string', async () => {
    expect(
      await ok('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'Paris',
        new_string: 'Lyon',
      }),
    ).toBe("Successfully replaced 1 instance(s) of the string in '/memories/AGENTS.md'");
    expect(await fs.read('/memories/AGENTS.md')).toMatchObject({ version: 2 });
    expect((await fs.read('/memories/AGENTS.md'))?.content).toContain('lives in Lyon');
  });

  it('errors on a non-unique string without replace_all', async () => {
    expect(
      await err('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'likes tea',
        new_string: 'likes coffee',
      }),
    ).toBe(
      "Error: String 'likes tea' appears 2 times in file. Use replace_all=True to replace all instances, " +
        'or provide a more specific string with surrounding context.',
    );
    expect((await fs.read('/memories/AGENTS.md'))?.version).toBe(1);
  });

  it('replaces every occurrence with replace_all', async () => {
    expect(
      await ok('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'likes tea',
        new_string: 'likes coffee',
        replace_all: true,
      }),
    ).toBe("Successfully replaced 2 instance(s) of the string in '/memories/AGENTS.md'");
    expect((await fs.read('/memories/AGENTS.md'))?.content).not.toContain('tea');
  });

  it('accepts replace_all as a string', async () => {
    await ok('edit_file', {
      file_path: '/memories/AGENTS.md',
      old_string: 'tea',
      new_string: 'milk',
      replace_all: 'true',
    });
  });

  it('errors when the string is not found', async () => {
    expect(
      await err('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'Berlin',
        new_string: 'x',
      }),
    ).toBe("Error: String not found in file: 'Berlin'");
  });

  it('errors when the file is missing', async () => {
    expect(
      await err('edit_file', { file_path: '/nope.md', old_string: 'a', new_string: 'b' }),
    ).toBe("Error: File '/nope.md' not found");
  });

  it('treats strings literally (no regex, no $ patterns)', async () => {
    await fs.write('/code.ts', 'const price = a.b(c);');
    await ok('edit_file', {
      file_path: '/code.ts',
      old_string: 'a.b(c)',
      new_string: "$& $1 $$ $'",
    });
    expect((await fs.read('/code.ts'))?.content).toBe("const price = $& $1 $$ $';");
  });

  it('refuses identical strings and an empty old_string on a non-empty file', async () => {
    expect(
      await err('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'tea',
        new_string: 'tea',
      }),
    ).toMatch(/identical/);
    expect(
      await err('edit_file', { file_path: '/memories/AGENTS.md', old_string: '', new_string: 'x' }),
    ).toMatch(/old_string is empty/);
  });

  it('fills an empty file with an empty old_string', async () => {
    await fs.write('/empty.md', '');
    await ok('edit_file', { file_path: '/empty.md', old_string: '', new_string: 'now filled' });
    expect((await fs.read('/empty.md'))?.content).toBe('now filled');
  });

  it('reports a conflict instead of overwriting a change made elsewhere', async () => {
    await fs.write('/race.md', 'v1 text');
    const racing = racingStore(workspace, async () => {
      await workspace.write('/race.md', 'v2 text from another tab');
    });
    fs = new CompositeFs({ default: racing });
    const message = await err('edit_file', {
      file_path: '/race.md',
      old_string: 'v1',
      new_string: 'mine',
    });
    expect(message).toMatch(/Conflict on '\/race\.md'/);
    expect(message).toMatch(/now at version 2, but this change expected version 1/);
    expect((await workspace.read('/race.md'))?.content).toBe('v2 text from another tab');
  });

  it('rejects malformed arguments and path tricks', async () => {
    expect(await err('edit_file', { file_path: '/memories/AGENTS.md', old_string: 'x' })).toMatch(
      /new_string: this argument is required/,
    );
    expect(
      await err('edit_file', {
        file_path: '/memories/AGENTS.md',
        old_string: 'x',
        new_string: 'y',
        replace_all: 'yes',
      }),
    ).toMatch(/replace_all/);
    expect(
      await err('edit_file', {
        file_path: '/memories/../AGENTS.md',
        old_string: 'a',
        new_string: 'b',
      }),
    ).toMatch(/'\.\.'/);
    expect(
      await err('edit_file', { file_path: '~/AGENTS.md', old_string: 'a', new_string: 'b' }),
    ).toMatch(/'~'/);
    expect(
      await err('edit_file', {
        file_path: '\\memories\\AGENTS.md',
        old_string: 'a',
        new_string: 'b',
      }),
    ).toMatch(/backslashes/);
  });
});

describe('glob', () => {
  beforeEach(async () => {
    await fs.write('/README.md', 'r');
    await fs.write('/docs/guide.md', 'g');
    await fs.write('/docs/deep/notes.txt', 'n');
    await fs.write('/.deepagents/AGENTS.md', 'p');
    await fs.write('/memories/AGENTS.md', 'm');
  });

  it('matches ** across directories and routes, sorted by path, not walking into dot-names', async () => {
    expect(await ok('glob', { pattern: '**/*.md' })).toBe(
      "['/README.md', '/docs/guide.md', '/memories/AGENTS.md']",
    );
    expect(await ok('glob', { pattern: '.deepagents/**' })).toBe("['/.deepagents/AGENTS.md']");
  });

  // Deep Agents (Python) since #4978: a pattern without '/' matches file names at any depth.
  it('matches a bare pattern against file names at any depth under the search path', async () => {
    expect(await ok('glob', { pattern: '*.md' })).toBe(
      "['/.deepagents/AGENTS.md', '/README.md', '/docs/guide.md', '/memories/AGENTS.md']",
    );
    expect(await ok('glob', { pattern: '*.md', path: '/docs' })).toBe("['/docs/guide.md']");
    expect(await ok('glob', { pattern: '*.txt', path: '/docs' })).toBe("['/docs/deep/notes.txt']");
    expect(await ok('glob', { pattern: 'AGENTS.md', path: '/memories' })).toBe(
      "['/memories/AGENTS.md']",
    );
    expect(await ok('glob', { pattern: '?????.md' })).toBe("['/docs/guide.md']");
  });

  it('does not let * match a leading dot unless the pattern writes it', async () => {
    await fs.write('/.env', 'SECRET=1');
    expect(await ok('glob', { pattern: '*', path: '/' })).not.toContain("'/.env'");
    expect(await ok('glob', { pattern: '.*' })).toBe("['/.env']");
  });

  it('anchors a pattern with a leading slash to the search path', async () => {
    expect(await ok('glob', { pattern: '/*.md' })).toBe("['/README.md']");
    expect(await ok('glob', { pattern: '/docs/**/*.txt' })).toBe("['/docs/deep/notes.txt']");
    expect(await ok('glob', { pattern: '/memories/**' })).toBe("['/memories/AGENTS.md']");
  });

  it('does not return a file for a pattern that asks for what is below it', async () => {
    expect(await ok('glob', { pattern: 'README.md/**' })).toBe('No files found');
  });

  it('supports braces, ? and classes', async () => {
    expect(await ok('glob', { pattern: '**/*.{txt,nope}' })).toBe("['/docs/deep/notes.txt']");
    expect(await ok('glob', { pattern: 'docs/guid?.[a-m]d' })).toBe("['/docs/guide.md']");
  });

  it('can target a single file', async () => {
    expect(await ok('glob', { pattern: '*.md', path: '/README.md' })).toBe("['/README.md']");
  });

  it('says when nothing matches', async () => {
    expect(await ok('glob', { pattern: '**/*.py' })).toBe('No files found');
    expect(await ok('glob', { pattern: '*', path: '/nowhere' })).toBe('No files found');
  });

  it('rejects bad arguments', async () => {
    expect(await err('glob', {})).toMatch(/pattern: this argument is required/);
    expect(await err('glob', { pattern: '' })).toMatch(/pattern: the pattern is empty/);
    expect(await err('glob', { pattern: '*', path: '../' })).toMatch(/'\.\.' segments/);
    expect(await err('glob', { pattern: '*', path: '/~' })).toMatch(/'~'/);
    expect(await err('glob', { pattern: '{a,b}'.repeat(12) })).toMatch(
      /more than 256 alternatives/,
    );
  });
});

describe('grep', () => {
  beforeEach(async () => {
    await fs.write('/a.md', 'alpha\nTODO: one\nbeta TODO');
    await fs.write('/src/code.ts', 'call(x) [0] | y\nTODO: two');
    await fs.write('/src/other.txt', 'nothing here');
    await fs.write('/memories/AGENTS.md', '- user TODO list');
  });

  it('lists matching files by default, across routes, sorted', async () => {
    expect(await ok('grep', { pattern: 'TODO' })).toBe('/a.md\n/memories/AGENTS.md\n/src/code.ts');
  });

  it('shows matching lines with line numbers in content mode', async () => {
    expect(await ok('grep', { pattern: 'TODO', output_mode: 'content' })).toBe(
      '/a.md:\n  2: TODO: one\n  3: beta TODO\n/memories/AGENTS.md:\n  1: - user TODO list\n/src/code.ts:\n  2: TODO: two',
    );
  });

  it('counts matching lines per file in count mode', async () => {
    expect(await ok('grep', { pattern: 'TODO', output_mode: 'count' })).toBe(
      '/a.md: 2\n/memories/AGENTS.md: 1\n/src/code.ts: 1',
    );
  });

  it('matches literally, not as a regex', async () => {
    expect(await ok('grep', { pattern: 'call(x) [0] |' })).toBe('/src/code.ts');
    expect(await ok('grep', { pattern: '.*' })).toBe('No matches found');
  });

  it('filters by path (directory, route or file) and by file-name glob', async () => {
    expect(await ok('grep', { pattern: 'TODO', path: '/src' })).toBe('/src/code.ts');
    expect(await ok('grep', { pattern: 'TODO', path: '/memories/' })).toBe('/memories/AGENTS.md');
    expect(await ok('grep', { pattern: 'TODO', path: '/a.md', output_mode: 'count' })).toBe(
      '/a.md: 2',
    );
    expect(await ok('grep', { pattern: 'TODO', glob: '*.md' })).toBe('/a.md\n/memories/AGENTS.md');
    expect(await ok('grep', { pattern: 'TODO', glob: '*.{ts,txt}' })).toBe('/src/code.ts');
    // A glob with '/' matches the path relative to the search path, as the glob tool reads it.
    expect(await ok('grep', { pattern: 'TODO', glob: 'src/*' })).toBe('/src/code.ts');
    expect(await ok('grep', { pattern: 'TODO', glob: '/*.md' })).toBe('/a.md');
    expect(await ok('grep', { pattern: 'TODO', path: '/src', glob: 'code.*' })).toBe(
      '/src/code.ts',
    );
    expect(await ok('grep', { pattern: 'TODO', glob: null })).toBe(
      '/a.md\n/memories/AGENTS.md\n/src/code.ts',
    );
  });

  it('says when nothing matches', async () => {
    expect(await ok('grep', { pattern: 'zebra' })).toBe('No matches found');
    expect(await ok('grep', { pattern: 'TODO', path: '/nowhere' })).toBe('No matches found');
  });

  it('truncates huge output', async () => {
    await fs.write(
      '/many.txt',
      Array.from({ length: 5000 }, (_, i) => `needle ${i} ${'z'.repeat(40)}`).join('\n'),
    );
    const text = await ok('grep', { pattern: 'needle', path: '/many.txt', output_mode: 'content' });
    expect(text.endsWith(`\n${TRUNCATION_GUIDANCE}`)).toBe(true);
  });

  it('rejects bad arguments and path tricks', async () => {
    expect(await err('grep', {})).toMatch(/pattern: this argument is required/);
    expect(await err('grep', { pattern: '' })).toMatch(/the pattern is empty/);
    expect(await err('grep', { pattern: 'x', output_mode: 'lines' })).toMatch(
      /output_mode: Invalid option/,
    );
    expect(await err('grep', { pattern: 'x', path: '../..' })).toMatch(/'\.\.' segments/);
    expect(await err('grep', { pattern: 'x', path: '/src/../..' })).toMatch(/'\.\.'/);
    expect(await err('grep', { pattern: 'x', path: '~' })).toMatch(/'~'/);
    expect(await err('grep', { pattern: 'x', path: '\\src' })).toMatch(/backslashes/);
  });
});

// Deep Agents (JS: filterFilesByPath / validatePath; Python: validate_path("foo/bar") == "/foo/bar")
// reads a path without a leading '/' as rooted at '/'. The result says where it was read from.
describe('relative paths', () => {
  const note = (given: string, resolved: string) =>
    `Note: ${given} has no leading /, so it was read from / as ${resolved}.`;

  it('reads, writes and edits a relative path at /, and says so', async () => {
    expect(await ok('write_file', { file_path: 'notes/todo.md', content: 'buy milk' })).toBe(
      `${note('notes/todo.md', '/notes/todo.md')}\nUpdated file /notes/todo.md`,
    );
    expect((await fs.read('/notes/todo.md'))?.content).toBe('buy milk');
    expect(await ok('read_file', { file_path: 'notes/todo.md' })).toBe(
      `${note('notes/todo.md', '/notes/todo.md')}\n     1\tbuy milk`,
    );
    expect(
      await ok('edit_file', {
        file_path: './notes/todo.md',
        old_string: 'milk',
        new_string: 'bread',
      }),
    ).toBe(
      `${note('./notes/todo.md', '/notes/todo.md')}\nSuccessfully replaced 1 instance(s) of the string in '/notes/todo.md'`,
    );
    expect((await fs.read('/notes/todo.md'))?.content).toBe('buy bread');
  });

  it('lists and searches from a relative directory', async () => {
    await fs.write('/notes/todo.md', 'TODO: tea');
    expect(await ok('ls', { path: 'notes' })).toBe(
      `${note('notes', '/notes')}\n['/notes/todo.md']`,
    );
    expect(await ok('glob', { pattern: '*.md', path: 'notes/' })).toBe(
      `${note('notes/', '/notes')}\n['/notes/todo.md']`,
    );
    expect(await ok('grep', { pattern: 'TODO', path: 'notes' })).toBe(
      `${note('notes', '/notes')}\n/notes/todo.md`,
    );
  });

  it('says where a relative path was read from when the file is not there', async () => {
    expect(await err('read_file', { file_path: 'missing.md' })).toBe(
      `Error: File '/missing.md' not found\n${note('missing.md', '/missing.md')}`,
    );
  });

  it('still refuses a way out of the root, and a file path that names the root', async () => {
    expect(await err('read_file', { file_path: 'notes/../../x.md' })).toBe(
      "Error: Invalid path 'notes/../../x.md': '..' segments are not allowed.",
    );
    expect(await err('write_file', { file_path: './', content: 'x' })).toMatch(/root directory/);
    expect(await ok('ls', { path: '/' })).not.toContain('Note:');
  });

  it('attributes a relative write to the file it lands in', () => {
    expect(writesToPath('write_file', { file_path: 'notes/a.md', content: '' })).toBe(
      '/notes/a.md',
    );
    expect(writesToPath('edit_file', '{"file_path": "../a.md"}')).toBeUndefined();
  });
});

describe('robustness', () => {
  it('returns an error result when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await call('ls', { path: '/' }, controller.signal);
    expect(result).toEqual({ content: 'Error: ls was cancelled before it ran.', isError: true });
  });

  it('turns unexpected store failures into error results', async () => {
    const broken: FileStore = {
      read: () => Promise.reject(new Error('disk on fire')),
      write: () => Promise.reject(new Error('disk on fire')),
      delete: () => Promise.reject(new Error('disk on fire')),
      list: () => Promise.reject(new Error('disk on fire')),
      history: () => Promise.reject(new Error('disk on fire')),
    };
    fs = new CompositeFs({ default: broken });
    for (const [name, args] of [
      ['ls', { path: '/' }],
      ['read_file', { file_path: '/a' }],
      ['write_file', { file_path: '/a', content: '' }],
      ['edit_file', { file_path: '/a', old_string: 'a', new_string: 'b' }],
      ['glob', { pattern: '*' }],
      ['grep', { pattern: 'x' }],
    ] as const) {
      expect(await call(name, args)).toEqual({ content: 'Error: disk on fire', isError: true });
    }
  });
});

describe('writesToPath', () => {
  it('names the file a write_file or edit_file call targets', () => {
    expect(writesToPath('write_file', { file_path: '/memories//AGENTS.md', content: '' })).toBe(
      '/memories/AGENTS.md',
    );
    expect(
      writesToPath('edit_file', '{"file_path":"/AGENTS.md","old_string":"a","new_string":"b"}'),
    ).toBe('/AGENTS.md');
  });

  it('is undefined for other tools and unusable arguments', () => {
    expect(writesToPath('read_file', { file_path: '/a.md' })).toBeUndefined();
    expect(writesToPath('write_file', { file_path: '../a.md' })).toBeUndefined();
    expect(writesToPath('write_file', '{oops')).toBeUndefined();
    expect(writesToPath('edit_file', null)).toBeUndefined();
    expect(writesToPath('edit_file', {})).toBeUndefined();
  });
});

describe('formatContentWithLineNumbers', () => {
  it('right-aligns numbers in six columns', () => {
    expect(formatContentWithLineNumbers(['a', 'b'], 99999)).toBe(' 99999\ta\n100000\tb');
  });
});

/** A store that lets "another tab" write right after this tab reads (between check and write). */
function racingStore(inner: FileStore, otherTab: () => Promise<void>): FileStore {
  let raced = false;
  return {
    read: async (path: string): Promise<FileRecord | undefined> => {
      const record = await inner.read(path);
      if (!raced) {
        raced = true;
        await otherTab();
      }
      return record;
    },
    write: (path: string, content: string, options?: WriteOptions) =>
      inner.write(path, content, options),
    delete: (path: string, options?: WriteOptions) => inner.delete(path, options),
    list: () => inner.list(),
    history: (path: string) => inner.history(path),
  };
}
