export const tokens = (n: number) => n.toLocaleString('en');
export const compact = (n: number) =>
  n >= 1_000_000
    ? `${(n / 1_000_000).toFixed(2)}M`
    : n >= 10_000
      ? `${Math.round(n / 1000)}k`
      : n.toLocaleString('en');
export const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
