// The arena's transcript: the recorded messages of one conversation (user, assistant with its tool
// calls, tool results) and the probes asked of it. A probe is a question with the message ids that
// hold its answer (its evidence) and the turn after which it is asked.

import type { ModelMessage } from '../agent/types';
import { splitTurns } from '../strategies/turns';
import { MAX_TRANSCRIPT_MESSAGES } from './errors';
import type { Turn } from '../strategies/types';
import type { RecordedBaseline } from '../autopsy/baseline';

export interface Probe {
  id: string;
  question: string;
  /** The expected answer, when known (scored when the model is asked, and as the derived-memory rule). */
  expected?: string;
  /** Ids of the transcript messages that hold the answer. */
  evidence: string[];
  /** Asked after this many turns have been replayed (1-based; the transcript's turn count = at the end). */
  at: number;
  /** A label such as "temporal" or "multi-hop" (LoCoMo's category). */
  category?: string;
}

/** 'session': another agent's session (core/sessions: Claude Code, Codex CLI, OpenAI…). */
export type TranscriptSource = 'scenario' | 'thread' | 'jsonl' | 'locomo' | 'session';

export interface Transcript {
  id: string;
  title: string;
  source: TranscriptSource;
  /** Every message in order: each turn starts with a user message. */
  messages: ModelMessage[];
  probes: Probe[];
  /** One line on where it came from, shown with the results. */
  note?: string;
  /**
   * An imported session's own run (another agent's calls and compactions): the arena shows it as
   * the "As recorded" row beside the strategies.
   */
  recorded?: RecordedBaseline;
}

export function transcriptTurns(transcript: Transcript): Turn[] {
  return splitTurns(transcript.messages);
}

/** Problems that make a transcript unusable, each naming the field (empty when it is fine). */
export function checkTranscript(transcript: Transcript): string[] {
  const problems: string[] = [];
  if (transcript.messages.length === 0) problems.push('messages: the transcript has no messages.');
  if (transcript.messages.length > MAX_TRANSCRIPT_MESSAGES)
    problems.push(
      `messages: ${transcript.messages.length.toLocaleString('en-US')} messages; at most ${MAX_TRANSCRIPT_MESSAGES.toLocaleString('en-US')} can be replayed.`,
    );
  const first = transcript.messages[0];
  if (first && first.role !== 'user')
    problems.push('messages[0]: a transcript must start with a user message.');
  const ids = new Set<string>();
  transcript.messages.forEach((message, i) => {
    if (ids.has(message.id)) problems.push(`messages[${i}].id: duplicate id '${message.id}'.`);
    ids.add(message.id);
  });
  const turns = transcriptTurns(transcript).length;
  const probeIds = new Set<string>();
  transcript.probes.forEach((probe, i) => {
    const where = `probes[${i}]`;
    if (probeIds.has(probe.id)) problems.push(`${where}.id: duplicate probe id '${probe.id}'.`);
    probeIds.add(probe.id);
    if (!probe.question.trim()) problems.push(`${where}.question: empty.`);
    if (probe.evidence.length === 0) problems.push(`${where}.evidence: names no message.`);
    for (const id of probe.evidence)
      if (!ids.has(id)) problems.push(`${where}.evidence: no message has the id '${id}'.`);
    if (!Number.isInteger(probe.at) || probe.at < 1 || probe.at > turns)
      problems.push(`${where}.at: must be a turn number from 1 to ${turns}.`);
  });
  return problems;
}
