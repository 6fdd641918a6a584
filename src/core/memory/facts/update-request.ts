// The fact updater's request: its instructions, the conversation it reads (user messages and final
// answers, each cut) and the model request with memory and conversation as data.

import type { Message, ModelMessage, ModelRequest } from '../../agent/types';
import { BOUNDS } from '../../limits';
import { FACT_CATEGORIES, type MemoryJson } from './schema';

/** Each message of the conversation is cut to this many characters, as DeerFlow does. */
export const MAX_MESSAGE_CHARS = BOUNDS.updaterMessageChars.value;

/** Opens the updater's instructions; the Demo provider recognises update requests by it. */
export const MEMORY_UPDATE_TAG = 'memory_update_instructions';

export const MEMORY_UPDATE_PROMPT = `<${MEMORY_UPDATE_TAG}>
You keep the long-term memory that a chat assistant has about its user. You receive the current
memory (JSON) and a new conversation between the user and the assistant. Work out what the
conversation teaches about the user and answer with the changes to make, as one JSON object.

Sections (each one a short text that replaces the old one when you update it, so carry over what
is still true and drop what is finished or no longer true):
- user.workContext: role, employer, main projects and tools (1 to 3 sentences).
- user.personalContext: languages, how the user likes to communicate, interests outside work
  (1 or 2 sentences).
- user.topOfMind: what the user is busy with these days; usually several threads at once
  (a few sentences). This changes most often.
- history.recentMonths: what the user did and explored over the last months (a paragraph).
- history.earlierContext: older patterns and projects that still matter (a few sentences).
- history.longTermBackground: stable background such as core expertise and lasting interests
  (2 to 4 sentences).
Set "shouldUpdate": true only when the conversation adds or changes something in that section.

Facts: short statements about the user that stand on their own, with concrete names, numbers and
versions kept. Give each one category:
- preference: what the user likes or dislikes, chosen tools, styles and formats
- knowledge: skills, expertise, technologies and domains the user knows
- context: background such as job, employer, projects, location, languages
- behavior: habits, ways of working, communicating or solving problems
- goal: aims, plans, things the user wants to learn, build or reach
and a confidence between 0 and 1:
- 0.9 to 1.0: the user said it outright ("I work at …", "I prefer …")
- 0.7 to 0.89: strongly implied by what the user said or did
- below 0.7: an inference; such facts are not kept, so add one only with its honest confidence
Do not add a fact that the memory already holds with the same meaning. When the conversation
contradicts a fact in the memory, or the user asks to forget it, put that fact's id in
factsToRemove (and add the corrected fact, if there is one).

Never store passwords, API keys, tokens or other secrets, one-off details of the current task,
or anything the user did not mean to keep. Write in the language the user writes in, and keep
names and technical terms as they are.

Answer with the JSON object only (no explanation, no Markdown), in this shape:
{
  "user": {
    "workContext": { "summary": "…", "shouldUpdate": false },
    "personalContext": { "summary": "…", "shouldUpdate": false },
    "topOfMind": { "summary": "…", "shouldUpdate": false }
  },
  "history": {
    "recentMonths": { "summary": "…", "shouldUpdate": false },
    "earlierContext": { "summary": "…", "shouldUpdate": false },
    "longTermBackground": { "summary": "…", "shouldUpdate": false }
  },
  "newFacts": [
    { "content": "…", "category": "${FACT_CATEGORIES.join('|')}", "confidence": 0.9 }
  ],
  "factsToRemove": ["fact_id"]
}
</${MEMORY_UPDATE_TAG}>`;

export interface ConversationLine {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * User messages and final assistant answers (no tool calls, no tool results, no notices, no
 * interrupted answers), each cut to MAX_MESSAGE_CHARS characters.
 */
export function conversationForUpdate(
  messages: readonly (Message | ModelMessage)[],
  maxChars = MAX_MESSAGE_CHARS,
): ConversationLine[] {
  const lines: ConversationLine[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.content.trim();
      if (text) lines.push({ role: 'user', text: cut(text, maxChars) });
    } else if (message.role === 'assistant' && !message.toolCalls?.length && !message.stopped) {
      const text = message.content.trim();
      if (text) lines.push({ role: 'assistant', text: cut(text, maxChars) });
    }
  }
  return lines;
}

/** At most `max` characters of the text (never half a surrogate pair), "…" marking a cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Our tag names inside conversation text cannot close or open the request's blocks. */
function escapeTags(text: string): string {
  return text.replace(
    /<(\s*\/?\s*)(conversation|current_memory|memory_update_instructions|memory)\b/gi,
    '&lt;$1$2',
  );
}

export function formatConversation(lines: readonly ConversationLine[]): string {
  return lines
    .map((line) => `${line.role === 'user' ? 'User' : 'Assistant'}: ${escapeTags(line.text)}`)
    .join('\n\n');
}

/** The model request for an update: instructions as system prompt, memory and conversation as data. */
export function buildUpdateRequest(
  conversation: readonly (Message | ModelMessage)[],
  memory: MemoryJson,
  options: { model?: string; maxOutputTokens?: number; now?: number } = {},
): ModelRequest {
  const lines = conversationForUpdate(conversation);
  const content = [
    '<current_memory>',
    escapeTags(JSON.stringify(memory, null, 2)),
    '</current_memory>',
    '',
    '<conversation>',
    formatConversation(lines),
    '</conversation>',
  ].join('\n');
  return {
    purpose: 'fact-update',
    model: options.model ?? '',
    system: MEMORY_UPDATE_PROMPT,
    messages: [{ role: 'user', id: 'memory-update', content, createdAt: options.now ?? 0 }],
    tools: [],
    ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
  };
}
