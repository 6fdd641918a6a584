import { memo, useCallback, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ArenaRun } from '../../core/arena/results';
import { useArenaStore } from '../../state/arena';
import { visibleRows } from '../virtual-rows';
import './tables.css';
import './probe-grid.css';

const SYMBOL = { verbatim: '✓', answer: '≈', missing: '✗' } as const;

type Probe = ArenaRun['transcript']['probes'][number];
type Outcome = ArenaRun['runs'][number]['probes'][number];

/** Up to this many probes every row is in the page; a longer grid renders the rows near the view. */
export const GRID_RENDER_ALL_UP_TO = 40;
/** At most this many probes are shown (the caption says so when there are more). */
const MAX_PROBES = 300;
const estimateRow = () => 36;

/**
 * Probes × strategies: each cell shows whether the evidence was there; click for the context. A
 * LoCoMo run (hundreds of probes × ten strategies, a grid 16,000 px tall) scrolls in a box of its
 * own under a header that stays in view, and renders only the rows near its view, with
 * @tanstack/react-virtual as the chat, the Files tree and the Facts panel do: laying out and
 * painting every row took most of a 150 ms task when the arena opened.
 */
export function ProbeGrid({ run }: { run: ArenaRun }) {
  const selected = useArenaStore((s) => s.selected);
  const select = useArenaStore((s) => s.select);
  const probes = run.transcript.probes;
  const byKey = useMemo(
    () =>
      new Map(run.runs.map((r) => [r.key, new Map(r.probes.map((p) => [p.probeId, p]))] as const)),
    [run],
  );
  const shown = useMemo(() => probes.slice(0, MAX_PROBES), [probes]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtual = shown.length > GRID_RENDER_ALL_UP_TO;
  const getItemKey = useCallback((index: number) => shown[index]!.id, [shown]);
  // No React Compiler in this build, so its warning about memoizing the virtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    enabled: virtual,
    getScrollElement: () => wrapRef.current,
    estimateSize: estimateRow,
    overscan: 10,
    getItemKey,
    // The rows start below the header, in the grid's own scroll area.
    scrollMargin: offsetIn(bodyRef.current, wrapRef.current),
  });
  if (probes.length === 0 || run.runs.length === 0) return null;

  const rowOf = (probe: Probe, index?: number) => (
    <ProbeRow
      key={probe.id}
      probe={probe}
      run={run}
      byKey={byKey}
      // Only the rows whose selection changes are drawn again when a cell is clicked (a LoCoMo run
      // has thousands of cells).
      selectedKey={selected?.probeId === probe.id ? selected.key : undefined}
      select={select}
      {...(index !== undefined ? { index, measure: virtualizer.measureElement } : {})}
    />
  );
  let rows;
  if (virtual) {
    const { items, padTop, padBottom } = visibleRows(virtualizer);
    rows = (
      <>
        <Spacer height={padTop} columns={run.runs.length + 1} />
        {items.map((item) => rowOf(shown[item.index]!, item.index))}
        <Spacer height={padBottom} columns={run.runs.length + 1} />
      </>
    );
  } else rows = shown.map((probe) => rowOf(probe));

  return (
    <div className={`arena-grid-wrap${virtual ? ' virtual' : ''}`} ref={wrapRef}>
      <table
        className={`arena-grid${virtual ? ' virtual' : ''}`}
        aria-label="Probe outcomes"
        // Fixed columns (rows come and go): each strategy's at least wide enough for its name.
        style={virtual ? { minWidth: 260 + 116 * run.runs.length } : undefined}
      >
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
        <tbody ref={bodyRef}>{rows}</tbody>
      </table>
    </div>
  );
}

/** The rows out of view, as one empty row of their height. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="arena-grid-spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/** Where the element starts in its scroll area's content. */
function offsetIn(element: Element | null, scroller: Element | null): number {
  if (!element || !scroller) return 0;
  return (
    element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  );
}

const ProbeRow = memo(function ProbeRow({
  probe,
  run,
  byKey,
  selectedKey,
  select,
  index,
  measure,
}: {
  probe: Probe;
  run: ArenaRun;
  byKey: Map<string, Map<string, Outcome>>;
  selectedKey: string | undefined;
  select: (key: string, probeId: string) => void;
  /** In a virtualized grid: the row's place, and what measures it as it renders. */
  index?: number;
  measure?: (element: HTMLTableRowElement | null) => void;
}) {
  return (
    <tr data-index={index} ref={measure}>
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
