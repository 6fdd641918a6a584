import { describe, expect, it } from 'vitest';
import type { TurnResult } from '../core/arena/results';
import { turnPoints } from './arena-charts';

function turns(sent: number[]): TurnResult[] {
  let cumulative = 0;
  return sent.map((tokens, i) => {
    cumulative += tokens;
    return {
      turn: i + 1,
      calls: 1,
      sections: {},
      sent: tokens,
      cumulative,
      extraCalls: 0,
      extraInput: 0,
      extraOutput: 0,
    } as TurnResult;
  });
}

describe('turnPoints', () => {
  it('draws every turn when there are few', () => {
    const { perTurn, cumulative } = turnPoints([{ key: 'a', turns: turns([5, 7, 3]) }], 150);
    expect(perTurn).toEqual([
      { turn: 1, last: 1, a: 5 },
      { turn: 2, last: 2, a: 7 },
      { turn: 3, last: 3, a: 3 },
    ]);
    expect(cumulative.map((row) => row.a)).toEqual([5, 12, 15]);
  });

  it('groups a long run into at most max points, keeping every peak and the exact cumulative', () => {
    const sent = Array.from({ length: 419 }, (_, i) => (i === 200 ? 90_000 : 1_000 + (i % 7)));
    const runs = [
      { key: 'a', turns: turns(sent) },
      { key: 'b', turns: turns(sent.slice(0, 100)) }, // a run cut short
    ];
    const { perTurn, cumulative } = turnPoints(runs, 150);
    expect(perTurn.length).toBeLessThanOrEqual(150);
    // Every turn is in exactly one group, in order.
    expect(perTurn[0]!.turn).toBe(1);
    expect(perTurn.at(-1)!.last).toBe(419);
    perTurn.forEach((row, i) => {
      if (i > 0) expect(row.turn).toBe(perTurn[i - 1]!.last! + 1);
    });
    // The spike of turn 201 is drawn at its full height, in the group that holds it.
    const spike = perTurn.find((row) => row.turn! <= 201 && row.last! >= 201)!;
    expect(spike.a).toBe(90_000);
    expect(Math.max(...perTurn.map((row) => row.a ?? 0))).toBe(90_000);
    // The cumulative line ends on the run's exact total, at its last turn.
    const total = sent.reduce((sum, n) => sum + n, 0);
    expect(cumulative.at(-1)).toMatchObject({ turn: 419, a: total });
    // The shorter run stops where its turns stop.
    const lastB = cumulative.filter((row) => row.b !== undefined).at(-1)!;
    expect(lastB.b).toBe(sent.slice(0, 100).reduce((sum, n) => sum + n, 0));
    expect(lastB.turn).toBeGreaterThanOrEqual(100);
    expect(lastB.turn).toBeLessThan(103);
  });
});
