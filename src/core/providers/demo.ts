// The offline demo provider: a deterministic script that stands in for a model when no key is set.
// It is honest about what it is (every final answer carries DEMO_TAG) and exists to exercise the
// memory mechanisms end to end: it edits /memories/AGENTS.md on "remember …", answers questions
// from the injected <agent_memory> block naming the lines it used, calls the file tools, and
// writes extractive summaries in the compaction format. It decides from the request alone.

import { newId } from '../agent/ids';
import {
  ProviderError,
  type AssistantMessage,
  type ModelMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  type ToolCall,
  type ToolMessage,
  type Usage,
} from '../agent/types';
import { countRequest, encodingForModel, loadEncoder } from '../context/tokens';
import { demoMemoryUpdate } from '../memory/facts/demo-updater';

/** One-line label for the UI (provider picker, chat header). */
export const DEMO_PROVIDER_NOTICE =
  'Demo (offline): a scripted stand-in that shows the memory mechanisms; it is not a language model.';
/** Carried by every final answer, so a transcript can never pass the script off as a model. */
export const DEMO_TAG = '(Demo provider — scripted, not a language model)';

export const USER_MEMORY_PATH = '/memories/AGENTS.md';

export interface MemorySource {
  path: string;
  content: string;
}

/** What the script answers: text, and at most one tool call. */
export interface DemoReply {
  content: string;
  toolCalls?: ToolCall[];
}

export interface DemoProviderOptions {
  /** Pause between streamed pieces, so the UI shows streaming (default 30 ms; 0 in tests). */
  delayMs?: number;
}

