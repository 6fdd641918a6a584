import { useMemo, useState, type ReactNode } from 'react';
import type { ArenaRun } from '../../core/arena/results';
import { arenaCharts, Y_LABELS, type YMetric } from '../../state/arena-charts';
import { lookOf } from './palette';
import { LineFigure, type LineRow, type LineSeries } from './LineFigure';
import { MarkerIcon } from '../charts/MarkerIcon';
import { ScatterFigure, type ScatterDatum } from './ScatterFigure';
import { BarsFigure } from './BarsFigure';
import { barsHeight, type BarInput } from './bar-scale';
import './charts.css';

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
  const { perTurn, cumulative, totals } = useMemo(() => arenaCharts(run), [run]);
  const series = useMemo<LineSeries[]>(
    () =>
      totals.map((t) => {
        const look = lookOf(t.index);
        return { key: t.key, name: t.label, color: look.color, dash: look.dash };
      }),
    [totals],
  );
  const extra = useMemo<BarInput[]>(
    () =>
      totals.map((t) => ({ id: t.key, name: t.label, calls: t.extraCalls, tokens: t.extraTokens })),
    [totals],
  );
  // The scatter's y-axis: probe recall, or the flight recorder's "Specifics kept".
  // A transcript without probes (an imported session) opens on specifics kept.
  const [yMetric, setYMetric] = useState<YMetric>(() =>
    run.transcript.probes.length === 0 ? 'specificsKept' : 'recall',
  );
  const yLabel = Y_LABELS[yMetric];
  const hasProbes = totals.some((t) => t.metrics[yMetric] !== null);
  // The scatter's points: tokens sent against the metric, for the runs that have it.
  const scatter = useMemo<ScatterDatum[]>(
    () =>
      totals.flatMap((t) => {
        const y = t.metrics[yMetric];
        return y === null
          ? []
          : [
              {
                id: t.key,
                name: t.label,
                x: t.sent,
                y: Math.round(y * 1000) / 10,
                look: lookOf(t.index),
              },
            ];
      }),
    [totals, yMetric],
  );
  return (
    <div className="arena-charts">
      {(
        [
          ['Tokens sent per turn', 'Tokens sent per turn', perTurn, turnHeading, 'turn'],
          ['Cumulative tokens', 'Cumulative tokens sent', cumulative, afterTurnHeading, undefined],
        ] as const
      ).map(([label, title, rows, heading, xLabel], i) => (
        // The per-turn chart names the turn axis and carries the lines' key.
        <ChartFigure key={label} label={label} caption={title} ready={figures > i}>
          <LineFigure
            title={title}
            rows={rows}
            series={series}
            heading={heading}
            {...(xLabel ? { xLabel, legend: true } : {})}
          />
        </ChartFigure>
      ))}
      <figure className="arena-figure" aria-label={`Tokens sent against ${yLabel.toLowerCase()}`}>
        <figcaption>
          Cumulative tokens (x) against {yLabel.toLowerCase()} (y): up and to the left is better{' '}
          <label className="arena-axis-choice">
            y-axis:{' '}
            <select value={yMetric} onChange={(e) => setYMetric(e.target.value as YMetric)}>
              {(Object.keys(Y_LABELS) as YMetric[]).map((metric) => (
                <option key={metric} value={metric}>
                  {Y_LABELS[metric]}
                </option>
              ))}
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
            <ScatterFigure
              title={`Tokens sent against ${yLabel.toLowerCase()}`}
              points={scatter}
              yLabel={yLabel}
            />
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
          <Pending height={barsHeight(extra.length)} />
        ) : (
          <BarsFigure title="Extra model calls" rows={extra} />
        )}
      </figure>
    </div>
  );
}

/** A figure of the results: its caption, and its chart once its turn to be drawn has come. */
function ChartFigure({
  label,
  caption,
  ready,
  height = 220,
  children,
}: {
  label: string;
  caption: string;
  ready: boolean;
  height?: number;
  children: ReactNode;
}) {
  return (
    <figure className="arena-figure" aria-label={label}>
      <figcaption>{caption}</figcaption>
      {ready ? children : <Pending height={height} />}
    </figure>
  );
}

/** A chart's place while it waits for its turn to be drawn. */
function Pending({ height }: { height: number }) {
  return <div className="arena-chart-pending" style={{ height }} aria-busy="true" />;
}
