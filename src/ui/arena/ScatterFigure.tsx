// The arena's "Tokens sent against probe recall / specifics kept" scatter, on the plot kit: a
// symbol per strategy (its look's shape and colour), its name beside it where there is a clear place
// (point-labels), and a tooltip on the point under the pointer or chosen with the arrow keys. It was
// a recharts ScatterChart, whose store ran its selectors again for every <Scatter> and measured
// every tick's text in the page (part of the arena's longest task when its results open); here the
// geometry is computed once per (points, size) in scatter-scale and the pointer only moves a ring
// and the tooltip.
import { memo, useMemo } from 'react';
import { compact, tokens } from './format';
import type { Look } from './palette';
import { ChartSvg, GridAxes } from '../plot/Axes';
import { useElementSize } from '../plot/element-size';
import { MARKER_PATHS } from '../charts/MarkerIcon';
import { LABEL_LINE, LABEL_SIZE, textWidth } from '../plot/measure-text';
import { PlotTooltip } from '../plot/Tooltip';
import { useActive } from '../plot/use-active';
import {
  SCATTER_MARGIN,
  SYMBOL_RADIUS,
  nearestPoint,
  pointForKey,
  scatterLayout,
  type ScatterGeometry,
} from './scatter-scale';
import './charts.css';

export interface ScatterDatum {
  id: string;
  name: string;
  /** Tokens sent. */
  x: number;
  /** The metric in percent (0–100, to a tenth). */
  y: number;
  look: Look;
}

/** MARKER_PATHS are drawn in a 12 × 12 box: scaled to the symbol's size. */
const SYMBOL_SCALE = SYMBOL_RADIUS / 6;
const measureLabel = (text: string) => textWidth(text, LABEL_SIZE);

export function ScatterFigure({
  title,
  points,
  yLabel,
  height = 240,
}: {
  /** What the chart shows (the start of the svg's accessible name). */
  title: string;
  points: readonly ScatterDatum[];
  /** The metric's name ("Probe recall"), in the tooltip. */
  yLabel: string;
  height?: number;
}) {
  const [setPlotElement, size] = useElementSize<HTMLDivElement>();
  const width = size?.width ?? 0;
  const geometry = useMemo(
    () => scatterLayout(points, width, height, measureLabel, LABEL_LINE),
    [points, width, height],
  );
  const { shown, handlers } = useActive(
    points.length,
    (key, at) => pointForKey(key, at, points),
    (px, py) => (geometry ? nearestPoint(geometry.points, px, py) : null),
  );

  const name =
    `${title}: a point per strategy (${points.map((p) => p.name).join(', ')}); ` +
    'the arrow keys show each point’s figures';

  return (
    <div className="arena-svg-figure" style={{ height }} ref={setPlotElement}>
      {geometry && (
        <ChartSvg className="arena-scatter-svg" size={geometry} name={name} {...handlers}>
          {/* The points and names are memoized: the pointer only moves the ring. */}
          <Drawing geometry={geometry} points={points} />
          {shown !== null && (
            <circle
              className="arena-scatter-ring"
              cx={geometry.points[shown]!.x}
              cy={geometry.points[shown]!.y}
              r={SYMBOL_RADIUS + 3.5}
              fill="none"
              stroke={points[shown]!.look.color}
              strokeWidth={1.5}
              pointerEvents="none"
            />
          )}
        </ChartSvg>
      )}
      {geometry && shown !== null && (
        <PlotTooltip area={geometry} anchor={geometry.points[shown]!}>
          <strong>{points[shown]!.name}</strong>
          <div>{tokens(points[shown]!.x)} tokens sent</div>
          <div>
            {yLabel}: {points[shown]!.y}%
          </div>
        </PlotTooltip>
      )}
    </div>
  );
}

/** The grid, the axes, the symbols and their names. */
const Drawing = memo(function Drawing({
  geometry: g,
  points,
}: {
  geometry: ScatterGeometry;
  points: readonly ScatterDatum[];
}) {
  return (
    <>
      <GridAxes
        plot={g.plot}
        xTicks={g.xTicks}
        yTicks={g.yTicks}
        formatX={compact}
        formatY={(v) => `${v}%`}
        xName={{ text: 'tokens sent', y: g.height - SCATTER_MARGIN.bottom - 1 }}
      />
      <g className="arena-scatter-points">
        {points.map((p, i) => {
          const at = g.points[i]!;
          return (
            <path
              key={p.id}
              className="arena-scatter-point"
              data-name={p.name}
              d={MARKER_PATHS[p.look.shape]}
              transform={`translate(${at.x - SYMBOL_RADIUS} ${at.y - SYMBOL_RADIUS}) scale(${SYMBOL_SCALE})`}
              fill={p.look.color}
              stroke="#fff"
              strokeWidth={0.7}
            />
          );
        })}
      </g>
      <g className="arena-scatter-labels">
        {g.labels.map((label) =>
          label.box ? (
            <text
              key={label.ids.join('|')}
              x={label.box.x}
              y={label.box.y}
              fontSize={LABEL_SIZE}
              fill="#1d2330"
              stroke="#ffffff"
              strokeWidth={3}
              paintOrder="stroke"
              pointerEvents="none"
            >
              {label.lines.map((line, i) => (
                <tspan
                  key={i}
                  x={label.box!.x}
                  y={label.box!.y + (i + 0.5) * LABEL_LINE}
                  dominantBaseline="central"
                >
                  {line}
                </tspan>
              ))}
            </text>
          ) : null,
        )}
      </g>
    </>
  );
});