export function createDemoProvider(options: DemoProviderOptions = {}): ModelProvider {
  const delayMs = Math.max(0, options.delayMs ?? 30);
  return {
    id: 'demo',
    async complete(request, { signal, onStream }): Promise<ModelResponse> {
      throwIfAborted(signal);
      const reply = planDemoReply(request);
      // Token estimate instead of reported usage, so the charts have figures offline too. The
      // answer never depends on it: if the tokenizer cannot load, the call goes on without usage.
      const counter = await loadEncoder(encodingForModel(request.model)).catch(() => undefined);
      throwIfAborted(signal);

      for (const piece of splitForStreaming(reply.content)) {
        await pause(delayMs, signal);
        onStream?.({ type: 'text-delta', text: piece });
      }
      for (const [index, call] of (reply.toolCalls ?? []).entries()) {
        await pause(delayMs, signal);
        const event: StreamEvent = {
          type: 'tool-call-delta',
          index,
          id: call.id,
          name: call.name,
          argumentsDelta: call.arguments,
        };
        onStream?.(event);
      }
      throwIfAborted(signal);

      let usage: Usage | undefined;
      if (counter) {
        let outputTokens = counter.count(reply.content);
        for (const call of reply.toolCalls ?? [])
          outputTokens += counter.count(call.name) + counter.count(call.arguments);
        usage = { inputTokens: countRequest(counter, request).total, outputTokens };
      }
      const message: AssistantMessage = {
        role: 'assistant',
        // Ids must be unique in a thread (a retried request may be identical), so they are not
        // derived from the request; everything else is.
        id: newId('msg'),
        content: reply.content,
        ...(reply.toolCalls?.length ? { toolCalls: reply.toolCalls } : {}),
        createdAt: Date.now(),
        ...(usage ? { usage } : {}),
      };
      return usage ? { message, usage } : { message };
    },
  };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new ProviderError('aborted', 'Stopped by the user');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  if (ms === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('aborted', 'Stopped by the user'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A few pieces cut at spaces, deterministic, that join back to the text. */
function splitForStreaming(text: string): string[] {
  if (text === '') return [];
  const pieces: string[] = [];
  const target = Math.max(24, Math.ceil(text.length / 5));
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + target);
    if (end < text.length) {
      const space = text.indexOf(' ', end);
      end = space === -1 ? text.length : space + 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// The script

/** Decides the reply from the request alone (pure: the same request gives the same reply). */
export function planDemoReply(request: ModelRequest): DemoReply {
  // A fact-memory update: pure JSON for the updater, so no DEMO_TAG line.
  const memoryUpdate = demoMemoryUpdate(request);
  if (memoryUpdate !== undefined) return { content: memoryUpdate };
  const messages = request.messages;
  const last = messages.at(-1);

  // A summarizer call: instructions in the system prompt, or in the last user message.
  if (asksForSummary(request.system))
    return { content: extractiveSummary(conversationToSummarize(messages, false)) };
  if (!last) return { content: helpText() };
  if (last.role === 'user' && asksForSummary(last.content)) {
    return { content: extractiveSummary(conversationToSummarize(messages, true)) };
  }
  if (last.role === 'tool') return { content: afterToolResult(messages, last) };
  if (last.role === 'assistant')
    return { content: withTag('I have nothing to add to my last message.') };

  const memory = parseAgentMemoryBlock(request.system);
  const text = last.content.trim();
  const callId = toolCallId(messages);

  const fact = rememberRequest(text);
  if (fact !== undefined) return rememberReply(fact, memory, callId);

  const command = fileCommand(text);
  if (command) {
    return {
      content: command.intro,
      toolCalls: [{ id: callId, name: command.name, arguments: JSON.stringify(command.args) }],
    };
  }

  if (isHelpRequest(text)) return { content: helpText() };
  if (isQuestion(text)) return { content: answerFromMemory(text, memory) };
  return { content: helpText() };
}

/**
 * Deterministic from the request: the message count, plus a hash of the last message's id so that
 * ids stay unique in a thread even after summarization has shortened what is sent.
 */
function toolCallId(messages: readonly ModelMessage[]): string {
  return `demo_call_${messages.length}_${hash(messages.at(-1)?.id ?? '')}`;
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function withTag(text: string): string {
  return `${text}\n\n${DEMO_TAG}`;
}

function helpText(): string {
  return withTag(
    [
      "I'm the offline demo provider: a fixed script, not a language model, so I only understand a few requests:",
      '',
      `- **remember …** (or "note that …", "I prefer …"): saves it to ${USER_MEMORY_PATH} with edit_file, or write_file if the file is missing`,
      '- **a question**, such as "What do you know about me?": answered from the AGENTS.md memory in my system prompt, naming the lines used',
      '- **read PATH**, **list files [PATH]**, **search TEXT**, **find *.md**: call the file tools and summarise the result',
      '- **a summary request** with SESSION INTENT, SUMMARY, ARTIFACTS and NEXT STEPS: an extractive summary',
      '',
      'Choose OpenAI-compatible or Anthropic under Settings to talk to a real model.',
    ].join('\n'),
  );
}

// --- AGENTS.md memory --------------------------------------------------------------------------

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

// --- "remember …" --------------------------------------------------------------------------------

const POLITE = String.raw`(?:(?:please|pls|ok(?:ay)?|hey|and|also)[,\s]+)*(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?`;
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
function rememberRequest(text: string): string | undefined {
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

function rememberReply(fact: string, memory: MemorySource[], callId: string): DemoReply {
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

// --- File tool commands ----------------------------------------------------------------------------

interface FileCommand {
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

function fileCommand(text: string): FileCommand | undefined {
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

function afterToolResult(messages: readonly ModelMessage[], result: ToolMessage): string {
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
      const entries = noResult(result.content) ? [] : nonEmptyLines(result.content);
      const what =
        name === 'ls'
          ? `under ${path ?? '/'}`
          : `matching ${stringArg(args, 'pattern') ?? 'the pattern'}`;
      if (entries.length === 0) return withTag(`No files ${what}.`);
      const shown = entries.slice(0, 10).map((entry) => `- ${entry.trim()}`);
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

function findCall(messages: readonly ModelMessage[], id: string): ToolCall | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'assistant') continue;
    const call = message.toolCalls?.find((item) => item.id === id);
    if (call) return call;
  }
  return undefined;
}

function parseArgs(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function stringArg(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

/** The text a memory write added: what edit_file appended after old_string, or write_file's last bullet. */
function addedText(name: string, args: Record<string, unknown>): string | undefined {
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

function noResult(text: string): boolean {
  return /^\s*(?:no\s+(?:files?|matches|results|entries)\b|\(empty\)|\[\])/i.test(text);
}

function nonEmptyLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

function firstLines(text: string, count: number, maxChars: number): string {
  const lines = nonEmptyLines(text).slice(0, count).join('\n');
  return lines.length > maxChars ? `${lines.slice(0, maxChars)}…` : lines;
}

function codeBlock(text: string): string {
  const fence = text.includes('```') ? '~~~~' : '```';
  return `${fence}text\n${text}\n${fence}`;
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

// --- Questions answered from memory -------------------------------------------------------------

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her him his how i ' +
    "i'm im if in into is it its me mine my myself no not of on or our she should so some tell than that the " +
    'their them then there these they this those to too us was we were what whats when where which who whom ' +
    'why will with would you your yours yourself about any anything everything something know knows remember ' +
    'recall memory memories think please thanks show give let just also okay ok hi hello hey'
  ).split(' '),
);

const GENERAL_MEMORY_QUESTION =
  /\b(?:about me|know about|remember|memory|memories|prefer\w*|preferences?|likes?|favou?rites?|who am i|what do you know)\b/i;

const GENERIC_TERMS =
  /^(?:prefer\w*|likes?|liked|loves?|favou?rites?|preferences?|settings?|facts?|details?|things?|list|describe|stuff)$/;

function isHelpRequest(text: string): boolean {
  return /^(?:help|commands|\?|what can you do|what do you do|how do (?:you|i) use (?:you|this|the demo))\b/i.test(
    text.trim(),
  );
}

function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.endsWith('?') ||
    /^(?:what|who|where|when|why|how|which|whose|do|does|did|is|are|am|can|could|should|would|will|tell me|list my|describe)\b/i.test(
      trimmed,
    )
  );
}

function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? [];
  const result: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’](?:s|re|ve|d|ll|m|t)$/, '').replace(/['’]/g, '');
    if (word.length < 2 || STOP_WORDS.has(word) || STOP_WORDS.has(raw)) continue;
    if (!result.includes(word)) result.push(word);
  }
  return result;
}

/** Same word, same crude stem (tea/teas, use/used), or a shared prefix of 4+ letters covering
 * all but 2 letters of the shorter word (prefers/preferences). */
function sameWord(a: string, b: string): boolean {
  if (a === b || stem(a) === stem(b)) return true;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return prefix >= 4 && prefix >= Math.min(a.length, b.length) - 2;
}

function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's', 'd']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      return word.slice(0, -suffix.length);
  }
  return word;
}

interface MemoryLine {
  path: string;
  line: number;
  text: string;
}

function memoryLines(memory: MemorySource[]): MemoryLine[] {
  const result: MemoryLine[] = [];
  for (const source of memory) {
    for (const [i, text] of source.content.split('\n').entries()) {
      const trimmed = text.trim();
      // Headings, rules and fences hold no facts worth quoting.
      if (trimmed === '' || /^(?:#|---|\*\*\*|```|~~~)/.test(trimmed)) continue;
      result.push({ path: source.path, line: i + 1, text: trimmed });
    }
  }
  return result;
}

function answerFromMemory(question: string, memory: MemorySource[]): string {
  if (memory.length === 0) {
    return withTag(
      'No memory is loaded (my system prompt has no AGENTS.md content), so I cannot answer that from memory. Say "remember …" and I will save it.',
    );
  }
  // Words like "prefer" say what kind of answer is wanted, not what it is about: "What are my
  // preferences?" wants every preference, "What do I prefer for coffee?" the coffee lines.
  const wanted = terms(question).filter((term) => !GENERIC_TERMS.test(term));
  const lines = memoryLines(memory);

  let used: MemoryLine[] = [];
  let intro = 'From the memory in my system prompt, these lines share words with your question:';
  if (wanted.length > 0) {
    used = lines
      .map((line, order) => {
        const words = terms(line.text);
        const score = wanted.filter((term) => words.some((word) => sameWord(term, word))).length;
        return { line, order, score };
      })
      .filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, 5)
      .sort((a, b) => a.order - b.order)
      .map((item) => item.line);
  } else if (GENERAL_MEMORY_QUESTION.test(question)) {
    const user = lines.filter((line) => line.path === USER_MEMORY_PATH);
    const bullets = user.filter((line) => /^(?:[-*+]|\d+[.)])\s/.test(line.text));
    used = (bullets.length > 0 ? bullets : user.length > 0 ? user : lines).slice(0, 10);
    intro = 'Here is what my memory holds about you:';
  }
  if (used.length === 0) {
    const looked = wanted.length > 0 ? ` for “${wanted.join(', ')}”` : '';
    const sources = memory.map((source) => source.path).join(', ');
    return withTag(
      `I looked in my memory (${sources})${looked} and found nothing about that, so I can't say.`,
    );
  }
  const quoted = used.map((line) => `- Used ${line.path} line ${line.line}: “${line.text}”`);
  return withTag(`${intro}\n\n${quoted.join('\n')}`);
}

// --- Summaries ---------------------------------------------------------------------------------------

const SECTIONS = ['SESSION INTENT', 'SUMMARY', 'ARTIFACTS', 'NEXT STEPS'] as const;

/**
 * A summarizer request names the sections and asks for them. A summary that was already written
 * (e.g. the compacted history's summary message) names them too, so an instruction verb must come
 * before the first section name.
 */
export function asksForSummary(text: string): boolean {
  const intent = text.search(/SESSION\s+INTENT/i);
  if (intent < 0 || !/NEXT\s+STEPS/i.test(text)) return false;
  // Only the text shortly before the section names counts: a long agent prompt that merely carries
  // an injected summary must not turn every call into a summary.
  const before = text.slice(Math.max(0, intent - 2000), intent);
  return /\b(?:summari[sz]e|write|produce|create|generate|return|respond|provide|output|extract)\b/i.test(
    before,
  );
}

interface Turn {
  role: 'user' | 'assistant' | 'tool';
  text: string;
  toolCalls?: { name: string; arguments: string }[];
  toolName?: string;
  isError?: boolean;
}

/**
 * The conversation to summarise: a transcript inside the last user message if it holds one,
 * otherwise the messages themselves (without the request when the request is the last message).
 */
function conversationToSummarize(
  messages: readonly ModelMessage[],
  requestIsLast: boolean,
): Turn[] {
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const transcript = parseTranscript(last.content);
    if (transcript.length > 0) return transcript;
  }
  const kept = requestIsLast ? messages.slice(0, -1) : messages;
  return kept.map((message): Turn => {
    if (message.role === 'assistant') {
      return { role: 'assistant', text: message.content, toolCalls: message.toolCalls ?? [] };
    }
    if (message.role === 'tool') {
      return {
        role: 'tool',
        text: message.content,
        toolName: message.toolName,
        isError: message.isError === true,
      };
    }
    return { role: 'user', text: message.content };
  });
}

const ROLE_NAMES: Record<string, Turn['role'] | 'system'> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  tool: 'tool',
  system: 'system',
};
const ROLE = '(user|human|assistant|ai|tool|system)';
// "User: …", "**Assistant:** …", "Tool (read_file): …", "[user] …", "## User" (text on next lines).
const ROLE_LINE = [
  new RegExp(
    String.raw`^\s*(?:\*\*)?${ROLE}(?:\s*[([]([^)\]\n]*)[)\]])?(?:\*\*)?\s*:(?:\*\*)?\s?(.*)$`,
    'i',
  ),
  new RegExp(String.raw`^\s*\[${ROLE}(?:[:\s]+([^\]\n]*))?\]\s*:?\s?(.*)$`, 'i'),
  new RegExp(String.raw`^\s*#{1,6}\s+${ROLE}(?:\s*[([]([^)\]\n]*)[)\]])?\s*:?\s*()$`, 'i'),
];

