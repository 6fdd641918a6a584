// The actions behind each intent: what the script says, which tool it calls with which arguments,
// and how it reports the result. Every report is built from the request alone.

import { STRATEGY_LIST } from '../../strategies/registry';
import { USER_MEMORY_PATH, type MemorySource } from './agents-md';
import { mentionsFiles, type Intent, type Topic } from './understand';
import { answerFromMemory, memoryLines, type MemoryLine } from './qa';
import { countOccurrences, uniqueTail } from './remember';
import {
  BIG_CODE,
  BIG_COMPUTATION_ROWS,
  LONG_FILE_SECTIONS,
  lastLongFileNumber,
  longDocument,
} from './scenarios';
import { conversationToSummarize, extractiveSummary } from './summarizer';
import { noResult, pathList } from './file-commands';
import { codeBlock, firstLines, nonEmptyLines, plural, stringArg } from './text';
import { failed, hasTool, say, type Action, type Exchange, type TurnContext } from './turn';

export const SUGGEST = {
  help: 'What can you do?',
  aboutMe: 'What do you remember about me?',
  name: "What's my name?",
  files: 'List the files in the workspace',
  todo: 'Open todo.md',
  remember: 'Remember that I prefer short answers',
  compaction: 'Show me compaction',
  longFile: 'Write a long file',
  offload: 'Show me offload',
  strategies: 'Explain the context strategies',
} as const;

const SECRET =
  /\b(?:passwords?|passcodes?|passphrases?|pins?|api[\s_-]?keys?|secret\s+keys?|private\s+keys?|access\s+tokens?|credit\s+card|card\s+number|social\s+security|ssn)\b|\bsk-[A-Za-z0-9_-]{8,}/i;

// --- Remember -------------------------------------------------------------------------------------

/** Saves facts to /memories/AGENTS.md in one edit; a new name replaces the old name line. */
export function rememberAction(facts: readonly string[], context: TurnContext): Action {
  const wanted = [...new Set(facts.filter((fact) => fact.trim() !== ''))];
  const secrets = wanted.filter((fact) => SECRET.test(fact));
  const storable = wanted.filter((fact) => !SECRET.test(fact));
  const secretNote =
    secrets.length > 0
      ? `I won't store ${secrets.length === 1 ? 'that' : 'those'}: ${secrets.map((s) => `“${s}”`).join(', ')} look${secrets.length === 1 ? 's' : ''} like a secret, and memory files are plain text sent to the model on every call.`
      : '';
  const source = context.memory.find((item) => item.path === USER_MEMORY_PATH);
  const content = source?.content ?? '';

  return {
    accepts: (mine, next) =>
      mine.length === 0 &&
      (next.call.name === 'edit_file' || next.call.name === 'write_file') &&
      stringArg(next.args, 'file_path') === USER_MEMORY_PATH,
    step(mine) {
      const done = mine[0];
      if (done)
        return {
          text: rememberReport(done, storable, content, secretNote),
          suggestions: afterSaving(storable),
        };
      if (wanted.length === 0) {
        return {
          text: 'What should I remember? Say it in the same message, for example “Remember that I prefer short answers”.',
          suggestions: [SUGGEST.remember],
        };
      }
      const already = storable.flatMap((fact) => {
        const line = findLine(content, fact);
        return line ? [{ fact, line }] : [];
      });
      const fresh = storable.filter((fact) => !already.some((item) => item.fact === fact));
      if (fresh.length === 0) {
        const notes = already.map(
          (item) =>
            `That is already in ${USER_MEMORY_PATH} (line ${item.line.line}): “${item.line.text}”. Nothing to change.`,
        );
        return {
          text: [secretNote, ...notes].filter(Boolean).join('\n\n'),
          suggestions: [SUGGEST.aboutMe],
        };
      }
      const call = memoryEdit(source, fresh);
      if (!hasTool(context, call.name))
        return {
          text: `The ${call.name} tool is not available in this thread, so I cannot save anything.`,
        };
      const count = fresh.length === 1 ? 'that' : `${fresh.length} lines`;
      return {
        call: {
          ...call,
          intro: `Saving ${count} to ${USER_MEMORY_PATH}${call.name === 'write_file' ? ' (a new file)' : ''} with ${call.name}.`,
        },
      };
    },
  };
}

