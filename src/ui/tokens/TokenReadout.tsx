import { lazy, Suspense, useState } from 'react';
import { useChatStore } from '../../state/chat';
import { useFilesStore } from '../../state/files';
import type { ContextEvent, ModelCallRecord } from '../../core/agent/thread';
import { EVENT_LABELS, SECTION_KEYS, SECTION_LABELS, buildRows, fmt } from '../charts/chart-data';
import './tokens.css';

// recharts is large: the chart loads after the chat is usable.
const TokenChart = lazy(() => import('../charts/TokenChart'));

const NO_CALLS: ModelCallRecord[] = [];
const NO_EVENTS: ContextEvent[] = [];

/** Opens what an event produced: the message it concerns, or the file it wrote. */
export function revealEvent(event: ContextEvent) {
  if (event.messageId) {
    const element = document.getElementById(`msg-${event.messageId}`);
    if (element) {
      element.scrollIntoView({ block: 'center' });
      element.focus();
      return;
    }
  }
  if (event.path) void useFilesStore.getState().open(event.path);
}

export function TokenReadout() {
  const calls = useChatStore((s) => s.thread?.calls) ?? NO_CALLS;
  const events = useChatStore((s) => s.thread?.events) ?? NO_EVENTS;
  const [showWindow, setShowWindow] = useState(false);
  const last = calls[calls.length - 1];

  return (
    <section aria-label="Token usage" className="token-readout">
      <h2>Token usage</h2>
      {!last ? (
        <p className="muted">Each model call's input size will show here.</p>
      ) : (
        <>
          <LastCall call={last} index={calls.length} />
          <Suspense fallback={<p className="muted">Loading chart…</p>}>
            <div className="chart-box" aria-hidden="true">
              <TokenChart
                rows={buildRows(calls, events)}
                onEvent={revealEvent}
                showWindow={showWindow}
              />
            </div>
          </Suspense>
          <label className="check">
            <input
              type="checkbox"
              checked={showWindow}
              onChange={(e) => setShowWindow(e.target.checked)}
            />
            Show the context window line
          </label>
          <EventList events={events} calls={calls} />
        </>
      )}
    </section>
  );
}

function EventList({ events, calls }: { events: ContextEvent[]; calls: ModelCallRecord[] }) {
  if (events.length === 0) return null;
  const callNumber = (callId?: string) => {
    const index = calls.findIndex((call) => call.callId === callId);
    return index >= 0 ? `call ${index + 1}` : 'next call';
  };
  return (
    <details className="event-list" open={events.length <= 6}>
      <summary>
        {events.length} event{events.length === 1 ? '' : 's'}
      </summary>
      <ol aria-label="Context events">
        {events.map((event) => (
          <li key={event.id}>
            <button
              type="button"
              onClick={() => revealEvent(event)}
              disabled={!event.messageId && !event.path}
              title={event.detail}
            >
              <span className={`event-kind event-${event.kind}`}>◆</span> {EVENT_LABELS[event.kind]}{' '}
              · {callNumber(event.callId)}
              {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
                <>
                  {' '}
                  · {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
                </>
              )}
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

function LastCall({ call, index }: { call: ModelCallRecord; index: number }) {
  const { estimate, contextWindow } = call;
  const share = (n: number) =>
    `${Math.max(0, (n / contextWindow) * 100).toFixed(n / contextWindow < 0.01 ? 2 : 1)}%`;
  return (
    <div>
      <p className="headline">
        Call {index}: <strong>{fmt(estimate.total)}</strong> estimated input tokens of a{' '}
        {fmt(contextWindow)}-token context window ({share(estimate.total)})
      </p>
      <table>
        <tbody>
          {SECTION_KEYS.filter((key) => (estimate[key] ?? 0) > 0 || key === 'memory').map((key) => (
            <tr key={key}>
              <th scope="row">
                <span className={`swatch seg-${key}`} /> {SECTION_LABELS[key]}
              </th>
              <td>{fmt(estimate[key] ?? 0)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Reported by provider</th>
            <td>
              {call.usage
                ? `${fmt(call.usage.inputTokens)} in · ${fmt(call.usage.outputTokens)} out`
                : call.error
                  ? 'call failed'
                  : call.endedAt
                    ? 'not reported'
                    : '…'}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