/** Turns of a transcript pasted into a message (JSON array or role-labelled lines); [] if none. */
export function parseTranscript(text: string): Turn[] {
  const wrapped = /<(messages|conversation|transcript|history)>([\s\S]*?)<\/\1>/i.exec(text);
  const region = (wrapped?.[2] ?? text).trim();

  if (region.startsWith('[')) {
    const turns = transcriptFromJson(region);
    if (turns.length > 0) return turns;
  }

  const turns: (Turn | { role: 'system'; text: string })[] = [];
  let current: (Turn | { role: 'system'; text: string }) | undefined;
  for (const line of region.split(/\r?\n/)) {
    const match = ROLE_LINE.map((pattern) => pattern.exec(line)).find((item) => item !== null);
    const role = match ? ROLE_NAMES[(match[1] ?? '').toLowerCase()] : undefined;
    if (match && role) {
      const turn: Turn | { role: 'system'; text: string } =
        role === 'tool' && match[2]
          ? { role, text: match[3] ?? '', toolName: match[2].trim() }
          : { role, text: match[3] ?? '' };
      turns.push(turn);
      current = turn;
    } else if (current) {
      current.text += `\n${line}`;
    }
  }
  // A single labelled line is more likely prose ("User: …" in an instruction); a transcript has at
  // least two turns or an explicit wrapper.
  const result = turns.filter((turn): turn is Turn => turn.role !== 'system');
  for (const turn of result) turn.text = turn.text.trim();
  const lastTurn = result.at(-1);
  if (!wrapped && lastTurn) lastTurn.text = withoutTrailingInstructions(lastTurn.text);
  return result.length >= 2 || (wrapped && result.length > 0) ? result : [];
}

