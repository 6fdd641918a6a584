// The "Memory bundle" section: export the whole memory or single pieces, import a bundle (the
// preview opens as a dialog), progress for long work, and the outcome.

import { useId, type ChangeEvent } from 'react';
import { useBundleStore, type PieceKind } from '../../state/bundle';
import { useChatStore } from '../../state/chat';
import { useFilesStore } from '../../state/files';
import { BundleProgressBar } from './BundleProgressBar';
import { ImportPreview } from './ImportPreview';
import { saveDownload } from './download';
import { DismissButton } from '../notice';
import './bundle.css';

export function BundlePanel() {
  const phase = useBundleStore((s) => s.phase);
  const task = useBundleStore((s) => s.task);
  const error = useBundleStore((s) => s.error);
  const message = useBundleStore((s) => s.message);
  const hasMemoryJson = useFilesStore((s) =>
    s.files.some((f) => f.path === '/memories/memory.json'),
  );
  const hasAgentsMd = useFilesStore((s) => s.files.some((f) => f.path === '/memories/AGENTS.md'));
  const threadId = useChatStore((s) => s.thread?.id);
  const running = useChatStore((s) => s.running);
  const busy = phase === 'exporting' || phase === 'reading' || phase === 'applying';
  const helpId = useId();

  const exportAll = async () => {
    const download = await useBundleStore.getState().exportBundle();
    if (download) saveDownload(download);
  };
  const exportPiece = async (kind: PieceKind) => {
    const download = await useBundleStore.getState().exportPiece(kind);
    if (download) saveDownload(download);
  };
  const pieces: { kind: PieceKind; label: string; ready: boolean; title: string }[] = [
    {
      kind: 'agents-md',
      label: 'Export AGENTS.md',
      ready: hasAgentsMd,
      title: '/memories/AGENTS.md: drops into a Deep Agents setup',
    },
    {
      kind: 'memory-json',
      label: 'Export memory.json',
      ready: hasMemoryJson,
      title: hasMemoryJson
        ? '/memories/memory.json: loads in DeerFlow'
        : 'There is no /memories/memory.json yet',
    },
    {
      kind: 'thread',
      label: 'Export thread as JSONL',
      ready: threadId !== undefined,
      title: threadId ? 'The open thread as JSONL' : 'Open a thread first',
    },
  ];
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires a change.
    event.target.value = '';
    if (file) void useBundleStore.getState().openFile(file);
  };

  return (
    <section aria-label="Memory bundle" className="mp-bundle">
      <h2 className="panel-title">Memory bundle</h2>
      <p id={helpId} className="mp-bundle-help">
        One .zip with every memory file, thread, token metrics and settings. API keys are never
        included.
      </p>
      <div className="mp-bundle-actions">
        <button
          type="button"
          onClick={() => void exportAll()}
          disabled={busy}
          aria-describedby={helpId}
        >
          Export bundle
        </button>
        <label className={`mp-bundle-file${busy || running ? ' disabled' : ''}`}>
          Import bundle
          <input
            type="file"
            accept=".zip,application/zip"
            className="visually-hidden"
            disabled={busy || running}
            onChange={chooseFile}
          />
        </label>
      </div>
      <details className="mp-bundle-pieces">
        <summary>Export one piece</summary>
        <div className="mp-bundle-actions">
          {pieces.map((piece) => (
            <button
              key={piece.kind}
              type="button"
              disabled={busy || !piece.ready}
              title={piece.title}
              onClick={() => void exportPiece(piece.kind)}
            >
              {piece.label}
            </button>
          ))}
        </div>
      </details>
      {phase !== 'preview' && phase !== 'applying' && task && busy && (
        <BundleProgressBar task={task} />
      )}
      {error && phase !== 'preview' && phase !== 'applying' && (
        <div role="alert" className="mp-bundle-error">
          <p>{error}</p>
          <button type="button" onClick={() => useBundleStore.getState().dismiss()}>
            Dismiss
          </button>
        </div>
      )}
      {message && !error && (
        // A long import summary scrolls in its own few lines: the Files tree above keeps its rows.
        <div role="status" className="mp-bundle-message">
          <p>{message}</p>
          <DismissButton onClick={() => useBundleStore.getState().dismiss()} />
        </div>
      )}
      {(phase === 'preview' || phase === 'applying') && <ImportPreview />}
    </section>
  );
}
