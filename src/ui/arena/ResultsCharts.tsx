import { useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  LabelList,
  ZAxis,
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { totalsOf, type ArenaRun } from '../../core/arena/results';
import { lookOf } from './palette';
import { compact, tokens } from './format';
import { turnPoints } from './turn-points';
import { LineFigure, type LineSeries } from './LineFigure';
import type { LineRow } from './line-scale';
import { MarkerIcon } from '../charts/MarkerIcon';
import { layoutPointLabels } from '../charts/point-labels';
import { LABEL_LINE, LABEL_SIZE, textWidth } from '../charts/measure-text';

const AXIS = { fontSize: 11, fill: '#667085' };
/** A round upper bound a little above the largest value (room for the point's label). */
function niceMax(max: number): number {
  const target = Math.max(1, max * 1.08);
  const step = 10 ** Math.floor(Math.log10(target)) / 2;
  return Math.ceil(target / step) * step;
}

/** A per-turn row's tooltip heading: its turn, or its group of turns (each line's largest). */
function turnHeading(row: LineRow): string {
  const last = row.last;
  return last !== undefined && last !== row.turn
    ? `Turns ${row.turn}–${last} (the largest of each)`
    : `Turn ${row.turn}`;
}

/** A cumulative row's tooltip heading. */
const afterTurnHeading = (row: LineRow) => `After turn ${row.turn}`;

/** Tokens per turn and cumulative (a line per strategy), extra calls, and tokens vs recall. */
export function ResultsCharts({
  run,
  figures = Infinity,
}: {
  run: ArenaRun;
  /**
   * How many of the figures draw their chart yet (the others keep their place; see
   * useStagedByFrame).
   */
  figures?: number;
}) {
  const { perTurn, cumulative } = useMemo(() => turnPoints(run.runs), [run]);
  const series = useMemo<LineSeries[]>(
    () =>
      run.runs.map((r, i) => {
        const look = lookOf(i);
        return { key: r.key, name: r.label, color: look.color, dash: look.dash };
      }),
    [run],
  );
  const totals = run.runs.map((r, i) => ({ run: r, totals: totalsOf(r), look: lookOf(i) }));
  const extra = totals.map(({ run: r, totals: t }) => ({
    name: r.label,
    calls: t.extraCalls,
    tokens: t.extraTokens,
  }));
  // The scatter's y-axis: probe recall, or the flight recorder's "Specifics kept".
  const [yMetric, setYMetric] = useState<'recall' | 'specificsKept'>('recall');
  const yLabel = yMetric === 'recall' ? 'Probe recall' : 'Specifics kept';
  const hasProbes = totals.some((t) => t.totals[yMetric] !== null);
  // The scatter's points: tokens sent against the metric, for the runs that have it.
  const scatter: ScatterDatum[] = totals.flatMap(({ run: r, totals: t, look }) => {
    const y = t[yMetric];
    return y === null
      ? []
      : [{ id: r.key, name: r.label, x: t.sent, y: Math.round(y * 1000) / 10, look }];
  });
  return (
    <div className="arena-charts">
      <figure className="arena-figure" aria-label="Tokens sent per turn">
        <figcaption>Tokens sent per turn</figcaption>
        {figures < 1 ? (
          <Pending height={220} />
        ) : (
          <LineFigure
            title="Tokens sent per turn"
            rows={perTurn}
            series={series}
            heading={turnHeading}
            xLabel="turn"
            legend
          />
        )}
      </figure>
      <figure className="arena-figure" aria-label="Cumulative tokens">
        <figcaption>Cumulative tokens sent</figcaption>
        {figures < 2 ? (
          <Pending height={220} />
        ) : (
          <LineFigure
            title="Cumulative tokens sent"
            rows={cumulative}
            series={series}
            heading={afterTurnHeading}
          />
        )}
      </figure>
      <figure className="arena-figure" aria-label={`Tokens sent against ${yLabel.toLowerCase()}`}>
        <figcaption>
          Cumulative tokens (x) against {yLabel.toLowerCase()} (y): up and to the left is better{' '}
          <label className="arena-axis-choice">
            y-axis:{' '}
            <select
              value={yMetric}
              onChange={(e) => setYMetric(e.target.value as 'recall' | 'specificsKept')}
            >
              <option value="recall">Probe recall</option>
              <option value="specificsKept">Specifics kept</option>
            </select>
          </label>
        </figcaption>
        {!hasProbes ? (
          <p className="arena-hint">
            {yMetric === 'recall'
              ? 'This transcript has no probes: no recall to plot.'
              : 'No strategy removed anything from the context: no specifics to plot.'}
          </p>
        ) : figures < 3 ? (
          <Pending height={240} />
        ) : (
          <>
            <ResponsiveContainer width="100%" height={240}>
              <ScatterChart margin={{ top: SCATTER_TOP, right: SCATTER_RIGHT, bottom: 8, left: 4 }}>
                <CartesianGrid stroke="#eef1f6" />
                <XAxis
                  type="number"
                  dataKey="x"
                  name="Tokens sent"
                  tick={AXIS}
                  tickFormatter={compact}
                  domain={[0, niceMax]}
                />
                <YAxis
                  type="number"
                  dataKey="y"
                  name={yLabel}
                  tick={AXIS}
                  domain={[0, 100]}
                  ticks={[0, 25, 50, 75, 100]}
                  unit="%"
                  width={44}
                />
                <ZAxis range={[SYMBOL_AREA, SYMBOL_AREA]} />
                <Tooltip content={(props) => <ScatterTooltip {...props} yLabel={yLabel} />} />
                {scatter.map((point) => (
                  <Scatter
                    key={point.id}
                    name={point.name}
                    data={[point]}
                    fill={point.look.color}
                    shape={point.look.shape}
                    isAnimationActive={false}
                  />
                ))}
                <ScatterLabels points={scatter} />
              </ScatterChart>
            </ResponsiveContainer>
            {/* Every point's symbol and name: the labels in the plot leave out a name that has no
            clear place. */}
            <ul className="arena-scatter-key">
              {scatter.map((point) => (
                <li key={point.id}>
                  <MarkerIcon shape={point.look.shape} color={point.look.color} />
                  {point.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </figure>
      <figure className="arena-figure" aria-label="Extra model calls">
        <figcaption>Extra model calls (bars) and their tokens</figcaption>
        {extra.every((e) => e.calls === 0) ? (
          <p className="arena-hint">None of these strategies made an extra model call.</p>
        ) : figures < 4 ? (
          <Pending height={Math.max(120, 34 * extra.length + 40)} />
        ) : (
          <ResponsiveContainer width="100%" height={Math.max(120, 34 * extra.length + 40)}>
            <BarChart
              data={extra}
              layout="vertical"
              margin={{ top: 4, right: 48, bottom: 4, left: 8 }}
            >
              <CartesianGrid stroke="#eef1f6" />
              <XAxis type="number" tick={AXIS} allowDecimals={false} />
              <YAxis type="category" dataKey="name" tick={AXIS} width={130} />
              <Tooltip
                formatter={(v, name, item) =>
                  name === 'calls'
                    ? [
                        `${v} calls, ${tokens(Number((item.payload as { tokens: number }).tokens))} tokens`,
                        'Extra',
                      ]
                    : v
                }
              />
              <Bar dataKey="calls" fill="#0072B2" isAnimationActive={false}>
                <LabelList
                  dataKey="tokens"
                  position="right"
                  formatter={(v) => (Number(v) ? `${compact(Number(v))} tok` : '')}
                  style={{ fontSize: 11, fill: '#667085' }}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </figure>
    </div>
  );
}

/** The scatter's symbols: area in px² (recharts' ZAxis range), and half their drawn size. */
const SYMBOL_AREA = 90;
const SYMBOL_RADIUS = 7;
/** Room right of the scatter's plot for the labels of its rightmost points, and above it for the
 * labels of points at 100% (often the best ones). */
const SCATTER_RIGHT = 48;
const SCATTER_TOP = 30;

interface ScatterDatum {
  id: string;
  name: string;
  x: number;
  y: number;
  look: ReturnType<typeof lookOf>;
}

/**
 * The strategies' names beside their points, clear of every symbol and of each other (see
 * point-labels): points on top of each other share one label; a name with no clear place is left
 * out (the key under the chart and the tooltip name every point).
 */
function ScatterLabels({ points }: { points: ScatterDatum[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  const labels = useMemo(() => {
    if (!x || !y || !plot) return [];
    const placed = points.flatMap((p) => {
      const px = x(p.x);
      const py = y(p.y);
      return px === undefined || py === undefined ? [] : [{ id: p.id, name: p.name, x: px, y: py }];
    });
    return layoutPointLabels(placed, {
      // The plot, its right margin and the strip above it.
      bounds: {
        x: plot.x,
        y: 2,
        width: plot.width + SCATTER_RIGHT - 4,
        height: plot.y + plot.height - 2,
      },
      measure: (text) => textWidth(text, LABEL_SIZE),
      lineHeight: LABEL_LINE,
      radius: SYMBOL_RADIUS,
    });
  }, [x, y, plot, points]);
  return (
    <g className="arena-scatter-labels">
      {labels.map((label) =>
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
  );
}

/** A point's strategy and figures. */
function ScatterTooltip({
  active,
  payload,
  yLabel,
}: TooltipContentProps<ValueType, NameType> & { yLabel: string }) {
  const point = payload?.[0]?.payload as ScatterDatum | undefined;
  if (!active || !point) return null;
  return (
    <div className="arena-tooltip">
      <strong>{point.name}</strong>
      <div>{tokens(point.x)} tokens sent</div>
      <div>
        {yLabel}: {point.y}%
      </div>
    </div>
  );
}

/** A chart's place while it waits for its turn to be drawn. */
function Pending({ height }: { height: number }) {
  return <div className="arena-chart-pending" style={{ height }} aria-busy="true" />;
}