/** Instructions after an unwrapped transcript end up in its last turn: cut from their paragraph. */
function withoutTrailingInstructions(text: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  const at = paragraphs.findIndex((paragraph, i) => i > 0 && /SESSION\s+INTENT/i.test(paragraph));
  return at > 0 ? paragraphs.slice(0, at).join('\n\n').trim() : text;
}

function transcriptFromJson(text: string): Turn[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const turns: Turn[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const role = ROLE_NAMES[String(record.role ?? record.type ?? '').toLowerCase()];
    if (!role || role === 'system') continue;
    const content =
      typeof record.content === 'string' ? record.content : JSON.stringify(record.content ?? '');
    const rawCalls = record.toolCalls ?? record.tool_calls;
    const toolCalls = Array.isArray(rawCalls)
      ? rawCalls.flatMap((call: unknown) => {
          if (!call || typeof call !== 'object') return [];
          const c = call as Record<string, unknown>;
          const fn = (c.function && typeof c.function === 'object' ? c.function : c) as Record<
            string,
            unknown
          >;
          const args = fn.arguments ?? fn.args ?? fn.input ?? '';
          return [
            {
              name: String(fn.name ?? ''),
              arguments: typeof args === 'string' ? args : JSON.stringify(args),
            },
          ];
        })
      : [];
    turns.push({
      role,
      text: content,
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
      ...(typeof record.toolName === 'string' ? { toolName: record.toolName } : {}),
      ...(record.isError === true ? { isError: true } : {}),
    });
  }
  return turns;
}

