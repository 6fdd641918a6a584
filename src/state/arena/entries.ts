// The arena's entries: one per strategy, ticked or not, with its settings as typed, and the
// variants (the same strategy again with other settings). Pure functions over the entry list.

import type { ArenaEntry } from '../../core/arena/arena';
import { selectionLabel } from '../../core/arena/arena';
import { getStrategy, parseStrategySettings } from '../../core/strategies/registry';
import { STRATEGY_IDS, type StrategyId } from '../../core/strategies/types';
import type { EntryState } from './types';

const DEFAULT_TICKED: StrategyId[] = ['sequential', 'sliding-window', 'retrieval'];

export function initialEntries(): EntryState[] {
  return STRATEGY_IDS.map((id) => ({
    key: id,
    id,
    values: structuredClone(getStrategy(id).defaults) as Record<string, unknown>,
    enabled: DEFAULT_TICKED.includes(id),
    variant: 0,
    problems: [],
  }));
}

/** The label of an entry: the strategy's name (checkbox), "… (variant 2)" for variants. */
export function entryLabel(entry: EntryState): string {
  const label = getStrategy(entry.id).label;
  return entry.variant ? `${label} (variant ${entry.variant + 1})` : label;
}

/** One field of one entry set to a value (its problems are cleared until the next check). */
export function withValue(
  entries: EntryState[],
  key: string,
  field: string,
  value: unknown,
): EntryState[] {
  return entries.map((e) =>
    e.key === key ? { ...e, values: { ...e.values, [field]: value }, problems: [] } : e,
  );
}

/** A ticked variant of `id` added after its last entry, with that entry's values. */
export function withVariant(
  entries: EntryState[],
  id: StrategyId,
): { entries: EntryState[]; added: EntryState } {
  const same = entries.filter((e) => e.id === id);
  const variant = Math.max(...same.map((e) => e.variant)) + 1;
  const base = same[same.length - 1]!;
  const added: EntryState = {
    key: `${id}#${variant + 1}`,
    id,
    values: structuredClone(base.values),
    enabled: true,
    variant,
    problems: [],
  };
  const at = entries.indexOf(base) + 1;
  return { entries: [...entries.slice(0, at), added, ...entries.slice(at)], added };
}

/**
 * Another agent's session: beside its "As recorded" row, Deep Agents and Deep Agents + keep
 * specifics are ticked (the comparison the session is imported for); nothing else is changed.
 */
export function tickForSession(entries: EntryState[]): EntryState[] {
  const hasKeep = entries.some((e) => e.id === 'deep-agents' && e.values.keepSpecifics === true);
  const ticked = entries.map((e) =>
    e.id === 'deep-agents' && (e.variant === 0 || e.values.keepSpecifics === true)
      ? { ...e, enabled: true }
      : e,
  );
  if (hasKeep) return ticked;
  const { entries: withKeep, added } = withVariant(ticked, 'deep-agents');
  return withValue(withKeep, added.key, 'keepSpecifics', true);
}

/**
 * The ticked entries checked: each one's settings parsed (problems shown beside it), and the
 * entries the worker runs, labelled.
 */
export function checkEntries(all: EntryState[]): {
  checked: EntryState[];
  entries: ArenaEntry[];
  problems: boolean;
} {
  let problems = false;
  const entries: ArenaEntry[] = [];
  const checked = all.map((entry) => {
    if (!entry.enabled) return { ...entry, problems: [] };
    const parsed = parseStrategySettings(entry.id, entry.values);
    if (!parsed.ok) {
      problems = true;
      return { ...entry, problems: parsed.problems };
    }
    const selection = { id: entry.id, settings: parsed.settings };
    entries.push({ key: entry.key, label: selectionLabel(selection), selection });
    return { ...entry, problems: [] };
  });
  // A variant reads by its settings ("Deep Agents + keep specifics"); only entries whose settings
  // read the same are told apart by their number.
  const seen = new Map<string, number>();
  for (const entry of entries) seen.set(entry.label, (seen.get(entry.label) ?? 0) + 1);
  for (const entry of entries) {
    const variant = all.find((e) => e.key === entry.key)?.variant ?? 0;
    if ((seen.get(entry.label) ?? 0) > 1 && variant > 0) entry.label += ` #${variant + 1}`;
  }
  return { checked, entries, problems };
}
