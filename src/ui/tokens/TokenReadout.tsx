import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../state/chat';
import { useFilesStore } from '../../state/files';
import type { ContextEvent, ModelCallRecord } from '../../core/thread/thread';
import type { Message } from '../../core/agent/types';
import {
  buildRows,
  chartKey,
  eventStyle,
  fmt,
  meterOf,
  offScaleNotes,
  scaleOf,
  seriesOf,
  turnStartsOf,
  type ChartRow,
  type Meter,
  type Series,
} from '../charts/chart-data';
import { MarkerIcon } from '../charts/MarkerIcon';
import { revealMessage } from '../chat/reveal';
import { useRecordsStore } from '../../state/records';
import './tokens.css';
import { describeCallSpeed } from '../../state/local-model';

// The chart loads after the chat is usable (its own module, drawn only when there are calls).
const TokenChart = lazy(() => import('../charts/TokenChart'));

const NO_CALLS: ModelCallRecord[] = [];
const NO_EVENTS: ContextEvent[] = [];
const NO_MESSAGES: Message[] = [];

// Kept in step with TokenChart's line colours (not imported: that module loads lazily).
const LINE_KEYS = [
  { key: 'reported', label: 'Reported input', color: '#000000', dash: '' },
  { key: 'trigger', label: 'Compaction trigger', color: '#D55E00', dash: '6 4' },
  { key: 'window', label: 'Context window', color: '#555555', dash: '2 3' },
] as const;

/**
 * Opens what an event produced: the message it concerns, or the file it wrote; and its compaction
 * record on top when it removed content.
 */
export function revealEvent(event: ContextEvent) {
  useRecordsStore.getState().openEvent(event);
  void (async () => {
    // The conversation is virtualized: the message is brought into the page first.
    if (event.messageId && (await revealMessage(event.messageId))) return;
    if (event.path) await useFilesStore.getState().open(event.path);
  })();
}

