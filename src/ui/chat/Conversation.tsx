import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useChatStore } from '../../state/chat';
import { useArenaStore } from '../../state/arena';
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../../core/agent/types';
import { useJournalStore } from '../../state/journal';
import { Markdown } from './Markdown';
import { MemoryChip } from './MemoryChip';
import { placeChips, type ChipData } from './chips';
import { readPosition, useScrollMemory, type VirtualScroll } from './scroll-memory';
import { setMessageRevealer } from './reveal';
import { visibleRows } from '../virtual-rows';
import { PinMessageButton } from '../record/RecordView';
import './chat.css';
import { splitSuggestions } from '../../state/views/conversation';
import { describeCallSpeed } from '../../state/local-model';

/**
 * One suggestion per mechanism: each button sends its text as a message. "Show me compaction"
 * first puts its thread on the Stress preset (saying so in the thread), so that offload,
 * truncation and summarization show within a few messages without a trip to Settings.
 */
export const SUGGESTIONS: { text: string; shows: string; preset?: 'stress' }[] = [
  {
    text: 'Remember that I prefer tabs over spaces',
    shows: 'AGENTS.md memory: an edit with a diff and an undo',
  },
  { text: 'What do you know about me?', shows: 'an answer from memory, naming the lines used' },
  {
    text: 'Show me compaction',
    shows: 'offload, truncation and summarization, on the Stress preset for this thread',
    preset: 'stress',
  },
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
            <button
              type="button"
              disabled={running}
              onClick={() =>
                void send(
                  suggestion.text,
                  suggestion.preset ? { preset: suggestion.preset } : undefined,
                )
              }
            >
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
        With the Demo, compaction shows within a few messages on the Stress preset: “Show me
        compaction” uses it for its own thread; Settings sets it for every thread.
      </p>
    </div>
  );
}

/**
 * Up to this many messages are all in the page (the browser's find works on them); a longer thread
 * renders only the messages in view and a few around them.
 */
export const RENDER_ALL_UP_TO = 100;
/** Messages rendered beyond each edge of the view in a long thread. */
const OVERSCAN = 6;
const estimateRow = () => 120;
const NO_MESSAGES: Message[] = [];

/**
 * The thread's messages, virtualized with @tanstack/react-virtual (the library the Facts panel
 * uses) inside the conversation's own scroll area. Rows stay in the normal flow (padding stands in
 * for the rows out of view), so the chat's layout is the same whether a row is virtual or not;
 * each row is measured as it renders (a message wraps to any height, a tool result opens).
 */
export function Conversation() {
  // A list of its own per thread: its virtualizer starts where that thread opens (initialOffset).
  const threadId = useChatStore((s) => s.thread?.id);
  return <ThreadConversation key={threadId ?? ''} />;
}

/**
 * Where the list's first render should be scrolled to: where scroll-memory puts the thread back
 * (in a layout effect after that render), estimated from the rows' estimated size. Without it a
 * long thread that opens at its end first rendered and measured its first rows, and each of those
 * measurements laid out all the rows again.
 */
function openingOffset(threadId: string | undefined, messages: readonly Message[]): number {
  const position = threadId ? readPosition(threadId) : undefined;
  const row = estimateRow() + ROW_GAP;
  if (!position || position.bottom) return messages.length * row;
  const index = position.anchor ? messages.findIndex((m) => `msg-${m.id}` === position.anchor) : -1;
  return index >= 0 ? index * row + position.offset : position.offset;
}

