// File commands ("read PATH", "list files", "search TEXT", "find *.md") as file-tool calls, and the
// plain-language report of what a tool returned.

import type { ModelMessage, ToolMessage } from '../../agent/types';
import { USER_MEMORY_PATH } from './agents-md';
import {
  POLITE,
  codeBlock,
  findCall,
  firstLines,
  nonEmptyLines,
  parseArgs,
  plural,
  stringArg,
  withTag,
} from './text';

export interface FileCommand {
  intro: string;
  name: 'read_file' | 'ls' | 'grep' | 'glob';
  args: Record<string, string>;
}

const PATH = String.raw`[\`"']?([^\s\`"']+)[\`"']?`;
const ABSOLUTE_PATH = String.raw`[\`"']?(\/[^\s\`"']*)[\`"']?`;
const TAIL = String.raw`(?:[\s,]+please)?\s*[.!]*\s*$`;
const READ = new RegExp(
  String.raw`^${POLITE}(?:read|open|cat|show\s+me|show)\s+(?:me\s+)?(?:the\s+)?(?:file\s+)?${PATH}${TAIL}`,
  'i',
);
const LIST = new RegExp(
  String.raw`^${POLITE}(?:ls|list(?:\s+(?:all|the|my))?(?:\s+files)?|show(?:\s+me)?(?:\s+(?:all|the|my))?\s+files)(?:\s+(?:in|under|inside|of|at))?(?:\s+${ABSOLUTE_PATH})?${TAIL}`,
  'i',
);
const SEARCH = new RegExp(
  String.raw`^${POLITE}(?:search|grep)(?:\s+(?:(?:my|your|the)\s+)?(memory|memories|files|workspace))?(?:\s+for)?\s+([\s\S]+?)(?:\s+(?:in|under)\s+(\/\S*))?\s*$`,
  'i',
);
const GLOB = new RegExp(
  String.raw`^${POLITE}(glob|find)(?:\s+(?:all\s+)?files)?(?:\s+(?:matching|named|like))?\s+${PATH}(?:\s+(?:in|under)\s+(\/\S*))?${TAIL}`,
  'i',
);

