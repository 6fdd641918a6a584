// LoCoMo conversations as turn-level retrieval reads them: the turns, the questions with evidence
// (adversarial ones and those without evidence ids left out, counted), and a turn's document text.

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { RankDoc } from '../../src/core/retrieval/rank';

export interface Turn {
  id: string;
  speaker: string;
  text: string;
  caption?: string;
  date: string;
  index: number;
}
export interface Question {
  question: string;
  evidence: string[];
  category: number;
}
export interface Conversation {
  name: string;
  turns: Turn[];
  questions: Question[];
  skippedAdversarial: number;
  skippedNoEvidence: number;
}

export function load(dir: string): Conversation[] {
  if (!existsSync(dir)) {
    console.error(`No LoCoMo data at ${dir} (give --data <dir of LoCoMo json files>).`);
    process.exit(2);
  }
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const root = (raw.conversation ?? raw) as Record<string, unknown>;
    const sessions = Object.keys(root)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
    const turns: Turn[] = [];
    for (const session of sessions) {
      const date = String(root[`session_${session}_date_time`] ?? '');
      for (const turn of root[`session_${session}`] as Record<string, unknown>[]) {
        turns.push({
          id: String(turn.dia_id),
          speaker: String(turn.speaker ?? ''),
          text: String(turn.text ?? ''),
          ...(typeof turn.blip_caption === 'string' ? { caption: turn.blip_caption } : {}),
          date,
          index: turns.length,
        });
      }
    }
    let skippedAdversarial = 0;
    let skippedNoEvidence = 0;
    const questions: Question[] = [];
    for (const qa of (raw.qa ?? []) as Record<string, unknown>[]) {
      const category = Number(qa.category);
      if (category === 5) {
        skippedAdversarial++;
        continue;
      }
      // Evidence is a list of ids, sometimes several in one string ("D8:6; D9:17").
      const evidence = ((qa.evidence ?? []) as unknown[])
        .flatMap((item) => String(item).split(/[\s,;]+/))
        .filter((id) => /^D\d+:\d+$/.test(id));
      if (evidence.length === 0) {
        skippedNoEvidence++;
        continue;
      }
      questions.push({ question: String(qa.question), evidence, category });
    }
    return {
      name: basename(file, '.json'),
      turns,
      questions,
      skippedAdversarial,
      skippedNoEvidence,
    };
  });
}

// --- Document text variants --------------------------------------------------------------------

export type DocStyle = 'text' | 'speaker' | 'speaker+caption' | 'speaker+caption+date';

export function turnText(turn: Turn, style: DocStyle): string {
  if (style === 'text') return turn.text;
  let text = `${turn.speaker}: ${turn.text}`;
  if (style !== 'speaker' && turn.caption) text += ` [shared an image: ${turn.caption}]`;
  if (style === 'speaker+caption+date') text += ` (${turn.date})`;
  return text;
}

/** The turn plus its neighbours (document expansion: the question a turn answers comes before it). */
export function withNeighbours(
  turns: Turn[],
  style: DocStyle,
  before: number,
  after: number,
): RankDoc[] {
  return turns.map((turn, i) => {
    const parts: string[] = [];
    for (let j = Math.max(0, i - before); j <= Math.min(turns.length - 1, i + after); j++) {
      const other = turns[j];
      if (other && other.date === turn.date) parts.push(turnText(other, style));
    }
    return { id: turn.id, text: parts.join('\n') };
  });
}
