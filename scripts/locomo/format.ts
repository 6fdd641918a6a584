// Table cells of the bench:locomo report.

export const pad = (text: string, width: number) => text.padEnd(width);
/** value / n to three places, or a dash when there is nothing to divide by. */
export const f3 = (value: number, n: number) => (n > 0 ? (value / n).toFixed(3) : '  -  ');
/** value / n as a percentage to one place, or a dash. */
export const pct = (value: number, n: number) => (n > 0 ? ((100 * value) / n).toFixed(1) : '  - ');