function afterSaving(facts: readonly string[]): string[] {
  return facts.some((fact) => /^User's name is\b/.test(fact))
    ? [SUGGEST.name, SUGGEST.aboutMe]
    : [SUGGEST.aboutMe];
}

/** The edit_file (or write_file) call that adds the facts; a new name replaces the old name line. */
function memoryEdit(
  source: MemorySource | undefined,
  facts: readonly string[],
): { name: 'edit_file' | 'write_file'; args: Record<string, unknown> } {
  const lines = facts.map((fact) => `- ${fact}`);
  if (!source) {
    return {
      name: 'write_file',
      args: { file_path: USER_MEMORY_PATH, content: `# Memory\n\n${lines.join('\n')}\n` },
    };
  }
  const content = source.content;
  if (content.trim() === '') {
    return {
      name: 'edit_file',
      args: {
        file_path: USER_MEMORY_PATH,
        old_string: content,
        new_string: `# Memory\n\n${lines.join('\n')}\n`,
      },
    };
  }
  const newName = facts.find((fact) => /^User's name is\b/.test(fact));
  const oldName = newName ? nameLines(content).at(-1) : undefined;
  if (oldName && newName) {
    // From the old name line to the end: unique, since it starts with that line's full text.
    const end = content.trimEnd().length;
    const oldString = content.slice(oldName.start, end);
    if (countOccurrences(content, oldString) === 1) {
      const others = lines.filter((line) => line !== `- ${newName}`);
      const replaced = `${oldString.slice(0, oldName.end - oldName.start).replace(/\S[\s\S]*$/, `- ${newName}`)}${oldString.slice(oldName.end - oldName.start)}`;
      return {
        name: 'edit_file',
        args: {
          file_path: USER_MEMORY_PATH,
          old_string: oldString,
          new_string: others.length > 0 ? `${replaced}\n${others.join('\n')}` : replaced,
        },
      };
    }
  }
  const oldString = uniqueTail(content);
  // After a heading, a blank line keeps the Markdown list separate from it.
  const lastLine = oldString.split('\n').at(-1) ?? '';
  const separator = /^\s*#/.test(lastLine) ? '\n\n' : '\n';
  return {
    name: 'edit_file',
    args: {
      file_path: USER_MEMORY_PATH,
      old_string: oldString,
      new_string: `${oldString}${separator}${lines.join('\n')}`,
    },
  };
}

/** The lines of a memory file that state the user's name, with their offsets. */
function nameLines(content: string): { start: number; end: number; text: string }[] {
  const found: { start: number; end: number; text: string }[] = [];
  let offset = 0;
  for (const line of content.split('\n')) {
    if (/^\s*[-*]\s+(?:User's|The user's|My)\s+name\s+is\b/i.test(line))
      found.push({ start: offset, end: offset + line.length, text: line.trim() });
    offset += line.length + 1;
  }
  return found;
}

function rememberReport(
  done: Exchange,
  facts: readonly string[],
  before: string,
  secretNote: string,
): string {
  if (failed(done)) {
    const quote = firstLines(done.result.content, 3, 400).replace(/\n/g, '\n> ');
    return `The edit failed, so nothing was saved to ${USER_MEMORY_PATH}. The ${done.call.name} tool said:\n\n> ${quote}`;
  }
  const added = addedLines(done);
  const removed = removedLines(done);
  const notes: string[] = [];
  if (secretNote) notes.push(secretNote);
  const skipped = facts.filter((fact) => !added.includes(fact) && findLine(before, fact));
  for (const fact of skipped) notes.push(`Already there: “${fact}”`);
  const list = added.map((line) => `- ${line}`).join('\n');
  const replacing = removed.length > 0 ? `\n\nIt replaces “${removed.join('”, “')}”.` : '';
  const summary =
    added.length > 0
      ? `Saved to ${USER_MEMORY_PATH}:\n\n${list}${replacing}`
      : `Saved to ${USER_MEMORY_PATH}; see the diff.`;
  return [summary, ...notes].join('\n\n');
}

/** The bullet lines a memory write added (without "- "). */
function addedLines(done: Exchange): string[] {
  if (done.call.name === 'write_file') return bullets(stringArg(done.args, 'content') ?? '');
  const before = new Set(bullets(stringArg(done.args, 'old_string') ?? ''));
  return bullets(stringArg(done.args, 'new_string') ?? '').filter((line) => !before.has(line));
}

function removedLines(done: Exchange): string[] {
  if (done.call.name === 'write_file') return [];
  const after = new Set(bullets(stringArg(done.args, 'new_string') ?? ''));
  return bullets(stringArg(done.args, 'old_string') ?? '').filter((line) => !after.has(line));
}

function bullets(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^\s*[-*]\s+\S/.test(line))
    .map((line) => line.replace(/^\s*[-*]\s+/, '').trim());
}

function findLine(content: string, fact: string): { line: number; text: string } | undefined {
  const key = comparable(fact);
  const lines = content.split('\n');
  for (const [i, line] of lines.entries())
    if (comparable(line) === key) return { line: i + 1, text: line.trim() };
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

// --- Questions about the user ---------------------------------------------------------------------

/** Where a line came from, for quoting: "/memories/AGENTS.md line 7". */
function where(line: MemoryLine): string {
  return line.path.startsWith('/') ? `${line.path} line ${line.line}` : line.path;
}

function quoteText(text: string): string {
  return text.replace(/^(?:[-*+]|\d+[.)])\s+/, '').replace(/^\[[^\]]*\]\s*/, '');
}

