import type { ArenaRun } from '../../core/arena/results';
import type { RecordedBaseline } from '../../core/autopsy/baseline';
import type { Retention } from '../../core/recorder/retention';
import { useArenaStore, AS_RECORDED_LABEL } from '../../state/arena';
import { lookOf } from './palette';
import { percent, tokens } from './format';
import { totalsOf, inContextShare, retentionShare } from '../../state/views/arena';
import './tables.css';
import './results-table.css';

export function metricNote(run: ArenaRun): string {
  return run.transcript.source === 'locomo'
    ? 'Probe recall = the LoCoMo metric: the fraction of each question’s evidence turns present in the context at the question, averaged; a question whose expected answer appears in the context counts as found (derived memory).'
    : 'Probe recall = the fraction of each probe’s evidence messages present verbatim in the context the strategy would send for the question, averaged; a probe whose expected answer appears in the context counts as found (summaries, facts and triples do not quote verbatim).';
}

/** One row per strategy: tokens sent, extra calls, probe recall (and answer accuracy when asked). */
export function ResultsTable({ run }: { run: ArenaRun }) {
  const asked = run.runs.some((r) => r.probes.some((p) => p.answer));
  const select = useArenaStore((s) => s.select);
  return (
    <div className="arena-table-wrap">
      <table className="arena-table" aria-label="Arena results">
        <caption>{metricNote(run)}</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col">Tokens sent</th>
            <th scope="col">Extra calls</th>
            <th scope="col">Probe recall</th>
            {asked && <th scope="col">Answer accuracy</th>}
            <th
              scope="col"
              title="Share of the specifics that removals took out of the context which every removal left kept or recoverable from a file (the compaction flight recorder, no judge)"
            >
              Specifics kept
            </th>
          </tr>
        </thead>
        <tbody>
          {run.runs.map((r, i) => {
            const t = totalsOf(r);
            const look = lookOf(i);
            const firstMiss = r.probes.find((p) => p.score < 1) ?? r.probes[0];
            return (
              <tr key={r.key}>
                <th scope="row">
                  <span className="arena-swatch" style={{ background: look.color }} aria-hidden />
                  {r.label}
                  {r.partial && (
                    <span
                      className="arena-badge partial"
                      title="Stopped before the end: what was measured is kept"
                    >
                      partial · {r.turns.length}/{r.totalTurns} turns
                    </span>
                  )}
                  {r.error && <span className="arena-badge error">failed: {r.error}</span>}
                </th>
                <td>{tokens(t.sent)}</td>
                <td>
                  {t.extraCalls}
                  {t.extraCalls > 0 && (
                    <small>
                      {' '}
                      ({tokens(t.extraTokens)} tokens
                      {r.answeredBy === 'offline'
                        ? ', offline stand-in'
                        : r.answeredBy === 'model'
                          ? ', model'
                          : ''}
                      {r.cache.hits ? `, ${r.cache.hits} cached` : ''})
                    </small>
                  )}
                  {t.failures > 0 && <small className="arena-bad"> · {t.failures} failed</small>}
                </td>
                <td>
                  {firstMiss ? (
                    <button
                      type="button"
                      className="arena-cell"
                      onClick={() => select(r.key, firstMiss.probeId)}
                      title="Show this strategy's context at a probe"
                    >
                      {percent(t.recall)}
                      <small>
                        {' '}
                        ({t.probesMeasured} probes
                        {t.byRule.answer ? `, ${t.byRule.answer} by answer` : ''})
                      </small>
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
                {asked && <td>{percent(t.accuracy)}</td>}
                <td>
                  {!r.retention ? (
                    '—'
                  ) : r.retention.specifics === 0 ? (
                    <>
                      —{' '}
                      <small>
                        {r.retention.removals === 0
                          ? '(nothing removed)'
                          : '(no specifics in what was removed)'}
                      </small>
                    </>
                  ) : (
                    <>
                      {percent(t.specificsKept)}
                      <small>
                        {' '}
                        ({r.retention.retained.toLocaleString('en')} of{' '}
                        {r.retention.specifics.toLocaleString('en')}, {inContextNote(r.retention)}
                        {r.retention.removals.toLocaleString('en')} removal
                        {r.retention.removals === 1 ? '' : 's'})
                      </small>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
          {run.transcript.recorded && (
            <RecordedRow recorded={run.transcript.recorded} asked={asked} />
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The source agent's own run of an imported session, beside the strategies that replay it. */
function RecordedRow({ recorded, asked }: { recorded: RecordedBaseline; asked: boolean }) {
  const { retention } = recorded;
  return (
    <tr className="arena-recorded">
      <th scope="row">
        <span className="arena-swatch recorded" aria-hidden />
        {AS_RECORDED_LABEL}
        <small> ({recorded.source})</small>
      </th>
      <td>
        {tokens(recorded.sent)}
        <small>
          {' '}
          (its {recorded.calls.toLocaleString('en')} calls' conversation, estimated here without a
          system prompt or tools
          {recorded.recordedCalls > 0
            ? `; ${recorded.source} recorded ${tokens(recorded.recordedSent)} input tokens over ${recorded.recordedCalls.toLocaleString('en')} of them, its own system prompt and tools included`
            : ''}
          )
        </small>
      </td>
      <td>
        {recorded.compactions} <small>compaction{recorded.compactions === 1 ? '' : 's'}</small>
      </td>
      <td>—</td>
      {asked && <td>—</td>}
      <td>
        {retention.specifics === 0 ? (
          <>
            —{' '}
            <small>
              {recorded.compactions === 0
                ? '(never compacted)'
                : '(no specifics in what was removed)'}
            </small>
          </>
        ) : (
          <>
            {percent(retentionShare(retention))}
            <small>
              {' '}
              ({retention.retained.toLocaleString('en')} of{' '}
              {retention.specifics.toLocaleString('en')},{' '}
              {recorded.compactions.toLocaleString('en')} compaction
              {recorded.compactions === 1 ? '' : 's'})
            </small>
          </>
        )}
      </td>
    </tr>
  );
}

/** "62% in the context itself, " when some kept specifics are only in files the agent can read. */
function inContextNote(retention: Retention): string {
  if (retention.inContext === undefined || retention.inContext === retention.retained) return '';
  return `${percent(inContextShare(retention))} in the context itself, `;
}
