// The texts summarization writes and reads (Deep Agents' summarization, summarization.ts): the
// summarizer's request and its transcript within a token budget, the check of its answer, and the
// history file the removed messages are appended to. Pure but for appendHistory's one write.

import type { ModelMessage, ModelRequest } from '../agent/types';
import { FsError, type VirtualFs } from '../fs/types';
import { isSummaryMessage, type TokenCounter } from '../tokens/counter';
import { SUMMARY_SECTIONS } from './compaction';

/** The summarizer's output budget. */
export const SUMMARY_MAX_OUTPUT_TOKENS = 4_096;
/** Per message, in the summarizer's transcript (the history file has everything). */
const TRANSCRIPT_MESSAGE_CHARS = 3_000;
const TRANSCRIPT_ARGUMENT_CHARS = 1_000;
/** The transcript sent to the summarizer is at most this share of the window, and this many tokens. */
const TRANSCRIPT_WINDOW_SHARE = 0.5;
const TRANSCRIPT_MAX_TOKENS = 60_000;

// ---- the summarizer's request -------------------------------------------------------------------

/** The summarizer's instructions, in our own words. Carries its own section names. */
export const SUMMARY_SYSTEM_PROMPT = `You condense the working memory of an AI agent. The agent's conversation so far is given to you between <conversation> tags. It is about to be removed from the agent's context and replaced by the summary you write now; the full transcript stays available to the agent in a file, so write what the agent needs to carry on with the task, not a complete record.

Write the summary in exactly these four sections, each starting with its heading on a line of its own:

## SESSION INTENT
What the user wants from this session as a whole: the goal in the user's own terms, with the constraints and preferences they set. If the conversation starts with an earlier summary, keep its intent unless the user has changed it since.

## SUMMARY
What has happened so far: decisions and their reasons, facts established (names, numbers, identifiers, paths and dates exactly as given), questions answered, and problems met with how they were solved or left open. Fold in an earlier summary if there is one.

## ARTIFACTS
Every file the agent created, changed or relied on: its path and a few words on what it holds. Write "None." if there are none.

## NEXT STEPS
What remains to be done to fulfil the intent, in order, starting with the work in progress when the conversation was cut. If the task is complete, say so and repeat the user's last request.

Write nothing before the first heading and nothing after the last section. Do not invent anything the conversation does not say, and do not call tools.`;

/** The request that asks a model for the summary of `messages` (which may start with a summary). */
export function buildSummaryRequest(
  model: string,
  messages: readonly ModelMessage[],
  {
    counter,
    contextWindow,
    path,
    mustKeep,
  }: { counter: TokenCounter; contextWindow: number; path: string; mustKeep?: string },
): ModelRequest {
  const budget = Math.max(
    1_000,
    Math.min(TRANSCRIPT_MAX_TOKENS, Math.floor(contextWindow * TRANSCRIPT_WINDOW_SHARE)),
  );
  const transcript = summaryTranscript(messages, (text) => counter.count(text), budget, path);
  return {
    purpose: 'summary',
    model,
    system: SUMMARY_SYSTEM_PROMPT,
    messages: [
      {
        role: 'user',
        id: 'summarizer_request',
        content:
          `<conversation>\n${transcript}\n</conversation>\n\n` +
          (mustKeep ? `${mustKeep}\n\n` : '') +
          'Write the summary of the conversation above now, in the four sections SESSION INTENT, ' +
          'SUMMARY, ARTIFACTS and NEXT STEPS.',
        createdAt: 0,
      },
    ],
    tools: [],
    maxOutputTokens: SUMMARY_MAX_OUTPUT_TOKENS,
  };
}

/**
 * The messages as a markdown transcript within a token budget. Long texts are shortened (the
 * history file has them in full). When everything does not fit, the first block (the earlier
 * summary, or the opening request that states the intent) and the most recent messages are kept,
 * and the middle is left out with a note.
 */