/** The user's name in memory: the newest line that states it, user memory first. */
export function nameFromMemory(
  context: TurnContext,
): { name: string; line: MemoryLine } | undefined {
  const sources = [
    ...context.memory.filter((s) => s.path === USER_MEMORY_PATH),
    ...context.facts,
    ...context.memory.filter((s) => s.path !== USER_MEMORY_PATH),
  ];
  for (const source of sources) {
    const lines = memoryLines([source]);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      const name = nameIn(quoteText(line.text));
      if (name) return { name, line };
    }
  }
  return undefined;
}

function nameIn(text: string): string | undefined {
  const match =
    /\b(?:user's|the\s+user's|my|their)\s+name\s+is\s+([^.;,\n]+)/i.exec(text) ??
    /\b(?:wants|prefers|likes)\s+to\s+be\s+called\s+([^.;,\n]+)/i.exec(text) ??
    /^name:\s*([^.;,\n]+)/i.exec(text);
  const name = match?.[1]?.trim();
  return name && name.length <= 60 ? name : undefined;
}

export function askNameAction(context: TurnContext): Action {
  const found = nameFromMemory(context);
  if (found) {
    return say(
      `Your name is **${found.name}**. Used ${where(found.line)}: “${quoteText(found.line.text)}”`,
      [SUGGEST.aboutMe],
    );
  }
  const said = context.earlierUser
    .map((text) => /\bmy\s+name\s+is\s+([^.;,!?\n]+)/i.exec(text)?.[1]?.trim())
    .filter(Boolean)
    .at(-1);
  if (said) {
    return say(
      `You told me earlier in this conversation that your name is ${said}, but it is not in my memory files, so another thread would not know it.`,
      [`Remember that my name is ${said}`],
    );
  }
  return say(
    `I don't know your name: neither ${USER_MEMORY_PATH} nor fact memory mentions it. Tell me, for example “My name is Sam”, and I'll save it.`,
    [SUGGEST.aboutMe, SUGGEST.help],
  );
}

export function aboutMeAction(context: TurnContext): Action {
  const held = aboutMe(context);
  if (held) return say(held, [SUGGEST.name]);
  const project = context.memory.some((s) => s.path !== USER_MEMORY_PATH);
  return say(
    `My memory holds nothing about you yet: ${USER_MEMORY_PATH} is ${context.memory.some((s) => s.path === USER_MEMORY_PATH) ? 'empty' : 'missing'} and fact memory has nothing${project ? ' (the project AGENTS.md is about the project, not you)' : ''}. Tell me something to remember.`,
    [SUGGEST.remember],
  );
}

const RECALLED_MESSAGES = 8;
const RECALLED_CHARS = 160;

/**
 * "What did I tell you earlier?": what memory holds about the user, then the user's earlier
 * messages as this request carries them (the context strategy decides which those are).
 */
export function recallAction(context: TurnContext): Action {
  const parts: string[] = [aboutMe(context) ?? 'My memory files hold nothing about you yet.'];
  const earlier = context.earlierUser
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (earlier.length > 0) {
    const shown = earlier.slice(-RECALLED_MESSAGES).map((text) => {
      const clipped =
        text.length > RECALLED_CHARS ? `${text.slice(0, RECALLED_CHARS - 1).trimEnd()}…` : text;
      return `- “${clipped}”`;
    });
    const which =
      earlier.length > shown.length ? ` (the last ${shown.length} of ${earlier.length})` : '';
    parts.push(
      `Earlier in this conversation, as this request carries it, you said${which}:`,
      shown.join('\n'),
    );
  } else {
    const blocks = context.conversation.filter((source) => source.path.startsWith('the strategy'));
    const summarized = context.messages.some(
      (m) => m.role === 'user' && m.id.startsWith('summary_'),
    );
    if (blocks.length > 0) {
      for (const block of blocks)
        parts.push(
          `This request carries none of your earlier messages, but ${block.path} holds:`,
          block.content.split('\n').slice(0, 6).join('\n'),
        );
    } else {
      parts.push(
        summarized
          ? 'Older turns were summarized, so this request carries none of your earlier messages; the full history is in /conversation_history/.'
          : 'This request carries no earlier message of yours: this is the first, or the context strategy left them out.',
      );
    }
  }
  return say(parts.join('\n\n'), ['Summarize our conversation', SUGGEST.name]);
}

/** What memory holds about the user, quoted with line numbers; undefined when nothing. */
function aboutMe(context: TurnContext): string | undefined {
  const user = memoryLines(context.memory.filter((s) => s.path === USER_MEMORY_PATH)).filter(
    (line) => !/^<!--/.test(line.text),
  );
  const facts = memoryLines(context.facts);
  if (user.length === 0 && facts.length === 0) return undefined;
  const parts: string[] = [];
  if (user.length > 0) {
    parts.push(
      `Here is what my memory holds about you (${USER_MEMORY_PATH}):`,
      user
        .slice(0, 15)
        .map((line) => `- ${quoteText(line.text)} (line ${line.line})`)
        .join('\n'),
    );
    if (user.length > 15) parts.push(`… and ${user.length - 15} more lines.`);
  }
  if (facts.length > 0) {
    parts.push(
      'From fact memory (/memories/memory.json), as injected for this call:',
      facts
        .slice(0, 10)
        .map((line) => `- ${quoteText(line.text)}`)
        .join('\n'),
    );
  }
  return parts.join('\n\n');
}

