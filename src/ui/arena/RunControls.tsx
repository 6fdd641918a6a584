import { useState } from 'react';
import { entryLabel, useArenaStore } from '../../state/arena';
import { useSettingsStore } from '../../state/settings';
import { tokens } from './format';
import './controls.css';

/** Run arena, Stop, Export results; the progress bar per strategy; the cost confirmation. */
export function RunControls() {
  const running = useArenaStore((s) => s.running);
  const current = useArenaStore((s) => s.current);
  const progress = useArenaStore((s) => s.progress);
  const entries = useArenaStore((s) => s.entries);
  const confirm = useArenaStore((s) => s.confirm);
  const runError = useArenaStore((s) => s.runError);
  const transcript = useArenaStore((s) => s.transcript);
  const [exportOpen, setExportOpen] = useState(false);
  const ask = useArenaStore((s) => s.ask);
  const demo = useSettingsStore((s) => s.settings.provider === 'demo');
  const store = useArenaStore.getState();
  const labels = new Map(entries.map((e) => [e.key, entryLabel(e)]));
  const resultLabels = new Map(current?.runs.map((r) => [r.key, r.label]) ?? []);

  return (
    <div className="arena-card arena-run">
      <div className="arena-buttons">
        <button
          type="button"
          className="primary"
          onClick={() => void store.run()}
          disabled={running || !transcript}
        >
          Run arena
        </button>
        <button type="button" onClick={() => store.stop()} disabled={!running}>
          Stop
        </button>
        <div className="arena-export">
          <button
            type="button"
            onClick={() => setExportOpen((o) => !o)}
            disabled={!current || current.runs.length === 0}
            aria-expanded={exportOpen}
          >
            Export results
          </button>
          {exportOpen && current && (
            <div className="arena-export-menu" role="group" aria-label="Export format">
              <button
                type="button"
                onClick={() => (store.exportResults('csv'), setExportOpen(false))}
              >
                CSV
              </button>
              <button
                type="button"
                onClick={() => (store.exportResults('json'), setExportOpen(false))}
              >
                JSON
              </button>
            </div>
          )}
        </div>
      </div>
      <label className="arena-ask" title={demo ? 'Needs a real provider (Settings)' : undefined}>
        <input
          type="checkbox"
          checked={ask && !demo}
          disabled={demo || running}
          onChange={(e) => store.setAsk(e.target.checked)}
        />
        <span>
          Ask the model
          <small className="arena-hint">
            {demo
              ? ' — needs a real provider: the Demo cannot answer questions.'
              : ' — each probe question is asked with each strategy’s context; scored by whether the answer holds the expected answer.'}
          </small>
        </span>
      </label>
      {confirm && (
        <div role="alertdialog" aria-label="Confirm model calls" className="arena-confirm">
          <p>
            This run makes about <strong>{tokens(confirm.calls)}</strong> extra model calls with{' '}
            <strong>{confirm.model}</strong>, roughly <strong>{tokens(confirm.tokens)}</strong>{' '}
            tokens (answers already cached cost nothing).
          </p>
          <div className="arena-buttons">
            <button type="button" className="primary" onClick={() => store.confirmRun()}>
              Run with the model
            </button>
            <button type="button" onClick={() => store.cancelConfirm()}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {runError && (
        <p role="alert" className="arena-error">
          {runError}
        </p>
      )}
      {Object.keys(progress).length > 0 && (
        <ul className="arena-progress" aria-label="Progress">
          {Object.entries(progress).map(([key, p]) => {
            const label = resultLabels.get(key) ?? labels.get(key) ?? key;
            const result = current?.runs.find((r) => r.key === key);
            const total = p.total || result?.totalTurns || 0;
            const done = result ? result.turns.length : p.done;
            const state = result
              ? result.partial
                ? 'partial'
                : 'done'
              : running
                ? p.done
                  ? 'running'
                  : 'waiting'
                : 'not run';
            return (
              <li key={key}>
                <span className="arena-progress-label">{label}</span>
                <progress aria-label={`${label} progress`} max={total || 1} value={done} />
                <span className="arena-progress-count">
                  {done}/{total || '?'} turns · {state}
                  {result && ` · ${(result.wallMs / 1000).toFixed(1)} s`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
