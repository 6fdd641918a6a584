// ---- quotes ---------------------------------------------------------------------------------

import { isCommon } from './names';
import { normalizePath } from './paths';
import { execAll, push } from './text';
import { isToolWord } from './tool-words';
import { P, type Candidate } from './types';

// [opening mark, pattern, style]; a pattern runs only when its opening mark is in the text.
const QUOTE_RES: [string, RegExp, string][] = [
  ['"', /"([^"\\\n]*(?:\\.[^"\\\n]*)*)"/g, 'double'],
  ['“', /“([^”\n]*)”/g, 'curly'],
  ['‘', /‘((?:[^’\n]|’(?=\p{L}))*)’(?!\p{L})/gu, 'curly'],
  ['「', /「([^」\n]*)」/g, 'cjk'],
  ['『', /『([^』\n]*)』/g, 'cjk'],
  ['《', /《([^》\n]*)》/g, 'cjk'],
  ['«', /«([^»\n]*)»/g, 'cjk'],
  ['`', /`(?<!``)([^`\n]+)`(?!`)/g, 'code'],
  ["'", /'(?<![\p{L}\p{N}]')([^'\n]*)'(?![\p{L}\p{N}])/gu, 'single'],
];
const MAX_QUOTE_CHARS = 200;

/** A quote's content compared: folded, lowercased, spaces collapsed, curly apostrophes straight. */
export function normalizeQuote(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'`]+|["'`.,;:!?。，！？]+$/g, '');
}

/** A quoted string's escapes undone ("a\\"b" -> a"b), as JSON and most languages write them. */
const unescape = (s: string): string =>
  s.includes('\\')
    ? s.replace(/\\(["'\\/nrt])/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '' : c,
      )
    : s;

const QUOTED_ROOT_PATH = /^\/[A-Za-z0-9_.@~+-]+\/?$/;

// A shell command after a "$ " prompt at a line's start ("$ npm run test -- --run").
const COMMAND_RE = /(?:^|\n)[ \t]*\$[ \t]+([^\n]+)/g;

/** Shell commands after a prompt, as quotes (subtype command; the span is the command alone). */
export function scanCommands(t: string, out: Candidate[]): void {
  if (!t.includes('$')) return;
  for (const m of execAll(COMMAND_RE, t)) {
    const command = m[1]!.trimEnd();
    if (command.length > MAX_QUOTE_CHARS || !/[A-Za-z]/.test(command)) continue;
    const start = m.index + m[0].length - m[1]!.length;
    push(out, start, start + command.length, 'quote', 'command', normalizeQuote(command), P.quote);
  }
}

export function scanQuotes(t: string, out: Candidate[]): void {
  for (const [open, re, style] of QUOTE_RES) {
    if (!t.includes(open)) continue;
    for (const m of execAll(re, t)) {
      const content =
        style === 'double' || style === 'single' ? unescape(m[1] ?? '') : (m[1] ?? '');
      const trimmed = content.trim();
      if (!trimmed || content.length > MAX_QUOTE_CHARS) continue;
      if (style !== 'cjk' && trimmed.length < 3) continue; // "a", "ok"
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const end = m.index + m[0].length;
      // A JSON or dict key ("path": …) is structure, not something a person said.
      if ((style === 'double' || style === 'single') && /^[ \t]*:/.test(t.slice(end, end + 4)))
        continue;
      // Quotes must hug their content ("a " b " c" pairs the wrong marks).
      if (style !== 'cjk' && trimmed !== content) continue;
      const oneWord = !/\s/.test(trimmed);
      // A quoted absolute path is a path even with one segment ({"path": "/memories"}).
      if (QUOTED_ROOT_PATH.test(content) && m[0].length === content.length + 2)
        push(out, m.index + 1, end - 1, 'path', 'posix', normalizePath(content), P.path);
      if (oneWord && isToolWord(trimmed.replace(/\(\)$/, ''))) continue;
      if (style === 'code' && oneWord) {
        // One code token in backticks is an identifier, whatever it looks like.
        push(
          out,
          m.index,
          end,
          'identifier',
          'code',
          trimmed.replace(/\(\)$/, '').toLowerCase(),
          P.quote,
        );
        continue;
      }
      // One short or common word in quotes ("a", "ok", "the") is not a specific.
      if (
        oneWord &&
        style !== 'cjk' &&
        (trimmed.length < 3 || isCommon(trimmed) || /^\d+$/.test(trimmed))
      )
        continue;
      push(out, m.index, end, 'quote', 'quote', normalizeQuote(trimmed), P.quote);
    }
  }
}