export function TokenReadout() {
  // The readout follows the thread in a render of its own, after the one that shows the
  // conversation: opening a long thread (2,000 calls) or a new call is then two tasks, not one.
  const live = useChatStore(
    useShallow((s) => ({
      calls: s.thread?.calls ?? NO_CALLS,
      events: s.thread?.events ?? NO_EVENTS,
      messages: s.thread?.messages ?? NO_MESSAGES,
      threadId: s.thread?.id,
    })),
  );
  const { calls, events, messages, threadId } = useDeferredValue(live);
  const [fullScale, setFullScale] = useState(false);
  const last = calls[calls.length - 1];

  // The thread is published after every event of a run (new arrays, the same records): the chart's
  // data is built again only when a call or an event changed, so the chart is not drawn again for
  // a message or a streamed token.
  const key = `${threadId}|${chartKey(calls, events)}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for calls and events
  const rows = useMemo(() => buildRows(calls, events), [key]);
  const series = useMemo(() => {
    // Only sections that hold tokens somewhere in this thread.
    return seriesOf(calls).filter((s) =>
      rows.some((row) => typeof row[s.key] === 'number' && (row[s.key] as number) > 0),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows change with the calls
  }, [rows]);
  const scale = useMemo(() => scaleOf(rows, fullScale), [rows, fullScale]);
  // The chart is drawn again in a render of its own, after the readout's (a change of the Full
  // scale switch is urgent, the chart is not): the page answers in between on a long thread.
  const chart = useDeferredValue(
    useMemo(() => ({ threadId, rows, series, scale }), [threadId, rows, series, scale]),
  );
  const userTimes = useMemo(
    () => messages.filter((m) => m.role === 'user').map((m) => m.createdAt),
    [messages],
  );
  const userKey = `${userTimes.length}|${userTimes.at(-1) ?? ''}`;
  const meter = useMemo(
    () => meterOf(calls, turnStartsOf(calls, userTimes)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys stand for calls and times
    [key, userKey],
  );

  return (
    <section aria-label="Token usage" className="token-readout">
      {!last ? (
        <>
          <h2>Token usage</h2>
          <p className="muted">Each model call's input size will show here.</p>
        </>
      ) : (
        <>
          {/* The headline, chart and legend take what the controls and the event list leave. */}
          <div className="token-fold">
            <div className="token-head">
              <h2>Token usage</h2>
              <LastCall call={last} index={calls.length} />
              {events.length > 0 && <EventsJump count={events.length} />}
            </div>
            {meter && <ContextMeter meter={meter} />}
            <div className="chart-area">
              <OffScale rows={rows} scale={scale} />
              <Suspense fallback={<p className="muted chart-loading">Loading chart…</p>}>
                {/* The plot is an image (the event list below is its accessible twin); the brush
                under it is a group of two sliders. */}
                <div className="chart-box">
                  <TokenChart
                    // Another thread's chart is mounted anew (its zoom is its own).
                    key={chart.threadId}
                    rows={chart.rows}
                    series={chart.series}
                    scale={chart.scale}
                    onEvent={revealEvent}
                  />
                </div>
              </Suspense>
            </div>
            {rows.length > 12 && (
              <p className="chart-brush-caption muted">
                Drag the strip's handles to zoom into calls, its middle to move.
              </p>
            )}
            <Legend series={series} rows={rows} scale={scale} />
          </div>
          <div className="token-controls">
            <label
              className="check"
              title="The y-axis up to the compaction trigger and the context window"
            >
              <input
                type="checkbox"
                checked={fullScale}
                onChange={(e) => setFullScale(e.target.checked)}
              />
              Full scale (to the trigger and the window)
            </label>
            <CallSections call={last} />
          </div>
          <EventList events={events} calls={calls} />
        </>
      )}
    </section>
  );
}

/** Tokens left before the next compaction, and about how many turns of the recent size. */
function ContextMeter({ meter }: { meter: Meter }) {
  const share = meter.limit > 0 ? Math.min(1, meter.used / meter.limit) : 1;
  const what = meter.limitKind === 'compaction' ? 'compaction' : 'the context window is full';
  const text =
    meter.remaining === 0
      ? meter.limitKind === 'compaction'
        ? `Over the compaction trigger (${fmt(meter.limit)}) by ${fmt(meter.used - meter.limit)} tokens.`
        : `At the context window (${fmt(meter.limit)}).`
      : `${fmt(meter.remaining)} tokens left before ${what}` +
        (meter.turns !== undefined && meter.perTurn !== undefined
          ? ` · about ${fmt(meter.turns)} turn${meter.turns === 1 ? '' : 's'} of ~${fmt(meter.perTurn)} tokens`
          : '');
  return (
    <div className="context-meter">
      <div
        role="meter"
        aria-label={
          meter.limitKind === 'compaction' ? 'Context used before compaction' : 'Context used'
        }
        aria-valuemin={0}
        aria-valuemax={meter.limit}
        aria-valuenow={Math.min(meter.used, meter.limit)}
        aria-valuetext={text}
        className="meter-bar"
      >
        <span
          className={share >= 0.9 ? 'meter-fill meter-high' : 'meter-fill'}
          style={{ width: `${(share * 100).toFixed(1)}%` }}
        />
      </div>
      <p className="meter-text">{text}</p>
    </div>
  );
}

/** The trigger and the window when the y-axis does not reach them, as readable labels. */
function OffScale({ rows, scale }: { rows: ChartRow[]; scale: ReturnType<typeof scaleOf> }) {
  const notes = offScaleNotes(scale, rows.at(-1)?.total ?? 0);
  if (notes.length === 0) return null;
  return (
    <p className="chart-offscale" aria-label="Above the chart's scale">
      {notes.map((note) => (
        <span key={note.text} className={`offscale-${note.kind}`}>
          ↑ {note.text}
        </span>
      ))}
    </p>
  );
}

function Legend({
  series,
  rows,
  scale,
}: {
  series: Series[];
  rows: ChartRow[];
  scale: ReturnType<typeof scaleOf>;
}) {
  const kinds = [...new Set(rows.flatMap((row) => row.events.map((event) => event.kind)))];
  const hasDrop = rows.some((row) => row.drop);
  // Only the lines drawn: a trigger or window above the scale is named over the chart instead.
  const drawn = {
    reported: rows.some((row) => row.reported !== undefined),
    trigger: scale.trigger?.onScale ?? false,
    window: scale.window.onScale && scale.window.tokens > 0,
  };
  const lines = LINE_KEYS.filter((line) => drawn[line.key]);

  return (
    <ul className="chart-legend" aria-label="Chart legend">
      {series.map((s) => (
        <li key={s.key}>
          <span className="swatch" style={{ background: s.color }} /> {s.label}
        </li>
      ))}
      {lines.map((line) => (
        <li key={line.label}>
          <svg width="18" height="8" aria-hidden="true">
            <line
              x1="0"
              y1="4"
              x2="18"
              y2="4"
              stroke={line.color}
              strokeWidth="2"
              strokeDasharray={line.dash || undefined}
            />
          </svg>{' '}
          {line.label}
        </li>
      ))}
      {hasDrop && (
        <li>
          <svg width="10" height="12" aria-hidden="true">
            <line x1="5" y1="0" x2="5" y2="12" stroke="#009E73" strokeWidth="3" />
          </svg>{' '}
          Compaction drop (before → after)
        </li>
      )}
      {kinds.map((kind) => {
        const style = eventStyle(kind);
        return (
          <li key={kind}>
            <MarkerIcon shape={style.shape} color={style.color} /> {style.label}
          </li>
        );
      })}
    </ul>
  );
}

const EVENT_LIST_ID = 'token-event-list';

/**
 * In a short token panel the event list is below the fold: this leads there (and opens it). Shown
 * only while the list's first rows are out of the panel's view.
 */
function EventsJump({ count }: { count: number }) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const list = document.getElementById(EVENT_LIST_ID);
    const panel = list?.closest('.tokens-panel');
    if (!list || !panel) return;
    const observer = new IntersectionObserver(
      ([entry]) => setHidden(entry !== undefined && entry.intersectionRatio < 0.5),
      { root: panel, threshold: [0, 0.5, 1] },
    );
    observer.observe(list.querySelector('summary') ?? list);
    return () => observer.disconnect();
  }, []);
  if (!hidden) return null;
  const jump = () => {
    const list = document.getElementById(EVENT_LIST_ID);
    if (!(list instanceof HTMLDetailsElement)) return;
    list.open = true;
    list.scrollIntoView({ block: 'nearest' });
    list.querySelector('button')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="events-jump" onClick={jump}>
      {count} event{count === 1 ? '' : 's'} ↓
    </button>
  );
}

function EventList({ events, calls }: { events: ContextEvent[]; calls: ModelCallRecord[] }) {
  // A record is built after its request left (the run may have ended); one still pending with
  // nothing being built was cut off by a reload or a closed page (its event opens to say so).
  const building = useChatStore((s) => s.running || s.recordsPending);
  const numbers = useMemo(
    () => new Map(calls.map((call, index) => [call.callId, index + 1])),
    [calls],
  );
  if (events.length === 0) return null;
  const callNumber = (callId?: string) => {
    const number = callId === undefined ? undefined : numbers.get(callId);
    return number !== undefined ? `call ${number}` : 'next call';
  };
  return (
    // Open from the start: the list is the way to every compaction record; it scrolls in a box of
    // its own (its scroll bar always drawn), so the chart above keeps its place.
    <details className="event-list" id={EVENT_LIST_ID} open>
      <summary>
        {events.length} event{events.length === 1 ? '' : 's'}
      </summary>
      <ol aria-label="Context events">
        {events.map((event) => {
          const style = eventStyle(event.kind);
          return (
            <li key={event.id}>
              <button
                type="button"
                onClick={() => revealEvent(event)}
                disabled={!event.record && !event.pending && !event.messageId && !event.path}
                title={event.detail}
              >
                <MarkerIcon shape={style.shape} color={style.color} /> {style.label} ·{' '}
                {callNumber(event.callId)}
                {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
                  <>
                    {' '}
                    · {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
                  </>
                )}
                {event.record && <> · {event.record.headline}</>}
                {!event.record &&
                  event.pending &&
                  (building ? <> · building record…</> : <> · record not finished</>)}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function LastCall({ call, index }: { call: ModelCallRecord; index: number }) {
  const { estimate, contextWindow } = call;
  const share = (n: number) =>
    `${Math.max(0, (n / contextWindow) * 100).toFixed(n / contextWindow < 0.01 ? 2 : 1)}%`;
  return (
    <p
      className="headline"
      title={`Call ${index}: ${fmt(estimate.total)} estimated input tokens of a ${fmt(contextWindow)}-token context window`}
    >
      Call {index}: <strong>{fmt(estimate.total)}</strong> input tokens (estimated) ·{' '}
      {share(estimate.total)} of {fmt(contextWindow)}
      {call.usage && describeCallSpeed(call.usage) && <> · {describeCallSpeed(call.usage)}</>}
    </p>
  );
}

/** The last call's sections in a table (the chart's tooltip shows any call's). */
function CallSections({ call }: { call: ModelCallRecord }) {
  const { estimate } = call;
  const sections = seriesOf([call]);
  const value = (key: string) =>
    key.startsWith('strategy:')
      ? (estimate.strategy?.[key.slice('strategy:'.length)] ?? 0)
      : ((estimate[key as keyof typeof estimate] as number | undefined) ?? 0);
  return (
    <details className="call-table">
      <summary>Sections of the last call</summary>
      <table>
        <tbody>
          {sections
            .filter((s) => value(s.key) > 0 || s.key === 'memory')
            .map((s) => (
              <tr key={s.key}>
                <th scope="row">
                  <span className="swatch" style={{ background: s.color }} /> {s.label}
                </th>
                <td>{fmt(value(s.key))}</td>
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
    </details>
  );
}
