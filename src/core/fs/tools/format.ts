// What the file tools print, as Deep Agents prints it: the output bounds, numbered lines, Python's
// repr of a path list, grep's three output modes, and the truncation notes.

import { compareStrings } from '../memory-store';

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
export const READ_FILE_TRUNCATION_MSG =
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

export function truncateText(text: string): string {
  return text.length > TOOL_RESULT_CHAR_LIMIT
    ? `${text.slice(0, TOOL_RESULT_CHAR_LIMIT)}\n${TRUNCATION_GUIDANCE}`
    : text;
}

/** ls and glob results: "No files found", or Python's str() of the (possibly truncated) path list. */
export function formatFilePaths(paths: string[]): string {
  if (paths.length === 0) return 'No files found';
  return `[${truncateList(paths).map(pyRepr).join(', ')}]`;
}

export type OutputMode = 'files_with_matches' | 'content' | 'count';
export interface GrepMatch {
  path: string;
  line: number;
  text: string;
}

export function formatGrepMatches(matches: GrepMatch[], mode: OutputMode): string {
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
