// Which point or row of a chart the tooltip shows: chosen by the pointer (`hit`: the chart's own
// hit test, in the svg's pixels) or by a key (`next`, e.g. rowForKey), hidden when the pointer or
// the focus leaves the chart. `handlers` go on the chart's svg (ChartSvg).
import { useState, type KeyboardEvent, type PointerEvent } from 'react';

export function useActive(
  count: number,
  next: (key: string, at: number | null) => number | null | undefined,
  hit: (x: number, y: number) => number | null,
) {
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < count ? active : null;
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const to = next(event.key, shown);
    if (to === undefined) return;
    event.preventDefault();
    setActive(to);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(hit(event.clientX - box.left, event.clientY - box.top));
  };
  return { shown, handlers: { onKeyDown, onPointerMove, onLeave: () => setActive(null) } };
}
