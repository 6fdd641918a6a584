// The six filesystem tools with Deep Agents (Python) argument names, semantics and result texts,
// since models are tuned to them. Errors come back as tool results ("Error: ..."), never thrown.
import { z } from 'zod';
import type { Tool, ToolContext } from '../agent/tool';
import type { ToolResult, ToolSchema } from '../agent/types';
import { compileSearchGlob } from './glob';
import { compareStrings } from './memory-store';
import { basename, dirPrefix, dirname, isUnder, normaliseFilePath, normalisePath } from './paths';
import { addNote, relativePathNote, resolveToolPath } from './tool-paths';
import { FsError, type VirtualFs } from './types';
import { errorText } from '../text/errors';

export const FS_TOOL_NAMES = [
  'ls',
  'read_file',
  'write_file',
  'edit_file',
  'glob',
  'grep',
] as const;
export type FsToolName = (typeof FS_TOOL_NAMES)[number];

export const DEFAULT_READ_OFFSET = 0;
export const DEFAULT_READ_LIMIT = 100;
/** Longer lines are split into continuation rows ("5.1", "5.2"). */
export const MAX_LINE_LENGTH = 5000;
export const LINE_NUMBER_WIDTH = 6;
export const EMPTY_CONTENT_WARNING = 'System reminder: File exists but has empty contents';
/** Deep Agents caps tool output at 20,000 tokens, estimated as 4 characters each. */
export const TOOL_RESULT_CHAR_LIMIT = 20000 * 4;
export const TRUNCATION_GUIDANCE =
  '... [results truncated, try being more specific with your parameters]';
const READ_FILE_TRUNCATION_MSG =
  '\n\n[Output was truncated due to size limits. The file content is very large or has very long lines. ' +
  'Read a smaller range with offset and limit, or use grep to find the part you need.]';

// ---- formatting (ports of deepagents/backends/utils.py) ----

/** cat -n style: the number right-aligned in 6 columns, a tab, the line; long lines are chunked. */
export function formatContentWithLineNumbers(lines: string[], startLine = 1): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    const lineNumber = i + startLine;
    if (line.length <= MAX_LINE_LENGTH) {
      out.push(`${String(lineNumber).padStart(LINE_NUMBER_WIDTH)}\t${line}`);
      return;
    }
    const chunks = Math.ceil(line.length / MAX_LINE_LENGTH);
    for (let c = 0; c < chunks; c++) {
      const marker = c === 0 ? String(lineNumber) : `${lineNumber}.${c}`;
      out.push(
        `${marker.padStart(LINE_NUMBER_WIDTH)}\t${line.slice(c * MAX_LINE_LENGTH, (c + 1) * MAX_LINE_LENGTH)}`,
      );
    }
  });
  return out.join('\n');
}

/** Python's str.splitlines() for the usual line ends: no empty last line after a final newline. */
export function splitLines(content: string): string[] {
  const lines = content.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python's repr() of a str, so listings read exactly as Deep Agents prints them (str(list)). */
function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return quote + out + quote;
}

function truncateList(items: string[]): string[] {
  const total = items.reduce((sum, item) => sum + item.length, 0);
  if (total <= TOOL_RESULT_CHAR_LIMIT) return items;
  return [
    ...items.slice(0, Math.floor((items.length * TOOL_RESULT_CHAR_LIMIT) / total)),
    TRUNCATION_GUIDANCE,
  ];
}

function truncateText(text: string): string {
  return text.length > TOOL_RESULT_CHAR_LIMIT
    ? `${text.slice(0, TOOL_RESULT_CHAR_LIMIT)}\n${TRUNCATION_GUIDANCE}`
    : text;
}

/** ls and glob results: "No files found", or Python's str() of the (possibly truncated) path list. */
function formatFilePaths(paths: string[]): string {
  if (paths.length === 0) return 'No files found';
  return `[${truncateList(paths).map(pyRepr).join(', ')}]`;
}

type OutputMode = 'files_with_matches' | 'content' | 'count';
interface GrepMatch {
  path: string;
  line: number;
  text: string;
}

