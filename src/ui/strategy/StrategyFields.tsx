import { useId, useState } from 'react';
import type { StrategyField, StrategyId, StrategySelection } from '../../core/strategies/types';
import { parseInRange } from '../settings/NumberField';
import { Options } from '../options';
import { getStrategy, parseStrategySettings } from '../../state/views/strategy';

type Draft = Record<string, string | boolean>;

function toDraft(selection: StrategySelection): Draft {
  const draft: Draft = {};
  for (const field of getStrategy(selection.id).fields) {
    const value = selection.settings[field.key];
    if (field.kind === 'boolean') draft[field.key] = value === true;
    else if (field.kind === 'list') draft[field.key] = Array.isArray(value) ? value.join(', ') : '';
    else draft[field.key] = value === undefined ? '' : String(value);
  }
  return draft;
}

/** The typed draft as settings, or the problems (each naming the field and its valid range). */
export function parseDraft(
  id: StrategyId,
  draft: Draft,
): { ok: true; settings: Record<string, unknown> } | { ok: false; problems: string[] } {
  const strategy = getStrategy(id);
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const field of strategy.fields) {
    const value = draft[field.key];
    if (field.kind === 'number') {
      const n = parseInRange(field.label, String(value ?? ''), {
        min: field.min,
        max: field.max,
        integer: true,
      });
      if (typeof n === 'string') problems.push(n);
      else settings[field.key] = n;
    } else if (field.kind === 'list') {
      settings[field.key] = String(value ?? '')
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean);
    } else settings[field.key] = value;
  }
  if (problems.length) return { ok: false, problems };
  return parseStrategySettings(id, settings);
}

/**
 * A strategy's own settings, with their labels and valid ranges. Values are checked when applied;
 * one out of range is refused with its range and nothing changes.
 */
export function StrategyFields(props: FieldsProps) {
  // A new selection (another strategy, applied settings) starts a fresh draft.
  return <FieldsForm key={JSON.stringify(props.selection)} {...props} />;
}

interface FieldsProps {
  selection: StrategySelection;
  onApply: (selection: StrategySelection) => void;
  disabled?: boolean;
}

function FieldsForm({ selection, onApply, disabled }: FieldsProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(selection));
  const [problems, setProblems] = useState<string[]>([]);

  const fields = getStrategy(selection.id).fields;
  if (fields.length === 0) return null;
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(selection));

  const apply = () => {
    const parsed = parseDraft(selection.id, draft);
    if (!parsed.ok) {
      setProblems(parsed.problems);
      return;
    }
    setProblems([]);
    onApply({ id: selection.id, settings: parsed.settings });
  };

  return (
    <form
      className="strategy-fields"
      aria-label={`${getStrategy(selection.id).label} settings`}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={draft[field.key] ?? ''}
          disabled={disabled}
          onChange={(value) => setDraft({ ...draft, [field.key]: value })}
        />
      ))}
      <button type="submit" disabled={disabled || !dirty}>
        Apply settings
      </button>
      {problems.length > 0 && (
        <p role="alert" className="strategy-problems">
          {problems.join(' ')}
        </p>
      )}
    </form>
  );
}

function FieldInput({
  field,
  value,
  onChange,
  disabled,
}: {
  field: StrategyField;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  disabled?: boolean;
}) {
  const hint =
    field.kind === 'number'
      ? `${field.min}–${field.max}${field.help ? `. ${field.help}` : ''}`
      : field.help;
  if (field.kind === 'boolean') {
    return (
      <label className="check" title={field.help}>
        <input
          type="checkbox"
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        {field.label}
      </label>
    );
  }
  if (field.kind === 'select') {
    return (
      <SelectField field={field} value={String(value)} onChange={onChange} disabled={disabled} />
    );
  }
  return (
    <TextField
      field={field}
      hint={hint}
      value={String(value)}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

function TextField({
  field,
  hint,
  value,
  onChange,
  disabled,
}: {
  field: StrategyField;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        value={value}
        inputMode={field.kind === 'number' ? 'numeric' : 'text'}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

function SelectField({
  field,
  value,
  onChange,
  disabled,
}: {
  field: Extract<StrategyField, { kind: 'select' }>;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  // Labelled by id: a wrapping label would read every option as part of the name.
  const id = useId();
  return (
    <div className="field" title={field.help}>
      <label htmlFor={id}>{field.label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <Options items={field.options} value={(o) => o.value} label={(o) => o.label} />
      </select>
    </div>
  );
}