export function summaryTranscript(
  messages: readonly ModelMessage[],
  count: (text: string) => number,
  budget: number,
  path: string,
): string {
  if (messages.length === 0) return '';
  // Blocks are rendered from the end, only as far as the budget reaches (the summarized part of a
  // long thread is far larger than the transcript).
  const block = (i: number) =>
    neutraliseTranscriptTags(renderMessage(messages[i] as ModelMessage, TRANSCRIPT_LIMITS));
  const first = block(0);
  let used = transcriptBlockTokens(messages[0] as ModelMessage, first, count);
  const tail: string[] = [];
  for (let i = messages.length - 1; i >= 1; i--) {
    const text = block(i);
    const tokens = transcriptBlockTokens(messages[i] as ModelMessage, text, count);
    if (used + tokens > budget) {
      // A tool result without its call reads as noise: leave out whole groups.
      while (tail.length > 0 && messages[messages.length - tail.length]?.role === 'tool')
        tail.pop();
      const omitted = messages.length - tail.length - 1;
      const note = `[${omitted} message${omitted === 1 ? '' : 's'} left out here to fit; they are in ${path}.]`;
      return [first, note, ...tail.reverse()].join('\n\n');
    }
    used += tokens;
    tail.push(text);
  }
  return [first, ...tail.reverse()].join('\n\n');
}

const TRANSCRIPT_LIMITS = {
  maxChars: TRANSCRIPT_MESSAGE_CHARS,
  maxArgChars: TRANSCRIPT_ARGUMENT_CHARS,
} as const;

/**
 * Tokens of one transcript block (`block` is the message rendered with the transcript's limits),
 * exactly count(block). When the block is a heading line followed by the message's own text, whole,
 * the count is count(heading) + count(text): the text's count is already in the counter's cache
 * (the request was counted message by message), so a long transcript costs hash lookups instead of
 * tokenizing it again. That sum is exact: the heading ends with a newline (alone or after
 * punctuation) and the text starts with a character that no split pattern can join to it (not
 * whitespace, not "/"), so the encoding's split pieces, and therefore the merges, are those of the
 * two parts. Anything else (clipped texts, tool calls, a rewritten tag) is counted whole.
 */
export function transcriptBlockTokens(
  message: ModelMessage,
  block: string,
  count: (text: string) => number,
): number {
  const content = message.content;
  if (
    message.role !== 'assistant' || !message.toolCalls?.length
      ? content.length > 0 &&
        block.length > content.length &&
        block.endsWith(content) &&
        block.charCodeAt(block.length - content.length - 1) === 10 &&
        !/^[\s/]/.test(content)
      : false
  )
    return count(block.slice(0, block.length - content.length)) + count(content);
  return count(block);
}

// ---- checking the answer ------------------------------------------------------------------------

