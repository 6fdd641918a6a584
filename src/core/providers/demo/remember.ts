// "remember …": the fact to save, and the edit_file / write_file call that appends it to
// /memories/AGENTS.md (or a refusal for secrets and duplicates).

import { USER_MEMORY_PATH, type MemorySource } from './agents-md';
import { POLITE, withTag } from './text';
import type { DemoReply } from './types';

const REMEMBER = new RegExp(
  String.raw`^${POLITE}(?:remember|memori[sz]e|don'?t\s+forget|do\s+not\s+forget|keep\s+in\s+mind|bear\s+in\s+mind|make\s+a\s+note(?:\s+of)?|take\s+a\s+note(?:\s+of)?|note\s+down|note|(?:save|store|add|put)\s+(?:this\s+|it\s+)?(?:to|in|into)\s+(?:your\s+)?memory)\b[\s,:;-]*(?:that\b\s*)?([\s\S]*)$`,
  'i',
);
/** Stated lasting preferences and role instructions: the memory guidelines say to keep them. */
const STATED_PREFERENCE =
  /^(?:i\s+(?:would\s+|'d\s+)?prefer\b|my\s+(?:name|role|preferred\s+\w+|favou?rite\s+\w+)\s+is\b|call\s+me\b|from\s+now\s+on\b)/i;
const SECRET =
  /\b(?:passwords?|passcodes?|passphrases?|api[\s_-]?keys?|secret\s+keys?|private\s+keys?|access\s+tokens?)\b|\bsk-[A-Za-z0-9_-]{8,}/i;

/** The fact to remember, or undefined when the text is not a remember request ('' when empty). */
export function rememberRequest(text: string): string | undefined {
  const match = REMEMBER.exec(text);
  if (match) {
    const fact = match[1] ?? '';
    // "Can you remember what my name is?" asks, it does not tell.
    if (/^(?:what|who|where|when|why|how|which|whether|if)\b/i.test(fact.trim())) return undefined;
    return normaliseFact(fact);
  }
  if (STATED_PREFERENCE.test(text) && !text.trim().endsWith('?')) return normaliseFact(text);
  return undefined;
}

/** One memory line: single-line, no quotes around it, first letter capitalised, ending with a period. */
export function normaliseFact(raw: string): string {
  let fact = raw.replace(/\s+/g, ' ').trim();
  fact = fact.replace(/^["'“‘`]+|["'”’`]+$/g, '').trim();
  fact = fact
    .replace(/[\s,]+(?:please|for me|for later|for the future|thanks|thank you)[.!?]*$/i, '')
    .trim();
  fact = fact.replace(/[\s.!?;,:]+$/, '');
  if (fact === '') return '';
  return `${fact.charAt(0).toUpperCase()}${fact.slice(1)}.`;
}

export function rememberReply(fact: string, memory: MemorySource[], callId: string): DemoReply {
  if (fact === '') {
    return {
      content: withTag(
        'What should I remember? Say for example "remember that I prefer short answers".',
      ),
    };
  }
  if (SECRET.test(fact)) {
    return {
      content: withTag(
        "That looks like a secret (a password or key). Memory files are plain text that gets sent to the model on every call, so I won't store it.",
      ),
    };
  }

  const source = memory.find((item) => item.path === USER_MEMORY_PATH);
  const content = source?.content ?? '';
  const existing = findExistingLine(content, fact);
  if (existing !== undefined) {
    return {
      content: withTag(
        `That is already in ${USER_MEMORY_PATH} (line ${existing.line}): “${existing.text}”. Nothing to change.`,
      ),
    };
  }

  if (content.trim() === '') {
    return {
      content: `Saving that to ${USER_MEMORY_PATH} (a new file) with write_file.`,
      toolCalls: [
        {
          id: callId,
          name: 'write_file',
          arguments: JSON.stringify({
            file_path: USER_MEMORY_PATH,
            content: `# Memory\n\n- ${fact}\n`,
          }),
        },
      ],
    };
  }

  const oldString = uniqueTail(content);
  // After a heading, a blank line keeps the Markdown list separate from it.
  const lastLine = oldString.split('\n').at(-1) ?? '';
  const separator = /^\s*#/.test(lastLine) ? '\n\n' : '\n';
  return {
    content: `Saving that to ${USER_MEMORY_PATH} with edit_file.`,
    toolCalls: [
      {
        id: callId,
        name: 'edit_file',
        arguments: JSON.stringify({
          file_path: USER_MEMORY_PATH,
          old_string: oldString,
          new_string: `${oldString}${separator}- ${fact}`,
        }),
      },
    ],
  };
}

/**
 * The shortest run of final lines (from the last non-empty one back) that occurs exactly once in
 * the content, so edit_file accepts it as old_string without replace_all.
 */
export function uniqueTail(content: string): string {
  const lines = content.split('\n');
  let last = lines.length - 1;
  while (last > 0 && (lines[last] ?? '').trim() === '') last--;
  for (let first = last; first >= 0; first--) {
    const candidate = lines.slice(first, last + 1).join('\n');
    if (candidate.trim() !== '' && countOccurrences(content, candidate) === 1) return candidate;
  }
  return content;
}

/** Occurrences, overlapping ones included (stricter than any non-overlapping count). */
export function countOccurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

function findExistingLine(
  content: string,
  fact: string,
): { line: number; text: string } | undefined {
  const key = comparable(fact);
  const lines = content.split('\n');
  for (const [i, line] of lines.entries()) {
    if (comparable(line) === key) return { line: i + 1, text: line.trim() };
  }
  return undefined;
}

function comparable(line: string): string {
  return line
    .trim()
    .replace(/^(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/[\s.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
