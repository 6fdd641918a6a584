import type { StrategySettings } from '../../core/strategies/settings';
import type { StrategyId } from '../../core/strategies/types';
import type { FieldProps } from './NumberField';
import { TextField, Toggle } from './Fields';
import { Options } from '../options';
import { getStrategy, STRATEGY_LIST } from '../../state/views/strategy';

/** The strategy new threads start with, and the model that answers strategies' own steps. */
export function StrategyDefaultsField({ value, onChange }: FieldProps<StrategySettings>) {
  return (
    <fieldset>
      <legend>Context strategies</legend>
      <label htmlFor="default-strategy">Default strategy for new threads</label>
      <select
        id="default-strategy"
        value={value.default}
        onChange={(e) => onChange({ ...value, default: e.target.value as StrategyId })}
      >
        <Options items={STRATEGY_LIST} value={(s) => s.id} label={(s) => s.label} />
      </select>
      <p className="hint">{getStrategy(value.default).description}</p>
      <TextField
        label="Memory model"
        value={value.memoryModel}
        maxLength={200}
        placeholder="empty: the chat model"
        onChange={(memoryModel) => onChange({ ...value, memoryModel })}
      />
      <p className="hint">
        Answers the strategies&apos; own model calls (summary merge, fact and triple extraction,
        compression) on the same connection. With the Demo provider they are answered by an offline,
        extractive stand-in.
      </p>
      <Toggle
        label="Run memory steps on the in-browser model"
        checked={value.memoryProvider === 'local'}
        onChange={(local) => onChange({ ...value, memoryProvider: local ? 'local' : 'chat' })}
        on="On: summaries, fact updates, strategy steps and arena questions run on the in-browser model set under that provider (downloaded on first use), whatever the chat provider is: nothing of the memory work leaves this tab."
        off="Off: they run on the chat provider, with the memory model above when one is named."
      />
    </fieldset>
  );
}
