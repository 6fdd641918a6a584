// The token chart's data layers: the sections stacked per call (d3's stack), as a bar per call or,
// when the calls in view are many, as stepped areas; the provider-reported input as a line; and the
// cursor on the slot under the pointer. Memoized: a move of the pointer draws none of them again.
import { memo, useMemo } from 'react';
import type { ChartRow, Series } from '../chart-data';
import { barWidth, REPORTED_COLOR, type Frame } from '../token-frame';
import type { Box } from '../../plot/box';
import { barsPath, linePath, stacked, stepAreaPath } from '../../plot/paths';

/** The slot under the pointer: a light band behind a call's bar, a line on a dense chart. */
export function Cursor({ frame, index, bars }: { frame: Frame; index: number; bars: boolean }) {
  const { plot, xs, slot } = frame;
  const x = xs[index];
  if (x === undefined) return null;
  return bars ? (
    <rect
      className="chart-cursor"
      x={x - slot / 2}
      y={plot.y}
      width={slot}
      height={plot.height}
      fill="#000000"
      fillOpacity={0.06}
      pointerEvents="none"
    />
  ) : (
    <line
      className="chart-cursor"
      x1={x}
      x2={x}
      y1={plot.y}
      y2={plot.y + plot.height}
      stroke="#374151"
      strokeOpacity={0.5}
      pointerEvents="none"
    />
  );
}

/**
 * The sections, stacked: a bar per call and section (one path per section) when the calls in view
 * are few, else one stepped area per section across each point's whole slot. Clipped at the top of
 * the scale.
 */
export const Sections = memo(function Sections({
  frame,
  data,
  series,
  bars,
  clip,
}: {
  frame: Frame;
  data: ChartRow[];
  series: Series[];
  bars: boolean;
  clip: string;
}) {
  const paths = useMemo(() => {
    const { xs, slot, y, max } = frame;
    const yOf = (tokens: number) => y(Math.min(tokens, max));
    const half = barWidth(slot) / 2;
    const layers = stacked(
      data,
      series.map((s) => s.key),
      (row, key) => row[key],
    );
    return series.map((s, k) => {
      const layer = layers[k]!;
      const tops = layer.map(([, top]) => yOf(top));
      const bases = layer.map(([bottom]) => yOf(bottom));
      if (!bars) return { series: s, d: stepAreaPath(xs, slot, tops, bases) };
      const rects: Box[] = xs.map((x, i) => ({
        x: x - half,
        y: tops[i]!,
        width: 2 * half,
        height: bases[i]! - tops[i]!,
      }));
      return { series: s, d: barsPath(rects) };
    });
  }, [frame, data, series, bars]);
  return (
    <g className={bars ? 'chart-bars' : 'chart-steps'} clipPath={`url(#${clip})`}>
      {paths.map(({ series: s, d }) =>
        d ? (
          <path
            key={s.key}
            d={d}
            fill={s.color}
            {...(bars ? { stroke: '#ffffff', strokeWidth: 0.5 } : {})}
          />
        ) : null,
      )}
    </g>
  );
});

/** The provider-reported input: a line across the calls that have it, with dots when bars. */
export const Reported = memo(function Reported({
  frame,
  data,
  bars,
  clip,
}: {
  frame: Frame;
  data: ChartRow[];
  bars: boolean;
  clip: string;
}) {
  const points = useMemo(() => {
    const out: { x: number; y: number }[] = [];
    data.forEach((row, i) => {
      if (row.reported !== undefined) out.push({ x: frame.xs[i]!, y: frame.y(row.reported) });
    });
    return out;
  }, [frame, data]);
  if (points.length === 0) return null;
  return (
    <g className="chart-reported" clipPath={`url(#${clip})`}>
      <path
        d={linePath(points)}
        fill="none"
        stroke={REPORTED_COLOR}
        strokeWidth={bars ? 2 : 1.5}
        strokeLinejoin="round"
      />
      {bars &&
        points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={2.5} fill={REPORTED_COLOR} stroke={REPORTED_COLOR} />
        ))}
    </g>
  );
});