function formatGrepMatches(matches: GrepMatch[], mode: OutputMode): string {
  if (matches.length === 0) return 'No matches found';
  const byFile = new Map<string, GrepMatch[]>();
  for (const match of matches) byFile.set(match.path, [...(byFile.get(match.path) ?? []), match]);
  const files = [...byFile.keys()].sort(compareStrings);
  if (mode === 'files_with_matches') return files.join('\n');
  if (mode === 'count')
    return files.map((file) => `${file}: ${byFile.get(file)?.length ?? 0}`).join('\n');
  const lines: string[] = [];
  for (const file of files) {
    lines.push(`${file}:`);
    for (const match of byFile.get(file) ?? []) lines.push(`  ${match.line}: ${match.text}`);
  }
  return lines.join('\n');
}

// ---- argument parsing ----

/** Models sometimes send null for "not given" and numbers or booleans as strings; accept those. */
function nullToUndefined(value: unknown): unknown {
  return value === null ? undefined : value;
}
function intArg(min: number, fallback: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : nullToUndefined(v)),
    z.number().int().min(min).default(fallback),
  );
}
const boolArg = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : nullToUndefined(v)),
  z.boolean().default(false),
);
const optionalPath = z.preprocess(nullToUndefined, z.string().default('/'));

const argSchemas = {
  ls: z.object({ path: optionalPath }),
  read_file: z.object({
    file_path: z.string(),
    offset: intArg(0, DEFAULT_READ_OFFSET),
    limit: intArg(1, DEFAULT_READ_LIMIT),
  }),
  write_file: z.object({ file_path: z.string(), content: z.string() }),
  edit_file: z.object({
    file_path: z.string(),
    old_string: z.string(),
    new_string: z.string(),
    replace_all: boolArg,
  }),
  glob: z.object({ pattern: z.string().min(1, 'the pattern is empty'), path: optionalPath }),
  grep: z.object({
    pattern: z.string().min(1, 'the pattern is empty'),
    path: optionalPath,
    glob: z.preprocess(nullToUndefined, z.string().optional()),
    output_mode: z.preprocess(
      nullToUndefined,
      z.enum(['files_with_matches', 'content', 'count']).default('files_with_matches'),
    ),
  }),
} satisfies Record<FsToolName, z.ZodType>;

type Args<N extends FsToolName> = z.output<(typeof argSchemas)[N]>;

class ToolInputError extends Error {}

function parseArgs<N extends FsToolName>(name: N, raw: unknown): Args<N> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw new ToolInputError(`the arguments for ${name} are not valid JSON.`);
    }
  }
  if (value === undefined || value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolInputError(`the arguments for ${name} must be a JSON object.`);
  }
  const result = argSchemas[name].safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
      const missing =
        issue.code === 'invalid_type' &&
        (value as Record<string, unknown>)[String(issue.path[0])] === undefined;
      return `${where}: ${missing ? 'this argument is required' : issue.message}`;
    });
    throw new ToolInputError(`invalid arguments for ${name}: ${problems.join('; ')}.`);
  }
  return result.data as Args<N>;
}

// ---- the tools ----

const ok = (content: string): ToolResult => ({ content });
const fail = (message: string): ToolResult => ({ content: `Error: ${message}`, isError: true });

/** Optional capability of CompositeFs, duck-typed so wrappers of a VirtualFs keep it. */
function routePrefixesOf(fs: VirtualFs): string[] {
  const candidate = fs as VirtualFs & { routePrefixes?: () => string[] };
  return typeof candidate.routePrefixes === 'function' ? candidate.routePrefixes() : [];
}

async function ls(args: Args<'ls'>, { fs }: ToolContext): Promise<ToolResult> {
  const dir = normalisePath(args.path);
  const prefix = dirPrefix(dir);
  const entries = new Set<string>();
  for (const info of await fs.listUnder(dir)) {
    const rest = info.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    entries.add(slash < 0 ? info.path : `${prefix}${rest.slice(0, slash)}/`);
  }
  // Like CompositeBackend, a storage route shows up as a directory even while it is empty.
  for (const route of routePrefixesOf(fs)) {
    const routeDir = route.replace(/\/+$/, '');
    if (isUnder(routeDir, dir) && dirname(routeDir) === dir) entries.add(`${routeDir}/`);
  }
  return ok(formatFilePaths([...entries].sort(compareStrings)));
}

