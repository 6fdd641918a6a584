// The extractive summarizer: answers a compaction summary request with SESSION INTENT, SUMMARY,
// ARTIFACTS and NEXT STEPS built only from text quoted from the conversation.

import type { ModelMessage } from '../../agent/types';
import { DEMO_TAG, clip, parseArgs, squash, stringArg, stripTag } from './text';
import { parseJsonList } from '../../text/json-scan';

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

export interface Turn {
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
export function conversationToSummarize(
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
  const turns: Turn[] = [];
  for (const item of parseJsonList(text)) {
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

/**
 * Sections SESSION INTENT, SUMMARY, ARTIFACTS and NEXT STEPS, built only from quoted text. Each
 * `mustKeep` detail (the user's pinned specifics, as the summary request lists them) that the
 * summary would not hold is added to SUMMARY with the sentence of the conversation that says it.
 */
export function extractiveSummary(
  turns: readonly Turn[],
  mustKeep: readonly string[] = [],
): string {
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

  const written = [intent, ...shownPoints, ...shownArtifacts, next].join('\n');
  const pinned = mustKeep
    .filter((detail) => detail !== '' && !written.includes(detail))
    .map((detail) => {
      const source = turns.find((turn) => turn.text.includes(detail));
      const sentence = source && sentenceWith(source.text, detail);
      return sentence ? `Pinned: ${detail} (“${sentence}”)` : `Pinned: ${detail}`;
    });

  return [
    '## SESSION INTENT',
    intent || '(No user request in the summarised part.)',
    '',
    '## SUMMARY',
    `Extractive summary: sentences quoted from the conversation. ${DEMO_TAG}`,
    ...pinned.map((point) => `- ${point}`),
    ...(shownPoints.length > 0
      ? shownPoints.map((point) => `- ${point}`)
      : pinned.length > 0
        ? []
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
/** The sentence of `text` that holds `detail` (clipped around it when long), squashed. */
function sentenceWith(text: string, detail: string): string {
  const flat = squash(stripTag(text));
  const at = flat.indexOf(detail);
  if (at < 0) return '';
  const before = flat.slice(0, at);
  const start = Math.max(before.search(/[^.!?]*$/), at - MAX_SENTENCE_CHARS / 2);
  const end = /[.!?](?=\s|$)/g;
  end.lastIndex = at + detail.length;
  const stop = end.exec(flat);
  const sentence = flat.slice(start, stop ? stop.index + 1 : flat.length).trim();
  return sentence.length <= MAX_SENTENCE_CHARS + detail.length
    ? sentence
    : clip(sentence, MAX_SENTENCE_CHARS + detail.length);
}

function firstSentence(text: string): string {
  const flat = squash(text);
  if (flat === '') return '';
  const end = /[.!?](?=\s|$)/.exec(flat);
  return clip(end ? flat.slice(0, end.index + 1) : flat, MAX_SENTENCE_CHARS);
}
