// The arena's charts, as the results view shows them (a view model over an ArenaRun, so that the
// charts themselves only draw): the rows of the per-turn and cumulative lines, and each strategy's
// totals for the scatter and the extra-calls bars.
import { totalsOf, type ArenaRun, type StrategyRun } from '../core/arena/results';

/** Points drawn per line at most (an arena chart is 380–800 px wide). */
export const MAX_TURN_POINTS = 150;

/** A chart row: its `turn` (and `last`, the group's last turn) and a value per run key. */
export type TurnRow = Record<string, number> & { turn: number };

/**
 * The rows of the per-turn and cumulative charts: a row per turn, or past `max` turns neighbouring
 * turns grouped into one row per line: a turn's tokens drawn as the group's largest (peaks stay;
 * `turn` and `last` name the group's turns), the cumulative line at the group's last turn (exact
 * there). Ten lines of hundreds of points each were most of the arena's long task.
 */
export function turnPoints(
  runs: readonly Pick<StrategyRun, 'key' | 'turns'>[],
  max = MAX_TURN_POINTS,
): { perTurn: TurnRow[]; cumulative: TurnRow[] } {
  const turns = Math.max(0, ...runs.map((r) => r.turns.length));
  const size = Math.max(1, Math.ceil(turns / Math.max(1, max)));
  const perTurn: TurnRow[] = [];
  const cumulative: TurnRow[] = [];
  for (let from = 0; from < turns; from += size) {
    const to = Math.min(turns, from + size) - 1;
    const a: TurnRow = { turn: from + 1, last: to + 1 };
    const b: TurnRow = { turn: to + 1 };
    for (const r of runs) {
      for (let i = from; i <= to; i++) {
        const t = r.turns[i];
        if (!t) continue;
        a[r.key] = Math.max(a[r.key] ?? 0, t.sent);
        b[r.key] = t.cumulative;
      }
    }
    perTurn.push(a);
    cumulative.push(b);
  }
  return { perTurn, cumulative };
}

/** What the scatter's y-axis may show. */
export type YMetric = 'recall' | 'specificsKept' | 'specificsInContext';
export const Y_LABELS: Record<YMetric, string> = {
  recall: 'Probe recall',
  specificsKept: 'Specifics kept',
  specificsInContext: 'Specifics kept in context',
};

/** A strategy's figures in the charts, in the run's order (`index` picks its look). */
export interface ChartTotals {
  key: string;
  label: string;
  index: number;
  /** Tokens sent over the run. */
  sent: number;
  extraCalls: number;
  extraTokens: number;
  /** Each y metric as a share (0–1), null when the run has none. */
  metrics: Record<YMetric, number | null>;
}

/** The arena run's chart data: the line rows and each strategy's totals. */
export function arenaCharts(run: ArenaRun): {
  perTurn: TurnRow[];
  cumulative: TurnRow[];
  totals: ChartTotals[];
} {
  const totals = run.runs.map((r, index) => {
    const t = totalsOf(r);
    return {
      key: r.key,
      label: r.label,
      index,
      sent: t.sent,
      extraCalls: t.extraCalls,
      extraTokens: t.extraTokens,
      metrics: {
        recall: t.recall,
        specificsKept: t.specificsKept,
        specificsInContext: t.specificsInContext,
      },
    };
  });
  return { ...turnPoints(run.runs), totals };
}
