import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useChatStore } from '../../state/chat';
import { ModelDownload } from './ModelDownload';

export function Composer() {
  const [text, setText] = useState('');
  const running = useChatStore((s) => s.running);
  const send = useChatStore((s) => s.send);
  const stop = useChatStore((s) => s.stop);
  const error = useChatStore((s) => s.error);
  const notice = useChatStore((s) => s.notice);
  const dismissError = useChatStore((s) => s.dismissError);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || running) return;
    void send(text);
    setText('');
  };
  // Enter sends, Shift+Enter makes a new line, as in most chat apps.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="composer" onSubmit={submit}>
      <ModelDownload />
      {error && <ComposerNote role="alert" text={error} onDismiss={dismissError} />}
      {notice && <ComposerNote role="status" text={notice} onDismiss={dismissError} />}
      <label htmlFor="message-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="message-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        placeholder="Message the agent (Enter to send, Shift+Enter for a new line)"
      />
      <div className="composer-actions">
        {running ? (
          <button type="button" onClick={stop} className="stop">
            Stop
          </button>
        ) : (
          <button type="submit" disabled={!text.trim()}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}

/** A line above the box, with its Dismiss: the run's error (an alert) or a notice (a status). */
function ComposerNote({
  role,
  text,
  onDismiss,
}: {
  role: 'alert' | 'status';
  text: string;
  onDismiss: () => void;
}) {
  return (
    <div role={role} className={role === 'alert' ? 'composer-error' : 'composer-notice'}>
      {text}{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