function ThreadConversation() {
  const thread = useChatStore((s) => s.thread);
  // Only whether a reply is streaming: its text changes with every token, and only the streaming
  // message renders it (the list is not rendered again per token).
  const isStreaming = useChatStore((s) => s.streaming !== null);
  const running = useChatStore((s) => s.running);
  const sectionRef = useRef<HTMLElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const messages = thread?.messages ?? NO_MESSAGES;
  const events = thread?.events;

  const summaryStarts = useMemo(
    () =>
      new Set(
        (events ?? [])
          .filter((e) => e.kind === 'summarize' && e.messageId)
          .map((e) => e.messageId!),
      ),
    [events],
  );
  const lastId = messages.at(-1)?.id;
  // Chips come from the memory journal (whatever memory layers the thread has on), and from the
  // thread's own records where no journal entry of this browser exists (history).
  const journal = useJournalStore((s) => s.entries);
  const chips = useMemo(() => placeChips(thread, journal), [thread, journal]);

  const count = messages.length;
  const renderAll = count <= RENDER_ALL_UP_TO;
  // Kept the same function while the messages are: the virtualizer lays out every row again (5,000
  // in a long thread) whenever its key function changes, and rows are measured one render at a time.
  const getItemKey = useCallback((index: number) => messages[index]!.id, [messages]);
  const allRows = useCallback(() => messages.map((_, i) => i), [messages]);
  const [initialOffset] = useState(() => openingOffset(thread?.id, messages));
  // No React Compiler in this build, so its warning about memoizing the virtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => sectionRef.current,
    estimateSize: estimateRow,
    overscan: OVERSCAN,
    gap: ROW_GAP,
    getItemKey,
    // The rows start below the suggestions and any chips before the first message.
    scrollMargin: rowsRef.current?.offsetTop ?? 0,
    rangeExtractor: renderAll ? allRows : undefined,
    // Sizes that change at the end keep a thread that is read at its end there.
    anchorTo: 'end',
    // Until the scroll area is measured (a frame later), a view of the window's height: the first
    // render then has its rows and its full height, so a remembered position (after a reload) can
    // be scrolled to at once. Without it the first render had no rows and the position fell to 0.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
    initialOffset,
  });
  const indexOf = useMemo(() => new Map(messages.map((m, i) => [m.id, i])), [messages]);
  const virtual = useMemo<VirtualScroll>(
    () => ({
      toEnd: () => virtualizer.scrollToEnd(),
      toMessage: (id, offset) => {
        const index = indexOf.get(id);
        const found =
          index === undefined ? undefined : virtualizer.getOffsetForIndex(index, 'start');
        if (!found) return false;
        virtualizer.scrollToOffset(found[0] + offset);
        return true;
      },
    }),
    [virtualizer, indexOf],
  );
  // Each thread opens where it was left (after a reload too); new content scrolls to the end.
  const scrollToEnd = useScrollMemory(sectionRef, thread?.id ?? null, count, running, virtual);
  // What opens a message from elsewhere (a chart marker, the event list): scrolled into the view.
  useEffect(
    () =>
      setMessageRevealer((id) => {
        const index = indexOf.get(id);
        if (index === undefined) return false;
        virtualizer.scrollToIndex(index, { align: 'center' });
        return true;
      }),
    [virtualizer, indexOf],
  );

  const { items, padTop, padBottom } = visibleRows(virtualizer);

  return (
    <section aria-label="Conversation" className="conversation" ref={sectionRef}>
      {count === 0 && !isStreaming && <Suggestions />}
      <Chips list={chips.atStart} />
      {count > 0 && (
        <div
          ref={rowsRef}
          className="conversation-rows"
          style={{ paddingTop: Math.max(0, padTop), paddingBottom: Math.max(0, padBottom) }}
        >
          {items.map((item) => {
            const message = messages[item.index]!;
            return (
              <MessageRow
                key={item.key}
                index={item.index}
                measure={virtualizer.measureElement}
                message={message}
                summaryStart={summaryStarts.has(message.id)}
                toolChips={chipsFor(message, chips.byToolCall)}
                afterChips={chips.afterMessage.get(message.id)}
                latest={message.id === lastId && !running}
              />
            );
          })}
        </div>
      )}
      {isStreaming && <StreamingMessage onGrow={scrollToEnd} />}
      {running && !isStreaming && <p className="thinking">Working…</p>}
    </section>
  );
}

/** The gap between messages (the CSS gap of .conversation-rows and of a row's parts). */
const ROW_GAP = 8;

