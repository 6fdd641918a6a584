import { useChatStore, strategyOf } from '../../state/chat';
import { useSettingsStore } from '../../state/settings';
import type { StrategyId } from '../../core/strategies/types';
import { StrategyFields } from './StrategyFields';
import './strategy.css';
import { Options } from '../options';
import { defaultSelection, getStrategy, STRATEGY_LIST, layersOf } from '../../state/views/strategy';

/**
 * The open thread's context strategy, next to the thread (and for the next new thread when none is
 * open). A change applies at the next model call, mid-run included.
 */
export function StrategyPicker() {
  const thread = useChatStore((s) => s.thread);
  const pending = useChatStore((s) => s.pendingStrategy);
  const running = useChatStore((s) => s.running);
  const setStrategy = useChatStore((s) => s.setStrategy);
  const setLayers = useChatStore((s) => s.setLayers);
  const settings = useSettingsStore((s) => s.settings);
  const selection = thread ? strategyOf(thread, settings) : (pending ?? strategyOf(null, settings));
  const strategy = getStrategy(selection.id);
  const layers = layersOf(thread);

  return (
    <div className="strategy-picker">
      <div className="strategy-select">
        <label htmlFor="context-strategy">Context strategy</label>
        <select
          id="context-strategy"
          value={selection.id}
          onChange={(e) => void setStrategy(defaultSelection(e.target.value as StrategyId))}
        >
          <Options items={STRATEGY_LIST} value={(s) => s.id} label={(s) => s.label} />
        </select>
      </div>
      <p className="strategy-description">
        {strategy.description}
        {strategy.usesModel &&
          settings.provider === 'demo' &&
          settings.strategy.memoryProvider !== 'local' && (
            <>
              {' '}
              Its model steps are answered by the Demo's offline stand-in (extractive, not a model).
            </>
          )}
        {!thread && <> Applies to the new thread your next message starts.</>}
      </p>
      <details className="strategy-more">
        <summary>Strategy settings</summary>
        <StrategyFields selection={selection} onApply={(next) => void setStrategy(next)} />
        <fieldset className="strategy-layers" disabled={!thread || running}>
          <legend>Memory layers of this thread</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={layers.agentsMd}
              onChange={(e) => void setLayers({ ...layers, agentsMd: e.target.checked })}
            />
            AGENTS.md memory
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={layers.facts}
              onChange={(e) => void setLayers({ ...layers, facts: e.target.checked })}
            />
            Fact memory
          </label>
          {!thread && <span className="hint">Available once the thread has started.</span>}
        </fieldset>
      </details>
    </div>
  );
}
