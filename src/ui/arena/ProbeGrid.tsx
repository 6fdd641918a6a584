import { memo, useMemo } from 'react';
import type { ArenaRun } from '../../core/arena/results';
import { useArenaStore } from '../../state/arena';

const SYMBOL = { verbatim: '✓', answer: '≈', missing: '✗' } as const;

type Probe = ArenaRun['transcript']['probes'][number];
type Outcome = ArenaRun['runs'][number]['probes'][number];

/** Probes × strategies: each cell shows whether the evidence was there; click for the context. */
export function ProbeGrid({ run }: { run: ArenaRun }) {
  const selected = useArenaStore((s) => s.selected);
  const select = useArenaStore((s) => s.select);
  const probes = run.transcript.probes;
  const byKey = useMemo(
    () =>
      new Map(run.runs.map((r) => [r.key, new Map(r.probes.map((p) => [p.probeId, p]))] as const)),
    [run],
  );
  if (probes.length === 0 || run.runs.length === 0) return null;
  const shown = probes.slice(0, 300);
  return (
    <div className="arena-grid-wrap">
      <table className="arena-grid" aria-label="Probe outcomes">
        <caption>
          Probes: ✓ evidence present verbatim (a fraction when only part of it is), ≈ found by the
          expected answer (derived memory), ✗ missing. Click a cell to see the context.
          {probes.length > shown.length && ` First ${shown.length} of ${probes.length} shown.`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Probe (asked after turn)</th>
            {run.runs.map((r) => (
              <th scope="col" key={r.key}>
                {r.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((probe) => (
            <ProbeRow
              key={probe.id}
              probe={probe}
              run={run}
              byKey={byKey}
              // Only the rows whose selection changes are drawn again when a cell is clicked (a
              // LoCoMo run has thousands of cells).
              selectedKey={selected?.probeId === probe.id ? selected.key : undefined}
              select={select}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ProbeRow = memo(function ProbeRow({
  probe,
  run,
  byKey,
  selectedKey,
  select,
}: {
  probe: Probe;
  run: ArenaRun;
  byKey: Map<string, Map<string, Outcome>>;
  selectedKey: string | undefined;
  select: (key: string, probeId: string) => void;
}) {
  return (
    <tr>
      <th scope="row" title={probe.expected ? `Expected: ${probe.expected}` : undefined}>
        {probe.question}{' '}
        <small>
          ({probe.at}
          {probe.category ? `, ${probe.category}` : ''})
        </small>
      </th>
      {run.runs.map((r) => {
        const result = byKey.get(r.key)?.get(probe.id);
        if (!result)
          return (
            <td key={r.key} className="arena-na">
              not reached
            </td>
          );
        const partialScore = result.score > 0 && result.score < 1;
        const isSelected = selectedKey === r.key;
        return (
          <td
            key={r.key}
            className={`arena-outcome ${result.foundBy}${partialScore ? ' part' : ''}`}
          >
            <button
              type="button"
              aria-pressed={isSelected}
              aria-label={`${r.label}: ${probe.question} — ${result.foundBy === 'missing' ? 'missing' : result.foundBy === 'answer' ? 'found by answer' : `${Math.round(result.score * 100)}% of evidence present`}`}
              onClick={() => select(r.key, probe.id)}
            >
              {partialScore ? `${Math.round(result.score * 100)}%` : SYMBOL[result.foundBy]}
            </button>
          </td>
        );
      })}
    </tr>
  );
});
