/** A settings section's value and its change (every section of the dialog takes these two). */
export interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
}

/** A number input that keeps what the user typed until Save checks it against the allowed range. */
export function NumberField({
  label,
  value,
  onChange,
  hint,
  step,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  hint?: string;
  step?: string;
}) {
  return (
    <label>
      {label}
      <input
        inputMode="decimal"
        value={value}
        step={step}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <span className="hint">{hint}</span>}
    </label>
  );
}

export interface Range {
  min: number;
  max: number;
  integer?: boolean;
}

/** One number of a section's table: the draft's key, its label, range and help. */
export interface NumberSpec<K extends string> {
  key: K;
  label: string;
  range: Range;
  hint?: string;
}

/** A NumberField for each row of `fields`, each editing its key of `value`. */
export function NumberFields<K extends string, D extends Record<K, string>>({
  fields,
  value,
  onChange,
}: FieldProps<D> & { fields: readonly NumberSpec<K>[] }) {
  return fields.map((field) => (
    <NumberField
      key={field.key}
      label={field.label}
      value={value[field.key]}
      hint={field.hint}
      onChange={(text) => onChange({ ...value, [field.key]: text })}
    />
  ));
}

/** Parses a typed number; returns a message naming the valid range when it is out of it. */
export function parseInRange(label: string, text: string, range: Range): number | string {
  const n = Number(text.trim());
  if (
    text.trim() === '' ||
    !Number.isFinite(n) ||
    (range.integer && !Number.isInteger(n)) ||
    n < range.min ||
    n > range.max
  ) {
    const kind = range.integer ? 'a whole number' : 'a number';
    return `${label} must be ${kind} from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}.`;
  }
  return n;
}

/** Parses every row of `fields` from `draft` into `out`; a row out of range adds its message. */
export function parseNumbers<K extends string>(
  fields: readonly NumberSpec<K>[],
  draft: Record<K, string>,
  out: Partial<Record<K, number>>,
  problems: string[],
): void {
  for (const field of fields) {
    const parsed = parseInRange(field.label, draft[field.key], field.range);
    if (typeof parsed === 'string') problems.push(parsed);
    else out[field.key] = parsed;
  }
}
