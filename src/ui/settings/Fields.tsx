import type { InputHTMLAttributes, ReactNode } from 'react';
import { Options } from '../options';

/** A one-line text setting: names, model ids, addresses (never spell-checked). */
export function TextField({
  label,
  onChange,
  ...input
}: Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'maxLength' | 'list'> & {
  label: string;
  value: string;
  onChange: (text: string) => void;
  type?: 'url';
}) {
  return (
    <label>
      {label}
      <input {...input} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A select over `options`, each shown by its label. */
export function Choice<T extends string>({
  id,
  value,
  options,
  labels,
  onChange,
}: {
  id?: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
      <Options items={options} value={(option) => option} label={(option) => labels[option]} />
    </select>
  );
}

/** A checkbox and, under it, a help line that says what the box does as it is now. */
export function Toggle({
  label,
  checked,
  onChange,
  on,
  off,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The help while checked, and while not. */
  on: ReactNode;
  off: ReactNode;
}) {
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      <p className="hint">{checked ? on : off}</p>
    </>
  );
}
