import type { StrategyRun } from '../../core/arena/results';

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
