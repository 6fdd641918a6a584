// Strategy stores have stated caps: past one, the oldest entries go and an event says so, so a
// store never degrades silently.

import type { StrategyNote } from './types';

export function keepNewest<T>(
  items: T[],
  cap: number,
  what: string,
): { items: T[]; notes: StrategyNote[] } {
  const dropped = items.length - cap;
  if (dropped <= 0) return { items, notes: [] };
  const oldest = dropped === 1 ? 'the oldest was' : `the ${dropped} oldest were`;
  return {
    items: items.slice(dropped),
    notes: [{ kind: 'strategy-evicted', detail: `${what} capped at ${cap}: ${oldest} dropped.` }],
  };
}