export function askAction(question: string, context: TurnContext): Action {
  const answer = answerFromMemory(
    question,
    [...context.memory, ...context.facts],
    context.conversation,
  );
  return say(answer.text, answer.found ? [] : [SUGGEST.aboutMe, SUGGEST.help]);
}

// --- Files ----------------------------------------------------------------------------------------

/** One tool call, then its report. */
function toolAction(
  context: TurnContext,
  call: { name: string; args: Record<string, unknown>; intro: string },
  report: (done: Exchange) => { text: string; suggestions?: string[] },
): Action {
  return {
    accepts: (mine, next) => mine.length === 0 && next.call.name === call.name,
    step(mine) {
      const done = mine[0];
      if (done) return report(done);
      if (!hasTool(context, call.name))
        return {
          text: `The ${call.name} tool is not available in this thread, so I cannot do that here.`,
        };
      return { call };
    },
  };
}

function failure(done: Exchange): { text: string; suggestions: string[] } {
  const quote = firstLines(done.result.content, 3, 400).replace(/\n/g, '\n> ');
  return {
    text: `The ${done.call.name} call failed. The tool said:\n\n> ${quote}`,
    suggestions: [SUGGEST.files],
  };
}

export function listAction(path: string, context: TurnContext): Action {
  return toolAction(
    context,
    { name: 'ls', args: { path }, intro: `Listing ${path} with ls.` },
    (done) => {
      if (failed(done)) return failure(done);
      const entries = noResult(done.result.content) ? [] : pathList(done.result.content);
      const where = path === '/' ? 'The workspace (/)' : path;
      if (entries.length === 0)
        return { text: `${where} is empty.`, suggestions: path === '/' ? [] : [SUGGEST.files] };
      const folders = entries.filter((entry) => entry.endsWith('/'));
      const files = entries.filter((entry) => !entry.endsWith('/'));
      const shown = [...folders, ...files]
        .slice(0, 15)
        .map((entry) => `- \`${entry}\`${entry.endsWith('/') ? ' (folder)' : ''}`);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      const counts = [
        files.length > 0 ? `${files.length} file${plural(files.length)}` : '',
        folders.length > 0 ? `${folders.length} folder${plural(folders.length)}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      const suggestions: string[] = [];
      const folder =
        folders.find((entry) => entry !== '/memories/' && entry !== '/large_tool_results/') ??
        folders[0];
      if (folder) suggestions.push(`List the files in ${folder.replace(/\/$/, '')}`);
      const file = files.find((entry) => !/AGENTS\.md$/.test(entry)) ?? files[0];
      if (file) suggestions.push(`Open ${file}`);
      return { text: `${where} has ${counts}:\n\n${shown.join('\n')}${more}`, suggestions };
    },
  );
}

const READ_LINES = 15;

function readReport(
  done: Exchange,
  note?: string,
  found?: string,
): { text: string; suggestions?: string[] } {
  if (failed(done)) return failure(done);
  const path = stringArg(done.args, 'file_path') ?? 'the file';
  const lines = done.result.content.split('\n').filter((line) => !/^\[Showing lines/.test(line));
  const numbered = lines.filter((line) => /^\s*\d+(?:\.\d+)?\t/.test(line));
  const body = (numbered.length > 0 ? numbered : lines).map((line) =>
    line.replace(/^\s*\d+(?:\.\d+)?\t/, ''),
  );
  while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
  const shown = body.slice(0, READ_LINES);
  const head = [
    note ?? '',
    body.length <= READ_LINES
      ? `${found ? 'Found ' : ''}${path} (${body.length} line${plural(body.length)}):`
      : `${found ? 'Found ' : ''}${path}: the first ${READ_LINES} of ${body.length} lines:`,
  ]
    .filter(Boolean)
    .join(' ');
  if (
    body.length === 0 ||
    (/system-reminder|is empty/i.test(done.result.content) && body.length <= 1)
  )
    return { text: `${found ? `Found ${path}. ` : ''}${path} is empty.` };
  return { text: `${head}\n\n${codeBlock(shown.join('\n'))}` };
}

export function readAction(path: string, context: TurnContext, note?: string): Action {
  return toolAction(
    context,
    { name: 'read_file', args: { file_path: path }, intro: `Reading ${path} with read_file.` },
    (done) => readReport(done, note),
  );
}

/** A glob pattern that finds a bare name in any folder, in its usual spellings. */
export function namePattern(name: string): string {
  const hasExtension = /\.[A-Za-z0-9]{1,10}$/.test(name);
  const variants = [
    ...new Set([
      name,
      name.toLowerCase(),
      name.toUpperCase(),
      `${name.charAt(0).toUpperCase()}${name.slice(1).toLowerCase()}`,
      // "readme.md" finds README.md: an upper-case name keeps a lower-case extension.
      ...(hasExtension
        ? [
            name.replace(
              /^(.*)(\.[^.]+)$/,
              (_, stem: string, ext: string) => `${stem.toUpperCase()}${ext.toLowerCase()}`,
            ),
          ]
        : []),
    ]),
  ].map((variant) => variant.replace(/[*?[\]{},\\]/g, ''));
  const stems = variants.length === 1 ? variants[0]! : `{${variants.join(',')}}`;
  return hasExtension ? `**/${stems}` : `**/${stems}*`;
}

/** The paths a glob found for a name, best first: same name, same name without extension, others. */
function rank(name: string, paths: readonly string[], mine: boolean): string[] {
  const lower = name.toLowerCase();
  const base = (path: string) => path.split('/').at(-1)?.toLowerCase() ?? '';
  const score = (path: string) => {
    const b = base(path);
    let s = b === lower ? 3 : b.replace(/\.[^.]+$/, '') === lower ? 2 : 1;
    if (mine && path.startsWith('/memories/')) s += 0.5;
    if (
      !mine &&
      !path.startsWith('/memories/') &&
      !path.startsWith('/large_tool_results/') &&
      !path.startsWith('/conversation_history/')
    )
      s += 0.25;
    return s;
  };
  return [...paths]
    .filter((p) => !p.endsWith('/'))
    .sort((a, b) => score(b) - score(a) || a.length - b.length || a.localeCompare(b));
}

/** "open todo.md": a glob for the name, then read_file on the match (or a question when several). */
export function openAction(
  name: string,
  mine: boolean,
  context: TurnContext,
  note?: string,
): Action {
  const pattern = namePattern(name);
  return {
    accepts: (taken, next) =>
      (taken.length === 0 && next.call.name === 'glob') ||
      (taken.length === 1 && next.call.name === 'read_file'),
    step(done) {
      const [glob, read] = done;
      if (read) return readReport(read, note, `found`);
      if (!glob) {
        if (!hasTool(context, 'glob') || !hasTool(context, 'read_file'))
          return {
            text: 'The glob and read_file tools are not available in this thread, so I cannot open files here.',
          };
        return {
          call: {
            name: 'glob',
            args: { pattern },
            intro: `Looking for ${name} in the workspace with glob.`,
          },
        };
      }
      if (failed(glob)) return failure(glob);
      const paths = rank(
        name,
        noResult(glob.result.content) ? [] : pathList(glob.result.content),
        mine,
      );
      if (paths.length === 0)
        return {
          text: `I found no file named “${name}” in the workspace.`,
          suggestions: [SUGGEST.files],
        };
      const best = paths[0]!;
      const exact = paths.filter(
        (p) => (p.split('/').at(-1) ?? '').toLowerCase() === name.toLowerCase(),
      );
      const tied = exact.length > 1 && !mine ? exact : [];
      if (tied.length > 1) {
        return {
          text: `${tied.length} files are named ${name}: ${tied.map((p) => `\`${p}\``).join(', ')}. Which one?`,
          suggestions: tied.slice(0, 3).map((p) => `Open ${p}`),
        };
      }
      return {
        call: {
          name: 'read_file',
          args: { file_path: best },
          intro: `Reading ${best} with read_file.`,
        },
      };
    },
  };
}

export function locateAction(name: string, context: TurnContext): Action {
  return toolAction(
    context,
    { name: 'glob', args: { pattern: namePattern(name) }, intro: `Looking for ${name} with glob.` },
    (done) => {
      if (failed(done)) return failure(done);
      const paths = rank(
        name,
        noResult(done.result.content) ? [] : pathList(done.result.content),
        false,
      );
      if (paths.length === 0)
        return {
          text: `I found no file named “${name}” in the workspace.`,
          suggestions: [SUGGEST.files],
        };
      return {
        text: `Found ${paths.length === 1 ? '' : `${paths.length} files: `}${paths
          .slice(0, 10)
          .map((p) => `\`${p}\``)
          .join(', ')}.`,
        suggestions: paths.slice(0, 2).map((p) => `Open ${p}`),
      };
    },
  );
}

export function searchAction(
  pattern: string,
  path: string | undefined,
  context: TurnContext,
  name?: string,
): Action {
  // A file by name ("the README"): grep's glob filters file names, in the usual spellings.
  const glob = name ? namePattern(name).replace(/^\*\*\//, '') : undefined;
  const args: Record<string, unknown> = {
    pattern,
    output_mode: 'content',
    ...(path ? { path } : {}),
    ...(glob ? { glob } : {}),
  };
  const where = path ?? (name ? `the files named ${name}` : undefined);
  return toolAction(
    context,
    {
      name: 'grep',
      args,
      intro: `Searching${where ? ` ${where}` : ''} for “${pattern}” with grep.`,
    },
    (done) => {
      if (failed(done)) return failure(done);
      const lines = noResult(done.result.content) ? [] : nonEmptyLines(done.result.content);
      const matches = lines.filter((line) => /^\s+\d+:/.test(line));
      const files = lines
        .filter((line) => !/^\s+\d+:/.test(line))
        .map((line) => line.replace(/:$/, ''));
      if (lines.length === 0)
        return {
          text: `No matches for “${pattern}”${where ? ` in ${where}` : ''}.`,
          suggestions: [SUGGEST.files],
        };
      const count = matches.length > 0 ? matches.length : lines.length;
      const shown = lines.slice(0, 12);
      return {
        text: `${count} line${plural(count)} matched “${pattern}”${files.length > 0 ? ` in ${files.length} file${plural(files.length)}` : ''}:\n\n${codeBlock(shown.join('\n'))}${lines.length > shown.length ? `\n\n… and ${lines.length - shown.length} more lines.` : ''}`,
        suggestions: files.slice(0, 2).map((f) => `Open ${f}`),
      };
    },
  );
}

export function globAction(
  pattern: string,
  path: string | undefined,
  context: TurnContext,
): Action {
  const args: Record<string, unknown> = { pattern, ...(path ? { path } : {}) };
  return toolAction(
    context,
    { name: 'glob', args, intro: `Looking for files matching ${pattern} with glob.` },
    (done) => {
      if (failed(done)) return failure(done);
      const entries = noResult(done.result.content) ? [] : pathList(done.result.content);
      if (entries.length === 0)
        return { text: `No files match ${pattern}.`, suggestions: [SUGGEST.files] };
      const shown = entries.slice(0, 15).map((entry) => `- \`${entry}\``);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      return {
        text: `${entries.length} file${plural(entries.length)} match${entries.length === 1 ? 'es' : ''} ${pattern}:\n\n${shown.join('\n')}${more}`,
        suggestions: entries.slice(0, 1).map((entry) => `Open ${entry}`),
      };
    },
  );
}

