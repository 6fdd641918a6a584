// The ten context strategies, by id, and how a thread's choice is validated.

import { z } from 'zod';
import { stateSlot, type ThreadState } from '../agent/middleware';
import type { ContextStrategy, StrategyField, StrategyId, StrategySelection } from './types';
import { STRATEGY_IDS } from './types';
import { deepAgents, sequential } from './kinds/sequential';
import { slidingWindow } from './kinds/sliding-window';
import { summarization } from './kinds/summarization';
import { retrieval } from './kinds/retrieval';
import { memoryAugmented } from './kinds/memory-augmented';
import { hierarchical } from './kinds/hierarchical';
import { graph } from './kinds/graph';
import { compression } from './kinds/compression';
import { paging } from './kinds/paging';

// Each strategy has its own settings type; the registry holds them behind the common shape.
type AnyStrategy = ContextStrategy<Record<string, unknown>, unknown>;

export const STRATEGIES: Record<StrategyId, AnyStrategy> = {
  'deep-agents': deepAgents,
  sequential,
  'sliding-window': slidingWindow,
  summarization,
  retrieval,
  'memory-augmented': memoryAugmented,
  hierarchical,
  graph,
  compression,
  paging,
} as unknown as Record<StrategyId, AnyStrategy>;

export const STRATEGY_LIST: AnyStrategy[] = STRATEGY_IDS.map((id) => STRATEGIES[id]);

export const DEFAULT_STRATEGY: StrategyId = 'deep-agents';

export function isStrategyId(value: unknown): value is StrategyId {
  return typeof value === 'string' && (STRATEGY_IDS as readonly string[]).includes(value);
}

export function getStrategy(id: StrategyId): AnyStrategy {
  return STRATEGIES[id];
}

export function defaultSelection(id: StrategyId = DEFAULT_STRATEGY): StrategySelection {
  return { id, settings: structuredClone(getStrategy(id).defaults) };
}

function rangeOf(field: StrategyField | undefined): string {
  if (!field) return '';
  if (field.kind === 'number') return ` (valid range: ${field.min} to ${field.max})`;
  if (field.kind === 'select') return ` (one of: ${field.options.map((o) => o.label).join(', ')})`;
  if (field.kind === 'list') return ' (a comma-separated list of 1 to 50 words)';
  return '';
}

/**
 * Validates a strategy's settings. Missing keys take the defaults (settings saved before a key
 * existed); a value out of range is refused with the field's label and its valid range.
 */
export function parseStrategySettings(
  id: StrategyId,
  raw: Record<string, unknown>,
): { ok: true; settings: Record<string, unknown> } | { ok: false; problems: string[] } {
  const strategy = getStrategy(id);
  const result = strategy.schema.safeParse({ ...strategy.defaults, ...raw });
  if (result.success) return { ok: true, settings: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const field = strategy.fields.find((f) => f.key === key);
      return `${strategy.label}: ${field?.label ?? (key || 'settings')} — ${issue.message}${rangeOf(field)}.`;
    }),
  };
}

/** A selection read from storage or a bundle: unknown ids and bad settings fall back to defaults. */
export function normalizeSelection(raw: unknown): StrategySelection {
  if (!raw || typeof raw !== 'object') return defaultSelection();
  const { id, settings } = raw as { id?: unknown; settings?: unknown };
  if (!isStrategyId(id)) return defaultSelection();
  const parsed = parseStrategySettings(
    id,
    settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {},
  );
  return parsed.ok ? { id, settings: parsed.settings } : defaultSelection(id);
}

/**
 * The thread's chosen strategy, in thread state (the strategy's own state is `strategy`). Checked
 * as an object here; normalizeSelection checks the id and the settings.
 */
export const strategyChoiceSlot = stateSlot(
  'strategyChoice',
  z.object({ id: z.unknown(), settings: z.unknown() }).partial(),
);

// strategyOf runs before every model call and in renders: the selection a stored choice normalises
// to is kept per choice object (a choice is written whole, never changed in place), and the default
// per id. Both are frozen, so that a caller cannot change what the next caller gets.
const normalizedChoices = new WeakMap<object, StrategySelection>();
const defaultSelections = new Map<StrategyId, StrategySelection>();

function frozen(selection: StrategySelection): StrategySelection {
  for (const value of Object.values(selection.settings))
    if (typeof value === 'object' && value !== null) Object.freeze(value);
  Object.freeze(selection.settings);
  return Object.freeze(selection);
}

/**
 * The strategy a thread uses: its stored choice, or the default for new threads. The same choice
 * gives the same (frozen) selection object; copy its settings before changing them.
 */
export function strategyOf(
  state: ThreadState | undefined,
  defaultId: StrategyId,
): StrategySelection {
  const choice = strategyChoiceSlot.read(state);
  if (choice) {
    let selection = normalizedChoices.get(choice);
    if (!selection) {
      selection = frozen(normalizeSelection(choice));
      normalizedChoices.set(choice, selection);
    }
    return selection;
  }
  let selection = defaultSelections.get(defaultId);
  if (!selection) {
    selection = frozen(defaultSelection(defaultId));
    defaultSelections.set(defaultId, selection);
  }
  return selection;
}