const MAX_SUMMARY_POINTS = 12;
const MAX_SENTENCE_CHARS = 200;
const MAX_ARTIFACTS = 20;

/** Sections SESSION INTENT, SUMMARY, ARTIFACTS and NEXT STEPS, built only from quoted text. */
export function extractiveSummary(turns: readonly Turn[]): string {
  const users = turns.filter((turn) => turn.role === 'user' && turn.text.trim() !== '');

  // SESSION INTENT: the first request(s); a previous summary's intent carries over.
  let intent = '';
  const first = users[0];
  if (first) {
    intent = sectionOf(first.text, 'SESSION INTENT') ?? clip(squash(first.text), 300);
    const second = users[1];
    if (
      !sectionOf(first.text, 'SESSION INTENT') &&
      intent.length < 60 &&
      second &&
      !isSummaryText(second.text)
    ) {
      intent = `${intent} Then: ${clip(squash(second.text), 240)}`;
    }
  }

  const points: string[] = [];
  for (const turn of turns) {
    if (turn.role === 'tool') {
      const tool = turn.toolName ? `Tool ${turn.toolName}` : 'A tool';
      if (turn.isError)
        points.push(`${tool} failed: ${clip(squash(turn.text), MAX_SENTENCE_CHARS)}`);
      continue;
    }
    if (isSummaryText(turn.text)) {
      points.push('Earlier part of the conversation: summarised before (see its SUMMARY).');
      continue;
    }
    const sentence = firstSentence(stripTag(turn.text));
    const calls = turn.toolCalls ?? [];
    const label = turn.role === 'user' ? 'User' : 'Assistant';
    if (sentence) points.push(`${label}: ${sentence}`);
    for (const call of calls) {
      const target = targetOf(call.arguments);
      points.push(`Assistant called ${call.name}${target ? ` on ${target}` : ''}.`);
    }
  }
  const shownPoints =
    points.length <= MAX_SUMMARY_POINTS
      ? points
      : [
          ...points.slice(0, 4),
          `… ${points.length - (MAX_SUMMARY_POINTS - 1)} more points left out …`,
          ...points.slice(points.length - (MAX_SUMMARY_POINTS - 5)),
        ];

  const artifacts = collectArtifacts(turns);
  const shownArtifacts = [...artifacts.entries()]
    .slice(0, MAX_ARTIFACTS)
    .map(([path, actions]) => `- ${path} (${[...actions].join(', ')})`);
  if (artifacts.size > MAX_ARTIFACTS)
    shownArtifacts.push(`- … and ${artifacts.size - MAX_ARTIFACTS} more`);

  const lastUser = turns.map((turn) => turn.role).lastIndexOf('user');
  const answered =
    lastUser >= 0 &&
    turns
      .slice(lastUser + 1)
      .some(
        (turn) =>
          turn.role === 'assistant' &&
          stripTag(turn.text).trim() !== '' &&
          (turn.toolCalls ?? []).length === 0,
      );
  const lastRequest = turns[lastUser];
  const next =
    lastRequest && !answered && !isSummaryText(lastRequest.text)
      ? `Answer the user's last request, not yet answered: “${clip(squash(lastRequest.text), 300)}”`
      : "Continue with the user's next request.";

  return [
    '## SESSION INTENT',
    intent || '(No user request in the summarised part.)',
    '',
    '## SUMMARY',
    `Extractive summary: sentences quoted from the conversation. ${DEMO_TAG}`,
    ...(shownPoints.length > 0
      ? shownPoints.map((point) => `- ${point}`)
      : ['- (Nothing was said yet.)']),
    '',
    '## ARTIFACTS',
    ...(shownArtifacts.length > 0 ? shownArtifacts : ['- None.']),
    '',
    '## NEXT STEPS',
    next,
  ].join('\n');
}

