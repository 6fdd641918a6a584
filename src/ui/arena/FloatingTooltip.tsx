// A chart's tooltip over its figure, beside the point or bar it describes (scatter-scale's
// tooltipPlace): the arena's scatter and bars.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { tooltipPlace } from './scatter-scale';

/**
 * A tooltip over the figure beside `anchor` (see tooltipPlace): its size is known once it is laid
 * out, and it is placed before it is painted.
 */
export function FloatingTooltip({
  geometry,
  anchor,
  children,
}: {
  geometry: { width: number; height: number };
  anchor: { x: number; y: number };
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const { left, top } = tooltipPlace(
      anchor,
      { width: element.offsetWidth, height: element.offsetHeight },
      geometry,
    );
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
  });
  return (
    <div
      className="arena-tooltip arena-svg-tooltip"
      role="tooltip"
      ref={box}
      style={{ left: anchor.x + 12, top: Math.max(0, anchor.y - 20) }}
    >
      {children}
    </div>
  );
}
