// Saving to /memories/AGENTS.md: what "remember …" and a lasting statement do, in one edit_file
// (write_file when the file is missing); a new name replaces the old name line.

import { USER_MEMORY_PATH, type MemorySource } from '../agents-md';
import { SUGGEST } from '../common';
import { firstLines, stringArg } from '../text';
import { failed, hasTool, type Action, type Exchange, type TurnContext } from '../turn';
import { countOccurrences, uniqueTail } from './unique';

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

/** What to try after saving: a question that reads each kind of fact saved back. */
function afterSaving(facts: readonly string[]): string[] {
  const questions = facts.flatMap((fact) => {
    if (/^User's name is\b/.test(fact)) return [SUGGEST.name];
    if (/^User (?:lives in|is from|is based in|moved to)\b/.test(fact))
      return ['What city do I live in?'];
    if (/^User (?:works as|is an? )\b/.test(fact)) return ["What's my job?"];
    if (/^User works at\b/.test(fact)) return ['Where do I work?'];
    const person =
      /^User's (manager|boss|partner|wife|husband|mentor|colleague|teammate) is\b/.exec(fact);
    return person?.[1] ? [`Who is my ${person[1]}?`] : [];
  });
  // The name and the place first: what people ask back first.
  const order = [SUGGEST.name, 'What city do I live in?'];
  const rank = (q: string) => (order.includes(q) ? order.indexOf(q) : order.length);
  return [...new Set(questions)]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, 2)
    .concat(SUGGEST.aboutMe);
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

export function bullets(text: string): string[] {
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

export function comparable(line: string): string {
  return line
    .trim()
    .replace(/^(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/[\s.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
