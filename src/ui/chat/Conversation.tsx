import { Fragment, useEffect, useRef } from 'react';
import { useChatStore } from '../../state/chat';
import { useArenaStore } from '../../state/arena';
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../../core/agent/types';
import { describeCallSpeed } from '../../core/providers/local/status';
import type { MemoryEdit } from '../../core/agent/thread';
import { Markdown } from './Markdown';
import { MemoryChip } from './MemoryChip';
import './chat.css';

/** One suggestion per mechanism: each button sends its text as a message. */
export const SUGGESTIONS: { text: string; shows: string }[] = [
  {
    text: 'Remember that I prefer tabs over spaces',
    shows: 'AGENTS.md memory: an edit with a diff and an undo',
  },
  { text: 'What do you know about me?', shows: 'an answer from memory, naming the lines used' },
  { text: 'Show me compaction', shows: 'a long file write: truncation, then summarization' },
  { text: 'Show me offload', shows: 'a large tool result saved to a file' },
  { text: 'Show me fact memory', shows: 'how facts are extracted and injected' },
  { text: 'Read /notes/todo.md', shows: 'the file tools' },
];

function Suggestions() {
  const send = useChatStore((s) => s.send);
  const running = useChatStore((s) => s.running);
  return (
    <div className="empty-hint">
      <p id="suggestions-title">Start a conversation, or try one of these:</p>
      <ul aria-labelledby="suggestions-title" className="suggestions">
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.text}>
            <button type="button" disabled={running} onClick={() => void send(suggestion.text)}>
              {suggestion.text}
            </button>
            <span className="suggestion-shows">{suggestion.shows}</span>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => useArenaStore.getState().setOpen(true)}>
            Compare strategies
          </button>
          <span className="suggestion-shows">
            the arena: one transcript through several context strategies, side by side
          </span>
        </li>
      </ul>
      <p className="suggestion-tip">
        With the Demo, choose the Stress compaction preset in Settings to see offload, truncation
        and summarization within a few messages.
      </p>
    </div>
  );
}

export function Conversation() {
  const thread = useChatStore((s) => s.thread);
  const streaming = useChatStore((s) => s.streaming);
  const running = useChatStore((s) => s.running);
  const endRef = useRef<HTMLDivElement>(null);
  const messages = thread?.messages ?? [];

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, streaming]);

  const summaryStarts = new Set(
    (thread?.events ?? [])
      .filter((e) => e.kind === 'summarize' && e.messageId)
      .map((e) => e.messageId!),
  );
  const editsByCall = new Map<string, MemoryEdit>();
  for (const edit of thread?.memoryEdits ?? []) editsByCall.set(edit.toolCallId, edit);

  return (
    <section aria-label="Conversation" className="conversation">
      {messages.length === 0 && !streaming && <Suggestions />}
      {messages.map((message) => (
        <Fragment key={message.id}>
          {summaryStarts.has(message.id) && (
            <div role="separator" aria-label="Summary took over here" className="summary-divider">
              <span>
                Older messages above were summarized for the model; the thread keeps them all.
              </span>
            </div>
          )}
          <MessageView message={message} edit={editFor(message, editsByCall)} />
        </Fragment>
      ))}
      {streaming && (
        <article
          aria-label="Assistant (streaming)"
          className="message assistant streaming"
          aria-busy="true"
        >
          <header className="message-role">Assistant</header>
          <Markdown text={streaming.text} />
          {streaming.toolCalls.map((call, index) => (
            <div key={index} className="tool-call pending">
              <span className="tool-name">{call.name ?? '…'}</span>
              <pre>{call.arguments}</pre>
            </div>
          ))}
        </article>
      )}
      {running && !streaming && <p className="thinking">Working…</p>}
      <div ref={endRef} />
    </section>
  );
}

function editFor(message: Message, edits: Map<string, MemoryEdit>) {
  return message.role === 'tool' ? edits.get(message.toolCallId) : undefined;
}

function MessageView({ message, edit }: { message: Message; edit?: MemoryEdit }) {
  switch (message.role) {
    case 'user':
      return (
        <article aria-label="User" className="message user" id={`msg-${message.id}`} tabIndex={-1}>
          <header className="message-role">You</header>
          <p className="user-text">{message.content}</p>
        </article>
      );
    case 'assistant':
      return <AssistantView message={message} />;
    case 'tool':
      return (
        <>
          <ToolResultView message={message} />
          {edit && <MemoryChip edit={edit} />}
        </>
      );
    case 'notice':
      return (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`notice notice-${message.kind}`}
        >
          {message.content}
        </p>
      );
  }
}

function AssistantView({ message }: { message: AssistantMessage }) {
  return (
    <article
      aria-label="Assistant"
      className="message assistant"
      id={`msg-${message.id}`}
      tabIndex={-1}
    >
      <header className="message-role">
        Assistant
        {message.stopped && (
          <span className="stopped">
            {' '}
            · {message.stopped === 'aborted' ? 'stopped' : 'interrupted'}
          </span>
        )}
        {message.usage && describeCallSpeed(message.usage) && (
          <span className="call-speed"> · {describeCallSpeed(message.usage)}</span>
        )}
      </header>
      {message.content && <Markdown text={message.content} />}
      {message.toolCalls?.map((call) => (
        <ToolCallView key={call.id} call={call} />
      ))}
    </article>
  );
}

function ToolCallView({ call }: { call: ToolCall }) {
  return (
    <details className="tool-call">
      <summary>
        Called <span className="tool-name">{call.name}</span>
        <span className="tool-summary">{argumentSummary(call.arguments)}</span>
      </summary>
      <pre aria-label={`Arguments of ${call.name}`}>{prettyJson(call.arguments)}</pre>
    </details>
  );
}

function ToolResultView({ message }: { message: ToolMessage }) {
  const lines = message.content.split('\n').length;
  return (
    <article
      id={`msg-${message.id}`}
      tabIndex={-1}
      aria-label={`Tool ${message.toolName}${message.isError ? ' (error)' : ''}`}
      className={`message tool${message.isError ? ' error' : ''}`}
    >
      <details>
        <summary>
          <span className="message-role">Tool</span>{' '}
          <span className="tool-name">{message.toolName}</span>{' '}
          {message.isError ? (
            <span className="tool-error">{firstLine(message.content)}</span>
          ) : (
            <span className="tool-summary">
              {lines} line{lines === 1 ? '' : 's'}
            </span>
          )}
        </summary>
        <pre>{message.content}</pre>
      </details>
    </article>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function argumentSummary(text: string): string {
  try {
    const args = JSON.parse(text) as Record<string, unknown>;
    const path = args.file_path ?? args.path ?? args.pattern;
    return typeof path === 'string' ? ` ${path}` : '';
  } catch {
    return ' (malformed arguments)';
  }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