// --- Compaction ----------------------------------------------------------------------------------

interface Seen {
  /** The offloaded file, or true when only an earlier answer of mine says so. */
  offload?: string | true;
  truncated: boolean;
  summarized?: string;
}

/** The first sentence of a tour report: kept by extractive summaries, so it carries forward. */
const STATUS =
  /Compaction so far: offload (✓|not yet), truncation (✓|not yet), summarization (✓|not yet)\./;

/**
 * What the request shows of compaction so far: an offloaded result, cut inputs, a summary, or an
 * earlier report of mine saying so (the evidence itself may have been summarized away since).
 */
export function compactionSeen(context: TurnContext): Seen {
  let offload: string | true | undefined;
  let truncated = false;
  let summarized: string | undefined;
  for (const message of context.messages) {
    const said = STATUS.exec(message.content);
    if (said && message.role !== 'tool') {
      if (said[1] === '✓') offload ??= true;
      if (said[2] === '✓') truncated = true;
      if (said[3] === '✓') summarized ??= '/conversation_history/';
    }
    if (message.role === 'tool') {
      const match = /saved to (\/large_tool_results\/[^\s,;]+?)[.,;]?(?:\s|$)/.exec(
        message.content,
      );
      if (match?.[1] && /too large to show here/.test(message.content)) offload = match[1];
    } else if (message.role === 'assistant') {
      if ((message.toolCalls ?? []).some((call) => call.arguments.includes('…[truncated ')))
        truncated = true;
    } else if (message.role === 'user' && message.id.startsWith('summary_')) {
      summarized =
        /(\/conversation_history\/\S+?\.md)/.exec(message.content)?.[1] ?? '/conversation_history/';
    }
  }
  return { ...(offload ? { offload } : {}), truncated, ...(summarized ? { summarized } : {}) };
}

