// "Keep specifics" (a summarization option, off by default): the summary step is handed the
// specifics of the text it removes, ranked, and whatever the summary still dropped is kept beside it
// in a short "Specifics" block within a token budget, so the agent can cite them or re-read them
// from the history file. Ranking: pinned first, then those the kept conversation mentions again,
// then by kind (identifiers, numbers, paths and links before dates, names and quotes), then by how
// often they occur. Pure.

import type { ModelMessage } from '../agent/types';
import { buildHaystack, findSpecific } from '../recorder/match';
import { messagePart, pinKey } from '../recorder/record';
import type { Pins } from '../recorder/pins';
import { collectSpecifics, type Specific, type SpecificKind } from '../recorder/specifics';

/** Kinds in the order they are kept when the budget is short. */
const KIND_ORDER: readonly SpecificKind[] = [
  'identifier',
  'number',
  'path',
  'url',
  'email',
  'date',
  'name',
  'quote',
];

/** Specifics handed to the summarizer at most (the block is bounded by tokens as well). */
export const MAX_HANDED_SPECIFICS = 60;
/** Characters of the removed text read for specifics. */
const SCAN_CHARS = 250_000;

export const SPECIFICS_BLOCK_HEADING = '## SPECIFICS';
const INSTRUCTION_HEADING =
  'These details from the conversation may matter later. Keep each one exactly as written, in the section where it fits:';

export interface RankedSpecific extends Specific {
  why: 'pinned' | 'mentioned again' | 'kind';
}

/** The removed messages' specifics, most worth keeping first. */
export function rankSpecifics(
  removed: readonly ModelMessage[],
  later: readonly ModelMessage[],
  pins: Pins,
): RankedSpecific[] {
  const { specifics } = collectSpecifics(
    removed.map((m) => {
      const part = messagePart(m);
      return { text: part.text, origin: { label: part.label, id: m.id, role: m.role } };
    }),
    { maxChars: SCAN_CHARS },
  );
  const pinned = new Set(pins.specifics.map(pinKey));
  const laterText = buildHaystack(later.map((m) => messagePart(m).text).join('\n'), SCAN_CHARS);
  const ranked: RankedSpecific[] = specifics.map((s) => ({
    ...s,
    why: pinned.has(pinKey(s)) ? 'pinned' : findSpecific(laterText, s) ? 'mentioned again' : 'kind',
  }));
  const tier = { pinned: 0, 'mentioned again': 1, kind: 2 } as const;
  return ranked.sort(
    (a, b) =>
      tier[a.why] - tier[b.why] ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      b.occurrences - a.occurrences,
  );
}

/** The summarizer's instruction listing the ranked specifics ('' when there are none). */
export function keepSpecificsInstruction(ranked: readonly RankedSpecific[]): string {
  const listed = ranked.filter((s) => s.why !== 'pinned').slice(0, MAX_HANDED_SPECIFICS);
  if (listed.length === 0) return '';
  return [INSTRUCTION_HEADING, ...listed.map((s) => `- ${s.text}`)].join('\n');
}

export interface SpecificsBlock {
  /** The summary with the block after it (the summary alone when it dropped nothing). */
  summary: string;
  /** Specifics the summary dropped, and how many of them the block lists. */
  dropped: number;
  listed: number;
}

/**
 * The summary with a "Specifics" block of what it dropped of `ranked`, most worth keeping first,
 * within `budgetTokens` (the cut is said in the block's last line).
 */
export function withSpecificsBlock(
  summary: string,
  ranked: readonly RankedSpecific[],
  budgetTokens: number,
  count: (text: string) => number,
): SpecificsBlock {
  const haystack = buildHaystack(summary, SCAN_CHARS);
  const dropped = ranked.filter((s) => !findSpecific(haystack, s));
  if (dropped.length === 0) return { summary, dropped: 0, listed: 0 };
  const heading = `${SPECIFICS_BLOCK_HEADING}\nDetails of the summarized conversation the summary above leaves out, exactly as written (the history file has their context):`;
  const lines: string[] = [];
  let used = count(heading);
  for (const s of dropped) {
    const line = `- ${s.text} (${s.kind}${s.origin.label ? `, ${s.origin.label}` : ''})`;
    const cost = count(line) + 1;
    if (used + cost > budgetTokens) break;
    lines.push(line);
    used += cost;
  }
  if (lines.length === 0) return { summary, dropped: dropped.length, listed: 0 };
  const rest = dropped.length - lines.length;
  const tail =
    rest > 0 ? [`- … and ${rest.toLocaleString('en-US')} more (over the block's budget)`] : [];
  return {
    summary: `${summary.trimEnd()}\n\n${[heading, ...lines, ...tail].join('\n')}`,
    dropped: dropped.length,
    listed: lines.length,
  };
}
