// The arena figures' data as ResultsCharts prepares it (the same helpers), for the recharts page:
// a row per turn (grouped past 150 turns) for the two line charts, a point per strategy for the
// scatter (tokens sent against probe recall), a bar per strategy for the extra calls.
import { totalsOf, type ArenaRun } from '../../src/core/arena/results';
import { lookOf, type Look } from '../../src/ui/arena/palette';
import { turnPoints, type TurnRow } from './kit-charts';

export interface ArenaFigures {
  perTurn: TurnRow[];
  cumulative: TurnRow[];
  series: { key: string; name: string; look: Look }[];
  scatter: { id: string; name: string; x: number; y: number; look: Look }[];
  bars: { id: string; name: string; calls: number; tokens: number }[];
}

export function arenaFigures(run: ArenaRun): ArenaFigures {
  const { perTurn, cumulative } = turnPoints(run.runs);
  const totals = run.runs.map((r, i) => ({ run: r, totals: totalsOf(r), look: lookOf(i) }));
  return {
    perTurn,
    cumulative,
    series: totals.map(({ run: r, look }) => ({ key: r.key, name: r.label, look })),
    scatter: totals.flatMap(({ run: r, totals: t, look }) =>
      t.recall === null
        ? []
        : [{ id: r.key, name: r.label, x: t.sent, y: Math.round(t.recall * 1000) / 10, look }],
    ),
    bars: totals.map(({ run: r, totals: t }) => ({
      id: r.key,
      name: r.label,
      calls: t.extraCalls,
      tokens: t.extraTokens,
    })),
  };
}
