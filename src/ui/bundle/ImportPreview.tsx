// The import preview: what the chosen mode would add, change, keep or remove, per file (with a
// line diff), per thread, and per setting, before anything is written. "Apply import" writes it all
// in one step.

import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import type { FilePlan, ImportMode, ItemAction, ThreadPlan } from '../../core/bundle/import';
import type { MemoryChoice } from '../../core/bundle/memory-sources';
import { useBundleStore } from '../../state/bundle';
import { BundleProgressBar } from './BundleProgressBar';
import { formatBytes, diffLines } from '../../state/views/bundle';

const MODES: { value: ImportMode; label: string; help: string }[] = [
  {
    value: 'keep-both',
    label: 'Merge: keep both',
    help: 'Adds what is new. A file or thread that differs is imported beside yours under a new name; nothing of yours is overwritten. Memory files the agent loads are the exception: the bundle’s replaces the untouched sample, otherwise you choose.',
  },
  {
    value: 'prefer-newer',
    label: 'Merge: prefer newer',
    help: 'Adds what is new. Where both differ, the one modified last wins (files by modification time, threads by last update); for memory files you can choose otherwise.',
  },
  {
    value: 'replace',
    label: 'Replace everything',
    help: 'The bundle replaces your memory: your files and this workspace’s threads that are not in the bundle are removed, and its settings are applied.',
  },
];

const FILE_ACTION: Record<ItemAction, string> = {
  add: 'will be added',
  replace: 'will be replaced',
  'add-renamed': 'imported beside yours',
  keep: 'yours is kept',
  remove: 'will be removed',
  skip: 'unchanged',
};

const STATUS: Record<FilePlan['status'], string> = {
  added: 'Added',
  changed: 'Changed',
  unchanged: 'Unchanged',
  'local-only': 'Only here',
};

/** Skipped or kept: the import leaves it as it is. */
const untouched = (item: { action: ItemAction }) =>
  item.action === 'skip' || item.action === 'keep';

/** Files or threads: what the import changes, then, folded, what it leaves as it is. */
function PlanSection<T extends { action: ItemAction }>({
  title,
  noun,
  items,
  row,
}: {
  title: string;
  noun: string;
  items: readonly T[];
  /** One item's row, with its key. */
  row: (item: T) => ReactElement;
}) {
  const changes = items.filter((item) => !untouched(item));
  const same = items.filter(untouched);
  return (
    <section aria-label={`${title} to import`} className="mp-bundle-section">
      <h3>{title}</h3>
      {changes.length === 0 ? (
        <p className="mp-bundle-hint">No {noun} changes.</p>
      ) : (
        <ul className="mp-bundle-list">{changes.map(row)}</ul>
      )}
      {same.length > 0 && (
        <details>
          <summary>{plural(same.length, noun)} left as they are</summary>
          <ul className="mp-bundle-list">{same.map(row)}</ul>
        </details>
      )}
    </section>
  );
}

/** Diffs bigger than this are summarised by size: a line diff of megabytes helps nobody. */
const MAX_DIFF_CHARS = 200_000;
const MAX_DIFF_LINES = 400;

