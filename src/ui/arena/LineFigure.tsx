// A line per strategy over the turns, drawn as plain SVG: the arena's "Tokens sent per turn" and
// "Cumulative tokens" charts. A recharts LineChart of ten lines took about 90 ms to mount (its
// store ran every series' selectors again as each <Line> registered); here every path is computed
// once per (rows, size) and the pointer only moves a guide, a few dots and the tooltip.
import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { compact, tokens } from './format';
import { ChartSvg, PlotGrid, XAxis, YAxis } from './PlotAxes';
import { useElementSize } from '../charts/element-size';
import {
  linearScale,
  linePath,
  nearestIndex,
  rowForKey,
  turnTicks,
  valueAxis,
  type LineRow,
} from './line-scale';

export interface LineSeries {
  /** The rows' key of this line's values. */
  key: string;
  name: string;
  color: string;
  /** An SVG stroke-dasharray ('' for a solid line). */
  dash: string;
}

/** Room around the plot, as the recharts charts had: margins, the value axis, the turn axis. */
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
const Y_AXIS_WIDTH = 48;
const X_AXIS_HEIGHT = 30;
/** Axis tick marks and the gap to their labels. */
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
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < rows.length ? active : null;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!geometry) return;
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const { plot } = geometry;
    const inside =
      px >= plot.left - 4 && px <= plot.right + 4 && py >= plot.top - 4 && py <= plot.bottom + 4;
    setActive(inside ? nearestIndex(geometry.xs, px) : null);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const next = rowForKey(event.key, shown, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const first = rows[0]?.turn;
  const lastTurn = rows[rows.length - 1]?.turn;
  const name =
    `${title}, turns ${first ?? 0}–${lastTurn ?? 0}: a line per strategy ` +
    `(${series.map((s) => s.name).join(', ')}); the arrow keys show each turn's values`;

  return (
    <div className="arena-line-figure" style={{ height }}>
      <div className="arena-line-plot" ref={setPlotElement}>
        {geometry && (
          <ChartSvg
            className="arena-line-svg"
            size={geometry}
            name={name}
            onPointerMove={onPointerMove}
            onKeyDown={onKeyDown}
            onLeave={() => setActive(null)}
          >
            {/* Memoized: a pointer moving over the chart does not draw it again. */}
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
  plot: { left: number; right: number; top: number; bottom: number };
  /** Each row's x in pixels (ascending, as the rows' turns). */
  xs: number[];
  xTicks: { value: number; at: number }[];
  yTicks: { value: number; at: number }[];
  x: (turn: number) => number;
  y: (value: number) => number;
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
  const plot = {
    left: MARGIN.left + Y_AXIS_WIDTH,
    right: Math.max(MARGIN.left + Y_AXIS_WIDTH + 1, width - MARGIN.right),
    top: MARGIN.top,
    bottom: Math.max(MARGIN.top + 1, height - MARGIN.bottom - X_AXIS_HEIGHT),
  };
  const lo = 1;
  const hi = Math.max(lo, ...rows.map((row) => row.turn));
  let max = 0;
  for (const row of rows)
    for (const s of series) {
      const value = row[s.key];
      if (value !== undefined && value > max) max = value;
    }
  const values = valueAxis(max);
  const x = linearScale(hi > lo ? [lo, hi] : [lo - 1, lo + 1], [plot.left, plot.right]);
  const y = linearScale([0, values.top], [plot.bottom, plot.top]);
  return {
    width,
    height,
    plot,
    xs: rows.map((row) => x(row.turn)),
    xTicks: turnTicks(lo, hi).map((value) => ({ value, at: x(value) })),
    yTicks: values.ticks.map((value) => ({ value, at: y(value) })),
    x,
    y,
    lines: series.map((s) => linePath(rows, s.key, x, y)),
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
  const { plot } = g;
  return (
    <>
      <PlotGrid plot={plot} xTicks={g.xTicks} yTicks={g.yTicks} />
      <XAxis
        plot={plot}
        ticks={g.xTicks}
        {...(xLabel ? { name: { text: xLabel, y: g.height - MARGIN.bottom - 1 } } : {})}
      />
      <YAxis plot={plot} ticks={g.yTicks} format={compact} />
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
      <line x1={x} x2={x} y1={g.plot.top} y2={g.plot.bottom} stroke="#ccc" />
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
  // Right of the guide where it fits, else left of it, else as far right as the plot allows: its
  // width is known once it is laid out (before it is painted).
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = element.offsetWidth;
    const left =
      x + TOOLTIP_GAP + width <= g.width
        ? x + TOOLTIP_GAP
        : x - TOOLTIP_GAP - width >= 0
          ? x - TOOLTIP_GAP - width
          : Math.max(0, g.width - width);
    element.style.left = `${left}px`;
  });
  const columns = Math.max(1, Math.ceil(entries.length / TOOLTIP_ROWS));
  const perColumn = Math.max(1, Math.ceil(entries.length / columns));
  return (
    <div
      className="arena-tooltip arena-line-tooltip"
      role="tooltip"
      ref={box}
      style={{ top: MARGIN.top, left: x + TOOLTIP_GAP }}
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
    </div>
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
