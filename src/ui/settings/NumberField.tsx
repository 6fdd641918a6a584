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
