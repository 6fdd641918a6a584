// A line per strategy over the turns, on the plot kit (src/ui/plot: d3's scales, ticks and line
// paths under our own SVG): the arena's "Tokens sent per turn" and "Cumulative tokens" charts. A
// recharts LineChart of ten lines took about 90 ms to mount (its store ran every series'
// selectors again as each <Line> registered); here every path is computed once per (rows, size)
// and the pointer only moves a guide, a few dots and the tooltip.
import { memo, useMemo } from 'react';
import { compact, tokens } from './format';
import { ChartSvg, GridAxes } from '../plot/Axes';
import { bottomOf, plotBox, rightOf, type Box } from '../plot/box';
import { useElementSize } from '../plot/element-size';
import { rowForKey } from '../plot/keys';
import { linePath, lonePoints } from '../plot/paths';
import {
  linear,
  nearestIndex,
  ticksAt,
  turnTicks,
  zeroAxis,
  type LinearScale,
  type Tick,
} from '../plot/scale';
import { PlotTooltip } from '../plot/Tooltip';
import { useActive } from '../plot/use-active';
import './charts.css';

/** A row of a line chart: its x value (`turn`) and a value per line key (missing: no point). */
export type LineRow = Readonly<Record<string, number | undefined>> & { readonly turn: number };

export interface LineSeries {
  /** The rows' key of this line's values. */
  key: string;
  name: string;
  color: string;
  /** An SVG stroke-dasharray ('' for a solid line). */
  dash: string;
}

/** Room around the plot, as the recharts charts had: margins and the value and turn axes. */
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
const PLOT_MARGINS = { ...MARGIN, bottom: MARGIN.bottom + 30, left: MARGIN.left + 48 };
/** Tooltip rows per column: ten fit the chart's height; more go to a second column. */
const TOOLTIP_ROWS = 10;
/** Room between the guide and the tooltip. */
const TOOLTIP_GAP = 10;

export function LineFigure({
  title,
  rows,
  series,
  heading,
  xLabel,
  legend = false,
  height = 220,
}: {
  /** What the chart shows (the start of the svg's accessible name). */
  title: string;
  /** One row per point along x (`turn`), ascending, with a value per series key. */
  rows: readonly LineRow[];
  series: readonly LineSeries[];
  /** The tooltip's first line for a row. */
  heading: (row: LineRow) => string;
  /** A name for the turn axis, at its end. */
  xLabel?: string;
  /** A key of the lines under the plot (inside `height`, as recharts' legend was). */
  legend?: boolean;
  height?: number;
}) {
  const [setPlotElement, size] = useElementSize<HTMLDivElement>();
  const plotWidth = size?.width ?? 0;
  const plotHeight = size?.height ?? 0;
  const geometry = useMemo(
    () => layout(rows, series, plotWidth, plotHeight),
    [rows, series, plotWidth, plotHeight],
  );
  const { shown, handlers } = useActive(
    rows.length,
    (key, at) => rowForKey(key, at, rows.length),
    (px, py) => {
      if (!geometry) return null;
      const { plot } = geometry;
      const inside =
        px >= plot.x - 4 && px <= rightOf(plot) + 4 && py >= plot.y - 4 && py <= bottomOf(plot) + 4;
      return inside ? nearestIndex(geometry.xs, px) : null;
    },
  );

  const first = rows[0]?.turn;
  const lastTurn = rows[rows.length - 1]?.turn;
  const name =
    `${title}, turns ${first ?? 0}–${lastTurn ?? 0}: a line per strategy ` +
    `(${series.map((s) => s.name).join(', ')}); the arrow keys show each turn's values`;

  return (
    <div className="arena-line-figure" style={{ height }}>
      <div className="arena-line-plot" ref={setPlotElement}>
        {geometry && (
          <ChartSvg className="arena-line-svg" size={geometry} name={name} {...handlers}>
            {/* The lines are memoized: the pointer only moves the guide and its dots. */}
            <Drawing geometry={geometry} series={series} xLabel={xLabel} />
            {shown !== null && <Guide geometry={geometry} series={series} row={rows[shown]!} />}
          </ChartSvg>
        )}
        {geometry && shown !== null && (
          <LineTooltip
            geometry={geometry}
            x={geometry.xs[shown]!}
            heading={heading(rows[shown]!)}
            series={series}
            row={rows[shown]!}
          />
        )}
      </div>
      {legend && <LineKey series={series} />}
    </div>
  );
}

interface Geometry {
  width: number;
  height: number;
  plot: Box;
  /** Each row's x in pixels (ascending, as the rows' turns). */
  xs: number[];
  xTicks: Tick[];
  yTicks: Tick[];
  x: LinearScale;
  y: LinearScale;
  /** Each series' path and lone points, in the order of the series. */
  lines: { d: string; dots: [number, number][] }[];
}

