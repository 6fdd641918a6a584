// The token chart's grid and axes, on the plot kit's Axis: the y-axis's ticks (compact token
// counts, as many labels as fit) and its turned title, and the x-axis's call numbers (a grouped
// point by a round call it holds), as many as fit without touching.
import { memo, useMemo } from 'react';
import { compact, type ChartRow } from '../chart-data';
import { PLOT_MARGIN, type Frame } from '../token-frame';
import { Axis, Grid, TITLE_COLOR, type AxisTick } from '../../plot/Axes';
import { textWidth } from '../../plot/measure-text';
import { callTicks, labelledTicks, ticksAt } from '../../plot/scale';

/** The grid's look: light dashes at the y-axis's ticks. */
const GRID_COLOR = '#e5e7eb';
/** The axes' text size. */
const TICK_FONT = 11;
/** About this many call numbers on the axis of a dense chart. */
const DENSE_TICKS = 10;
/** The y-axis's title. */
export const Y_TITLE = 'input tokens';

/** The dashed horizontal grid at the y-axis's ticks. */
export const TokenGrid = memo(function TokenGrid({
  frame,
  ticks,
}: {
  frame: Frame;
  ticks: number[];
}) {
  return (
    <Grid
      className="chart-grid"
      plot={frame.plot}
      yTicks={ticksAt(ticks, frame.y)}
      stroke={GRID_COLOR}
      dash="3 3"
    />
  );
});

export const TokenAxes = memo(function TokenAxes({
  frame,
  data,
  ticks,
  bars,
}: {
  frame: Frame;
  data: ChartRow[];
  ticks: number[];
  bars: boolean;
}) {
  const { plot, xs, y } = frame;
  const calls = useMemo((): AxisTick[] => {
    const points = data.map((row) => ({
      first: row.bucket?.first ?? row.call,
      last: row.bucket?.last ?? row.call,
    }));
    const span = (points.at(-1)?.last ?? 0) - (points[0]?.first ?? 0) + 1;
    return callTicks(points, xs, (text) => textWidth(text, TICK_FONT), {
      minCalls: bars ? 1 : span / DENSE_TICKS,
    }).map(({ index, call }) => ({ key: call, at: xs[index]!, label: String(call) }));
  }, [data, xs, bars]);
  const values = useMemo((): AxisTick[] => {
    const labelled = new Set(labelledTicks(ticks, y));
    return ticks.map((tick) => ({
      key: tick,
      at: y(tick),
      label: labelled.has(tick) ? compact(tick) : null,
    }));
  }, [ticks, y]);
  const titleX = PLOT_MARGIN.left + 4;
  const middle = plot.y + plot.height / 2;
  return (
    <g className="chart-axes" pointerEvents="none">
      <Axis
        side="left"
        plot={plot}
        ticks={values}
        className="chart-y-axis"
        tickClassName="chart-tick"
        title={
          <text
            className="chart-y-title"
            x={titleX}
            y={middle}
            dy="0.355em"
            textAnchor="middle"
            fill={TITLE_COLOR}
            transform={`rotate(-90, ${titleX}, ${middle})`}
          >
            {Y_TITLE}
          </text>
        }
      />
      <Axis
        side="bottom"
        plot={plot}
        ticks={calls}
        className="chart-x-axis"
        tickClassName="chart-tick"
      />
    </g>
  );
});