async function readFile(args: Args<'read_file'>, { fs }: ToolContext): Promise<ToolResult> {
  const path = normaliseFilePath(args.file_path);
  const record = await fs.read(path);
  if (!record) return fail(`File '${path}' not found`);
  if (record.content.trim() === '') return ok(EMPTY_CONTENT_WARNING);
  const lines = splitLines(record.content);
  const { offset, limit } = args;
  if (offset >= lines.length)
    return fail(`Line offset ${offset} exceeds file length (${lines.length} lines)`);
  const end = Math.min(offset + limit, lines.length);
  let text = formatContentWithLineNumbers(lines.slice(offset, end), offset + 1);
  if (text.length >= TOOL_RESULT_CHAR_LIMIT) {
    text =
      text.slice(0, TOOL_RESULT_CHAR_LIMIT - READ_FILE_TRUNCATION_MSG.length) +
      READ_FILE_TRUNCATION_MSG;
  }
  if (end < lines.length) {
    const remaining = lines.length - end;
    text +=
      `\n\n[Showing lines ${offset + 1}-${end} of ${lines.length}. ${remaining} more ` +
      `line${remaining === 1 ? '' : 's'} not shown: call read_file with offset=${end} to continue.]`;
  }
  return ok(text);
}

async function writeFile(args: Args<'write_file'>, { fs }: ToolContext): Promise<ToolResult> {
  const path = normaliseFilePath(args.file_path);
  if (await fs.read(path)) {
    return fail(
      `Cannot write to ${path} because it already exists. Read and then make an edit, or write to a new path.`,
    );
  }
  // expectedVersion null: if another tab creates the file meanwhile, this fails instead of overwriting.
  await fs.write(path, args.content, { expectedVersion: null });
  return ok(`Updated file ${path}`);
}

async function editFile(args: Args<'edit_file'>, { fs }: ToolContext): Promise<ToolResult> {
  const path = normaliseFilePath(args.file_path);
  const { old_string: oldString, new_string: newString, replace_all: replaceAll } = args;
  const record = await fs.read(path);
  if (!record) return fail(`File '${path}' not found`);
  if (oldString === newString)
    return fail('old_string and new_string are identical; there is nothing to change.');
  let occurrences: number;
  let content: string;
  if (oldString === '') {
    // Only meaningful to fill an empty file (write_file refuses existing files).
    if (record.content !== '') {
      return fail(
        'old_string is empty. Give the exact text to replace (an empty old_string only fills an empty file).',
      );
    }
    occurrences = 1;
    content = newString;
  } else {
    const parts = record.content.split(oldString);
    occurrences = parts.length - 1;
    if (occurrences === 0) return fail(`String not found in file: '${oldString}'`);
    if (occurrences > 1 && !replaceAll) {
      return fail(
        `String '${oldString}' appears ${occurrences} times in file. Use replace_all=True to replace all ` +
          'instances, or provide a more specific string with surrounding context.',
      );
    }
    content = parts.join(newString); // literal: no "$&" patterns as String.replace would apply
  }
  // The version read above: a change made elsewhere since then is reported as a conflict.
  await fs.write(path, content, { expectedVersion: record.version });
  return ok(`Successfully replaced ${occurrences} instance(s) of the string in '${path}'`);
}

/** Files a search covers: everything under `path`, or the file itself when `path` names one. */
async function searchTargets(
  fs: VirtualFs,
  path: string,
): Promise<{ base: string; paths: string[]; exact: boolean }> {
  const base = normalisePath(path);
  const under = await fs.listUnder(base);
  if (under.length > 0 || base === '/')
    return { base, paths: under.map((info) => info.path), exact: false };
  const file = await fs.read(base);
  return { base, paths: file ? [file.path] : [], exact: true };
}

/** A file's path relative to the search path, as the glob tool and grep's filter match it. */
function relativeTo(path: string, base: string, exact: boolean): string {
  return exact ? basename(path) : path.slice(dirPrefix(base).length);
}

async function glob(args: Args<'glob'>, { fs }: ToolContext): Promise<ToolResult> {
  const matches = compileSearchGlob(args.pattern);
  const { base, paths, exact } = await searchTargets(fs, args.path);
  const found = paths.filter((p) => matches(relativeTo(p, base, exact)));
  return ok(formatFilePaths(found.sort(compareStrings)));
}

