// A thread as a transcript: a past thread of the app, or the bundle's thread JSONL (the same parser
// as bundle import). Probes may travel in the header line as `arenaProbes`:
//   "arenaProbes": [{"question": "…", "answer": "…", "evidence": ["msg_…"], "at": 3}]
// (`at`: the turn after which it is asked, default the last turn). Without them the arena measures
// tokens only.

import { recordedBaselineOfThread } from '../autopsy/baseline';
import { isModelMessage, type ModelMessage } from '../agent/types';
import type { Thread } from '../thread/thread';
import { threadFromJsonl } from '../bundle/jsonl';
import { splitTurns } from '../strategies/turns';
import { ArenaInputError, asArenaInput } from './errors';
import type { Probe, Transcript } from './transcript';

/**
 * A message as the arena replays it: only the fields a replay reads, as plain strings, numbers and
 * booleans. Whatever else a record carries (a bundle's thread records are loose: fields of newer
 * versions travel through) stays out, so nothing unknown reaches the worker (postMessage) or the
 * kept runs (IndexedDB): a 100,000-deep array in an extra field hung the arena.
 */
export function plainMessage(message: ModelMessage): ModelMessage {
  const base = {
    id: String(message.id),
    content: String(message.content),
    createdAt: Number(message.createdAt),
  };
  switch (message.role) {
    case 'user':
      return { role: 'user', ...base };
    case 'assistant':
      return {
        role: 'assistant',
        ...base,
        ...(message.toolCalls?.length
          ? {
              toolCalls: message.toolCalls.map((call) => ({
                id: String(call.id),
                name: String(call.name),
                arguments: String(call.arguments),
              })),
            }
          : {}),
        ...(message.stopped === 'aborted' || message.stopped === 'error'
          ? { stopped: message.stopped }
          : {}),
      };
    case 'tool':
      return {
        role: 'tool',
        ...base,
        toolCallId: String(message.toolCallId),
        toolName: String(message.toolName),
        ...(message.isError === true ? { isError: true } : {}),
      };
  }
}

export function transcriptFromThread(
  thread: Thread,
  source: 'thread' | 'jsonl' = 'thread',
): Transcript {
  const messages = thread.messages.filter(isModelMessage).map(plainMessage);
  const start = messages.findIndex((m) => m.role === 'user');
  // A thread imported from another agent's session carries that agent's own run ("As recorded").
  const recorded = recordedBaselineOfThread(thread);
  return {
    ...(recorded ? { recorded } : {}),
    id: `${source}:${thread.id}`,
    title: String(thread.title || 'Untitled thread'),
    source,
    messages: start > 0 ? messages.slice(start) : messages,
    probes: [],
    note:
      start > 0 ? `${start} message(s) before the first user message were left out.` : undefined,
  };
}

export function transcriptFromJsonl(text: string, fileName: string): Transcript {
  const thread = asArenaInput(() => threadFromJsonl(text, fileName));
  const transcript = transcriptFromThread(thread, 'jsonl');
  const header = JSON.parse(
    text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')),
  ) as {
    arenaProbes?: unknown;
  };
  if (header.arenaProbes !== undefined)
    transcript.probes = readProbes(header.arenaProbes, transcript, `${fileName} line 1`);
  if (transcript.messages.length === 0)
    throw new ArenaInputError(
      `${fileName}: the thread has no user or assistant messages to replay.`,
    );
  return transcript;
}

function readProbes(raw: unknown, transcript: Transcript, where: string): Probe[] {
  if (!Array.isArray(raw)) throw new ArenaInputError(`${where}: arenaProbes must be a list.`);
  const ids = new Set(transcript.messages.map((m) => m.id));
  const turns = splitTurns(transcript.messages).length;
  return raw.map((item: unknown, i) => {
    const field = (name: string) => `${where}: arenaProbes[${i}].${name}`;
    if (!item || typeof item !== 'object')
      throw new ArenaInputError(`${where}: arenaProbes[${i}] must be an object.`);
    const p = item as Record<string, unknown>;
    if (typeof p.question !== 'string' || !p.question.trim())
      throw new ArenaInputError(`${field('question')} is missing (a probe needs its question).`);
    if (!Array.isArray(p.evidence) || p.evidence.length === 0)
      throw new ArenaInputError(`${field('evidence')} is missing (a list of message ids).`);
    for (const id of p.evidence)
      if (typeof id !== 'string' || !ids.has(id))
        throw new ArenaInputError(
          `${field('evidence')}: no message has the id ${JSON.stringify(id)}.`,
        );
    const at = p.at === undefined ? turns : p.at;
    if (typeof at !== 'number' || !Number.isInteger(at) || at < 1 || at > turns)
      throw new ArenaInputError(`${field('at')} must be a turn number from 1 to ${turns}.`);
    if (p.answer !== undefined && typeof p.answer !== 'string' && typeof p.answer !== 'number')
      throw new ArenaInputError(`${field('answer')} must be text.`);
    return {
      id: `p${i + 1}`,
      question: p.question,
      evidence: p.evidence as string[],
      at,
      ...(p.answer !== undefined ? { expected: String(p.answer) } : {}),
    };
  });
}
