// What stages the compaction mechanisms on demand: a long document for "write a long file" (a long
// write_file input, which truncation later cuts to a pointer) and the code of "run a big
// computation" (an execute call whose large output the offload middleware moves to
// /large_tool_results/).

import type { ModelMessage } from '../../agent/types';

/** Lines printed by the big computation: enough output to pass even the default 20,000-token offload limit. */
export const BIG_COMPUTATION_ROWS = 3_000;
/** Paragraphs in a long file (about 2,000 tokens). */
export const LONG_FILE_SECTIONS = 12;

export const BIG_CODE = [
  `const isPrime = (n) => { if (n < 2) return false; for (let d = 2; d * d <= n; d++) if (n % d === 0) return false; return true; };`,
  `console.log('n | n squared | n cubed | prime');`,
  `for (let n = 1; n <= ${BIG_COMPUTATION_ROWS}; n++) console.log(\`\${n} | \${n * n} | \${n * n * n} | \${isPrime(n) ? 'yes' : 'no'}\`);`,
].join('\n');

/**
 * The highest N of a /notes/long-notes-N.md named anywhere in the request (tool calls, results, or
 * a summary's ARTIFACTS once the calls themselves were summarized away): 0 when none.
 */
export function lastLongFileNumber(messages: readonly ModelMessage[]): number {
  let max = 0;
  for (const message of messages) {
    const text = `${message.content}${message.role === 'assistant' ? JSON.stringify(message.toolCalls ?? []) : ''}`;
    for (const match of text.matchAll(/long-notes-(\d+)\.md/g))
      max = Math.max(max, Number(match[1]));
  }
  return max;
}

const TOPICS = [
  'how the agent keeps its memory in AGENTS.md files',
  'why tool results over the offload limit go to /large_tool_results/',
  'how old write_file inputs are cut to a pointer once the context is large',
  'how summarization keeps the newest turns and files the rest in /conversation_history/',
  'how facts are extracted into /memories/memory.json and ranked for each call',
  'why every memory change shows a diff with an undo',
];

/** A deterministic Markdown document of LONG_FILE_SECTIONS sections (different per n). */
export function longDocument(n: number): string {
  const parts = [`# Long notes ${n}`, '', 'Written by the Demo provider to make the context grow.'];
  for (let s = 1; s <= LONG_FILE_SECTIONS; s++) {
    const topic = TOPICS[(n + s) % TOPICS.length]!;
    parts.push(
      '',
      `## Section ${s}`,
      '',
      `This section explains ${topic}. The explanation is long on purpose: every character of this file travels in the write_file call, so until truncation replaces it with a pointer, the model sees it again on every later call. Notes ${n}, section ${s}: the figures here are illustrative (${n * 100 + s} tokens of headroom, ${s * 7} turns, ${n + s} files) and change from one section to the next so that no two paragraphs are the same.`,
    );
  }
  return `${parts.join('\n')}\n`;
}
