// The arena's "Extra model calls" chart, on the plot kit: a horizontal bar per strategy of the
// model calls its steps made (summaries, compressions…), the tokens they cost past each bar's end,
// and a tooltip on the row under the pointer or chosen with the arrow keys. It was a recharts
// BarChart (its store and its measuring of every tick's text ran on the arena's open); the
// geometry is computed once per (rows, size) in bar-scale.
import { memo, useMemo } from 'react';
import { tokens } from './format';
import { AXIS, Axis, ChartSvg, Grid, axisTicks, type AxisTick } from '../plot/Axes';
import { useElementSize } from '../plot/element-size';
import { rowForKey } from '../plot/keys';
import { LABEL_LINE, LABEL_SIZE, textWidth } from '../plot/measure-text';
import { PlotTooltip } from '../plot/Tooltip';
import { useActive } from '../plot/use-active';
import {
  LABEL_GAP,
  barsHeight,
  barsLayout,
  rowAt,
  type BarInput,
  type BarsGeometry,
} from './bar-scale';
import './charts.css';

const BAR_FILL = '#0072B2';
const measureLabel = (text: string) => textWidth(text, LABEL_SIZE);
/** Down and Up step through the rows as Right and Left do through LineFigure's turns. */
const ROW_KEYS: Record<string, string> = { ArrowDown: 'ArrowRight', ArrowUp: 'ArrowLeft' };

const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

export function BarsFigure({ title, rows }: { title: string; rows: readonly BarInput[] }) {
  const height = barsHeight(rows.length);
  const [setPlotElement, size] = useElementSize<HTMLDivElement>();
  const width = size?.width ?? 0;
  const geometry = useMemo(
    () => barsLayout(rows, width, height, measureLabel, LABEL_LINE),
    [rows, width, height],
  );
  const { shown, handlers } = useActive(
    rows.length,
    (key, at) => rowForKey(ROW_KEYS[key] ?? key, at, rows.length),
    (_, py) => (geometry ? rowAt(geometry, py) : null),
  );

  const name =
    `${title}: a bar per strategy (` +
    rows.map((r) => `${r.name} ${calls(r.calls)}`).join(', ') +
    '); the arrow keys show each bar’s figures';
  const row = shown === null ? undefined : geometry?.rows[shown];

  return (
    <div className="arena-svg-figure" style={{ height }} ref={setPlotElement}>
      {geometry && (
        <ChartSvg className="arena-bars-svg" size={geometry} name={name} {...handlers}>
          {row && (
            <rect
              className="arena-bar-cursor"
              x={geometry.plot.x}
              y={row.top}
              width={geometry.plot.width}
              height={row.band}
              fill="#f2f4f7"
            />
          )}
          {/* Memoized: a pointer moving over the chart does not draw it again. */}
          <Drawing geometry={geometry} rows={rows} />
        </ChartSvg>
      )}
      {geometry && row && shown !== null && (
        <PlotTooltip area={geometry} anchor={{ x: row.x + row.length, y: row.y }}>
          <strong>{rows[shown]!.name}</strong>
          <div>
            {calls(rows[shown]!.calls)}, {tokens(rows[shown]!.tokens)} tokens
          </div>
        </PlotTooltip>
      )}
    </div>
  );
}

/** The grid, the axes with the strategies' names, the bars and their token labels. */
const Drawing = memo(function Drawing({
  geometry: g,
  rows,
}: {
  geometry: BarsGeometry;
  rows: readonly BarInput[];
}) {
  const { plot } = g;
  return (
    <>
      <Grid plot={plot} xTicks={g.xTicks} />
      <Axis side="bottom" plot={plot} ticks={axisTicks(g.xTicks)} />
      <Axis side="left" plot={plot} ticks={nameTicks(g, rows)} />
      <g className="arena-bars">
        {g.rows.map((r, i) => (
          <g key={rows[i]!.id}>
            <rect
              className="arena-bar"
              data-name={rows[i]!.name}
              x={r.x}
              y={r.y - r.thickness / 2}
              width={r.length}
              height={r.thickness}
              fill={BAR_FILL}
            />
            {r.label && (
              <text
                className="arena-bar-label"
                x={r.x + r.length + LABEL_GAP}
                y={r.y}
                dy="0.355em"
                fontSize={AXIS.fontSize}
                fill={AXIS.text}
              >
                {r.label}
              </text>
            )}
          </g>
        ))}
      </g>
    </>
  );
});

/** The left axis: a tick per row, its strategy's name on one or two lines (whole in its title when cut). */
function nameTicks(g: BarsGeometry, rows: readonly BarInput[]): AxisTick[] {
  const x = g.plot.x - AXIS.tick - AXIS.gap;
  return g.rows.map((r, i) => ({
    key: rows[i]!.id,
    at: r.y,
    label: (
      <text className="arena-bar-name" textAnchor="end">
        {r.cut && <title>{rows[i]!.name}</title>}
        {r.lines.map((line, k) => (
          <tspan key={k} x={x} y={r.y + (k - (r.lines.length - 1) / 2) * LABEL_LINE} dy="0.355em">
            {line}
          </tspan>
        ))}
      </text>
    ),
  }));
}
