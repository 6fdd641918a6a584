import { useArenaStore } from '../../state/arena';
import './past-runs.css';

/** Runs kept in IndexedDB, newest first. */
export function PastRuns() {
  const past = useArenaStore((s) => s.past);
  const current = useArenaStore((s) => s.current);
  const running = useArenaStore((s) => s.running);
  if (past.length === 0) return null;
  return (
    <nav className="arena-card arena-past" aria-label="Past runs" id="past-runs" tabIndex={-1}>
      <h3>Past runs</h3>
      <ul>
        {past.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              disabled={running}
              aria-current={current?.id === p.id}
              onClick={() => void useArenaStore.getState().openPast(p.id)}
            >
              <span>{p.title}</span>
              <small>
                {new Date(p.createdAt).toLocaleString()} · {p.strategies.length} strategies
                {p.partial ? ' · partial' : ''}
                {p.mode === 'offline' ? ' · offline' : ' · model'}
              </small>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