async function grep(args: Args<'grep'>, { fs }: ToolContext): Promise<ToolResult> {
  const filter =
    args.glob !== undefined && args.glob !== '' ? compileSearchGlob(args.glob) : undefined;
  const { base, paths, exact } = await searchTargets(fs, args.path);
  const selected = filter ? paths.filter((p) => filter(relativeTo(p, base, exact))) : paths;
  const records = await Promise.all(selected.map((p) => fs.read(p)));
  const matches: GrepMatch[] = [];
  for (const record of records) {
    if (!record) continue; // deleted since it was listed
    record.content.split('\n').forEach((text, i) => {
      if (text.includes(args.pattern)) matches.push({ path: record.path, line: i + 1, text });
    });
  }
  return ok(truncateText(formatGrepMatches(matches, args.output_mode)));
}

// ---- schemas shown to the model (descriptions in our own words) ----

const descriptions: Record<FsToolName, string> = {
  ls: `Lists the files and directories directly inside a directory. Directories end with a slash.

Use it to explore the filesystem and find the right file before you read or edit one. The path must be absolute (start with /).`,
  read_file: `Reads a text file and returns its lines numbered like cat -n (numbering starts at 1).

Usage:
- file_path must be absolute (start with /). Reading a file that does not exist just returns an error.
- By default up to 100 lines are returned from the start of the file. Page through longer files with offset (0-based line to start from) and limit (number of lines), e.g. offset=100, limit=100 for the next page. The result says when lines remain.
- Lines longer than 5,000 characters are split into continuation rows numbered 12.1, 12.2, ...; limit counts source lines only.
- A file that exists but is empty returns a system reminder instead of content.
- Read a file before you edit it. Several files that may all be useful can be read in one turn.`,
  write_file: `Creates a new file with the given content.

Usage:
- file_path must be absolute (start with /).
- It fails if the file already exists: to change an existing file, read it and use edit_file.
- Prefer editing existing files over creating new ones.`,
  edit_file: `Replaces exact text in an existing file.

Usage:
- Read the file first. Copy old_string exactly as it appears in the file, with the same indentation, and without the line-number prefix that read_file shows.
- old_string must occur exactly once, unless replace_all is true, which replaces every occurrence. If it occurs more than once, include more surrounding text to make it unique.
- new_string must differ from old_string.
- If the file was changed elsewhere at the same moment (for example in another tab), nothing is changed and a conflict error is returned: read the file again and retry.`,
  glob: `Finds files whose path matches a glob pattern and returns their absolute paths.

Syntax: * (any characters within one path segment), ** (any number of directories), ? (one character), {a,b} (either alternative), [abc] (one of the characters). A pattern without / matches file names at any depth under path (default /); one with / matches paths relative to path, and a leading / keeps it at the top of path. Names starting with a dot match only if the pattern writes the dot.

Examples:
- *.md: every Markdown file
- /*.md: Markdown files directly in path
- memories/**: everything under /memories`,
  grep: `Searches file contents for a literal text and returns the matching files, lines or counts.

The pattern is plain text, not a regular expression: characters such as ( ) [ ] | . * are matched as written.

Usage:
- path: the directory (or a single file) to search; default / (everything).
- glob: optional filter on file names, e.g. *.md or *.{md,txt}.
- output_mode: files_with_matches (default: the paths of matching files), content (matching lines with their line numbers, grouped by file), or count (number of matching lines per file).

Examples: grep(pattern="TODO"); grep(pattern="prefers", glob="*.md", output_mode="content")`,
};

const pathProperty = (what: string) => ({
  type: 'string',
  description: `${what} Must be absolute (start with /).`,
});

