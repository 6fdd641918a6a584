import { useArenaStore } from '../../state/arena';
import { usePanelsStore } from './Workspace';
import type { RouteProblem } from '../../state/router';

const TITLES: Record<RouteProblem['kind'], string> = {
  thread: 'This thread no longer exists',
  run: 'This arena run no longer exists',
  address: 'This address names no view',
};

/** Moves focus to a list and marks it for a moment, so the eye finds it too. */
function showList(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.focus();
  target.classList.remove('flash');
  void target.offsetWidth; // restart the animation
  target.classList.add('flash');
}

/**
 * In place of a view the address names but the app does not hold: what was asked for, and the way
 * to the threads (or the kept runs). Nothing is created: the composer is not shown here.
 */
export function RouteMissing({ problem }: { problem: RouteProblem }) {
  const past = useArenaStore((s) => s.past);
  const sidebarCollapsed = usePanelsStore((s) => s.collapsed.sidebar);
  const shown = (
    <>
      “
      <code className="route-id">
        {problem.shown}
        {problem.cut && '…'}
      </code>
      ”
      {problem.cut && (
        <>
          {' '}
          (cut: the first {problem.shown.length} of {problem.length.toLocaleString('en-US')}{' '}
          characters)
        </>
      )}
    </>
  );

  const showThreads = () => {
    if (sidebarCollapsed) usePanelsStore.getState().toggle('sidebar');
    requestAnimationFrame(() => showList('thread-list'));
  };

  return (
    <section className="route-missing" aria-labelledby="route-missing-title">
      <h2 id="route-missing-title">{TITLES[problem.kind]}</h2>
      {problem.kind === 'thread' && (
        <p>
          No thread with the id {shown} is kept in this browser: it was removed, or the link comes
          from another browser. Nothing was created or changed.
        </p>
      )}
      {problem.kind === 'run' && (
        <p>
          No kept arena run has the id {shown}: the arena keeps its last 20 runs in this browser,
          and a link from another browser opens nothing here. Nothing was created or changed.
        </p>
      )}
      {problem.kind === 'address' && (
        <p>
          The address {shown} was not opened. {problem.detail} Nothing was created or changed.
        </p>
      )}
      {problem.kind === 'run' ? (
        past.length > 0 ? (
          <button type="button" onClick={() => showList('past-runs')}>
            Show past runs
          </button>
        ) : (
          <p className="muted">No arena runs are kept in this browser yet.</p>
        )
      ) : (
        <button type="button" onClick={showThreads}>
          Show the thread list
        </button>
      )}
    </section>
  );
}
