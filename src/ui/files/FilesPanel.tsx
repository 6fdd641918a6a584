// The Files region: user-level memory (/memories/, shared by every workspace) and the workspace's
// files, grouped by folder. Each file is a button named by its full path (the interface contract).

import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  useId,
} from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useStore } from 'zustand';
import type { FileInfo } from '../../core/fs/types';
import { formatBytes, useFilesStore, type FilesStore } from '../../state/files';
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

  // Stable handlers: the tree's lines are memoized, and the panel renders again on every editor
  // keystroke (the buffers change), which must not render every line again.
  const onFileKeyDown = useCallback((e: KeyboardEvent<HTMLButtonElement>, path: string) => {
    if (e.key === 'Delete') {
      e.preventDefault();
      setCreating(false);
      setConfirmDelete(path);
    }
  }, []);
  const openFile = useCallback((path: string) => void store.getState().open(path), [store]);

  const rows = useMemo(
    () => treeRows(memoryFolders, workspaceFolders, collapsed, loading),
    [memoryFolders, workspaceFolders, collapsed, loading],
  );
  const toggleFolder = useCallback(
    (dir: string) => setCollapsed((was) => ({ ...was, [dir]: !(was[dir] === true) })),
    [],
  );

  return (
    <section aria-label="Files" className="mp-devtool mp-devtool-panel mp-files-panel">
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
            {/* In a narrow sidebar only "New" and "Delete" show; the names stay whole. */}
            New<span className="mp-files-word"> file</span>
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
              Delete<span className="mp-files-word"> file</span>
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

      {!attached ? (
        <div className="mp-files-tree">
          <p className="mp-files-muted">Loading files…</p>
        </div>
      ) : (
        <FileTree
          rows={rows}
          buffers={buffers}
          selectedPath={selectedPath}
          onOpen={openFile}
          onToggle={toggleFolder}
          onKeyDown={onFileKeyDown}
        />
      )}
    </section>
  );
}

/** One line of the tree: a group's title, a note, a folder, or a file. */
type TreeRow =
  | { kind: 'group'; key: string; title: string; badge: string; plain: boolean; first: boolean }
  | { kind: 'note'; key: string; text: string }
  | { kind: 'folder'; key: string; folder: Folder; collapsed: boolean }
  | { kind: 'file'; key: string; file: FileInfo };

/** The tree as lines: user memory, then the workspace, each folder followed by its files. */
function treeRows(
  memoryFolders: Folder[],
  workspaceFolders: Folder[],
  collapsed: Record<string, boolean>,
  loading: boolean,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const group = (folders: Folder[]) => {
    for (const folder of folders) {
      const closed = collapsed[folder.dir] === true;
      rows.push({ kind: 'folder', key: `d:${folder.dir}`, folder, collapsed: closed });
      if (!closed)
        for (const file of folder.files) rows.push({ kind: 'file', key: `f:${file.path}`, file });
    }
  };
  rows.push({
    kind: 'group',
    key: 'g:memory',
    title: 'User memory',
    badge: 'user level · shared by all workspaces',
    plain: false,
    first: true,
  });
  if (memoryFolders.length === 0)
    rows.push({ kind: 'note', key: 'n:memory', text: 'No files under /memories/ yet.' });
  group(memoryFolders);
  rows.push({
    kind: 'group',
    key: 'g:workspace',
    title: 'Workspace',
    badge: 'this workspace only',
    plain: true,
    first: false,
  });
  if (workspaceFolders.length === 0)
    rows.push({
      kind: 'note',
      key: 'n:workspace',
      text: loading ? 'Loading…' : 'No workspace files yet.',
    });
  group(workspaceFolders);
  return rows;
}

/**
 * Up to this many lines are all in the page (the browser's find works on them); a larger tree
 * renders only the lines in view and a few around them.
 */
const RENDER_ALL_UP_TO = 300;
const ROW_HEIGHT = 22;

/**
 * The tree, virtualized with @tanstack/react-virtual (the library of the conversation and the
 * Facts panel) inside its own scroll area: lines stay in the normal flow, padding standing in for
 * the lines out of view. The selected file is always rendered, so it keeps its focus and its
 * `aria-current` while the tree scrolls.
 */
