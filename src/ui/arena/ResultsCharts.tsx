import { useMemo, useState } from 'react';
import { totalsOf, type ArenaRun } from '../../core/arena/results';
import { lookOf } from './palette';
import { turnPoints } from './turn-points';
import { LineFigure, type LineSeries } from './LineFigure';
import type { LineRow } from './line-scale';
import { MarkerIcon } from '../charts/MarkerIcon';
import { ScatterFigure, type ScatterDatum } from './ScatterFigure';
import { BarsFigure } from './BarsFigure';
import { barsHeight, type BarInput } from './bar-scale';

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

type YMetric = 'recall' | 'specificsKept' | 'specificsInContext';
const Y_LABELS: Record<YMetric, string> = {
  recall: 'Probe recall',
  specificsKept: 'Specifics kept',
  specificsInContext: 'Specifics kept in context',
};

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
  const totals = useMemo(
    () => run.runs.map((r, i) => ({ run: r, totals: totalsOf(r), look: lookOf(i) })),
    [run],
  );
  const extra = useMemo<BarInput[]>(
    () =>
      totals.map(({ run: r, totals: t }) => ({
        id: r.key,
        name: r.label,
        calls: t.extraCalls,
        tokens: t.extraTokens,
      })),
    [totals],
  );
  // The scatter's y-axis: probe recall, or the flight recorder's "Specifics kept".
  // A transcript without probes (an imported session) opens on specifics kept.
  const [yMetric, setYMetric] = useState<YMetric>(() =>
    run.transcript.probes.length === 0 ? 'specificsKept' : 'recall',
  );
  const yLabel = Y_LABELS[yMetric];
  const hasProbes = totals.some((t) => t.totals[yMetric] !== null);
  // The scatter's points: tokens sent against the metric, for the runs that have it.
  const scatter = useMemo<ScatterDatum[]>(
    () =>
      totals.flatMap(({ run: r, totals: t, look }) => {
        const y = t[yMetric];
        return y === null
          ? []
          : [{ id: r.key, name: r.label, x: t.sent, y: Math.round(y * 1000) / 10, look }];
      }),
    [totals, yMetric],
  );
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

/** A chart's place while it waits for its turn to be drawn. */
function Pending({ height }: { height: number }) {
  return <div className="arena-chart-pending" style={{ height }} aria-busy="true" />;
}