export function ImportPreview() {
  const plan = useBundleStore((s) => s.plan);
  const bundle = useBundleStore((s) => s.bundle);
  const fileName = useBundleStore((s) => s.fileName);
  const phase = useBundleStore((s) => s.phase);
  const error = useBundleStore((s) => s.error);
  const mode = useBundleStore((s) => s.mode);
  const importSettings = useBundleStore((s) => s.importSettings);
  const importConnection = useBundleStore((s) => s.importConnection);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const applying = phase === 'applying';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  if (!plan || !bundle) return null;
  const m = bundle.manifest;
  // Memory files that differ are decided one by one in their own section.
  const asked = plan.files.filter((f) => f.memory?.ask);
  const others = plan.files.filter((f) => !f.memory?.ask);
  const nothingToDo =
    others.every(untouched) &&
    plan.threads.every(untouched) &&
    plan.settings.action !== 'apply' &&
    asked.every((f) => f.action === 'keep' || f.action === 'skip');
  const undecided = plan.undecided.length > 0;

  return (
    <dialog
      ref={dialogRef}
      className="mp-modal mp-bundle-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!applying) useBundleStore.getState().cancel();
      }}
    >
      <h2 id={titleId}>Import preview</h2>
      <p className="mp-bundle-source">
        <strong>{fileName}</strong>: exported {new Date(m.created).toLocaleString()} by Memory
        Playground {m.appVersion} from workspace “{m.workspace}”
        {plan.targetWorkspace !== m.workspace && <> into this workspace “{plan.targetWorkspace}”</>}{' '}
        · {plural(m.counts.files, 'file')}, {plural(m.counts.threads, 'thread')},{' '}
        {formatBytes(bundle.totalBytes)}. Nothing has changed yet.
      </p>

      <fieldset className="mp-bundle-modes" disabled={applying}>
        <legend>How to import</legend>
        {MODES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="bundle-mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => void useBundleStore.getState().setMode(option.value)}
            />
            <span>
              {option.label}
              <span className="mp-bundle-hint">{option.help}</span>
            </span>
          </label>
        ))}
        {/* The hints describe the boxes without becoming part of their names. */}
        <label>
          <input
            type="checkbox"
            checked={mode === 'replace' || importSettings}
            disabled={mode === 'replace' || !plan.settings.inBundle}
            aria-describedby={`${titleId}-settings`}
            onChange={(event) =>
              void useBundleStore.getState().setImportSettings(event.target.checked)
            }
          />
          <span>Import settings</span>
        </label>
        <span id={`${titleId}-settings`} className="mp-bundle-hint mp-bundle-indent">
          All but the connection settings: the provider, base URLs and the embedding model with its
          host.
        </span>
        <label>
          <input
            type="checkbox"
            checked={importConnection}
            disabled={plan.settings.connectionChanges.length === 0}
            aria-describedby={`${titleId}-connection`}
            onChange={(event) =>
              void useBundleStore.getState().setImportConnection(event.target.checked)
            }
          />
          <span>Import connection settings (provider, base URLs, models to download)</span>
        </label>
        <span id={`${titleId}-connection`} className="mp-bundle-hint mp-bundle-indent">
          {plan.settings.connectionChanges.length === 0
            ? 'The bundle’s connection is the same as yours.'
            : 'They decide where your messages go and which model is downloaded, from where. Off by default: a bundle should not redirect them or start a download. If a base URL changes, its API key is not sent there; you enter it again.'}
        </span>
      </fieldset>

      <p className="mp-bundle-summary" aria-live="polite">
        Files: {describeCounts(plan.counts)}. Threads: {describeCounts(plan.counts.threads)}.
        Settings: {plan.settings.action === 'apply' ? 'will be applied' : 'unchanged'}.
        {undecided && ` Memory files: ${plan.undecided.length} to choose.`}
        {plan.settings.connectionChanges.length > 0 &&
          ` Connection: ${plan.settings.connectionAction === 'apply' ? 'will change' : 'yours is kept'}.`}
      </p>
      {plan.files
        .filter((file) => file.factsCut)
        .map((file) => (
          <p key={file.displayPath} role="status" className="mp-bundle-facts-cut">
            {file.factsCut!.message}
          </p>
        ))}

      {asked.length > 0 && (
        <section aria-label="Memory files" className="mp-bundle-section">
          <h3>Memory files</h3>
          <p className="mp-bundle-hint">
            The agent loads these files as memory, and they differ here and in the bundle. Choose
            for each. “Keep both” saves the bundle’s copy under a new name, which the agent does not
            load.
          </p>
          {asked.map((file) => (
            <MemoryChoiceRow key={`${file.area}:${file.path}`} file={file} />
          ))}
        </section>
      )}

      <PlanSection
        title="Files"
        noun="file"
        items={others}
        row={(file) => <FileRow key={`${file.area}:${file.path}`} file={file} />}
      />
      <PlanSection
        title="Threads"
        noun="thread"
        items={plan.threads}
        row={(thread) => <ThreadRow key={thread.id} thread={thread} />}
      />

      <section aria-label="Settings to import" className="mp-bundle-section">
        <h3>Settings</h3>
        {plan.settings.connectionChanges.length > 0 && (
          <>
            <p className="mp-bundle-hint">
              {plan.settings.connectionAction === 'apply'
                ? 'Connection changes (where your messages go, what is downloaded) will be applied:'
                : 'Connection changes (where your messages go, what is downloaded), not imported unless you tick “Import connection settings”:'}
            </p>
            <ul className="mp-bundle-list" aria-label="Connection changes">
              {plan.settings.connectionChanges.map((change) => (
                <li key={change.key} className="mp-bundle-connection">
                  <span className="mp-bundle-badge">Connection</span> <code>{change.key}</code>:{' '}
                  {change.from} → {change.to}
                </li>
              ))}
            </ul>
          </>
        )}
        {!plan.settings.inBundle ? (
          <p className="mp-bundle-hint">The bundle has no settings.</p>
        ) : plan.settings.changes.length === 0 ? (
          <p className="mp-bundle-hint">
            {plan.settings.connectionChanges.length === 0
              ? 'The bundle’s settings are the same as yours.'
              : 'The other settings are the same as yours.'}
          </p>
        ) : (
          <>
            <p className="mp-bundle-hint">
              {importSettings || mode === 'replace'
                ? 'These settings will change:'
                : 'These settings differ; yours are kept:'}{' '}
              {plan.settings.note}
            </p>
            <ul className="mp-bundle-list">
              {plan.settings.changes.map((change) => (
                <li key={change.key}>
                  <code>{change.key}</code>: {change.from} → {change.to}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {applying && <BundleProgressBar task="import" />}
      {error && (
        <p role="alert" className="mp-bundle-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          disabled={applying}
          onClick={() => useBundleStore.getState().cancel()}
        >
          Cancel
        </button>
        <button
          type="button"
          className="mp-bundle-apply"
          disabled={applying || undecided}
          aria-describedby={undecided ? `${titleId}-undecided` : undefined}
          onClick={() => void useBundleStore.getState().apply()}
        >
          Apply import
        </button>
      </div>
      {undecided && (
        <p id={`${titleId}-undecided`} className="mp-bundle-hint">
          Choose what to do with {plan.undecided.join(', ')} under “Memory files” to apply.
        </p>
      )}
      {nothingToDo && (
        <p className="mp-bundle-hint">
          Everything in the bundle is already here: applying changes nothing.
        </p>
      )}
    </dialog>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeCounts(counts: Record<ItemAction, number>): string {
  const parts = [
    counts.add && `${counts.add} to add`,
    counts.replace && `${counts.replace} to replace`,
    counts['add-renamed'] && `${counts['add-renamed']} imported beside yours`,
    counts.remove && `${counts.remove} to remove`,
    counts.skip && `${counts.skip} unchanged`,
    counts.keep && `${counts.keep} of yours kept`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** One file of the plan; `compact` (inside a memory choice) leaves out what the choice says. */
function FileRow({ file, compact = false }: { file: FilePlan; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const action =
    file.action === 'add-renamed'
      ? `imported as ${file.renamedDisplayPath}`
      : FILE_ACTION[file.action];
  const size =
    file.local && file.incoming
      ? file.local.size === file.incoming.size
        ? formatBytes(file.incoming.size)
        : `${formatBytes(file.local.size)} → ${formatBytes(file.incoming.size)}`
      : formatBytes((file.incoming ?? file.local)?.size ?? 0);
  const canDiff =
    file.status === 'changed' && file.local?.content !== undefined && file.incoming !== undefined;
  return (
    <li className={`mp-bundle-item mp-bundle-${file.action}`}>
      {!compact && (
        <>
          <span className="mp-bundle-path">{file.displayPath}</span>{' '}
          <span className="mp-bundle-badge">{STATUS[file.status]}</span>{' '}
          {file.memory && (
            <>
              <span className="mp-bundle-badge mp-bundle-memory-badge">Memory</span>{' '}
            </>
          )}
          <span>
            {action}
            {file.note ? ` (${file.note})` : ''}
            {file.factsCut
              ? ` (cut to ${file.factsCut.maxFacts.toLocaleString('en-US')} of its ${file.factsCut.total.toLocaleString('en-US')} facts)`
              : ''}
          </span>{' '}
        </>
      )}
      <span className="mp-bundle-size">{compact ? `Yours and the bundle’s: ${size}` : size}</span>
      {canDiff && (
        <>
          {' '}
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide diff' : 'Show diff'}
          </button>
          {open && (
            <FileDiff
              before={file.local!.content!}
              after={file.incoming!.content}
              path={file.displayPath}
            />
          )}
        </>
      )}
    </li>
  );
}

function FileDiff({ before, after, path }: { before: string; after: string; path: string }) {
  if (before.length + after.length > MAX_DIFF_CHARS) {
    return <p className="mp-bundle-hint">Too large to diff here; compare the sizes above.</p>;
  }
  const lines = diffLines(before, after);
  const shown = lines.slice(0, MAX_DIFF_LINES);
  return (
    <pre className="mp-diff" aria-label={`Diff of ${path}: yours (−) and the bundle’s (+)`}>
      {shown.map((line, index) => (
        <span key={index} className={`mp-diff-${line.kind}`}>
          {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
          {line.text}
          {'\n'}
        </span>
      ))}
      {lines.length > shown.length && `… ${lines.length - shown.length} more lines\n`}
    </pre>
  );
}

function ThreadRow({ thread }: { thread: ThreadPlan }) {
  const info = thread.incoming ?? thread.local;
  const action =
    thread.action === 'add-renamed'
      ? `imported as a copy (${thread.newId})`
      : FILE_ACTION[thread.action];
  return (
    <li className={`mp-bundle-item mp-bundle-${thread.action}`}>
      <span className="mp-bundle-path">{thread.title}</span>{' '}
      <span className="mp-bundle-badge">{STATUS[thread.status]}</span>{' '}
      <span>
        {action}
        {thread.note ? ` (${thread.note})` : ''}
      </span>{' '}
      <span className="mp-bundle-size">{info ? `${info.messageCount} messages` : ''}</span>
    </li>
  );
}

const MEMORY_CHOICES: { value: MemoryChoice; label: string }[] = [
  { value: 'keep-mine', label: 'Keep mine' },
  { value: 'take-theirs', label: 'Take theirs' },
  { value: 'keep-both', label: 'Keep both' },
];

/** One memory file that differs: the three choices, what each does, and the diff. */
function MemoryChoiceRow({ file }: { file: FilePlan }) {
  // The choice shows at once; the plan (and the text below) follows when it is ready.
  const chosen = useBundleStore((s) => s.memoryChoices[file.displayPath]);
  const choice = chosen ?? file.memory?.choice;
  const planned = file.memory?.choice;
  const name = useId();
  const what: Record<MemoryChoice, string> = {
    'keep-mine': `Yours stays; the bundle’s ${file.memory?.kind === 'memory-json' ? 'facts are' : 'memory is'} not imported.`,
    'take-theirs':
      'The bundle’s replaces yours (yours stays in the file’s history) and is loaded by the agent.',
    'keep-both': `Yours stays loaded; the bundle’s is saved as ${file.renamedDisplayPath ?? 'a renamed copy'}, which the agent does not load.`,
  };
  return (
    <fieldset className="mp-bundle-memory">
      <legend>
        <span className="mp-bundle-path">{file.displayPath}</span>{' '}
        <span className="mp-bundle-badge">
          {choice ? MEMORY_CHOICES.find((c) => c.value === choice)!.label : 'Choose'}
        </span>
      </legend>
      <div className="mp-bundle-choices">
        {MEMORY_CHOICES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() =>
                void useBundleStore.getState().setMemoryChoice(file.displayPath, option.value)
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <p className="mp-bundle-hint" aria-live="polite">
        {planned ? what[planned] : 'Not chosen yet.'}
      </p>
      <ul className="mp-bundle-list">
        <FileRow file={file} compact />
      </ul>
    </fieldset>
  );
}
