// A chart's tooltip over its figure, beside the point, bar or turn it describes: placed with the
// kit's placer (tooltip.ts) once its size is known, before it is painted.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { placeTooltip, type TooltipRow } from './tooltip';
import './plot.css';

export function PlotTooltip({
  area,
  anchor,
  row = 'middle',
  gap,
  className = '',
  children,
}: {
  /** The figure's size: the tooltip stays inside it where it can. */
  area: { width: number; height: number };
  anchor: { x: number; y: number };
  row?: TooltipRow;
  gap?: number;
  /** Classes besides the kit's own. */
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const at = placeTooltip(
      anchor,
      { width: element.offsetWidth, height: element.offsetHeight },
      area,
      { row, ...(gap !== undefined ? { gap } : {}) },
    );
    element.style.left = `${at.x}px`;
    element.style.top = `${at.y}px`;
  });
  return (
    <div
      className={`plot-tooltip ${className}`.trim()}
      role="tooltip"
      ref={box}
      style={{ left: anchor.x + (gap ?? 12), top: Math.max(0, anchor.y - 20) }}
    >
      {children}
    </div>
  );
}
