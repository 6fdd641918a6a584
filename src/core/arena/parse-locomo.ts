// A LoCoMo conversation (Maharana et al. 2024) as a transcript: `speaker_a` → user, `speaker_b` →
// assistant (if the conversation opens with speaker_b, the roles swap, so every turn starts with a
// user message); each `session_N` line becomes a message whose id is its `dia_id` and whose time is
// the session's `session_N_date_time` (a minute per line), so date options work. A line keeps its
// speaker's name (`speaker` on the message: the text stays what was said), and a line where the
// speaker shares a photo keeps the dataset's description of it (`blip_caption`, as the LoCoMo
// paper's own retriever read it) after the text: "… [shared an image: a photo of a dog …]". The
// dataset's `img_url` and `query` (how its authors found the image) are not part of what was
// said and are left out. Each `qa` entry
// becomes a probe asked at the end, its `evidence` dia ids naming the messages. Adversarial
// questions (category 5) have no answer in the conversation and are left out, as the LoCoMo
// harness does for recall; evidence ids that name no line (typos in the data) are left out and
// counted in the note.

import type { ModelMessage } from '../agent/types';
import { parseJsonAt } from '../bundle/jsonl';
import { splitTurns } from '../strategies/turns';
import { ArenaInputError, asArenaInput } from './errors';
import type { Probe, Transcript } from './transcript';
import { parseLocomoDate } from '../time';

const CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

export function looksLikeLocomo(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && 'speaker_a' in value;
}

export function transcriptFromLocomo(text: string, fileName: string): Transcript {
  return locomoTranscript(
    asArenaInput(() => parseJsonAt(text, fileName)),
    fileName,
  );
}

