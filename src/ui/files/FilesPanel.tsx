// The Files region: user-level memory (/memories/, shared by every workspace) and the workspace's
// files, grouped by folder. Each file is a button named by its full path (the interface contract).

import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { FileInfo } from '../../core/fs/types';
import { useFilesStore, type FilesStore } from '../../state/files';
import './files.css';

const MEMORIES = '/memories/';

interface Folder {
  dir: string;
  files: FileInfo[];
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1) || '/';
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Groups files by their folder; folders sorted by path, the root first. */
function groupByFolder(files: FileInfo[]): Folder[] {
  const byDir = new Map<string, FileInfo[]>();
  for (const file of files) {
    const dir = dirOf(file.path);
    const list = byDir.get(dir);
    if (list) list.push(file);
    else byDir.set(dir, [file]);
  }
  return [...byDir.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dir, list]) => ({ dir, files: list.sort((x, y) => x.path.localeCompare(y.path)) }));
}

function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export interface FilesPanelProps {
  /** The files store; the app's singleton by default. */
  store?: FilesStore;
}

export function FilesPanel({ store = useFilesStore }: FilesPanelProps) {
  const files = useStore(store, (s) => s.files);
  const attached = useStore(store, (s) => s.fs !== null);
  const loading = useStore(store, (s) => s.loading);
  const selectedPath = useStore(store, (s) => s.selectedPath);
  const buffers = useStore(store, (s) => s.buffers);
  const error = useStore(store, (s) => s.error);
  const actions = store.getState();

  const [creating, setCreating] = useState(false);
  const [newPath, setNewPath] = useState('/');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const inputId = useId();

  const { memoryFolders, workspaceFolders } = useMemo(() => {
    const memory = files.filter((f) => f.path.startsWith(MEMORIES));
    const workspace = files.filter((f) => !f.path.startsWith(MEMORIES));
    return { memoryFolders: groupByFolder(memory), workspaceFolders: groupByFolder(workspace) };
  }, [files]);

  const filesError = error && error.where === 'files' ? error : null;

  const submitNew = async (e: FormEvent) => {
    e.preventDefault();
    const created = await actions.createFile(newPath);
    if (created) {
      setCreating(false);
      setNewPath('/');
    }
    // On failure the form stays open with the typed path, and the error is shown below it.
  };

  const confirmAndDelete = async () => {
    if (!confirmDelete) return;
    const ok = await actions.deleteFile(confirmDelete);
    if (ok) setConfirmDelete(null);
  };

  const onFileKeyDown = (e: KeyboardEvent<HTMLButtonElement>, path: string) => {
    if (e.key === 'Delete') {
      e.preventDefault();
      setCreating(false);
      setConfirmDelete(path);
    }
  };

  const renderFolder = (folder: Folder) => {
    const isCollapsed = collapsed[folder.dir] === true;
    const listId = `${inputId}-dir-${folder.dir}`;
    return (
      <li key={folder.dir} className="mp-files-folder">
        <button
          type="button"
          className="mp-files-folder-toggle"
          aria-expanded={!isCollapsed}
          aria-controls={listId}
          onClick={() => setCollapsed({ ...collapsed, [folder.dir]: !isCollapsed })}
          title={folder.dir}
        >
          <span className="mp-files-caret" aria-hidden="true">
            {isCollapsed ? '▸' : '▾'}
          </span>
          {folder.dir}
          <span className="mp-files-count">{folder.files.length}</span>
        </button>
        {!isCollapsed && (
          <ul id={listId} className="mp-files-list">
            {folder.files.map((file) => {
              const dirty = buffers[file.path]?.dirty === true;
              const selected = file.path === selectedPath;
              return (
                <li key={file.path}>
                  <button
                    type="button"
                    className={selected ? 'mp-files-file mp-files-file-selected' : 'mp-files-file'}
                    aria-label={file.path}
                    aria-current={selected ? 'true' : undefined}
                    title={`${file.path} · v${file.version} · ${formatSize(file.size)}${dirty ? ' · unsaved changes' : ''}`}
                    onClick={() => void actions.open(file.path)}
                    onKeyDown={(e) => onFileKeyDown(e, file.path)}
                  >
                    <span className="mp-files-name">{baseName(file.path)}</span>
                    {dirty && (
                      <span className="mp-files-dirty" aria-hidden="true">
                        ●
                      </span>
                    )}
                    <span className="mp-files-size" aria-hidden="true">
                      {formatSize(file.size)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </li>
    );
  };

  return (
    <section aria-label="Files" className="mp-files-panel">
      <header className="mp-files-header">
        <h2 className="mp-files-title">Files</h2>
        <div className="mp-files-actions">
          <button
            type="button"
            aria-expanded={creating}
            disabled={!attached}
            onClick={() => {
              setConfirmDelete(null);
              setCreating(!creating);
              actions.clearError();
            }}
          >
            New file
          </button>
          {confirmDelete === null && (
            <button
              type="button"
              disabled={!selectedPath}
              title={selectedPath ? `Delete ${selectedPath}` : 'Select a file to delete it'}
              onClick={() => {
                setCreating(false);
                setConfirmDelete(selectedPath);
              }}
            >
              Delete file
            </button>
          )}
          <button
            type="button"
            aria-label="Refresh files"
            title="Refresh files"
            disabled={!attached}
            onClick={() => void actions.refresh()}
          >
            <span aria-hidden="true">↻</span>
          </button>
        </div>
      </header>

      {creating && (
        <form className="mp-files-form" onSubmit={(e) => void submitNew(e)}>
          <label htmlFor={inputId}>New file path</label>
          <input
            id={inputId}
            type="text"
            value={newPath}
            spellCheck={false}
            autoComplete="off"
            autoFocus
            placeholder="/notes/todo.md"
            onChange={(e) => setNewPath(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setCreating(false);
            }}
          />
          <div className="mp-files-form-actions">
            <button type="submit" className="mp-primary">
              Create
            </button>
            <button type="button" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
          <p className="mp-files-hint">
            Absolute path. Files under /memories/ are user level, shared by all workspaces.
          </p>
        </form>
      )}

      {confirmDelete !== null && (
        <div className="mp-files-confirm" role="alertdialog" aria-label="Confirm delete">
          <span>
            Delete <code>{confirmDelete}</code>? Its history goes with it.
          </span>
          <div className="mp-files-form-actions">
            <button type="button" className="mp-danger" onClick={() => void confirmAndDelete()}>
              Delete
            </button>
            <button type="button" onClick={() => setConfirmDelete(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {filesError && (
        <div className="mp-files-error" role="alert">
          <span>{filesError.message}</span>
          <button type="button" onClick={() => actions.clearError()}>
            Dismiss
          </button>
        </div>
      )}

      <div className="mp-files-tree">
        {!attached ? (
          <p className="mp-files-muted">Loading files…</p>
        ) : (
          <>
            <div className="mp-files-group">
              <div className="mp-files-group-title">
                <span>User memory</span>
                <span
                  className="mp-files-badge"
                  title="Files under /memories/ are shared by every workspace"
                >
                  user level · shared by all workspaces
                </span>
              </div>
              {memoryFolders.length === 0 ? (
                <p className="mp-files-muted">No files under /memories/ yet.</p>
              ) : (
                <ul className="mp-files-folders">{memoryFolders.map(renderFolder)}</ul>
              )}
            </div>
            <div className="mp-files-group">
              <div className="mp-files-group-title">
                <span>Workspace</span>
                <span className="mp-files-badge mp-files-badge-plain">this workspace only</span>
              </div>
              {workspaceFolders.length === 0 ? (
                <p className="mp-files-muted">{loading ? 'Loading…' : 'No workspace files yet.'}</p>
              ) : (
                <ul className="mp-files-folders">{workspaceFolders.map(renderFolder)}</ul>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export default FilesPanel;
