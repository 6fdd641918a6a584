// The frame the arena's own SVG charts share (LineFigure, ScatterFigure, BarsFigure): the svg
// itself (an image reachable by keyboard, whose pointer and arrow keys choose what the tooltip
// shows), the grid lines at the ticks, the x-axis along the plot's bottom with its tick labels
// (and the axis's name at its right end), and the y-axis along its left with numeric tick labels.
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

/** Where the plot is in the svg. */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A tick: its value and where it is along its axis, in px. */
export interface PlotTick {
  value: number;
  at: number;
}

export const AXIS_TEXT = { fontSize: 11, fill: '#667085' };
export const AXIS_STROKE = '#666';
const GRID_STROKE = '#eef1f6';
/** A tick mark's length and the gap between it and its label. */
export const TICK = 6;
export const TICK_GAP = 2;

/**
 * The chart's svg: an image named `name`, focusable; `onPointerMove` and `onKeyDown` choose what
 * is shown, and leaving it (pointer or focus) calls `onLeave`.
 */
export function ChartSvg({
  className,
  size,
  name,
  onPointerMove,
  onKeyDown,
  onLeave,
  children,
}: {
  className: string;
  size: { width: number; height: number };
  name: string;
  onPointerMove: (event: PointerEvent<SVGSVGElement>) => void;
  onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => void;
  onLeave: () => void;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size.width}
      height={size.height}
      role="img"
      aria-label={name}
      tabIndex={0}
      onPointerMove={onPointerMove}
      onPointerLeave={onLeave}
      onKeyDown={onKeyDown}
      onBlur={onLeave}
    >
      {children}
    </svg>
  );
}

/** Grid lines across the plot at each tick (vertical at x ticks, horizontal at y ticks). */
export function PlotGrid({
  plot,
  xTicks,
  yTicks = [],
}: {
  plot: PlotBox;
  xTicks: readonly PlotTick[];
  yTicks?: readonly PlotTick[];
}) {
  return (
    <g className="arena-svg-grid" stroke={GRID_STROKE}>
      {yTicks.map((t) => (
        <line key={`y${t.value}`} x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} />
      ))}
      {xTicks.map((t) => (
        <line key={`x${t.value}`} x1={t.at} x2={t.at} y1={plot.top} y2={plot.bottom} />
      ))}
    </g>
  );
}

/** The x-axis: a line along the plot's bottom, a mark and a label per tick, and the axis's name. */
export function XAxis({
  plot,
  ticks,
  format = String,
  name,
}: {
  plot: PlotBox;
  ticks: readonly PlotTick[];
  format?: (value: number) => string;
  /** The axis's name, right-aligned under the last ticks, its baseline at `name.y`. */
  name?: { text: string; y: number };
}) {
  return (
    <g className="arena-svg-axis" {...AXIS_TEXT}>
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={AXIS_STROKE} />
      {ticks.map((t) => (
        <g key={t.value}>
          <line x1={t.at} x2={t.at} y1={plot.bottom} y2={plot.bottom + TICK} stroke={AXIS_STROKE} />
          <text x={t.at} y={plot.bottom + TICK + TICK_GAP} dy="0.71em" textAnchor="middle">
            {format(t.value)}
          </text>
        </g>
      ))}
      {name && (
        <text x={plot.right} y={name.y} textAnchor="end">
          {name.text}
        </text>
      )}
    </g>
  );
}

/** The y-axis: a line along the plot's left, a mark and a label per tick. */
export function YAxis({
  plot,
  ticks,
  format = String,
}: {
  plot: PlotBox;
  ticks: readonly PlotTick[];
  format?: (value: number) => string;
}) {
  return (
    <g className="arena-svg-axis" {...AXIS_TEXT}>
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke={AXIS_STROKE} />
      {ticks.map((t) => (
        <g key={t.value}>
          <line x1={plot.left - TICK} x2={plot.left} y1={t.at} y2={t.at} stroke={AXIS_STROKE} />
          <text x={plot.left - TICK - TICK_GAP} y={t.at} dy="0.355em" textAnchor="end">
            {format(t.value)}
          </text>
        </g>
      ))}
    </g>
  );
}
