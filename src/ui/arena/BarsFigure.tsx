// The arena's "Extra model calls" chart, drawn as plain SVG: a horizontal bar per strategy of the
// model calls its steps made (summaries, compressions…), the tokens they cost past each bar's end,
// and a tooltip on the row under the pointer or chosen with the arrow keys. It was a recharts
// BarChart (its store and its measuring of every tick's text ran on the arena's open); the
// geometry is computed once per (rows, size) in bar-scale.
import { memo, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { tokens } from './format';
import { FloatingTooltip } from './FloatingTooltip';
import { AXIS_STROKE, AXIS_TEXT, ChartSvg, PlotGrid, TICK, TICK_GAP, XAxis } from './PlotAxes';
import { useElementSize } from '../charts/element-size';
import { LABEL_LINE, LABEL_SIZE, textWidth } from '../charts/measure-text';
import {
  LABEL_GAP,
  barsHeight,
  barsLayout,
  rowAt,
  type BarInput,
  type BarsGeometry,
} from './bar-scale';
import { rowForKey } from './line-scale';

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
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < rows.length ? active : null;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!geometry) return;
    const box = event.currentTarget.getBoundingClientRect();
    setActive(rowAt(geometry, event.clientY - box.top));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const next = rowForKey(ROW_KEYS[event.key] ?? event.key, shown, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const name =
    `${title}: a bar per strategy (` +
    rows.map((r) => `${r.name} ${calls(r.calls)}`).join(', ') +
    '); the arrow keys show each bar’s figures';
  const row = shown === null ? undefined : geometry?.rows[shown];

  return (
    <div className="arena-svg-figure" style={{ height }} ref={setPlotElement}>
      {geometry && (
        <ChartSvg
          className="arena-svg arena-bars-svg"
          size={geometry}
          name={name}
          onPointerMove={onPointerMove}
          onKeyDown={onKeyDown}
          onLeave={() => setActive(null)}
        >
          {row && (
            <rect
              className="arena-bar-cursor"
              x={geometry.plot.left}
              y={row.top}
              width={geometry.plot.right - geometry.plot.left}
              height={row.band}
              fill="#f2f4f7"
            />
          )}
          {/* Memoized: a pointer moving over the chart does not draw it again. */}
          <Drawing geometry={geometry} rows={rows} />
        </ChartSvg>
      )}
      {geometry && row && shown !== null && (
        <FloatingTooltip geometry={geometry} anchor={{ x: row.x + row.length, y: row.y }}>
          <strong>{rows[shown]!.name}</strong>
          <div>
            {calls(rows[shown]!.calls)}, {tokens(rows[shown]!.tokens)} tokens
          </div>
        </FloatingTooltip>
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
      <PlotGrid plot={plot} xTicks={g.xTicks} />
      <XAxis plot={plot} ticks={g.xTicks} />
      <g className="arena-svg-axis" {...AXIS_TEXT}>
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke={AXIS_STROKE} />
        {g.rows.map((r, i) => (
          <g key={rows[i]!.id}>
            <line x1={plot.left - TICK} x2={plot.left} y1={r.y} y2={r.y} stroke={AXIS_STROKE} />
            <text className="arena-bar-name" textAnchor="end">
              {r.cut && <title>{rows[i]!.name}</title>}
              {r.lines.map((line, k) => (
                <tspan
                  key={k}
                  x={plot.left - TICK - TICK_GAP}
                  y={r.y + (k - (r.lines.length - 1) / 2) * LABEL_LINE}
                  dy="0.355em"
                >
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        ))}
      </g>
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
                {...AXIS_TEXT}
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
