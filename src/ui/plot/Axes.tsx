// The plot kit's frame, shared by every chart (the token chart, the arena's figures): the svg itself
// (an image reachable by keyboard, whose pointer and keys choose what the tooltip shows), the grid
// lines at the ticks, and one axis component for either side: a line along the plot's edge, a mark
// and a label per tick (a chart may leave some labels out, or draw its own), and the axis's name.
import type { KeyboardEvent, PointerEvent, ReactNode, Ref } from 'react';
import { bottomOf, rightOf, type Box } from './box';
import type { Tick } from './scale';
import './plot.css';

/** The axes' look: text size and colour, line colour, a tick mark's length and its label's gap. */
export const AXIS = {
  fontSize: 11,
  text: '#667085',
  stroke: '#666666',
  tick: 6,
  gap: 2,
} as const;
/** The axis name's colour (lighter than the tick labels). */
export const TITLE_COLOR = '#808080';
const GRID = { stroke: '#eef1f6' } as const;

/**
 * A chart's svg: an image named `name`, focusable; `onPointerMove` and `onKeyDown` choose what is
 * shown, and leaving it (pointer or focus) calls `onLeave`.
 */
export function ChartSvg({
  className,
  size,
  name,
  describedBy,
  svgRef,
  onPointerMove,
  onKeyDown,
  onLeave,
  children,
}: {
  className: string;
  size: { width: number; height: number };
  name: string;
  /** The id of the tooltip shown, when one is. */
  describedBy?: string | undefined;
  svgRef?: Ref<SVGSVGElement>;
  onPointerMove: (event: PointerEvent<SVGSVGElement>) => void;
  onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => void;
  onLeave: () => void;
  children: ReactNode;
}) {
  return (
    <svg
      ref={svgRef}
      className={`plot-svg ${className}`}
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="img"
      aria-label={name}
      aria-describedby={describedBy}
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
export function Grid({
  plot,
  xTicks = [],
  yTicks = [],
  stroke = GRID.stroke,
  dash,
  className = 'plot-grid',
}: {
  plot: Box;
  xTicks?: readonly Tick[];
  yTicks?: readonly Tick[];
  stroke?: string;
  /** A dash pattern ('3 3'), none for solid lines. */
  dash?: string;
  className?: string;
}) {
  const right = rightOf(plot);
  const bottom = bottomOf(plot);
  return (
    <g className={className} stroke={stroke} strokeDasharray={dash}>
      {yTicks.map((t) => (
        <line key={`y${t.value}`} x1={plot.x} x2={right} y1={t.at} y2={t.at} />
      ))}
      {xTicks.map((t) => (
        <line key={`x${t.value}`} x1={t.at} x2={t.at} y1={plot.y} y2={bottom} />
      ))}
    </g>
  );
}

/** An axis's tick: where it is, its key, and its label (null: a mark without a label). */
export interface AxisTick {
  key: string | number;
  at: number;
  label: ReactNode;
}

/** Ticks of values, labelled by `format`. */
export const axisTicks = (ticks: readonly Tick[], format: (value: number) => string = String) =>
  ticks.map((t): AxisTick => ({ key: t.value, at: t.at, label: format(t.value) }));

/**
 * One axis along the plot's bottom or left edge: its line, a mark per tick, each tick's label
 * beside its mark (centred under it, or right-aligned left of it), and the axis's `title`.
 */
export function Axis({
  side,
  plot,
  ticks,
  className,
  tickClassName,
  title,
}: {
  side: 'bottom' | 'left';
  plot: Box;
  ticks: readonly AxisTick[];
  className?: string;
  tickClassName?: string;
  /** What the axis shows, placed by the chart (under the last ticks, or turned along the axis). */
  title?: ReactNode;
}) {
  const bottom = bottomOf(plot);
  const { tick, gap } = AXIS;
  const horizontal = side === 'bottom';
  return (
    <g
      className={`plot-axis${className ? ` ${className}` : ''}`}
      fontSize={AXIS.fontSize}
      fill={AXIS.text}
    >
      {horizontal ? (
        <line x1={plot.x} x2={rightOf(plot)} y1={bottom} y2={bottom} stroke={AXIS.stroke} />
      ) : (
        <line x1={plot.x} x2={plot.x} y1={plot.y} y2={bottom} stroke={AXIS.stroke} />
      )}
      {ticks.map((t) => (
        <g key={t.key} className={tickClassName}>
          {horizontal ? (
            <line x1={t.at} x2={t.at} y1={bottom} y2={bottom + tick} stroke={AXIS.stroke} />
          ) : (
            <line x1={plot.x - tick} x2={plot.x} y1={t.at} y2={t.at} stroke={AXIS.stroke} />
          )}
          {t.label === null ? null : typeof t.label !== 'string' ? (
            t.label
          ) : horizontal ? (
            <text x={t.at} y={bottom + tick + gap} dy="0.71em" textAnchor="middle">
              {t.label}
            </text>
          ) : (
            <text x={plot.x - tick - gap} y={t.at} dy="0.355em" textAnchor="end">
              {t.label}
            </text>
          )}
        </g>
      ))}
      {title}
    </g>
  );
}

/** An axis's name under the plot's right end, its baseline at `y`. */
export function AxisName({ plot, y, text }: { plot: Box; y: number; text: string }) {
  return (
    <text x={rightOf(plot)} y={y} textAnchor="end">
      {text}
    </text>
  );
}

/**
 * A plot's grid at both axes' ticks, its bottom axis (named under its right end when `xName` is
 * given, the name's baseline at `xName.y`) and its left axis, each tick labelled by its format.
 */
export function GridAxes({
  plot,
  xTicks,
  yTicks,
  formatX = String,
  formatY = String,
  xName,
}: {
  plot: Box;
  xTicks: readonly Tick[];
  yTicks: readonly Tick[];
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  xName?: { text: string; y: number } | undefined;
}) {
  return (
    <>
      <Grid plot={plot} xTicks={xTicks} yTicks={yTicks} />
      <Axis
        side="bottom"
        plot={plot}
        ticks={axisTicks(xTicks, formatX)}
        title={xName && <AxisName plot={plot} y={xName.y} text={xName.text} />}
      />
      <Axis side="left" plot={plot} ticks={axisTicks(yTicks, formatY)} />
    </>
  );
}
