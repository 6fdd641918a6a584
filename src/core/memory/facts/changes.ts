// A write of memory.json in words, fact by fact, for the memory journal's chip and list: a line
// diff of two-space JSON says little ("content": moved three lines down), the facts added, removed
// and changed say what the agent will now believe.

import type { JournalSummary } from '../../fs/journal';
import {
  HISTORY_SECTIONS,
  USER_SECTIONS,
  parseMemoryJson,
  type Fact,
  type MemoryJson,
} from './schema';
import { MEMORY_JSON_PATH } from './store';

const SECTION_LABELS: Record<string, string> = {
  workContext: 'Work context',
  personalContext: 'Personal context',
  topOfMind: 'Top of mind',
  recentMonths: 'Recent months',
  earlierContext: 'Earlier context',
  longTermBackground: 'Long-term background',
};

function describeFact(fact: Fact): string {
  return `“${fact.content}” (${fact.category}, ${fact.confidence.toFixed(2)})`;
}

function parse(text: string | null): MemoryJson | undefined {
  if (text === null) return parse('');
  const parsed = parseMemoryJson(text);
  return parsed.ok ? parsed.memory : undefined;
}

/**
 * Facts added, removed and changed (by id), and summaries that changed. Undefined when neither side
 * is fact memory; a side that does not parse is said as such.
 */
export function describeFactChanges(
  before: string | null,
  after: string | null,
): JournalSummary | undefined {
  const a = parse(before);
  const b = after === null ? undefined : parse(after);
  const lines: JournalSummary['lines'] = [];
  if (after === null) {
    lines.push({
      kind: 'removed',
      text: `memory.json was deleted (${a?.facts.length ?? 0} facts)`,
    });
    return { title: 'Facts', lines, more: 0 };
  }
  if (!b) {
    lines.push({
      kind: 'changed',
      text: 'memory.json is no longer valid fact memory: fact injection skips it until it is fixed',
    });
    return { title: 'Facts', lines, more: 0 };
  }
  if (!a) {
    lines.push({
      kind: 'changed',
      text: 'memory.json was not valid fact memory before this write',
    });
  }
  const old = new Map((a?.facts ?? []).map((fact) => [fact.id, fact]));
  const now = new Map(b.facts.map((fact) => [fact.id, fact]));
  for (const fact of b.facts) {
    const was = old.get(fact.id);
    if (!was) lines.push({ kind: 'added', text: describeFact(fact) });
    else if (
      was.content !== fact.content ||
      was.category !== fact.category ||
      was.confidence !== fact.confidence
    )
      lines.push({ kind: 'changed', text: `${describeFact(was)} → ${describeFact(fact)}` });
  }
  for (const fact of a?.facts ?? []) {
    if (!now.has(fact.id)) lines.push({ kind: 'removed', text: describeFact(fact) });
  }
  for (const [group, names] of [
    ['user', USER_SECTIONS],
    ['history', HISTORY_SECTIONS],
  ] as const) {
    for (const name of names) {
      const before = (a?.[group] as Record<string, { summary: string }> | undefined)?.[name]
        ?.summary;
      const after = (b[group] as Record<string, { summary: string }>)[name]?.summary;
      if ((before ?? '') !== (after ?? ''))
        lines.push({
          kind: 'changed',
          text: `${SECTION_LABELS[name] ?? name}: ${after ? `“${after}”` : '(cleared)'}`,
        });
    }
  }
  return { title: 'Facts', lines, more: 0 };
}

/** The journal's describer for the app: memory.json in facts, other paths as a line diff. */
export function describeMemoryChange(
  path: string,
  before: string | null,
  after: string | null,
): JournalSummary | undefined {
  return path === MEMORY_JSON_PATH ? describeFactChanges(before, after) : undefined;
}
