// Reading the AGENTS.md memory back out of the system prompt's <agent_memory> block.

export const USER_MEMORY_PATH = '/memories/AGENTS.md';

export interface MemorySource {
  path: string;
  content: string;
}

/**
 * The sources in the system prompt's <agent_memory> block: each is its path on one line, a blank
 * line, then its content; sources are separated by a blank line. "(No memory loaded)" gives [].
 * Content may itself contain blank lines, so a header is a line holding only an absolute path with
 * blank lines (or the block's edges) on both sides.
 */
export function parseAgentMemoryBlock(system: string): MemorySource[] {
  // The tags on lines of their own: the guidelines after the block mention "<agent_memory>" inline.
  const open = /^<agent_memory>[ \t]*\r?$/m.exec(system);
  const openAt = open ? open.index + open[0].length : indexAfter(system, '<agent_memory>');
  if (openAt < 0) return [];
  const rest = system.slice(openAt);
  const close = /^<\/agent_memory>[ \t]*\r?$/m.exec(rest);
  const closeAt = close ? close.index : rest.indexOf('</agent_memory>');
  const body = (closeAt >= 0 ? rest.slice(0, closeAt) : rest).replace(/^\r?\n/, '');
  if (body.trim() === '' || body.trim() === '(No memory loaded)') return [];

  const lines = body.split(/\r?\n/);
  const blank = (i: number) => i < 0 || i >= lines.length || (lines[i] ?? '').trim() === '';
  const headers: number[] = [];
  lines.forEach((line, i) => {
    if (/^\/\S+$/.test(line.trim()) && blank(i - 1) && blank(i + 1)) headers.push(i);
  });

  return headers.map((at, k) => {
    const end = headers[k + 1] ?? lines.length;
    const content = lines.slice(at + 2, end);
    while (content.length > 0 && (content.at(-1) ?? '').trim() === '') content.pop();
    return { path: (lines[at] ?? '').trim(), content: unescapeMemoryTags(content.join('\n')) };
  });
}

function indexAfter(text: string, needle: string): number {
  const at = text.indexOf(needle);
  return at < 0 ? -1 : at + needle.length;
}

/** The memory middleware neutralises our tag names inside content; the file has them verbatim. */
function unescapeMemoryTags(text: string): string {
  return text.replace(/&lt;(\s*\/?\s*)(agent_memory|memory_guidelines)/gi, '<$1$2');
}

/** How fact memory is named when the Demo quotes it. */
export const FACT_MEMORY_SOURCE = '/memories/memory.json (fact memory)';

/**
 * The fact-memory block the facts middleware appends to the system prompt (`<memory>` … `</memory>`),
 * as one source whose lines are its context and fact lines; [] when there is none.
 */
export function parseFactsBlock(system: string): MemorySource[] {
  const match = /^<memory>\r?\n([\s\S]*?)\r?\n<\/memory>[ \t]*$/m.exec(system);
  if (!match?.[1]?.trim()) return [];
  const lines = match[1]
    .split(/\r?\n/)
    .filter((line) => /^\s*-\s+\S/.test(line))
    .map((line) => line.replace(/^\s*-\s+(?:\[[^\]]*\]\s*)?/, '- ').replace(/&lt;/g, '<'));
  return lines.length > 0 ? [{ path: FACT_MEMORY_SOURCE, content: lines.join('\n') }] : [];
}