export function fileCommand(text: string): FileCommand | undefined {
  const single = text.replace(/\s+/g, ' ').trim();

  const list = LIST.exec(single);
  if (list) {
    const path = toAbsolute(list[1] ?? '/');
    return { intro: `Listing ${path} with ls.`, name: 'ls', args: { path } };
  }

  const read = READ.exec(single);
  if (read?.[1] && /[/.]/.test(read[1])) {
    const path = toAbsolute(read[1]);
    return {
      intro: `Reading ${path} with read_file.`,
      name: 'read_file',
      args: { file_path: path },
    };
  }

  const glob = GLOB.exec(single);
  // "find" is common English: only a glob-looking pattern makes it a command.
  if (glob?.[2] && (glob[1]?.toLowerCase() === 'glob' || /[*?[{]/.test(glob[2]))) {
    const args: Record<string, string> = { pattern: glob[2] };
    if (glob[3]) args.path = toAbsolute(trimPunctuation(glob[3]));
    return { intro: `Looking for files matching ${glob[2]} with glob.`, name: 'glob', args };
  }

  const search = SEARCH.exec(single);
  if (search?.[2]) {
    const pattern = unquote(search[2]);
    if (pattern !== '') {
      const args: Record<string, string> = { pattern, output_mode: 'content' };
      if (search[3]) args.path = toAbsolute(trimPunctuation(search[3]));
      else if (/^memor/i.test(search[1] ?? '')) args.path = '/memories/';
      return { intro: `Searching for “${pattern}” with grep.`, name: 'grep', args };
    }
  }
  return undefined;
}

function toAbsolute(path: string): string {
  const clean = trimPunctuation(path);
  return clean.startsWith('/') ? clean : `/${clean}`;
}

function trimPunctuation(text: string): string {
  return text.replace(/[,;:!?]+$/, '').replace(/\.+$/, (dots) => (dots.length > 1 ? dots : ''));
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'“‘`])([\s\S]*)(["'”’`])$/.exec(trimmed);
  if (quoted) return (quoted[2] ?? '').trim();
  return trimmed.replace(/[.!?]+$/, '').trim();
}

// --- After a tool result ----------------------------------------------------------------------------

export function afterToolResult(messages: readonly ModelMessage[], result: ToolMessage): string {
  const call = findCall(messages, result.toolCallId);
  const name = call?.name ?? result.toolName;
  const args = parseArgs(call?.arguments);
  const path = stringArg(args, 'file_path') ?? stringArg(args, 'path');
  const failed = result.isError === true || /^error\b/i.test(result.content.trim());

  if (failed) {
    const quote = firstLines(result.content, 3, 400);
    if ((name === 'edit_file' || name === 'write_file') && path === USER_MEMORY_PATH) {
      return withTag(
        `The edit failed, so nothing was saved to ${USER_MEMORY_PATH}. The ${name} tool said:\n\n> ${quote.replace(/\n/g, '\n> ')}`,
      );
    }
    return withTag(`The ${name} call failed. The tool said:\n\n> ${quote.replace(/\n/g, '\n> ')}`);
  }

  switch (name) {
    case 'edit_file':
    case 'write_file': {
      const added = addedText(name, args)?.replace(/^[-*]\s+/, '');
      if (path === USER_MEMORY_PATH) {
        return withTag(`I saved that to ${USER_MEMORY_PATH}: “${added ?? 'see the diff'}”`);
      }
      return withTag(
        `Done: ${name} on ${path ?? 'the file'}. ${firstLines(result.content, 1, 200)}`,
      );
    }
    case 'read_file': {
      const lines = nonEmptyLines(result.content);
      const shown = lines.slice(0, 5);
      return withTag(
        `${path ?? 'The file'}: ${lines.length} line${plural(lines.length)} came back. The first ${shown.length}:\n\n${codeBlock(shown.join('\n'))}`,
      );
    }
    case 'ls':
    case 'glob': {
      const entries = noResult(result.content) ? [] : pathList(result.content);
      const what =
        name === 'ls'
          ? `under ${path ?? '/'}`
          : `matching ${stringArg(args, 'pattern') ?? 'the pattern'}`;
      if (entries.length === 0) return withTag(`No files ${what}.`);
      const shown = entries.slice(0, 10).map((entry) => `- \`${entry.trim()}\``);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      return withTag(
        `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} ${what}:\n\n${shown.join('\n')}${more}`,
      );
    }
    case 'grep': {
      const pattern = stringArg(args, 'pattern') ?? '';
      const matches = noResult(result.content) ? [] : nonEmptyLines(result.content);
      if (matches.length === 0) return withTag(`No matches for “${pattern}”.`);
      const shown = matches.slice(0, 5);
      return withTag(
        `${matches.length} line${plural(matches.length)} matched “${pattern}”. The first ${shown.length}:\n\n${codeBlock(shown.join('\n'))}`,
      );
    }
    default:
      return withTag(
        `The ${name} tool returned:\n\n${codeBlock(firstLines(result.content, 5, 600))}`,
      );
  }
}

/** The text a memory write added: what edit_file appended after old_string, or write_file's last bullet. */
export function addedText(name: string, args: Record<string, unknown>): string | undefined {
  if (name === 'edit_file') {
    const before = stringArg(args, 'old_string') ?? '';
    const after = stringArg(args, 'new_string') ?? '';
    const added = after.startsWith(before) ? after.slice(before.length).trim() : after.trim();
    return added || undefined;
  }
  const lines = nonEmptyLines(stringArg(args, 'content') ?? '');
  return (
    lines
      .filter((line) => /^\s*[-*]\s/.test(line))
      .at(-1)
      ?.trim() ?? lines.at(-1)?.trim()
  );
}

export function noResult(text: string): boolean {
  return /^\s*(?:no\s+(?:files?|matches|results|entries)\b|\(empty\)|\[\])/i.test(text);
}

/**
 * The entries of an ls / glob result. The tools answer as Deep Agents does, with a Python-style
 * list (['/a.md', "/it's.md"]); older results may be one path per line.
 */
export function pathList(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return nonEmptyLines(text);
  const entries: string[] = [];
  const item = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g;
  for (const match of trimmed.slice(1, -1).matchAll(item)) {
    const raw = match[1] ?? match[2] ?? '';
    entries.push(
      raw.replace(/\\(x[0-9a-f]{2}|.)/gi, (_, esc: string) =>
        esc.length === 3
          ? String.fromCharCode(parseInt(esc.slice(1), 16))
          : esc === 'n'
            ? '\n'
            : esc === 't'
              ? '\t'
              : esc === 'r'
                ? '\r'
                : esc,
      ),
    );
  }
  return entries;
}
