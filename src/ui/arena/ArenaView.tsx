import { useEffect } from 'react';
import type { ArenaRun } from '../../core/arena/results';
import { useArenaStore } from '../../state/arena';
import { useRouteStore } from '../../state/router';
import { RouteMissing } from '../app/RouteMissing';
import { ContextView } from './ContextView';
import { PastRuns } from './PastRuns';
import { ProbeGrid } from './ProbeGrid';
import { ResultsCharts } from './ResultsCharts';
import { ResultsTable } from './ResultsTable';
import { RunControls } from './RunControls';
import { StrategyChooser } from './StrategyChooser';
import { TranscriptPicker } from './TranscriptPicker';
import { useStagedByFrame } from './staged-frames';
import './arena.css';

/** The Strategy arena: one transcript through many strategies, side by side. */
export function ArenaView() {
  const current = useArenaStore((s) => s.current);
  const running = useArenaStore((s) => s.running);
  const problem = useRouteStore((s) => s.problem);
  useEffect(() => {
    void useArenaStore.getState().loadPast();
  }, []);

  return (
    <section className="arena" aria-label="Arena">
      <aside className="arena-side">
        <TranscriptPicker />
        <StrategyChooser />
        <PastRuns />
      </aside>
      <main className="arena-main">
        <header className="arena-intro">
          <h2>Strategy arena</h2>
          <p>
            Replays the transcript turn by turn through each strategy with the app’s own pipeline.
            Memory layers (AGENTS.md, facts) are off here, so only the strategy differs.
          </p>
        </header>
        {problem?.kind === 'run' && <RouteMissing problem={problem} />}
        <RunControls />
        {current && current.runs.length > 0 && (
          <>
            <p className="arena-mode" role="status">
              {current.transcript.title} ·{' '}
              {current.mode === 'offline'
                ? 'Model steps answered by offline stand-ins (Demo provider): extractive, not a language model.'
                : `Model steps answered by ${current.model}.`}{' '}
              Tokens counted with the {current.model} tokenizer; Deep Agents’ summarization uses the
              offline summarizer.
              {current.partial && !running && (
                <strong className="arena-partial">
                  {' '}
                  Partial: the run was stopped or cut short; what was measured is kept.
                </strong>
              )}
            </p>
            <Results key={current.id} run={current} />
          </>
        )}
        {!current && !problem && (
          <p className="arena-empty">
            Choose a transcript and the strategies to compare, then press <strong>Run arena</strong>
            .
          </p>
        )}
      </main>
    </section>
  );
}

/** The figures of ResultsCharts, shown one frame after another after the table and the grid. */
const FIGURES = 4;

/**
 * A run's results, shown part by part (one frame each): the table and the context view, the probe
 * grid, then each chart.
 */
function Results({ run }: { run: ArenaRun }) {
  const shown = useStagedByFrame(2 + FIGURES);
  return (
    <>
      <ResultsTable run={run} />
      <ResultsCharts run={run} figures={shown - 2} />
      {shown >= 2 && <ProbeGrid run={run} />}
      <ContextView run={run} />
    </>
  );
}