const TRIGGER_NOTE =
  'Compaction starts once a request passes the trigger: 15% of a 32,000-token window on the Stress preset, 85% of the window by default.';

/** Where the tour stands (a status sentence, then a short list) and what to try next. */
function tourStatus(
  context: TurnContext,
  justDid: string,
): { text: string; suggestions: string[] } {
  const seen = compactionSeen(context);
  const mark = (done: boolean) => (done ? '✓' : 'not yet');
  const status = `Compaction so far: offload ${mark(Boolean(seen.offload))}, truncation ${mark(seen.truncated)}, summarization ${mark(Boolean(seen.summarized))}.`;
  const lines = [
    `- **Offload**: ${typeof seen.offload === 'string' ? `a large tool result was saved to \`${seen.offload}\`; my request has a preview and the path.` : seen.offload ? 'a large tool result was saved to /large_tool_results/ earlier (the summary took that turn).' : 'not yet (a tool result over the offload limit).'}`,
    `- **Truncation**: ${seen.truncated ? 'old write_file inputs are cut to a pointer to their file.' : 'not yet (old write_file inputs get cut once a request passes the trigger).'}`,
    `- **Summarization**: ${seen.summarized ? `older turns were summarized; the full history is in \`${seen.summarized}\`.` : 'not yet (older turns get summarized once a request passes the trigger).'}`,
  ];
  const all = Boolean(seen.offload) && seen.truncated && Boolean(seen.summarized);
  const next = all
    ? 'All three have happened: the Token usage panel marks each one on the chart, and a divider in the conversation shows where the summary took over.'
    : !seen.offload
      ? 'Next, a big computation makes a result large enough to offload.'
      : `Next, another long file makes the request grow. ${TRIGGER_NOTE}`;
  const suggestions = all
    ? [SUGGEST.aboutMe, SUGGEST.strategies]
    : !seen.offload
      ? [SUGGEST.offload, SUGGEST.longFile]
      : [SUGGEST.longFile];
  return { text: `${status} ${justDid}\n\n${lines.join('\n')}\n\n${next}`, suggestions };
}

function bigComputationCall(): { name: string; args: Record<string, unknown>; intro: string } {
  return {
    name: 'execute',
    args: { code: BIG_CODE },
    intro: `Running a big computation with execute: a table of ${BIG_COMPUTATION_ROWS.toLocaleString('en-US')} numbers with their squares, cubes and whether they are prime. A result that large is saved to /large_tool_results/ and I get a preview instead.`,
  };
}

function longFileCall(
  context: TurnContext,
  path?: string,
): { name: string; args: Record<string, unknown>; intro: string } {
  const n = lastLongFileNumber(context.messages) + 1;
  const file = path ?? `/notes/long-notes-${n}.md`;
  return {
    name: 'write_file',
    args: { file_path: file, content: longDocument(n) },
    intro: `Writing a long file (${LONG_FILE_SECTIONS} sections) to ${file} with write_file. Its full text is part of this call's input, so the context grows; once the request passes the compaction trigger, old write_file inputs are cut to a pointer and older turns are summarized.`,
  };
}