const parameters: Record<FsToolName, ToolSchema['parameters']> = {
  ls: {
    type: 'object',
    properties: {
      path: { ...pathProperty('Directory to list, e.g. / or /memories.'), default: '/' },
    },
    required: ['path'],
  },
  read_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('File to read.'),
      offset: {
        type: 'integer',
        minimum: 0,
        default: DEFAULT_READ_OFFSET,
        description: 'Line to start reading from (0-based).',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        default: DEFAULT_READ_LIMIT,
        description: 'Maximum number of lines to read.',
      },
    },
    required: ['file_path'],
  },
  write_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('Where to create the file.'),
      content: { type: 'string', description: 'The text to write.' },
    },
    required: ['file_path', 'content'],
  },
  edit_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('File to edit.'),
      old_string: {
        type: 'string',
        description:
          'Exact text to replace; must be unique in the file unless replace_all is true.',
      },
      new_string: {
        type: 'string',
        description: 'Text to put in its place; must differ from old_string.',
      },
      replace_all: {
        type: 'boolean',
        default: false,
        description: 'Replace every occurrence instead of exactly one.',
      },
    },
    required: ['file_path', 'old_string', 'new_string'],
  },
  glob: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        description: "Glob pattern, e.g. '*.md', '/*.txt', 'memories/**'.",
      },
      path: { ...pathProperty('Directory to search from.'), default: '/' },
    },
    required: ['pattern'],
  },
  grep: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        description: 'Text to search for (literal, not a regular expression).',
      },
      path: { ...pathProperty('Directory or file to search.'), default: '/' },
      glob: {
        type: 'string',
        description: "Only search files whose name matches this glob, e.g. '*.md'.",
      },
      output_mode: {
        type: 'string',
        enum: ['files_with_matches', 'content', 'count'],
        default: 'files_with_matches',
        description:
          "'files_with_matches' (paths only), 'content' (matching lines), or 'count' (matches per file).",
      },
    },
    required: ['pattern'],
  },
};

const implementations: {
  [N in FsToolName]: (args: Args<N>, context: ToolContext) => Promise<ToolResult>;
} = {
  ls,
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  glob,
  grep,
};

/** The argument of each tool that names a path, and whether it must name a file. */
const PATH_ARGUMENTS: { [N in FsToolName]: { key: keyof Args<N> & string; file: boolean } } = {
  ls: { key: 'path', file: false },
  read_file: { key: 'file_path', file: true },
  write_file: { key: 'file_path', file: true },
  edit_file: { key: 'file_path', file: true },
  glob: { key: 'path', file: false },
  grep: { key: 'path', file: false },
};

/** Resolves the tool's path argument; `note` is set when the model gave a relative one. */
function withResolvedPath<N extends FsToolName>(
  name: N,
  args: Args<N>,
): { args: Args<N>; note?: string } {
  const { key, file } = PATH_ARGUMENTS[name];
  const { path, relative } = resolveToolPath(args[key], file);
  const resolved = { ...args, [key]: path } as Args<N>;
  return relative === undefined
    ? { args: resolved }
    : { args: resolved, note: relativePathNote(relative, path) };
}

function createTool<N extends FsToolName>(name: N): Tool {
  return {
    schema: { name, description: descriptions[name], parameters: parameters[name] },
    async run(rawArgs: unknown, context: ToolContext): Promise<ToolResult> {
      if (context.signal.aborted) return fail(`${name} was cancelled before it ran.`);
      let note: string | undefined;
      try {
        const resolved = withResolvedPath(name, parseArgs(name, rawArgs));
        note = resolved.note;
        return addNote(await implementations[name](resolved.args, context), note);
      } catch (error) {
        const message =
          error instanceof ToolInputError || error instanceof FsError
            ? error.message
            : errorText(error);
        return addNote(fail(message), note);
      }
    },
  };
}

/** ls, read_file, write_file, edit_file, glob and grep, for the agent loop. */
export function createFsTools(): Tool[] {
  return FS_TOOL_NAMES.map((name) => createTool(name));
}

export function isFsToolName(name: string): name is FsToolName {
  return (FS_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * The normalised path a write_file or edit_file call targets (arguments as an object or as raw JSON
 * text; a relative path rooted at "/", as the tools read it), or undefined for other tools and for
 * unusable arguments.
 */
export function writesToPath(toolName: string, args: unknown): string | undefined {
  if (toolName !== 'write_file' && toolName !== 'edit_file') return undefined;
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const filePath = (value as Record<string, unknown>).file_path;
  try {
    return resolveToolPath(filePath, true).path;
  } catch {
    return undefined;
  }
}
