// The plain-language report of a tool result that no action of the turn took back (a thread
// continued from another provider, or a turn the summary cut), and the readers of ls / glob output.

import type { ModelMessage, ToolMessage } from '../../../agent/types';
import { USER_MEMORY_PATH } from '../agents-md';
import {
  codeBlock,
  findCall,
  firstLines,
  nonEmptyLines,
  parseArgs,
  plural,
  stringArg,
  withTag,
} from '../text';

// --- After a tool result ----------------------------------------------------------------------------

export function afterToolResult(
  messages: readonly ModelMessage[],
  result: ToolMessage,
  tag = true,
): string {
  const text = toolReport(messages, result);
  return tag ? withTag(text) : text;
}

function toolReport(messages: readonly ModelMessage[], result: ToolMessage): string {
  const call = findCall(messages, result.toolCallId);
  const name = call?.name ?? result.toolName;
  const args = parseArgs(call?.arguments);
  const path = stringArg(args, 'file_path') ?? stringArg(args, 'path');
  const failed = result.isError === true || /^error\b/i.test(result.content.trim());

  if (failed) {
    const quote = firstLines(result.content, 3, 400);
    if ((name === 'edit_file' || name === 'write_file') && path === USER_MEMORY_PATH) {
      return String(
        `The edit failed, so nothing was saved to ${USER_MEMORY_PATH}. The ${name} tool said:\n\n> ${quote.replace(/\n/g, '\n> ')}`,
      );
    }
    return String(`The ${name} call failed. The tool said:\n\n> ${quote.replace(/\n/g, '\n> ')}`);
  }

  switch (name) {
    case 'edit_file':
    case 'write_file': {
      const added = addedText(name, args)?.replace(/^[-*]\s+/, '');
      if (path === USER_MEMORY_PATH) {
        return String(`I saved that to ${USER_MEMORY_PATH}: “${added ?? 'see the diff'}”`);
      }
      return String(
        `Done: ${name} on ${path ?? 'the file'}. ${firstLines(result.content, 1, 200)}`,
      );
    }
    case 'read_file': {
      const lines = nonEmptyLines(result.content);
      const shown = lines.slice(0, 5);
      return String(
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
      if (entries.length === 0) return String(`No files ${what}.`);
      const shown = entries.slice(0, 10).map((entry) => `- \`${entry.trim()}\``);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      return String(
        `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} ${what}:\n\n${shown.join('\n')}${more}`,
      );
    }
    case 'grep': {
      const pattern = stringArg(args, 'pattern') ?? '';
      const matches = noResult(result.content) ? [] : nonEmptyLines(result.content);
      if (matches.length === 0) return String(`No matches for “${pattern}”.`);
      const shown = matches.slice(0, 5);
      return String(
        `${matches.length} line${plural(matches.length)} matched “${pattern}”. The first ${shown.length}:\n\n${codeBlock(shown.join('\n'))}`,
      );
    }
    default:
      return String(
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
