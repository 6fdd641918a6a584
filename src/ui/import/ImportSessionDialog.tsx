import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useImportStore, MAX_SESSION_LABEL } from '../../state/import';
import './import.css';
import { megabytes, reportLines, secretLines } from '../../state/views/import';

/** The "Import session" button (thread list, arena transcript chooser). */
export function ImportSessionButton({ from }: { from: 'threads' | 'arena' }) {
  return (
    <button
      type="button"
      className="mp-import-button"
      onClick={() => useImportStore.getState().openDialog(from)}
      title="Open another agent’s session (Claude Code, Codex CLI, OpenAI, Anthropic, LangChain) as a thread"
    >
      Import session
    </button>
  );
}

const hasFiles = (event: globalThis.DragEvent | DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** A file dropped anywhere on the window opens the dialog and imports it. */
function useWindowDrop() {
  useEffect(() => {
    const over = (event: globalThis.DragEvent) => {
      if (!event.defaultPrevented && hasFiles(event)) event.preventDefault();
    };
    const drop = (event: globalThis.DragEvent) => {
      // A panel that takes dropped files (it prevented the default) keeps them.
      if (event.defaultPrevented || !hasFiles(event)) return;
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault();
      void useImportStore.getState().importFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}

/** The "Import session" dialog: choose or drop a file, watch it parse, read the report, open it. */
export function ImportSessionDialog() {
  useWindowDrop();
  const open = useImportStore((s) => s.open);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={dialogRef}
      className="mp-modal mp-import-dialog"
      aria-labelledby="mp-import-title"
      onClose={() => useImportStore.getState().open && useImportStore.getState().close()}
    >
      {open && <DialogBody />}
    </dialog>
  );
}

function DialogBody() {
  const { from, phase, fileName, progress, report, error } = useImportStore();
  const store = useImportStore.getState();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const busy = phase === 'importing';
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void store.importFile(file);
  };

  return (
    <div className="mp-import-body">
      <h2 id="mp-import-title">Import session</h2>
      <p className="mp-import-private">
        The file stays in this browser: it is read here and the thread is saved only in this
        browser’s storage. Nothing is uploaded.
      </p>
      <div
        className={`mp-import-drop${dragging ? ' mp-import-drop-over' : ''}`}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId}>Session file</label>
        <input
          id={inputId}
          type="file"
          accept=".jsonl,.json,.txt,application/json"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void store.importFile(file);
            event.target.value = '';
          }}
        />
        <span className="mp-import-hint">
          or drop it here (or anywhere on the window). Claude Code or Codex CLI session JSONL, an
          OpenAI Chat Completions or Responses request, an Anthropic Messages request, or LangChain
          / Deep Agents messages; at most {MAX_SESSION_LABEL}. The format is read from the content.
        </span>
      </div>
      {busy && <ImportProgress fileName={fileName} progress={progress} />}
      {error && (
        <p role="alert" className="mp-import-error">
          {error}
        </p>
      )}
      {report && <ReportRegion />}
      <div className="mp-import-actions">
        {phase === 'done' && (
          <button type="button" className="primary" onClick={() => void store.openThread()}>
            Open thread
          </button>
        )}
        {phase === 'done' && from === 'arena' && (
          <button type="button" onClick={() => void store.replayInArena()}>
            Replay in arena
          </button>
        )}
        <button type="button" onClick={() => store.close()}>
          {phase === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}

function ImportProgress({
  fileName,
  progress,
}: Pick<ReturnType<typeof useImportStore.getState>, 'fileName' | 'progress'>) {
  const labelId = useId();
  const label = !progress
    ? `Starting ${fileName ?? ''}…`
    : `${progress.stage === 'reading' ? 'Reading' : 'Parsing'} ${fileName ?? ''}: ${megabytes(progress.done)} of ${megabytes(progress.total)}`;
  return (
    <div className="mp-import-progress">
      <span id={labelId}>{label}</span>
      <progress
        aria-labelledby={labelId}
        max={progress?.total || undefined}
        value={progress && progress.stage === 'parsing' ? progress.done : undefined}
      />
    </div>
  );
}

function ReportRegion() {
  const report = useImportStore((s) => s.report)!;
  const keepSecrets = useImportStore((s) => s.keepSecrets);
  const lines = reportLines(report);
  const secrets = secretLines(report);
  return (
    <section className="mp-import-report" aria-label="Import report">
      <h3>Import report</h3>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {secrets.length > 0 && (
        <div className="mp-import-secrets">
          <p>
            <strong>
              {secrets.length === 1
                ? '1 string looks like a key or token'
                : `${secrets.length} strings look like keys or tokens`}
            </strong>{' '}
            (by their published prefixes). They stay in this browser; an exported bundle replaces
            them with a marker unless you choose to include them.
          </p>
          <label className="mp-import-keep">
            <input
              type="checkbox"
              checked={keepSecrets}
              onChange={(event) =>
                void useImportStore.getState().setKeepSecrets(event.target.checked)
              }
            />
            Include them in exports of this thread
          </label>
          <ul>
            {secrets.slice(0, 50).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
            {secrets.length > 50 && <li>…and {secrets.length - 50} more.</li>}
          </ul>
        </div>
      )}
    </section>
  );
}
