// What each tool does on the virtual filesystem (ls, read_file, write_file, edit_file, glob, grep);
// errors come back as tool results ("Error: ..."), never thrown.

import type { ToolContext } from '../../agent/tool';
import type { ToolResult } from '../../agent/types';
import { compileSearchGlob } from '../glob';
import { compareStrings } from '../memory-store';
import { basename, dirPrefix, dirname, isUnder, normaliseFilePath, normalisePath } from '../paths';
import type { VirtualFs } from '../types';
import type { Args, FsToolName } from './args';
import {
  EMPTY_CONTENT_WARNING,
  formatContentWithLineNumbers,
  formatFilePaths,
  formatGrepMatches,
  READ_FILE_TRUNCATION_MSG,
  splitLines,
  TOOL_RESULT_CHAR_LIMIT,
  truncateText,
  type GrepMatch,
} from './format';

// ---- the tools ----

const ok = (content: string): ToolResult => ({ content });
export const fail = (message: string): ToolResult => ({
  content: `Error: ${message}`,
  isError: true,
});

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

export const implementations: {
  [N in FsToolName]: (args: Args<N>, context: ToolContext) => Promise<ToolResult>;
} = {
  ls,
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  glob,
  grep,
};
