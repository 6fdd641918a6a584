import type { StrategySettings } from '../../core/strategies/settings';
import type { StrategyId } from '../../core/strategies/types';
import { getStrategy, STRATEGY_LIST } from '../../state/views/strategy';

/** The strategy new threads start with, and the model that answers strategies' own steps. */
export function StrategyDefaultsField({
  value,
  onChange,
}: {
  value: StrategySettings;
  onChange: (value: StrategySettings) => void;
}) {
  return (
    <fieldset>
      <legend>Context strategies</legend>
      <label htmlFor="default-strategy">Default strategy for new threads</label>
      <select
        id="default-strategy"
        value={value.default}
        onChange={(e) => onChange({ ...value, default: e.target.value as StrategyId })}
      >
        {STRATEGY_LIST.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
      <p className="hint">{getStrategy(value.default).description}</p>
      <label>
        Memory model
        <input
          value={value.memoryModel}
          maxLength={200}
          spellCheck={false}
          placeholder="empty: the chat model"
          onChange={(e) => onChange({ ...value, memoryModel: e.target.value })}
        />
      </label>
      <p className="hint">
        Answers the strategies&apos; own model calls (summary merge, fact and triple extraction,
        compression) on the same connection. With the Demo provider they are answered by an offline,
        extractive stand-in.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={value.memoryProvider === 'local'}
          onChange={(e) =>
            onChange({ ...value, memoryProvider: e.target.checked ? 'local' : 'chat' })
          }
        />
        Run memory steps on the in-browser model
      </label>
      <p className="hint">
        {value.memoryProvider === 'local'
          ? 'On: summaries, fact updates, strategy steps and arena questions run on the in-browser model set under that provider (downloaded on first use), whatever the chat provider is: nothing of the memory work leaves this tab.'
          : 'Off: they run on the chat provider, with the memory model above when one is named.'}
      </p>
    </fieldset>
  );
}
