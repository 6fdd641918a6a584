// The report of measure:ui: per scenario, the longest main-thread task (median and worst over the
// runs, and the phase of the worst) and the tasks over 50 ms; then every phase; then the load.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { PhaseResult, Task } from './measure';
import type { Scenario } from './scenarios';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

export function report(
  chosen: Scenario[],
  results: PhaseResult[],
  failures: string[],
  { runs, trace, jsonOut }: { runs: number; trace: boolean; jsonOut: string | undefined },
) {
  const longest = (tasks: Task[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
  const summary = chosen.map((scenario) => {
    // Runs with every phase measured (a failed run's phases still count in the phase table).
    const complete = Array.from({ length: runs }, (_, i) => i + 1).filter(
      (run) =>
        results.filter((r) => r.scenario === scenario.name && r.run === run).length ===
        scenario.phases.length,
    );
    const perRun = complete.map((run) => {
      const of = results.filter((r) => r.scenario === scenario.name && r.run === run);
      const all = of.flatMap((r) => r.tasks.map((t) => ({ ...t, phase: r.phase })));
      const worst = all.reduce((a, b) => (b.duration > a.duration ? b : a), {
        duration: 0,
        phase: '-',
        start: 0,
      });
      return {
        longest: Math.round(worst.duration),
        phase: worst.phase,
        over50: all.length,
        over100: all.filter((t) => t.duration > 100).length,
      };
    });
    const worstRun = perRun.reduce((a, b) => (b.longest > a.longest ? b : a), {
      longest: 0,
      phase: '-',
      over50: 0,
      over100: 0,
    });
    return {
      scenario: scenario.title,
      'longest ms (median)': median(perRun.map((r) => r.longest)),
      'longest ms (worst)': worstRun.longest,
      'phase of the worst': worstRun.phase,
      'tasks > 50 ms (median)': median(perRun.map((r) => r.over50)),
      'tasks > 50 ms (worst)': Math.max(0, ...perRun.map((r) => r.over50)),
      runs: perRun.length,
      'tasks > 100 ms (all runs)': perRun.reduce((n, r) => n + r.over100, 0),
    };
  });
  console.log('\nPer scenario (longest main-thread task and tasks over 50 ms, over the runs):');
  console.table(summary);
  const phases = chosen.flatMap((scenario) =>
    scenario.phases.map(([phase]) => {
      const of = results.filter((r) => r.scenario === scenario.name && r.phase === phase);
      const row: Record<string, string | number> = {
        scenario: scenario.name,
        phase,
        'longest ms (median)': median(of.map((r) => longest(r.tasks))),
        'longest ms (worst)': Math.max(0, ...of.map((r) => longest(r.tasks))),
        'tasks > 50 ms (median)': median(of.map((r) => r.tasks.length)),
      };
      if (trace) {
        const traced = of.flatMap((r) => r.traced ?? []);
        const top = traced.reduce((a, b) => (b.wall > a.wall ? b : a), { wall: 0, cpu: 0 });
        row['traced longest: wall / CPU ms'] = `${Math.round(top.wall)} / ${Math.round(top.cpu)}`;
      }
      return row;
    }),
  );
  console.log('Per phase:');
  console.table(phases);
  const load = readLoad();
  if (load) console.log(`Load average at the end: ${load}`);
  for (const failure of failures) console.log(`Failed: ${failure}`);
  if (jsonOut)
    writeFileSync(jsonOut, JSON.stringify({ summary, phases, results, failures }, null, 2));
}

function readLoad(): string | undefined {
  try {
    return spawnSync('cat', ['/proc/loadavg']).stdout.toString().split(' ').slice(0, 3).join(' ');
  } catch {
    return undefined;
  }
}
