import { useChatStore } from '../../state/chat';
import { ImportSessionButton } from '../import/ImportSessionDialog';
import './threads.css';

export function ThreadList() {
  const threads = useChatStore((s) => s.threads);
  const current = useChatStore((s) => s.thread?.id);
  const running = useChatStore((s) => s.running);
  const openThread = useChatStore((s) => s.openThread);

  return (
    <nav aria-label="Threads" className="thread-list" id="thread-list" tabIndex={-1}>
      <h2>Threads</h2>
      <ImportSessionButton from="threads" />
      {threads.length === 0 ? (
        <p className="muted">No threads yet.</p>
      ) : (
        <ul>
          {threads.map((thread) => (
            <li key={thread.id}>
              <button
                type="button"
                aria-current={thread.id === current ? 'true' : undefined}
                disabled={running}
                onClick={() => void openThread(thread.id)}
                title={new Date(thread.updatedAt).toLocaleString()}
              >
                {thread.title}
                <span className="muted"> · {thread.messageCount}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