const FILE_PATH = /(?<![\w.:/~-])\/(?:[\w.@+-]+\/)*[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}\b/g;

function collectArtifacts(turns: readonly Turn[]): Map<string, Set<string>> {
  const artifacts = new Map<string, Set<string>>();
  const add = (path: string, action: string) => {
    const actions = artifacts.get(path) ?? new Set<string>();
    actions.add(action);
    artifacts.set(path, actions);
  };
  const verbs: Record<string, string> = {
    write_file: 'written',
    edit_file: 'edited',
    read_file: 'read',
  };
  for (const turn of turns) {
    for (const call of turn.toolCalls ?? []) {
      const args = parseArgs(call.arguments);
      const path = stringArg(args, 'file_path') ?? stringArg(args, 'path');
      if (path && verbs[call.name]) add(path, verbs[call.name] ?? 'mentioned');
    }
    if (isSummaryText(turn.text)) {
      // Artifacts of an earlier summary stay artifacts.
      for (const path of sectionOf(turn.text, 'ARTIFACTS')?.match(FILE_PATH) ?? [])
        add(path, 'earlier');
      continue;
    }
    if (turn.role === 'user') continue;
    for (const path of turn.text.match(FILE_PATH) ?? [])
      add(path, turn.role === 'tool' ? 'in a tool result' : 'mentioned');
    // Transcripts carry tool calls as text: pick up "file_path": "…" arguments there too.
    for (const match of turn.text.matchAll(/"file_path"\s*:\s*"([^"]+)"/g))
      if (match[1]) add(match[1], 'in a tool call');
  }
  return artifacts;
}

function targetOf(argumentsText: string): string | undefined {
  const args = parseArgs(argumentsText);
  return stringArg(args, 'file_path') ?? stringArg(args, 'path') ?? stringArg(args, 'pattern');
}

function isSummaryText(text: string): boolean {
  return SECTIONS.every((section) => text.includes(section)) && /SESSION INTENT/.test(text);
}

/** The body of a "## NAME" (or "NAME:") section of an earlier summary, if present. */
function sectionOf(text: string, name: (typeof SECTIONS)[number]): string | undefined {
  const start = new RegExp(String.raw`^\s*(?:#{1,6}\s*)?\**${name}\**:?[ \t]*$`, 'm').exec(text);
  if (!start) return undefined;
  const rest = text.slice(start.index + start[0].length);
  const end = new RegExp(
    String.raw`^\s*(?:#{1,6}\s*)?\**(?:${SECTIONS.join('|')})\**:?[ \t]*$`,
    'm',
  ).exec(rest);
  const body = (end ? rest.slice(0, end.index) : rest).trim();
  return body === '' ? undefined : body;
}

function stripTag(text: string): string {
  return text.split(DEMO_TAG).join('').trim();
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function firstSentence(text: string): string {
  const flat = squash(text);
  if (flat === '') return '';
  const end = /[.!?](?=\s|$)/.exec(flat);
  return clip(end ? flat.slice(0, end.index + 1) : flat, MAX_SENTENCE_CHARS);
}
