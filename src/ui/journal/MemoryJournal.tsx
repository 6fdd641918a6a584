// The "Memory journal": every write to long-term memory this browser saw (and the history imported
// from bundles), newest first, with who wrote it, when, and the diff on demand. Entries of this
// browser can be undone while the file still holds what they wrote.

import { useEffect, useRef, useState } from 'react';
import type { JournalEntry } from '../../core/fs/journal';
import { useChatStore } from '../../state/chat';
import { useJournalStore, JOURNAL_LIMITS } from '../../state/journal';
import { MemoryDiff } from '../chat/MemoryDiff';
import './journal.css';
import { describeAuthor, threadOf } from '../../state/views/journal';

/** Entries rendered at first; more on request (the count is said). */
const PAGE = 50;

function formatTime(ms: number): string {
  const date = new Date(ms);
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : date.toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
}

export function MemoryJournal() {
  const entries = useJournalStore((s) => s.entries);
  const dropped = useJournalStore((s) => s.dropped);
  const problem = useJournalStore((s) => s.problem);
  // What this list shows has been seen: from now on the journal's bound may drop it (not before).
  useEffect(() => {
    void useJournalStore.getState().markSeen();
  }, [entries]);
  const [shown, setShown] = useState(PAGE);
  const total = entries.length;
  const local = entries.filter((e) => e.origin === 'local').length;
  const droppedTotal = dropped.local + dropped.imported;

  return (
    <section aria-label="Memory journal" className="mp-journal">
      <header className="mp-journal-header">
        <h2>Memory journal</h2>
        <span className="mp-journal-count">
          {local} here{total > local ? ` · ${total - local} imported` : ''}
        </span>
      </header>
      <p className="mp-journal-hint">
        Every write to /memories/, the AGENTS.md sources and memory.json, whoever made it: the agent
        (whatever memory layers its thread has on), you, the fact updater, an import, an undo,
        another tab. Newest first.
      </p>
      {problem && (
        <p role="alert" className="mp-journal-problem">
          {problem}
        </p>
      )}
      {total === 0 ? (
        <p className="mp-journal-empty">No memory writes yet.</p>
      ) : (
        <ul aria-label="Memory journal" className="mp-journal-list">
          {entries.slice(0, shown).map((entry) => (
            <JournalItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {total > shown && (
        <p className="mp-journal-more">
          Showing the newest {shown} of {total}.{' '}
          <button type="button" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, total - shown)} more
          </button>
        </p>
      )}
      {droppedTotal > 0 && (
        <p className="mp-journal-more">
          {droppedTotal.toLocaleString('en-US')} older entr
          {droppedTotal === 1 ? 'y was' : 'ies were'} dropped: the journal keeps this
          browser&rsquo;s newest {JOURNAL_LIMITS.maxEntries.toLocaleString('en-US')} and as many
          imported.
        </p>
      )}
    </section>
  );
}

function JournalItem({ entry }: { entry: JournalEntry }) {
  const focused = useJournalStore((s) => s.focused === entry.id);
  const threads = useChatStore((s) => s.threads);
  const running = useChatStore((s) => s.running);
  const open = useJournalStore((s) => s.opened[entry.id] === true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    useJournalStore.getState().focus(null);
  }, [focused]);

  const imported = entry.origin === 'imported';
  // An imported entry names threads of another browser: no local title is put on them.
  const threadId = imported ? undefined : threadOf(entry.author);
  const thread = threadId ? threads.find((t) => t.id === threadId) : undefined;
  const verb =
    entry.op === 'delete' ? 'deleted' : entry.versionBefore === null ? 'created' : 'changed';

  const undo = async () => {
    const result = await useChatStore.getState().undoMemoryEdit(entry.id);
    setRefusal(result.ok ? null : result.reason);
  };

  return (
    <li ref={ref} className={`mp-journal-item${imported ? ' imported' : ''}`}>
      <div className="mp-journal-line">
        <code className="mp-journal-path" title={entry.path}>
          {entry.path}
        </code>
        <span className="mp-journal-stat">
          +{entry.diff.added} −{entry.diff.removed}
        </span>
      </div>
      <div className="mp-journal-meta">
        {verb} by {describeAuthor(entry.author)}
        {thread ? ` in “${thread.title}”` : ''} ·{' '}
        <time dateTime={new Date(entry.at).toISOString()}>{formatTime(entry.at)}</time>
        {imported && (
          <span className="mp-journal-badge" title="History from a bundle: read-only, never undone">
            imported{entry.importedFrom ? ` from ${entry.importedFrom}` : ''}
          </span>
        )}
        {entry.undoneBy && <span className="mp-journal-badge">undone</span>}
      </div>
      <div className="mp-journal-actions">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => useJournalStore.getState().toggleDiff(entry.id)}
        >
          {open ? 'Hide diff' : 'Diff'}
        </button>
        {!imported && !entry.undoneBy && (
          <button type="button" disabled={running} onClick={() => void undo()}>
            Undo
          </button>
        )}
      </div>
      {refusal && (
        <p role="alert" className="mp-journal-refusal">
          {refusal}
        </p>
      )}
      {open && (
        <MemoryDiff
          path={entry.path}
          diff={entry.diff}
          summary={entry.summary}
          note={
            imported
              ? 'Imported history: shown as the bundle recorded it, and never undone here.'
              : undefined
          }
        />
      )}
    </li>
  );
}