export function locomoTranscript(value: unknown, fileName: string): Transcript {
  const fail = (field: string, reason: string) =>
    new ArenaInputError(`${fileName}: field ${field} ${reason}`);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ArenaInputError(`${fileName}: expected a LoCoMo conversation object.`);
  // The official file nests the conversation under `conversation`; the shared files are flat.
  const root = value as Record<string, unknown>;
  const conv = (
    root.conversation && typeof root.conversation === 'object' ? root.conversation : root
  ) as Record<string, unknown>;
  const speakerA = conv.speaker_a;
  const speakerB = conv.speaker_b;
  if (typeof speakerA !== 'string' || !speakerA) throw fail('speaker_a', 'is missing.');
  if (typeof speakerB !== 'string' || !speakerB) throw fail('speaker_b', 'is missing.');
  for (const [field, name] of [
    ['speaker_a', speakerA],
    ['speaker_b', speakerB],
  ] as const)
    if (name.length > MAX_SPEAKER)
      throw fail(field, `is longer than ${MAX_SPEAKER} characters (a speaker's name).`);

  const sessions = Object.keys(conv)
    .map((key) => /^session_(\d+)$/.exec(key))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  if (sessions.length === 0) throw fail('session_1', 'is missing (no sessions).');

  const messages: ModelMessage[] = [];
  const ids = new Set<string>();
  let userSpeaker: string | undefined;
  let captions = 0;
  let cutCaptions = 0;
  for (const n of sessions) {
    const key = `session_${n}`;
    const lines = conv[key];
    if (!Array.isArray(lines)) throw fail(key, 'must be a list of turns.');
    const dateRaw = conv[`${key}_date_time`];
    if (typeof dateRaw !== 'string') throw fail(`${key}_date_time`, 'is missing.');
    const date = parseLocomoDate(dateRaw);
    if (date === undefined)
      throw fail(`${key}_date_time`, `is not a date: ${JSON.stringify(dateRaw)}.`);
    lines.forEach((line: unknown, i) => {
      const where = `${key}[${i}]`;
      if (!line || typeof line !== 'object') throw fail(where, 'must be an object.');
      const {
        speaker,
        dia_id: diaId,
        text,
        blip_caption: caption,
      } = line as Record<string, unknown>;
      if (typeof speaker !== 'string') throw fail(`${where}.speaker`, 'is missing.');
      if (speaker !== speakerA && speaker !== speakerB)
        throw fail(
          `${where}.speaker`,
          `names neither speaker_a nor speaker_b (${JSON.stringify(speaker)}).`,
        );
      if (typeof diaId !== 'string' || !diaId) throw fail(`${where}.dia_id`, 'is missing.');
      if (ids.has(diaId)) throw fail(`${where}.dia_id`, `repeats ${JSON.stringify(diaId)}.`);
      if (typeof text !== 'string') throw fail(`${where}.text`, 'is missing.');
      if (caption !== undefined && typeof caption !== 'string')
        throw fail(`${where}.blip_caption`, 'must be text (the description of a shared image).');
      ids.add(diaId);
      userSpeaker ??= speaker;
      const createdAt = date + i * 60_000;
      let content = text;
      const described = caption?.replace(/\s+/g, ' ').trim();
      if (described) {
        captions++;
        let shown = described;
        if (shown.length > MAX_CAPTION) {
          cutCaptions++;
          shown = `${shown.slice(0, MAX_CAPTION)}…`;
        }
        content = `${text}${text ? ' ' : ''}[shared an image: ${shown}]`;
      }
      messages.push(
        speaker === userSpeaker
          ? { role: 'user', id: diaId, content, createdAt, speaker }
          : { role: 'assistant', id: diaId, content, createdAt, speaker },
      );
    });
  }
  if (messages.length === 0) throw fail('session_1', 'has no turns.');

  const qa = root.qa ?? conv.qa;
  if (!Array.isArray(qa)) throw fail('qa', 'is missing (a list of questions with evidence).');
  const turns = splitTurns(messages).length;
  const probes: Probe[] = [];
  let adversarial = 0;
  let unknownIds = 0;
  let dropped = 0;
  qa.forEach((item: unknown, i) => {
    const where = `qa[${i}]`;
    if (!item || typeof item !== 'object') throw fail(where, 'must be an object.');
    const q = item as Record<string, unknown>;
    if (typeof q.question !== 'string' || !q.question.trim())
      throw fail(`${where}.question`, 'is missing (a probe needs its question).');
    if (!Array.isArray(q.evidence))
      throw fail(`${where}.evidence`, 'is missing (a probe needs its evidence turn ids).');
    if (q.category === 5) {
      adversarial++;
      return;
    }
    const evidence: string[] = [];
    for (const raw of q.evidence) {
      if (typeof raw !== 'string') throw fail(`${where}.evidence`, 'must list turn ids as text.');
      for (const id of raw.split(/[;,\s]+/).filter(Boolean)) {
        if (ids.has(id)) evidence.push(id);
        else unknownIds++;
      }
    }
    if (evidence.length === 0) {
      dropped++;
      return;
    }
    const answer = q.answer;
    probes.push({
      id: `q${i + 1}`,
      question: q.question,
      evidence: [...new Set(evidence)],
      at: turns,
      ...(typeof answer === 'string' || typeof answer === 'number'
        ? { expected: String(answer) }
        : {}),
      ...(typeof q.category === 'number' && CATEGORIES[q.category]
        ? { category: CATEGORIES[q.category] }
        : {}),
    });
  });
  const notes = [
    `LoCoMo: ${userSpeaker} as the user, ${userSpeaker === speakerA ? speakerB : speakerA} as the assistant; ${sessions.length} sessions, ${messages.length} lines.`,
    captions ? `${captions} lines share an image: its description follows the text` : '',
    cutCaptions
      ? `${cutCaptions} image descriptions cut to ${MAX_CAPTION} characters (marked …)`
      : '',
    `${probes.length} probes asked after the last turn`,
    adversarial
      ? `${adversarial} adversarial questions left out (no answer in the conversation)`
      : '',
    unknownIds ? `${unknownIds} evidence ids that name no line left out` : '',
    dropped ? `${dropped} questions without usable evidence left out` : '',
  ].filter(Boolean);
  return {
    id: `locomo:${fileName}`,
    title: `${fileName} (${speakerA} & ${speakerB})`,
    source: 'locomo',
    messages,
    probes,
    note: `${notes.join('; ')}.`,
  };
}

/** Longest speaker name and image description kept (LoCoMo's are under 20 and 200). */
const MAX_SPEAKER = 100;
const MAX_CAPTION = 1000;
