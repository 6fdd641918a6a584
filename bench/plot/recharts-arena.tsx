// The arena's four figures drawn the way recharts is used for them: two LineCharts of a line per
// strategy over the turns (tokens sent per turn, cumulative), a ScatterChart of a symbol per
// strategy (tokens sent against probe recall) and a vertical BarChart of the extra model calls, each
// with its axes, grid, tooltip (and legend, labels) — the same data as the kit page. Animations off
// (our components do not animate; an animation's frames would be measured as the redraw).
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { barsHeight } from '../../src/ui/arena/bar-scale';
import { compact, tokens } from '../../src/ui/arena/format';
import { arenaFigures, type ArenaFigures } from './arena-data';
import type { ArenaRun } from './data-types';
import { benchPage } from './harness';
import './page.css';

/** The tooltip's heading, as the kit's: a turn, or a group of turns drawn as each line's largest. */
function turnHeading(row: { turn: number; last?: number } | undefined): string {
  if (!row) return '';
  return row.last !== undefined && row.last !== row.turn
    ? `Turns ${row.turn}–${row.last} (the largest of each)`
    : `Turn ${row.turn}`;
}

function TurnLines({
  rows,
  series,
  heading,
  legend,
}: {
  rows: ArenaFigures['perTurn'];
  heading: (row: { turn: number; last?: number } | undefined) => string;
  series: ArenaFigures['series'];
  legend?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="turn" type="number" domain={['dataMin', 'dataMax']} />
        <YAxis tickFormatter={compact} width={48} />
        <Tooltip
          formatter={(value) => tokens(Number(value))}
          labelFormatter={(_, payload) =>
            heading(payload[0]?.payload as { turn: number; last?: number } | undefined)
          }
          isAnimationActive={false}
        />
        {legend && <Legend />}
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stroke={s.look.color}
            strokeDasharray={s.look.dash || undefined}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

function ArenaCharts({ figures }: { figures: ArenaFigures }) {
  return (
    <div className="arena-charts">
      <figure className="arena-figure" aria-label="Tokens sent per turn">
        <figcaption>Tokens sent per turn</figcaption>
        <TurnLines rows={figures.perTurn} series={figures.series} heading={turnHeading} legend />
      </figure>
      <figure className="arena-figure" aria-label="Cumulative tokens">
        <figcaption>Cumulative tokens sent</figcaption>
        <TurnLines
          rows={figures.cumulative}
          series={figures.series}
          heading={(row) => (row ? `After turn ${row.turn}` : '')}
        />
      </figure>
      <figure className="arena-figure" aria-label="Tokens sent against probe recall">
        <figcaption>Cumulative tokens (x) against probe recall (y)</figcaption>
        <ResponsiveContainer width="100%" height={240}>
          <ScatterChart margin={{ top: 12, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="x" type="number" name="tokens sent" tickFormatter={compact} />
            <YAxis dataKey="y" type="number" name="Probe recall" unit="%" width={48} />
            <Tooltip isAnimationActive={false} />
            {figures.scatter.map((point) => (
              <Scatter
                key={point.id}
                name={point.name}
                data={[point]}
                fill={point.look.color}
                shape={point.look.shape}
                isAnimationActive={false}
              >
                <LabelList dataKey="name" position="right" fontSize={11} />
              </Scatter>
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </figure>
      <figure className="arena-figure" aria-label="Extra model calls">
        <figcaption>Extra model calls (bars) and their tokens</figcaption>
        <ResponsiveContainer width="100%" height={barsHeight(figures.bars.length)}>
          <BarChart
            data={figures.bars}
            layout="vertical"
            margin={{ top: 4, right: 60, bottom: 4, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={130} />
            <Tooltip isAnimationActive={false} />
            <Bar dataKey="calls" name="Extra calls" fill="#0072B2" isAnimationActive={false}>
              <LabelList
                dataKey="tokens"
                position="right"
                formatter={(value) => `${tokens(Number(value))} tokens`}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}

void benchPage<ArenaRun>('arena.json', (run) => <ArenaCharts figures={arenaFigures(run)} />, {
  // The chart's own svg (the legend's icons are svgs of the same class).
  target: 'figure[aria-label="Tokens sent per turn"] .recharts-wrapper > svg.recharts-surface',
  describe: () =>
    document.querySelector('.recharts-tooltip-wrapper')?.textContent?.replace(/\s+/g, ' ') ?? '',
});
