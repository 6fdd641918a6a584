import { useJournalStore, type MemoryNotice } from '../../state/journal';
import { useLayoutStore } from '../../state/layout';
import { DismissButton, useFadeAway } from '../notice';
import './journal.css';

function sentence(notice: MemoryNotice): string {
  const where = notice.elsewhere ? ' in another tab' : '';
  const paths = notice.paths.join(', ');
  const stat = notice.undo ? '' : ` (+${notice.added} −${notice.removed})`;
  if (notice.undo) return `Memory edit undone${where}: ${paths}.`;
  return `Memory updated by ${notice.author}${where}: ${paths}${stat}.`;
}

/**
 * Memory writes made outside a chat (the editor, the Facts panel, the fact updater, an import, an
 * undo, another tab) are said here; chat writes are chips in the conversation. Each is in the
 * "Memory journal" list with its diff.
 */
export function MemoryNotices() {
  const notices = useJournalStore((s) => s.notices);
  const hidden = useJournalStore((s) => s.hiddenNotices);
  const { dismissAllNotices } = useJournalStore.getState();
  if (notices.length === 0) return null;
  return (
    <section aria-label="Memory notices" className="memory-notices">
      {/* Newest first; each goes away by itself after a while (it stays in the journal). */}
      {[...notices].reverse().map((notice) => (
        <NoticeRow key={notice.id} notice={notice} />
      ))}
      {(hidden > 0 || notices.length > 1) && (
        <div className="memory-notice memory-notice-more">
          {hidden > 0 && (
            <span>
              {hidden} more memory change{hidden === 1 ? '' : 's'} earlier: see the Memory journal.
            </span>
          )}
          <button type="button" onClick={dismissAllNotices}>
            Dismiss all
          </button>
        </div>
      )}
    </section>
  );
}

function NoticeRow({ notice }: { notice: MemoryNotice }) {
  const { dismissNotice, focus } = useJournalStore.getState();
  const text = sentence(notice);
  const hold = useFadeAway(text, () => dismissNotice(notice.id));
  return (
    <div role="status" className="memory-notice" {...hold}>
      <span className="memory-notice-text">{text}</span>
      <button
        type="button"
        onClick={() => {
          focus(notice.entryIds[notice.entryIds.length - 1] ?? null);
          useLayoutStore.getState().setTab('journal');
        }}
      >
        Show in journal
      </button>
      <DismissButton onClick={() => dismissNotice(notice.id)} />
    </div>
  );
}