function FileTree({
  rows,
  buffers,
  selectedPath,
  onOpen,
  onToggle,
  onKeyDown,
}: {
  rows: TreeRow[];
  buffers: Record<string, { dirty?: boolean } | undefined>;
  selectedPath: string | null;
  onOpen: (path: string) => void;
  onToggle: (dir: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, path: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectedIndex = useMemo(
    () => rows.findIndex((row) => row.kind === 'file' && row.file.path === selectedPath),
    [rows, selectedPath],
  );
  const renderAll = rows.length <= RENDER_ALL_UP_TO;
  // The same functions while the rows are: the virtualizer lays out every line again (5,000 in a
  // large tree) whenever its key function changes.
  const getItemKey = useCallback((index: number) => rows[index]!.key, [rows]);
  const estimateSize = useCallback(
    (index: number) => (rows[index]!.kind === 'group' ? 30 : ROW_HEIGHT),
    [rows],
  );
  const rangeExtractor = useCallback(
    (range: Range) => {
      if (renderAll) return rows.map((_, i) => i);
      const shown = defaultRangeExtractor(range);
      if (selectedIndex >= 0 && !shown.includes(selectedIndex))
        return [...shown, selectedIndex].sort((a, b) => a - b);
      return shown;
    },
    [rows, renderAll, selectedIndex],
  );
  // No React Compiler in this build, so its warning about memoizing the virtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 12,
    getItemKey,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div className="mp-files-tree" ref={scrollRef}>
      <ul className="mp-files-rows">
        {items.map((item, i) => {
          const row = rows[item.index]!;
          // Padding stands in for the lines out of view (also between the selected file and the
          // lines in view when it is kept rendered away from them).
          const before = i === 0 ? item.start : item.start - items[i - 1]!.end;
          const after = i === items.length - 1 ? virtualizer.getTotalSize() - item.end : 0;
          return (
            <TreeLine
              key={item.key}
              row={row}
              index={item.index}
              measure={virtualizer.measureElement}
              before={before}
              after={after}
              dirty={row.kind === 'file' && buffers[row.file.path]?.dirty === true}
              selected={row.kind === 'file' && row.file.path === selectedPath}
              onOpen={onOpen}
              onToggle={onToggle}
              onKeyDown={onKeyDown}
            />
          );
        })}
      </ul>
    </div>
  );
}

/** One line of the tree; drawn again only when its own data changes (memo). */
const TreeLine = memo(function TreeLine({
  row,
  index,
  measure,
  before,
  after,
  dirty,
  selected,
  onOpen,
  onToggle,
  onKeyDown,
}: {
  row: TreeRow;
  index: number;
  measure: (element: Element | null) => void;
  before: number;
  after: number;
  dirty: boolean;
  selected: boolean;
  onOpen: (path: string) => void;
  onToggle: (dir: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, path: string) => void;
}) {
  // The spacing goes on the line's own margins; the virtualizer measures the line without them.
  const place = {
    'data-index': index,
    ref: measure,
    style: before || after ? { marginTop: before, marginBottom: after } : undefined,
  };
  switch (row.kind) {
    case 'group':
      return (
        <li {...place} className={`mp-files-group-title${row.first ? '' : ' mp-files-group-next'}`}>
          <span>{row.title}</span>
          <span
            className={`mp-files-badge${row.plain ? ' mp-files-badge-plain' : ''}`}
            title={row.plain ? undefined : 'Files under /memories/ are shared by every workspace'}
          >
            {row.badge}
          </span>
        </li>
      );
    case 'note':
      return (
        <li {...place} className="mp-files-muted">
          {row.text}
        </li>
      );
    case 'folder':
      return (
        <li {...place} className="mp-files-folder">
          <button
            type="button"
            className="mp-files-folder-toggle"
            aria-expanded={!row.collapsed}
            onClick={() => onToggle(row.folder.dir)}
            title={row.folder.dir}
          >
            <span className="mp-files-caret" aria-hidden="true">
              {row.collapsed ? '▸' : '▾'}
            </span>
            {row.folder.dir}
            <span className="mp-files-count">{row.folder.files.length}</span>
          </button>
        </li>
      );
    case 'file': {
      const { file } = row;
      return (
        <li {...place}>
          <button
            type="button"
            className={selected ? 'mp-files-file mp-files-file-selected' : 'mp-files-file'}
            aria-label={file.path}
            aria-current={selected ? 'true' : undefined}
            title={`${file.path} · v${file.version} · ${formatBytes(file.size)}${dirty ? ' · unsaved changes' : ''}`}
            onClick={() => onOpen(file.path)}
            onKeyDown={(e) => onKeyDown(e, file.path)}
          >
            <span className="mp-files-name">{baseName(file.path)}</span>
            {dirty && (
              <span className="mp-files-dirty" aria-hidden="true">
                ●
              </span>
            )}
            <span className="mp-files-size" aria-hidden="true">
              {formatBytes(file.size)}
            </span>
          </button>
        </li>
      );
    }
  }
});

export default FilesPanel;