/**
 * One message with what belongs to it: the summary divider before it and its chips after it. Its
 * props are plain values and lists that change only with the message, so the rows already on
 * screen are not rendered again when a message is added or a reply streams (memo).
 */
const MessageRow = memo(function MessageRow({
  index,
  measure,
  message,
  summaryStart,
  toolChips,
  afterChips,
  latest,
}: {
  index: number;
  measure: (element: Element | null) => void;
  message: Message;
  summaryStart: boolean;
  toolChips: ChipData[] | undefined;
  afterChips: ChipData[] | undefined;
  latest: boolean;
}) {
  return (
    <div className="conversation-row" data-index={index} ref={measure}>
      {summaryStart && (
        <div role="separator" aria-label="Summary took over here" className="summary-divider">
          <span>
            Older messages above were summarized for the model; the thread keeps them all.
          </span>
        </div>
      )}
      <MessageView message={message} chips={toolChips} latest={latest} />
      <Chips list={afterChips} />
    </div>
  );
});

/** The reply as it streams: rendered again per token on its own, keeping the view at the end. */
function StreamingMessage({ onGrow }: { onGrow: () => void }) {
  const streaming = useChatStore((s) => s.streaming);
  useLayoutEffect(() => {
    if (streaming) onGrow();
  }, [streaming, onGrow]);
  if (!streaming) return null;
  return (
    <article
      aria-label="Assistant (streaming)"
      className="message assistant streaming"
      aria-busy="true"
    >
      <header className="message-role">Assistant</header>
      <Markdown text={streaming.text} streaming />
      {streaming.toolCalls.map((call, index) => (
        <div key={index} className="tool-call pending">
          <span className="tool-name">{call.name ?? '…'}</span>
          <pre>{call.arguments}</pre>
        </div>
      ))}
    </article>
  );
}

function chipsFor(message: Message, byToolCall: Map<string, ChipData[]>) {
  return message.role === 'tool' ? byToolCall.get(message.toolCallId) : undefined;
}

function Chips({ list }: { list: ChipData[] | undefined }) {
  if (!list?.length) return null;
  return (
    <>
      {list.map((chip) => (
        <MemoryChip key={chip.key} chip={chip} />
      ))}
    </>
  );
}

function MessageView({
  message,
  chips,
  latest,
}: {
  message: Message;
  chips?: ChipData[] | undefined;
  /** The thread's last message, with no run going: its suggestions are offered. */
  latest: boolean;
}) {
  switch (message.role) {
    case 'user':
      return (
        <article aria-label="User" className="message user" id={`msg-${message.id}`} tabIndex={-1}>
          <header className="message-role">
            You
            <PinMessageButton messageId={message.id} />
          </header>
          <p className="user-text">{message.content}</p>
        </article>
      );
    case 'assistant':
      return <AssistantView message={message} latest={latest} />;
    case 'tool':
      return (
        <>
          <ToolResultView message={message} />
          <Chips list={chips} />
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

function AssistantView({ message, latest }: { message: AssistantMessage; latest: boolean }) {
  // The Demo ends an answer with a short list of suggestions: buttons on the latest answer, and
  // left out of older ones (they were offered for that moment).
  const { text, suggestions } = splitSuggestions(message.content);
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
        <PinMessageButton messageId={message.id} />
      </header>
      {text && <Markdown text={text} />}
      {message.toolCalls?.map((call) => (
        <ToolCallView key={call.id} call={call} />
      ))}
      {latest && suggestions.length > 0 && <ReplySuggestions suggestions={suggestions} />}
    </article>
  );
}

/** Buttons that send a suggested message, as if typed into the Message field and sent. */
function ReplySuggestions({ suggestions }: { suggestions: string[] }) {
  const send = useChatStore((s) => s.send);
  return (
    <ul className="reply-suggestions" aria-label="Suggested replies">
      {suggestions.map((suggestion) => (
        <li key={suggestion}>
          <button type="button" onClick={() => void send(suggestion)}>
            {suggestion}
          </button>
        </li>
      ))}
    </ul>
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
