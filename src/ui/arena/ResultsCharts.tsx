import { useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  Legend,
  LabelList,
  ZAxis,
} from 'recharts';
import { totalsOf, type ArenaRun } from '../../core/arena/results';
import { lookOf } from './palette';
import { plainLine } from '../charts/plain-line';
import { compact, tokens } from './format';
import { turnPoints } from './turn-points';

const AXIS = { fontSize: 11, fill: '#667085' };
/**
 * Turns on a number axis: a few round ticks. As categories, every turn's label was measured on
 * each render (hundreds for a LoCoMo conversation, for the axis and again for the grid).
 */
const TURN_AXIS = {
  type: 'number',
  domain: [1, 'dataMax'],
  allowDecimals: false,
  tick: AXIS,
} as const;

/** A round upper bound a little above the largest value (room for the point's label). */
function niceMax(max: number): number {
  const target = Math.max(1, max * 1.08);
  const step = 10 ** Math.floor(Math.log10(target)) / 2;
  return Math.ceil(target / step) * step;
}

/** Tokens per turn and cumulative (a line per strategy), extra calls, and tokens vs recall. */
export function ResultsCharts({
  run,
  figures = Infinity,
}: {
  run: ArenaRun;
  /** How many of the figures draw their chart yet (the others keep their place; see useStaged). */
  figures?: number;
}) {
  const { perTurn, cumulative } = useMemo(() => turnPoints(run.runs), [run]);
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
  const lines = (key: 'sent' | 'cum') =>
    run.runs.map((r, i) => {
      const look = lookOf(i);
      return (
        <Line
          key={`${key}-${r.key}`}
          dataKey={r.key}
          name={r.label}
          stroke={look.color}
          strokeDasharray={look.dash}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          type="linear"
          shape={plainLine}
        />
      );
    });

  return (
    <div className="arena-charts">
      <figure className="arena-figure" aria-label="Tokens sent per turn">
        <figcaption>Tokens sent per turn</figcaption>
        {figures < 1 ? (
          <Pending height={220} />
        ) : (
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={perTurn} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
              <CartesianGrid stroke="#eef1f6" />
              <XAxis
                dataKey="turn"
                {...TURN_AXIS}
                label={{ value: 'turn', position: 'insideBottomRight', offset: -2, ...AXIS }}
              />
              <YAxis tick={AXIS} tickFormatter={compact} width={48} />
              <Tooltip
                formatter={(v) => tokens(Number(v))}
                labelFormatter={(l, items) => {
                  const last = (items?.[0]?.payload as { last?: number } | undefined)?.last;
                  return last !== undefined && last !== l
                    ? `Turns ${l}–${last} (the largest of each)`
                    : `Turn ${l}`;
                }}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {lines('sent')}
            </LineChart>
          </ResponsiveContainer>
        )}
      </figure>
      <figure className="arena-figure" aria-label="Cumulative tokens">
        <figcaption>Cumulative tokens sent</figcaption>
        {figures < 2 ? (
          <Pending height={220} />
        ) : (
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={cumulative} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
              <CartesianGrid stroke="#eef1f6" />
              <XAxis dataKey="turn" {...TURN_AXIS} />
              <YAxis tick={AXIS} tickFormatter={compact} width={48} />
              <Tooltip
                formatter={(v) => tokens(Number(v))}
                labelFormatter={(l) => `After turn ${l}`}
              />
              {lines('cum')}
            </LineChart>
          </ResponsiveContainer>
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
          <ResponsiveContainer width="100%" height={240}>
            <ScatterChart margin={{ top: 18, right: 110, bottom: 8, left: 4 }}>
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
              <ZAxis range={[90, 90]} />
              <Tooltip formatter={(v, name) => (name === yLabel ? `${v}%` : tokens(Number(v)))} />
              {totals.map(({ run: r, totals: t, look }) => {
                const y = t[yMetric];
                return y === null ? null : (
                  <Scatter
                    key={r.key}
                    name={r.label}
                    data={[{ x: t.sent, y: Math.round(y * 1000) / 10, label: r.label }]}
                    fill={look.color}
                    shape={look.shape}
                    isAnimationActive={false}
                  >
                    <LabelList
                      dataKey="label"
                      position="right"
                      style={{ fontSize: 11, fill: '#1d2330' }}
                    />
                  </Scatter>
                );
              })}
            </ScatterChart>
          </ResponsiveContainer>
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

/** A chart's place while it waits for its turn to be drawn. */
function Pending({ height }: { height: number }) {
  return <div className="arena-chart-pending" style={{ height }} aria-busy="true" />;
}
