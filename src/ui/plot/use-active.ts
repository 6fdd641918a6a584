// Which point or row of a chart the tooltip shows: chosen by the pointer (the chart's own hit test)
// or by a key (`next`, e.g. rowForKey), hidden when the pointer or the focus leaves the chart.
import { useState, type KeyboardEvent } from 'react';

export function useActive(
  count: number,
  next: (key: string, at: number | null) => number | null | undefined,
) {
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < count ? active : null;
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const to = next(event.key, shown);
    if (to === undefined) return;
    event.preventDefault();
    setActive(to);
  };
  return { shown, setActive, handlers: { onKeyDown, onLeave: () => setActive(null) } };
}
