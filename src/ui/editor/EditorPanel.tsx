// The Editor region: the open file in Monaco (loaded lazily, so the chat works before it arrives),
// save with Ctrl/Cmd+S, the conflict banner, the "changed elsewhere" banner, and file history
// compared in Monaco's diff editor. DiffView is exported for other panels.

import {
  Component,
  Suspense,
  lazy,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { MonacoDiffEditor } from '@monaco-editor/react';
import { useStore } from 'zustand';
import {
  formatBytes,
  languageForPath,
  selectCurrent,
  useFilesStore,
  type FilesStore,
} from '../../state/files';
import './editor.css';

// One dynamic import for both components: Monaco and its React wrapper live in a separate chunk.
const loadMonaco = () => import('./monaco');
const LazyCodeEditor = lazy(() => loadMonaco().then((m) => ({ default: m.Editor })));
const LazyDiffEditor = lazy(() => loadMonaco().then((m) => ({ default: m.DiffEditor })));

const EDITOR_ARIA_LABEL = 'File content';

const baseOptions = {
  fontSize: 13,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  wordWrap: 'on' as const,
  tabSize: 2,
  renderWhitespace: 'selection' as const,
  // Hovers and suggestions may overflow the panel instead of being clipped by it.
  fixedOverflowWidgets: true,
};

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Catches a failed Monaco chunk load and shows the plain fallback instead. */
class MonacoBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function Loading({ what }: { what: string }) {
  return (
    <div className="mp-editor-loading" role="status">
      Loading {what}…
    </div>
  );
}

export interface DiffViewProps {
  original: string;
  modified: string;
  /** Monaco language id (see languageForPath); plaintext by default. */
  language?: string;
  labels?: { original: string; modified: string };
  /** CSS height of the diff surface; 100% of the parent by default (min 240px). */
  height?: number | string;
  /** Side by side (default) or inline. */
  inline?: boolean;
}

interface ManagedDiffEditorProps {
  original: string;
  modified: string;
  language: string;
  left: string;
  right: string;
  inline: boolean;
}

/**
 * @monaco-editor/react 4.7 disposes the diff's models before the widget on unmount, which Monaco
 * 0.52+ reports as "TextModel got disposed before DiffEditorWidget model got reset". We keep the
 * models past its cleanup and, in a layout-effect cleanup (which runs before the wrapper's passive
 * one), detach them from the widget and dispose them ourselves.
 */
function ManagedDiffEditor({
  original,
  modified,
  language,
  left,
  right,
  inline,
}: ManagedDiffEditorProps) {
  const editorRef = useRef<MonacoDiffEditor | null>(null);
  useLayoutEffect(
    () => () => {
      const editor = editorRef.current;
      editorRef.current = null;
      const model = editor?.getModel();
      if (!editor || !model) return;
      editor.setModel(null);
      model.original.dispose();
      model.modified.dispose();
    },
    [],
  );
  return (
    <div className="mp-monaco-host">
      <LazyDiffEditor
        original={original}
        modified={modified}
        language={language}
        theme="vs"
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={(editor) => {
          editorRef.current = editor;
          revealFirstChange(editor);
        }}
        loading={<Loading what="diff" />}
        options={{
          ...baseOptions,
          readOnly: true,
          originalEditable: false,
          renderSideBySide: !inline,
          ariaLabel: `${right} (modified)`,
          originalAriaLabel: `${left} (original)`,
        }}
      />
    </div>
  );
}

/**
 * Opens a diff at its first change: once the diff is computed, the first changed line is scrolled
 * into the middle of both sides and the cursor put there.
 */
function revealFirstChange(editor: MonacoDiffEditor) {
  let done = false;
  const reveal = () => {
    const first = editor.getLineChanges()?.[0];
    if (done || !first) return;
    done = true;
    subscription.dispose();
    const modified = editor.getModifiedEditor();
    // A pure deletion has no modified lines: its end line is 0 and it sits after the start line.
    const line = Math.max(
      1,
      first.modifiedEndLineNumber === 0
        ? first.modifiedStartLineNumber + 1
        : first.modifiedStartLineNumber,
    );
    modified.revealLineInCenter(line);
    modified.setPosition({ lineNumber: line, column: 1 });
    const originalLine = Math.max(1, first.originalStartLineNumber);
    editor.getOriginalEditor().revealLineInCenter(originalLine);
  };
  const subscription = editor.onDidUpdateDiff(reveal);
  reveal();
}

/** Read-only Monaco diff (original on the left, modified on the right), loaded lazily. */
export function DiffView({
  original,
  modified,
  language = 'plaintext',
  labels,
  height,
  inline = false,
}: DiffViewProps) {
  const left = labels?.original ?? 'Original';
  const right = labels?.modified ?? 'Modified';
  return (
    <div
      className="mp-devtool mp-diff-view"
      role="group"
      aria-label={`Diff: ${left} compared with ${right}`}
    >
      <div className={inline ? 'mp-diff-labels mp-diff-labels-inline' : 'mp-diff-labels'}>
        <span className="mp-diff-label mp-diff-label-original">{left}</span>
        <span className="mp-diff-label mp-diff-label-modified">{right}</span>
      </div>
      <div
        className="mp-diff-surface"
        style={height !== undefined ? { height, flex: 'none' } : undefined}
      >
        <MonacoBoundary
          fallback={(error) => (
            <div className="mp-diff-fallback">
              <p className="mp-editor-fallback-message" role="alert">
                The diff editor could not be loaded ({error.message}). Showing both versions as
                text.
              </p>
              <div className="mp-diff-fallback-columns">
                <pre aria-label={left}>{original}</pre>
                <pre aria-label={right}>{modified}</pre>
              </div>
            </div>
          )}
        >
          <Suspense fallback={<Loading what="diff" />}>
            <ManagedDiffEditor
              original={original}
              modified={modified}
              language={language}
              left={left}
              right={right}
              inline={inline}
            />
          </Suspense>
        </MonacoBoundary>
      </div>
    </div>
  );
}

interface CodeEditorProps {
  path: string;
  value: string;
  onChange: (value: string) => void;
}

function PlainFallback({ value, onChange, reason }: CodeEditorProps & { reason: string }) {
  return (
    <div className="mp-editor-fallback">
      <p className="mp-editor-fallback-message" role="alert">
        The code editor could not be loaded ({reason}). Editing as plain text; saving works as
        usual.
      </p>
      <textarea
        className="mp-editor-textarea"
        aria-label={EDITOR_ARIA_LABEL}
        value={value}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function CodeEditor(props: CodeEditorProps) {
  const { path, value, onChange } = props;
  return (
    <MonacoBoundary fallback={(error) => <PlainFallback {...props} reason={error.message} />}>
      <Suspense fallback={<Loading what="editor" />}>
        <div className="mp-monaco-host">
          <LazyCodeEditor
            // One Monaco model per path keeps undo history and view state per file.
            path={path}
            language={languageForPath(path)}
            value={value}
            theme="vs"
            loading={<Loading what="editor" />}
            onChange={(next) => onChange(next ?? '')}
            options={{ ...baseOptions, ariaLabel: EDITOR_ARIA_LABEL }}
          />
        </div>
      </Suspense>
    </MonacoBoundary>
  );
}

export interface EditorPanelProps {
  /** The files store; the app's singleton by default (tests and previews may pass their own). */
  store?: FilesStore;
}

export function EditorPanel({ store = useFilesStore }: EditorPanelProps) {
  const current = useStore(store, selectCurrent);
  const selectedPath = useStore(store, (s) => s.selectedPath);
  const saving = useStore(store, (s) => s.saving);
  const conflict = useStore(store, (s) => s.conflict);
  const error = useStore(store, (s) => s.error);
  const notice = useStore(store, (s) => s.notice);
  const versions = useStore(store, (s) => s.versions);
  const diff = useStore(store, (s) => s.diff);
  // The history list is open for one path; opening another file closes it.
  const [historyFor, setHistoryFor] = useState<string | null>(null);
  const historyOpen = historyFor !== null && historyFor === selectedPath;
  const setHistoryOpen = (open: boolean) => setHistoryFor(open ? selectedPath : null);
  const historyId = useId();
  const actions = store.getState();

  const save = () => {
    const state = store.getState();
    const buffer = selectCurrent(state);
    if (!buffer || state.saving) return;
    void state.save();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
      e.preventDefault(); // not the browser's "Save page"
      save();
    }
  };

  const toggleHistory = () => {
    if (!selectedPath) return;
    const next = !historyOpen;
    setHistoryOpen(next);
    if (next) void actions.history(selectedPath);
  };

  const editorError = error && error.where === 'editor' ? error : null;
  const conflictHere = conflict && conflict.path === selectedPath ? conflict : null;
  const versionList = versions && versions.path === selectedPath ? versions.list : null;

  return (
    <section
      aria-label="Editor"
      className="mp-devtool mp-devtool-panel mp-editor-panel"
      onKeyDown={onKeyDown}
    >
      <header className="mp-editor-header">
        <div className="mp-editor-title">
          {selectedPath ? (
            <span className="mp-editor-path" title={selectedPath}>
              {selectedPath}
            </span>
          ) : (
            // One slim row: the side panels give an empty editor's height to the token usage.
            <span className="mp-editor-path mp-editor-path-empty">
              No file open · choose one in the Files panel to view or edit it
            </span>
          )}
          {current?.dirty ? (
            <span className="mp-editor-dirty" role="status" title="Unsaved changes">
              ● Unsaved changes
            </span>
          ) : current ? (
            <span className="mp-editor-saved" role="status">
              {saving ? 'Saving…' : `Saved · v${current.version ?? '?'}`}
            </span>
          ) : null}
        </div>
        {selectedPath && (
          <div className="mp-editor-actions">
            <button
              type="button"
              onClick={toggleHistory}
              disabled={!current}
              aria-expanded={historyOpen}
              aria-controls={historyOpen ? historyId : undefined}
            >
              History
            </button>
            <button
              type="button"
              className="mp-primary"
              onClick={save}
              disabled={!current || !current.dirty || saving}
              aria-keyshortcuts="Control+S Meta+S"
              title="Save (Ctrl/Cmd+S)"
            >
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        )}
      </header>

      {editorError && (
        <div className="mp-editor-banner mp-editor-banner-error" role="alert">
          <span>{editorError.message} Your text is still in the editor.</span>
          <button type="button" onClick={() => actions.clearError()}>
            Dismiss
          </button>
        </div>
      )}

      {notice && (
        <div className="mp-editor-banner mp-editor-banner-info" role="status">
          <span>{notice}</span>
          <button type="button" onClick={() => actions.clearNotice()}>
            Dismiss
          </button>
        </div>
      )}

      {conflictHere ? (
        <div className="mp-editor-banner mp-editor-banner-conflict" role="alert">
          <span>
            {conflictHere.theirs
              ? `Not saved: this file was changed elsewhere (now v${conflictHere.theirs.version}) after you opened it.`
              : 'Not saved: this file was deleted elsewhere after you opened it.'}{' '}
            Your edits are kept here until you choose.
          </span>
          <span className="mp-editor-banner-actions">
            <button type="button" onClick={() => void actions.keepMine()} disabled={saving}>
              Keep my version
            </button>
            <button type="button" onClick={() => actions.loadTheirs()} disabled={saving}>
              Load theirs
            </button>
            <button
              type="button"
              onClick={() => actions.compareConflict()}
              aria-pressed={diff?.kind === 'conflict'}
            >
              Compare
            </button>
          </span>
        </div>
      ) : current?.changedElsewhere ? (
        <div className="mp-editor-banner mp-editor-banner-warn" role="status">
          <span>
            Changed elsewhere while you were editing. Saving will ask you which version to keep.
          </span>
          <span className="mp-editor-banner-actions">
            <button type="button" onClick={() => void actions.reloadFromDisk()}>
              Discard my edits and reload
            </button>
            <button type="button" onClick={() => void actions.compareWithDisk()}>
              Compare
            </button>
          </span>
        </div>
      ) : null}

      {historyOpen && current && (
        <div className="mp-editor-history" id={historyId}>
          {versionList === null ? (
            <p className="mp-editor-muted">Loading history…</p>
          ) : versionList.length === 0 ? (
            <p className="mp-editor-muted">No earlier versions.</p>
          ) : (
            <ul aria-label="Versions">
              {[...versionList].reverse().map((v) => (
                <li key={v.version}>
                  <button
                    type="button"
                    onClick={() => {
                      actions.showVersionDiff(v);
                      setHistoryOpen(false);
                    }}
                  >
                    <span className="mp-editor-version">v{v.version}</span>
                    <span>{new Date(v.modifiedAt).toLocaleString()}</span>
                    <span className="mp-editor-muted">
                      {formatBytes(new TextEncoder().encode(v.content).length)}
                    </span>
                    {v.version === current.version && (
                      <span className="mp-editor-muted">(saved version)</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="mp-editor-body">
        {diff && diff.path === selectedPath ? (
          <div className="mp-editor-diff">
            <div className="mp-editor-diff-bar">
              <span>
                {diff.kind === 'history'
                  ? 'Comparing a saved version with the current text'
                  : 'Comparing versions'}
              </span>
              <button type="button" onClick={() => actions.closeDiff()}>
                Close diff
              </button>
            </div>
            <DiffView
              original={diff.original}
              modified={diff.modified}
              language={diff.language}
              labels={diff.labels}
            />
          </div>
        ) : current && selectedPath ? (
          <div className="mp-editor-surface">
            <CodeEditor
              path={selectedPath}
              value={current.draft}
              onChange={(text) => actions.setDraft(text)}
            />
          </div>
        ) : selectedPath ? (
          <Loading what="file" />
        ) : null}
      </div>
    </section>
  );
}

export default EditorPanel;
