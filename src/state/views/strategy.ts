// The Strategy panel's view: what the open thread's strategy shows, computed from the thread and the
// settings. The strategy describes its own sections (`ContextStrategy.panel`); this adds what every
// strategy shows (turns, extra model calls, the last step failure, the last call).

import type { Thread } from '../../core/thread/thread';
import type { Settings } from '../../core/settings';
import type { PanelSection } from '../../core/strategies/panel-types';
import { getStrategy, strategyOf } from '../../core/strategies/registry';
import { getStrategyState, loadStrategyState } from '../../core/strategies/middleware';
import { splitTurns } from '../../core/strategies/turns';
import { formatCount as fmt, lastCallSection } from '../../core/strategies/panel';
import { isModelMessage } from '../../core/agent/types';
import { getLayers, type MemoryLayers } from '../../core/harness/pipeline';

// The strategies the picker, its fields, the default setting and the arena offer, and their checks.
export {
  defaultSelection,
  getStrategy,
  parseStrategySettings,
  STRATEGY_LIST,
} from '../../core/strategies/registry';

/** The memory layers the open thread sends (both, for the next new thread). */
export function layersOf(thread: Thread | null): MemoryLayers {
  return thread ? getLayers(thread.state) : { agentsMd: true, facts: true };
}

export interface StrategyPanelView {
  label: string;
  description: string;
  hasThread: boolean;
  /** The thread's stored state is another strategy's: the chosen one takes over at the next call. */
  stale: boolean;
  /** Label and value rows: turns, extra model calls. */
  stats: { label: string; value: string }[];
  /** The latest step failure, said as it was recorded. */
  failure?: string;
  /** The strategy's own sections, then the last call. */
  sections: PanelSection[];
}

export function strategyPanelView(thread: Thread | null, settings: Settings): StrategyPanelView {
  const strategy = getStrategy(strategyOf(thread?.state, settings.strategy.default).id);
  const view: StrategyPanelView = {
    label: strategy.label,
    description: strategy.description,
    hasThread: !!thread,
    stale: false,
    stats: [],
    sections: [],
  };
  if (!thread) return view;
  const state = loadStrategyState(thread.state);
  view.stale = !!state && !!getStrategyState(thread.state) && state.id !== strategy.id;
  const events = thread.events ?? [];
  const turns = splitTurns(thread.messages.filter(isModelMessage));
  view.stats.push({
    label: 'Turns',
    value: `${fmt(turns.length)} in the thread${state && strategy.update ? `, ${fmt(state.data.processed)} taken in` : ''}`,
  });
  if (strategy.usesModel) {
    const steps = events.filter((e) => e.kind === 'strategy-step' && e.step);
    const tokensIn = steps.reduce((sum, e) => sum + (e.step?.inputTokens ?? 0), 0);
    const tokensOut = steps.reduce((sum, e) => sum + (e.step?.outputTokens ?? 0), 0);
    const offline = steps.some((e) => e.step?.offline);
    view.stats.push({
      label: 'Extra model calls',
      value:
        `${fmt(steps.length)} (${fmt(tokensIn)} tokens in, ${fmt(tokensOut)} out)` +
        (offline ? ' · answered by the offline stand-in, not a language model' : ''),
    });
  }
  view.failure = events.findLast((e) => e.kind === 'strategy-step-failed')?.detail;
  if (!state || view.stale) return view;
  const lastCall = state.data.lastCall;
  view.sections = [
    ...(strategy.panel?.({ settings: state.settings, data: state.data.store, turns, lastCall }) ??
      []),
    ...(lastCall ? [lastCallSection(lastCall, turns.length)] : []),
  ];
  return view;
}