function stagedReport(
  done: Exchange,
  context: TurnContext,
): { text: string; suggestions: string[] } {
  if (failed(done)) return failure(done);
  const did =
    done.call.name === 'execute'
      ? `I ran the computation: ${BIG_COMPUTATION_ROWS.toLocaleString('en-US')} rows of output.`
      : `I wrote ${stringArg(done.args, 'file_path') ?? 'the file'} (${LONG_FILE_SECTIONS} sections).`;
  return tourStatus(context, did);
}

/** "Show me compaction": offload first (a big computation), then long files until all three show. */
export function tourAction(context: TurnContext): Action {
  const seen = compactionSeen(context);
  const call =
    !seen.offload && hasTool(context, 'execute') ? bigComputationCall() : longFileCall(context);
  return {
    accepts: (mine, next) =>
      mine.length === 0 && (next.call.name === 'execute' || next.call.name === 'write_file'),
    step(mine) {
      const done = mine[0];
      if (done) return stagedReport(done, context);
      if (!hasTool(context, call.name))
        return {
          text: `The ${call.name} tool is not available in this thread, so I cannot show compaction here.`,
        };
      return {
        call: {
          ...call,
          intro: `Showing compaction: offload, then truncation and summarization. ${call.intro}`,
        },
      };
    },
  };
}

export function longFileAction(context: TurnContext, path?: string): Action {
  return toolAction(context, longFileCall(context, path), (done) => stagedReport(done, context));
}

export function bigComputationAction(context: TurnContext): Action {
  return toolAction(context, bigComputationCall(), (done) => stagedReport(done, context));
}

// --- Explanations ---------------------------------------------------------------------------------