/** A usable summary has all four sections and something in them. */
export function checkSummary(
  text: string,
): { ok: true; summary: string } | { ok: false; reason: string } {
  let summary = (typeof text === 'string' ? text : '').trim();
  // Some models wrap their answer in the tags of the message it is going into, or in a fence.
  summary = summary
    .replace(/^<summary>\s*/i, '')
    .replace(/\s*<\/summary>$/i, '')
    .replace(/^```(?:markdown|md)?\s*\n/i, '')
    .replace(/\n```\s*$/, '')
    .trim();
  if (summary === '') return { ok: false, reason: 'the summarizer returned an empty answer.' };
  const missing = SUMMARY_SECTIONS.filter(
    (section) => !new RegExp(section.replace(' ', '\\s+'), 'i').test(summary),
  );
  if (missing.length > 0)
    return {
      ok: false,
      reason: `the summary lacks the section${missing.length === 1 ? '' : 's'} ${missing.join(', ')}.`,
    };
  // What is left without the section names and markdown marks must say something.
  const body = summary
    .replace(/SESSION\s+INTENT|SUMMARY|ARTIFACTS|NEXT\s+STEPS/gi, '')
    .replace(/[#*_:>`\-\s]/g, '');
  if (body === '') return { ok: false, reason: 'the summary has headings but nothing under them.' };
  return { ok: true, summary };
}

// ---- the history file ---------------------------------------------------------------------------

export function historyFileHeader(threadId: string): string {
  return [
    `# Conversation history of thread ${threadId}`,
    '',
    'Messages moved out of the model context by summarization, word for word and in order. Each',
    '"## Summarized at" section holds the messages of one summarization.',
    '',
  ].join('\n');
}

export function historySection(messages: readonly ModelMessage[], at: number): string {
  const body = messages
    .filter((message) => !isSummaryMessage(message))
    .map((message) => renderMessage(message))
    .join('\n\n');
  return `## Summarized at ${new Date(at).toISOString()}\n\n${body}\n`;
}

/** The history file's content with `section` appended (a new file starts with its header). */
export function historyContent(
  existing: string | undefined,
  threadId: string,
  section: string,
): string {
  return existing !== undefined
    ? `${existing.replace(/\n*$/, '\n')}\n${section}`
    : `${historyFileHeader(threadId)}\n${section}`;
}

/**
 * Appends one section, creating the file with a header; retries once if another write came first.
 * Returns the content written.
 */
export async function appendHistory(
  fs: VirtualFs,
  path: string,
  threadId: string,
  messages: readonly ModelMessage[],
  at: number,
): Promise<string> {
  const section = historySection(messages, at);
  for (let attempt = 0; ; attempt++) {
    const existing = await fs.read(path);
    const content = historyContent(existing?.content, threadId, section);
    try {
      await fs.write(path, content, { expectedVersion: existing?.version ?? null });
      return content;
    } catch (error) {
      if (attempt === 0 && error instanceof FsError && error.code === 'conflict') continue;
      throw error;
    }
  }
}

/**
 * One message as readable markdown: "### User", "### Assistant" (its tool calls with their
 * arguments), "### Tool (name)" with the call id and the result. Without limits the text is verbatim,
 * so grep finds exactly what was said.
 */
export function renderMessage(
  message: ModelMessage,
  limits: { maxChars?: number; maxArgChars?: number } = {},
): string {
  const clip = (text: string, max: number | undefined) =>
    max !== undefined && text.length > max
      ? `${text.slice(0, max)}… [${(text.length - max).toLocaleString('en-US')} more characters in the history file]`
      : text;
  if (message.role === 'tool') {
    const status = message.isError ? ' (error)' : '';
    return `### Tool (${message.toolName})\nResult of call ${message.toolCallId}${status}:\n${clip(message.content, limits.maxChars)}`;
  }
  if (message.role === 'user') {
    const title = isSummaryMessage(message) ? '### User (earlier summary)' : '### User';
    return `${title}\n${clip(message.content, limits.maxChars)}`;
  }
  const parts = [`### Assistant`];
  if (message.content) parts.push(clip(message.content, limits.maxChars));
  for (const call of message.toolCalls ?? []) {
    const args = clip(call.arguments, limits.maxArgChars);
    const fence = '`'.repeat(Math.max(3, longestRun(args, '`') + 1));
    parts.push(
      `Tool call ${call.name} (id ${call.id}) with arguments:\n${fence}json\n${args}\n${fence}`,
    );
  }
  return parts.join('\n');
}

function longestRun(text: string, char: string): number {
  let at = text.indexOf(char);
  let best = 0;
  while (at >= 0) {
    let end = at + 1;
    while (text.startsWith(char, end)) end++;
    if (end - at > best) best = end - at;
    at = text.indexOf(char, end);
  }
  return best;
}

/** The conversation's closing tag inside a message must not end the transcript early. */
export function neutraliseTranscriptTags(text: string): string {
  return text.replace(/<(\/?)conversation>/gi, '<$1conversation\u200b>');
}