/** Scales, ticks and every line's path for a plot of `width` × `height` (null before a size). */
function layout(
  rows: readonly LineRow[],
  series: readonly LineSeries[],
  width: number,
  height: number,
): Geometry | null {
  if (width <= 0 || height <= 0) return null;
  const plot = plotBox(width, height, PLOT_MARGINS);
  const lo = 1;
  const hi = Math.max(lo, ...rows.map((row) => row.turn));
  let max = 0;
  for (const row of rows)
    for (const s of series) {
      const value = row[s.key];
      if (value !== undefined && value > max) max = value;
    }
  const values = zeroAxis(max);
  const x = linear(hi > lo ? [lo, hi] : [lo - 1, lo + 1], [plot.x, rightOf(plot)]);
  const y = linear([0, values.top], [bottomOf(plot), plot.y]);
  return {
    width,
    height,
    plot,
    xs: rows.map((row) => x(row.turn)),
    xTicks: ticksAt(turnTicks(lo, hi), x),
    yTicks: ticksAt(values.ticks, y),
    x,
    y,
    lines: series.map((s) => {
      const points = rows.map((row) => {
        const value = row[s.key];
        return { x: x(row.turn), y: value === undefined ? undefined : y(value) };
      });
      return { d: linePath(points, 1), dots: lonePoints(points) };
    }),
  };
}

/** The grid, the axes and the lines. */
const Drawing = memo(function Drawing({
  geometry: g,
  series,
  xLabel,
}: {
  geometry: Geometry;
  series: readonly LineSeries[];
  xLabel?: string;
}) {
  return (
    <>
      <GridAxes
        plot={g.plot}
        xTicks={g.xTicks}
        yTicks={g.yTicks}
        formatY={compact}
        xName={xLabel ? { text: xLabel, y: g.height - MARGIN.bottom - 1 } : undefined}
      />
      <g className="arena-lines" fill="none" strokeWidth={2} strokeLinejoin="round">
        {series.map((s, i) => (
          <g key={s.key}>
            <path
              className="arena-line"
              data-series={s.name}
              d={g.lines[i]!.d}
              stroke={s.color}
              strokeDasharray={s.dash || undefined}
            />
            {g.lines[i]!.dots.map(([cx, cy]) => (
              <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={2} fill={s.color} />
            ))}
          </g>
        ))}
      </g>
    </>
  );
});

/** At the row under the pointer: a vertical guide and a dot on each line that has a value. */
function Guide({
  geometry: g,
  series,
  row,
}: {
  geometry: Geometry;
  series: readonly LineSeries[];
  row: LineRow;
}) {
  const x = g.x(row.turn);
  return (
    <g className="arena-line-guide" pointerEvents="none">
      <line x1={x} x2={x} y1={g.plot.y} y2={bottomOf(g.plot)} stroke="#ccc" />
      {series.map((s) => {
        const value = row[s.key];
        return value === undefined ? null : (
          <circle key={s.key} cx={x} cy={g.y(value)} r={3.5} fill={s.color} stroke="#fff" />
        );
      })}
    </g>
  );
}

/** The row's heading and each line's value, beside the guide. */
function LineTooltip({
  geometry: g,
  x,
  heading,
  series,
  row,
}: {
  geometry: Geometry;
  x: number;
  heading: string;
  series: readonly LineSeries[];
  row: LineRow;
}) {
  const entries = series.flatMap((s) => {
    const value = row[s.key];
    return value === undefined ? [] : [{ series: s, value }];
  });
  const columns = Math.max(1, Math.ceil(entries.length / TOOLTIP_ROWS));
  const perColumn = Math.max(1, Math.ceil(entries.length / columns));
  return (
    <PlotTooltip
      className="arena-line-tooltip"
      area={g}
      anchor={{ x, y: MARGIN.top }}
      row="level"
      gap={TOOLTIP_GAP}
    >
      <strong>{heading}</strong>
      <ul style={{ gridTemplateRows: `repeat(${perColumn}, auto)` }}>
        {entries.map(({ series: s, value }) => (
          <li key={s.key}>
            <span>
              <Swatch series={s} />
              {s.name}
            </span>
            <span className="arena-line-value">{tokens(value)}</span>
          </li>
        ))}
      </ul>
    </PlotTooltip>
  );
}

/** Each line's look and name. */
const LineKey = memo(function LineKey({ series }: { series: readonly LineSeries[] }) {
  return (
    <ul className="arena-line-key">
      {series.map((s) => (
        <li key={s.key}>
          <Swatch series={s} />
          {s.name}
        </li>
      ))}
    </ul>
  );
});

/** A short piece of a line: its colour and dash. */
function Swatch({ series }: { series: LineSeries }) {
  return (
    <svg className="arena-line-swatch" width={20} height={8} aria-hidden="true">
      <line
        x1={1}
        x2={19}
        y1={4}
        y2={4}
        stroke={series.color}
        strokeWidth={2}
        strokeDasharray={series.dash || undefined}
      />
    </svg>
  );
}