export function explainAction(topic: Topic): Action {
  switch (topic) {
    case 'compaction':
      return say(
        [
          'Compaction keeps a long session inside the context window, in three steps (as Deep Agents does):',
          '',
          '- **Offload**: a tool result over the offload limit is saved to /large_tool_results/ and the model gets a preview and the path.',
          '- **Truncation**: once a request passes the trigger, long write_file / edit_file inputs in older messages are cut to a pointer to their file.',
          '- **Summarization**: if that is not enough, older turns are summarized and the full history is saved to /conversation_history/.',
          '',
          TRIGGER_NOTE,
        ].join('\n'),
        [SUGGEST.compaction],
      );
    case 'truncation':
      return say(
        'Truncation is the second step of compaction, as in Deep Agents: once a request passes the trigger (85% of the context window by default, 15% on the Stress preset), the write_file and edit_file inputs in older messages that are longer than 2,000 characters (500 on Stress) are cut to their first 20 characters and a pointer to the file that holds the text. Only the request changes: the thread keeps every message, and the Token usage chart marks when it happened.',
        [SUGGEST.compaction, SUGGEST.longFile],
      );
    case 'offload':
      return say(
        'Offload: a tool result over the offload limit (20,000 tokens by default, 2,000 with the Stress preset) is saved to /large_tool_results/, and the model gets the path and the first lines; it can read the rest in slices with read_file.',
        [SUGGEST.offload],
      );
    case 'strategies':
      return say(
        [
          'A context strategy decides what of the conversation each model call carries. The ten here:',
          '',
          ...STRATEGY_LIST.map((strategy) => `- **${strategy.label}**: ${strategy.description}`),
          '',
          'Pick one for this thread with the “Context strategy” select above the conversation (I can’t switch it for you); the Strategy panel shows what it keeps. “Compare strategies” on an empty thread opens the arena, which replays one transcript through several side by side.',
        ].join('\n'),
        [SUGGEST.compaction, SUGGEST.aboutMe],
      );
    case 'fact-memory':
      return say(
        [
          'Fact memory keeps short facts about you in /memories/memory.json, as DeerFlow does. After a run, the memory updater reads the conversation and extracts statements such as "my name is …", "I work at …" or "I\'m learning …" (30 seconds after the run, or at once with "Update memory now" in the Facts panel).',
          '',
          'On every call the facts most similar to the last turns are injected in a `<memory>` block, within a token budget. Try: "I work at Acme and I\'m learning Rust", then open the Facts panel.',
        ].join('\n'),
        ["I work at Acme and I'm learning Rust"],
      );
    case 'arena':
      return say(
        'The Arena (the “Arena” button at the top) replays one transcript through several context strategies side by side: a built-in scenario, a past thread, a thread JSONL or a LoCoMo conversation. It shows tokens per turn and in total, extra model calls and probe recall (whether the evidence a probe needs is still in the context), and exports the results as CSV or JSON.',
        [SUGGEST.strategies],
      );
    case 'token-chart':
      return say(
        'The Token usage panel charts every model call: the estimated input stacked by section (system prompt, AGENTS.md memory, facts, summary, messages, tool results, tool schemas), with lines for the context window, the compaction trigger and the input the provider reported. A marker shows each event (offload, truncation, summarization, memory loaded or edited, facts updated); click one to open what it produced.',
        [SUGGEST.compaction],
      );
    case 'inspector':
      return say(
        'The Context tab (the Context inspector) shows the exact request the model would receive if you sent a message now, built by the same middleware as a real run: the system prompt, each memory block, every message and the tool schemas, each with its token count. “Copy as JSON” copies it.',
        [SUGGEST.compaction, SUGGEST.strategies],
      );
    case 'bundle':
      return say(
        'The Memory bundle panel (left, under the files) saves everything in one .zip with “Export bundle”: every file, the threads as JSONL, per-call token metrics as CSV and the settings, never an API key. “Import bundle” checks a bundle, previews the changes, and merges or replaces in one step. “Export one piece” saves only /memories/AGENTS.md, /memories/memory.json or the open thread.',
        [SUGGEST.aboutMe],
      );
    case 'memory':
      return say(
        [
          `My long-term memory is AGENTS.md files, as in Deep Agents: ${USER_MEMORY_PATH} is about you (it goes with you to every workspace) and /AGENTS.md is about the project. Both are loaded into my system prompt on every call.`,
          '',
          `When you ask me to remember something, or tell me a lasting fact (your name, a preference, an allergy, a standing rule), I add a line to ${USER_MEMORY_PATH} with edit_file; a “Memory updated” chip shows the diff and can undo it.`,
        ].join('\n'),
        [SUGGEST.remember, SUGGEST.aboutMe],
      );
  }
}

export function summarizeConversationAction(context: TurnContext): Action {
  const turns = conversationToSummarize(context.messages, true);
  if (!turns.some((turn) => turn.role === 'user'))
    return say(
      'There is nothing to summarise yet: this is the first message of the conversation.',
      [SUGGEST.help],
    );
  return say(
    `An extractive summary: sentences quoted from our conversation, since I'm a script and cannot write my own.\n\n${extractiveSummary(turns)}`,
  );
}

// --- Short answers ------------------------------------------------------------------------------

export const INTRO = "I'm the Demo provider: a fixed script in this page, not a language model.";

export function unsupportedAction(intent: Extract<Intent, { kind: 'unsupported' }>): Action {
  const said = intent.said.length > 60 ? `${intent.said.slice(0, 57).trimEnd()}…` : intent.said;
  // The request's own words when they read well after "I can't"; else the request quoted.
  const sentence = intent.task
    ? `I can't ${intent.task}: I'm a fixed script, not a language model.`
    : intent.request
      ? `“${said}” is something I can't do: I'm a fixed script, not a language model.`
      : `I don't understand “${said}”: I'm a fixed script, not a language model, and I follow only a few kinds of request.`;
  const suggestions = mentionsFiles(intent.said)
    ? [SUGGEST.files, SUGGEST.todo, SUGGEST.help]
    : /\b(?:remember|memory|memories|forget|my\s+name|about\s+me)\b/i.test(intent.said)
      ? [SUGGEST.aboutMe, SUGGEST.remember, SUGGEST.help]
      : [SUGGEST.help, SUGGEST.aboutMe, SUGGEST.files];
  return say(sentence, suggestions);
}
