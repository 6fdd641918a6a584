// What the Strategy panel shows of a strategy's state, as plain data: each strategy kind describes
// its own sections (`ContextStrategy.panel`) from a small closed set of shapes, and the panel draws
// those shapes without knowing which strategy made them. A new strategy needs no change in the UI.

import type { LastCall, Turn } from './types';
import type { PanelPart, PanelSection } from './panel-types';
import { userText } from './turns';

/** A count as the panel writes it: 1,234. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "s" when a count is not one. */
export const plural = (n: number) => (n === 1 ? '' : 's');

/** "Turn 3: what the user asked" (the question cut to 70 characters, the cut marked). */
export function turnLabel(turns: readonly Turn[], index: number): string {
  const text = userText(turns[index] ?? { index, messages: [] });
  return `Turn ${index + 1}${text ? `: ${text.length > 70 ? `${text.slice(0, 67)}…` : text}` : ''}`;
}

/**
 * Facts with the turn they came from; those of the newest turn are tagged "new". Empty: the
 * `empty` line instead.
 */
export function factsPart(
  facts: readonly { text: string; turn: number }[],
  empty: string,
): PanelPart {
  if (facts.length === 0) return { kind: 'line', text: empty, muted: true };
  const newest = facts[facts.length - 1]!.turn;
  return {
    kind: 'items',
    items: facts.map((f, i) => ({
      key: String(i),
      text: f.text,
      detail: `turn ${f.turn + 1}`,
      tags: f.turn === newest ? [{ text: 'new', tone: 'new' as const }] : undefined,
    })),
  };
}

/** Which past turns the call sent as messages, in one sentence. */
function keptLine(kept: readonly number[], turnCount: number): string {
  if (kept.length === 0) return 'No earlier turn sent as messages.';
  if (kept.length === turnCount || kept.length > 6)
    return `Turns ${kept[0]! + 1}–${kept[kept.length - 1]! + 1} sent as messages (${kept.length}).`;
  return `Sent as messages: ${kept.map((i) => `turn ${i + 1}`).join(', ')}.`;
}

const turnList = (indices: readonly number[]) => indices.map((i) => `turn ${i + 1}`).join(', ');

/** The "Last model call" section, the same for every strategy: read from its call report. */
export function lastCallSection(report: LastCall, turnCount: number): PanelSection {
  const parts: PanelPart[] = [
    { kind: 'line', text: 'Question:', quote: report.query || '(none)' },
    { kind: 'line', text: keptLine(report.keptTurns, turnCount) },
  ];
  if (report.pageFaults)
    parts.push({
      kind: 'line',
      text: `Page faults: ${report.pageFaults.length === 0 ? 'none' : turnList(report.pageFaults)}`,
    });
  if (report.linkedEntities)
    parts.push({
      kind: 'line',
      text: `Linked entities: ${report.linkedEntities.length ? report.linkedEntities.join(', ') : 'none'}`,
    });
  if (report.scored && report.scored.length > 0)
    parts.push({
      kind: 'table',
      label: 'Retrieved',
      caption: `Scored by ${report.method ?? 'the ranker'} for this question`,
      columns: ['Document', 'Score', 'Injected'],
      rows: report.scored.map((s) => ({
        key: s.id,
        cells: [s.label, s.score.toFixed(2), s.injected ? 'yes' : 'no'],
        highlight: s.injected,
      })),
    });
  return { title: 'Last model call', parts };
}
