// Questions about the user: the name, what memory holds about them, what they said earlier in the
// conversation, and any other question answered from memory, naming the lines used.

import { profileFacts } from '../../../text/profile';
import { USER_MEMORY_PATH } from '../agents-md';
import { SUGGEST } from '../common';
import { say, type Action, type TurnContext } from '../turn';
import { conversationToSummarize, extractiveSummary } from '../summarizer';
import { recallFromThread, threadRecallAction } from './recall-fallback';
import { answerFromMemory, memoryLines, type MemoryLine } from './qa';

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

/** Whether "What's my name?" has an answer: in memory, or said earlier in the thread. */
function knowsName(context: TurnContext): boolean {
  return Boolean(nameFromMemory(context) ?? nameSaid(context));
}

/** The name the user gave earlier in the thread, newest first. */
function nameSaid(context: TurnContext): string | undefined {
  for (const text of [...context.earlierUser].reverse()) {
    const name = profileFacts(text).findLast((fact) => fact.slot === 'name')?.value;
    if (name) return name;
  }
  return undefined;
}

export function askNameAction(context: TurnContext): Action {
  const found = nameFromMemory(context);
  if (found) {
    return say(
      `Your name is **${found.name}**. Used ${where(found.line)}: “${quoteText(found.line.text)}”`,
      [SUGGEST.aboutMe],
    );
  }
  const said = nameSaid(context);
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
  // A name said earlier in the thread that memory does not hold ("who am I?" after "people call
  // me Bex"): said beside what memory holds, or alone.
  const recalled = nameFromMemory(context)
    ? undefined
    : recallFromThread('my name', context, { slot: 'name' });
  const lower = recalled && `${recalled.text.charAt(0).toLowerCase()}${recalled.text.slice(1)}`;
  // "What's my name?" only where it has an answer (issue 33: it was offered, then not known).
  if (held)
    return say(
      lower ? `${held}\n\nIn this conversation, ${lower}` : held,
      knowsName(context) ? [SUGGEST.name] : [],
    );
  if (lower) return say(`My memory holds nothing about you yet, but ${lower}`, [SUGGEST.remember]);
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
  return say(parts.join('\n\n'), [
    'Summarize our conversation',
    ...(knowsName(context) ? [SUGGEST.name] : []),
  ]);
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
  if (answer.found) return say(answer.text);
  // No pattern and no memory line answered: what the user said earlier in the thread may.
  return threadRecallAction(question, context) ?? say(answer.text, [SUGGEST.aboutMe, SUGGEST.help]);
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
