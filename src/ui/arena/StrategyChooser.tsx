import type { StrategyField } from '../../core/strategies/types';
import { entryLabel, useArenaStore, type EntryState } from '../../state/arena';
import { Options } from '../options';
import { getStrategy } from '../../state/views/strategy';
import './controls.css';

/** A checkbox per strategy (named exactly as the strategy), its settings, and variants. */
export function StrategyChooser() {
  const entries = useArenaStore((s) => s.entries);
  const running = useArenaStore((s) => s.running);
  return (
    <fieldset className="arena-card arena-strategies" disabled={running}>
      <legend>Strategies</legend>
      <ul>
        {entries.map((entry, i) => (
          <EntryRow key={entry.key} entry={entry} lastOfKind={entries[i + 1]?.id !== entry.id} />
        ))}
      </ul>
    </fieldset>
  );
}

function EntryRow({ entry, lastOfKind }: { entry: EntryState; lastOfKind: boolean }) {
  const strategy = getStrategy(entry.id);
  const label = entryLabel(entry);
  const store = useArenaStore.getState();
  return (
    <li className={`arena-entry${entry.enabled ? ' on' : ''}${entry.variant ? ' variant' : ''}`}>
      <div className="arena-entry-head">
        <label className="arena-check" title={strategy.description}>
          <input
            type="checkbox"
            checked={entry.enabled}
            onChange={(e) => store.toggle(entry.key, e.target.checked)}
          />
          <span>{label}</span>
        </label>
        {strategy.usesModel && (
          <span className="arena-tag" title="Makes extra model calls">
            model steps
          </span>
        )}
        {entry.variant > 0 && (
          <button
            type="button"
            className="arena-link"
            onClick={() => store.removeVariant(entry.key)}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        )}
        {lastOfKind && strategy.fields.length > 0 && (
          <button
            type="button"
            className="arena-link"
            onClick={() => store.addVariant(entry.id)}
            aria-label={`Add variant of ${strategy.label}`}
            title={`Run ${strategy.label} again with other settings`}
          >
            Add variant
          </button>
        )}
      </div>
      {entry.enabled && strategy.fields.length > 0 && (
        <div className="arena-entry-fields">
          {strategy.fields.map((field) => (
            <FieldInput key={field.key} entry={entry} field={field} label={label} />
          ))}
        </div>
      )}
      {entry.problems.map((p) => (
        <p key={p} role="alert" className="arena-error">
          {p}
        </p>
      ))}
    </li>
  );
}

function FieldInput({
  entry,
  field,
  label,
}: {
  entry: EntryState;
  field: StrategyField;
  label: string;
}) {
  const value = entry.values[field.key];
  const set = (v: unknown) => useArenaStore.getState().setValue(entry.key, field.key, v);
  const aria = `${label}: ${field.label}`;
  if (field.kind === 'boolean')
    return (
      <label className="arena-mini">
        <input
          type="checkbox"
          aria-label={aria}
          checked={value === true}
          onChange={(e) => set(e.target.checked)}
        />
        <span>{field.label}</span>
      </label>
    );
  if (field.kind === 'select')
    return (
      <label className="arena-mini">
        <span>{field.label}</span>
        <select aria-label={aria} value={String(value ?? '')} onChange={(e) => set(e.target.value)}>
          <Options items={field.options} value={(o) => o.value} label={(o) => o.label} />
        </select>
      </label>
    );
  if (field.kind === 'list')
    return (
      <label className="arena-mini wide">
        <span>{field.label}</span>
        <input
          aria-label={aria}
          value={Array.isArray(value) ? value.join(', ') : String(value ?? '')}
          onChange={(e) =>
            set(
              e.target.value
                .split(',')
                .map((w) => w.trim())
                .filter(Boolean),
            )
          }
        />
      </label>
    );
  return (
    <label className="arena-mini">
      <span>
        {field.label}{' '}
        <small>
          ({field.min}–{field.max})
        </small>
      </span>
      <input
        aria-label={aria}
        type="number"
        min={field.min}
        max={field.max}
        step={field.step ?? 1}
        value={String(value ?? '')}
        onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))}
      />
    </label>
  );
}
