// Requests that stage the compaction mechanisms on demand: "write a long file" (a long write_file
// input, which truncation later cuts to a pointer) and "run a big computation" (an execute call
// whose large output the offload middleware moves to /large_tool_results/).

import type { ModelMessage, ToolSchema } from '../../agent/types';
import { POLITE, withTag } from './text';
import type { DemoReply } from './types';

const TAIL = String.raw`(?:[\s,]+please)?\s*[.!]*\s*$`;
const LONG_FILE = new RegExp(
  String.raw`^${POLITE}(?:show\s+me\s+(?:compaction|truncation|summari[sz]ation)|(?:write|create|make)\s+(?:me\s+)?(?:a\s+)?(?:long|big|large)\s+(?:file|document|note))(?:\s+(?:to|at|in)\s+(\/\S+?))?${TAIL}`,
  'i',
);
const BIG_COMPUTATION = new RegExp(
  String.raw`^${POLITE}(?:show\s+me\s+(?:an?\s+)?offload(?:ing)?|run\s+(?:a\s+)?(?:big|large|long|huge)\s+(?:computation|calculation|job|script))${TAIL}`,
  'i',
);

/** Lines printed by the big computation: enough output to pass even the default 20,000-token offload limit. */
export const BIG_COMPUTATION_ROWS = 3_000;
/** Paragraphs in a long file (about 2,000 tokens). */
export const LONG_FILE_SECTIONS = 12;

export type Scenario = { kind: 'long-file'; path?: string } | { kind: 'big-computation' };

export function scenarioRequest(text: string): Scenario | undefined {
  const single = text.replace(/\s+/g, ' ').trim();
  const file = LONG_FILE.exec(single);
  if (file) return file[1] ? { kind: 'long-file', path: file[1] } : { kind: 'long-file' };
  if (BIG_COMPUTATION.test(single)) return { kind: 'big-computation' };
  return undefined;
}

export function scenarioReply(
  scenario: Scenario,
  messages: readonly ModelMessage[],
  tools: readonly ToolSchema[],
  callId: string,
): DemoReply {
  if (scenario.kind === 'long-file') {
    const n = lastLongFileNumber(messages) + 1;
    const path = scenario.path ?? `/notes/long-notes-${n}.md`;
    if (!tools.some((tool) => tool.name === 'write_file')) return missingTool('write_file');
    return {
      content: `Writing a long file (${LONG_FILE_SECTIONS} sections) to ${path} with write_file. Its full text is part of this call's input, so the context grows; once the request passes the compaction trigger, old write_file inputs are cut to a pointer and older turns are summarized.`,
      toolCalls: [
        {
          id: callId,
          name: 'write_file',
          arguments: JSON.stringify({ file_path: path, content: longDocument(n) }),
        },
      ],
    };
  }
  if (!tools.some((tool) => tool.name === 'execute')) return missingTool('execute');
  return {
    content: `Running a big computation with execute: a table of ${BIG_COMPUTATION_ROWS.toLocaleString('en-US')} numbers with their squares, cubes and whether they are prime. A result that large is saved to /large_tool_results/ and I get a preview instead.`,
    toolCalls: [{ id: callId, name: 'execute', arguments: JSON.stringify({ code: BIG_CODE }) }],
  };
}

const BIG_CODE = [
  `const isPrime = (n) => { if (n < 2) return false; for (let d = 2; d * d <= n; d++) if (n % d === 0) return false; return true; };`,
  `console.log('n | n squared | n cubed | prime');`,
  `for (let n = 1; n <= ${BIG_COMPUTATION_ROWS}; n++) console.log(\`\${n} | \${n * n} | \${n * n * n} | \${isPrime(n) ? 'yes' : 'no'}\`);`,
].join('\n');

function missingTool(name: string): DemoReply {
  return {
    content: withTag(`The ${name} tool is not available in this thread, so I cannot do that here.`),
  };
}

/**
 * The highest N of a /notes/long-notes-N.md named anywhere in the request (tool calls, results, or
 * a summary's ARTIFACTS once the calls themselves were summarized away): 0 when none.
 */
function lastLongFileNumber(messages: readonly ModelMessage[]): number {
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
