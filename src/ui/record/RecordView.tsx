// The compaction flight recorder's view: what one removal took out of what the model sees, and what
// became of every specific it held (Kept / Recoverable / Lost, with where each came from), the
// intent check after a summary, the pinned specifics a summary dropped, and the exact sections
// before and after. Opened from a mark on the token chart or the event list, and by "Compact now"
// as a preview with Apply / Discard.
import { useEffect, useRef } from 'react';
import type { CompactionRecord, RecordSpecific, RecordText } from '../../core/recorder/record';
import type { SpecificKind } from '../../core/recorder/specifics';
import { useChatStore } from '../../state/chat';
import {
  useRecordsStore,
  RECORD_LIST_CHARS,
  RECORD_SPECIFICS,
  RECORD_TEXT_CHARS,
  REMOVAL_LABELS,
  SPECIFIC_KIND_LABELS,
} from '../../state/records';
import { eventLabel } from '../charts/chart-data';
import './record.css';
import { pinKey, fateDetail, fateHeadline, pinsOf } from '../../state/views/record';

/** The flight recorder's dialog: an open record, or the "Compact now" preview. */
export function RecordDialog() {
  const open = useRecordsStore((s) => s.open);
  const preview = useRecordsStore((s) => s.preview);
  const notice = useRecordsStore((s) => s.notice);
  const ref = useRef<HTMLDialogElement>(null);
  const visible = Boolean(open || preview);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Not modal: what the event concerns (its message, its file) opens behind it and stays usable.
    if (visible && !dialog.open) dialog.show();
    if (!visible && dialog.open) dialog.close();
    if (visible) dialog.focus();
  }, [visible]);

  const close = () => useRecordsStore.getState().close();
  const { apply, discard } = useRecordsStore.getState();

  return (
    <dialog
      ref={ref}
      className="record-dialog"
      aria-label={preview ? 'Compact now' : 'Flight recorder'}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        if (preview) discard();
        else close();
      }}
    >
      {visible && (
        <>
          <header className="record-dialog-head">
            <h2>
              {preview
                ? preview.status === 'failed' && preview.title
                  ? preview.title
                  : 'Compact now (preview: nothing has changed yet)'
                : open
                  ? eventLabel(open.kind)
                  : ''}
            </h2>
            {!preview && (
              <button type="button" onClick={close}>
                Close
              </button>
            )}
          </header>
          {notice && (
            <p role="alert" className="record-notice">
              {notice}
            </p>
          )}
          {preview?.status === 'running' && (
            <p role="status" className="muted">
              Asking the summarizer for a summary of the older messages… Nothing is written until
              you apply it.
            </p>
          )}
          {preview?.status === 'failed' && (
            <>
              <p role="alert">{preview.message}</p>
              <div className="record-actions">
                <button type="button" onClick={discard}>
                  Close
                </button>
              </div>
            </>
          )}
          {preview?.status === 'ready' && (
            <>
              <p className="muted">
                Apply stores this summary for the next model call and appends the{' '}
                {preview.pending.removed.length} summarized messages to{' '}
                {preview.pending.summary.historyPath}; the thread keeps every message. Discard
                changes nothing. Tokens: {preview.pending.tokensBefore.toLocaleString('en-US')} →{' '}
                {preview.pending.tokensAfter.toLocaleString('en-US')}.
              </p>
              <div className="record-actions">
                <button type="button" className="primary" onClick={() => void apply()}>
                  Apply
                </button>
                <button type="button" onClick={discard}>
                  Discard
                </button>
              </div>
              <RecordView record={preview.pending.record} />
            </>
          )}
          {!preview && open?.record && <RecordView record={open.record} />}
          {!preview && open && !open.record && open.eventId && (
            <PendingRecord eventId={open.eventId} />
          )}
        </>
      )}
    </dialog>
  );
}

/**
 * An event whose record is still being built (after the model request left): says so, and shows the
 * record as soon as it is attached to the event.
 */
function PendingRecord({ eventId }: { eventId: string }) {
  const event = useChatStore((s) => s.thread?.events?.findLast((e) => e.id === eventId));
  // Records are built after the request left, and may arrive after the run ended.
  const building = useChatStore((s) => s.running || s.recordsPending);
  useEffect(() => {
    if (event?.record !== undefined) useRecordsStore.getState().openEvent(event);
  }, [event]);
  if (event?.record !== undefined) return null;
  if (event?.pending && building)
    return (
      <p role="status" className="muted">
        Building the compaction record… The model request did not wait for it; it appears here when
        it is ready.
      </p>
    );
  return (
    <p role="alert">
      {event?.pending
        ? 'This compaction record was not finished: the page closed or reloaded while it was being built. The event itself is kept.'
        : (event?.detail ?? 'This event is no longer in the thread.')}
    </p>
  );
}

export function RecordView({ record }: { record: CompactionRecord }) {
  const state = useChatStore((s) => s.thread?.state);
  const running = useChatStore((s) => s.running);
  const pinned = new Set(pinsOf(state).specifics.map(pinKey));
  return (
    <section aria-label="Compaction record" className="compaction-record">
      <p className="record-kind muted">{REMOVAL_LABELS[record.kind]}</p>
      {/* From the counts, so that a record stored before the headline led with "lost" reads alike. */}
      <h3 className="record-headline">{fateHeadline(record.counts)}</h3>
      {record.counts.total > 0 && <p className="record-detail">{fateDetail(record.counts)}.</p>}
      {record.intent && (
        <p
          className={`record-intent intent-${record.intent.survived}`}
          aria-label="Intent survival"
        >
          {record.intent.line}.
        </p>
      )}
      {record.pinnedDropped && record.pinnedDropped.length > 0 && (
        <p role="alert" className="record-pinned-dropped">
          The summary dropped{' '}
          {record.pinnedDropped.length === 1 ? 'a pinned specific' : 'pinned specifics'}:{' '}
          {record.pinnedDropped.join(', ')}.
        </p>
      )}
      {record.scanCuts.length > 0 && (
        <p className="muted">Searched in part: {record.scanCuts.join('; ')}.</p>
      )}
      <div className="record-lists">
        {(['kept', 'recoverable', 'lost'] as const).map((fate) => (
          <FateList
            key={fate}
            fate={fate}
            items={record[fate]}
            unlisted={record.unlisted[fate]}
            total={record.counts[fate]}
            pinned={pinned}
            pinDisabled={running}
          />
        ))}
      </div>
      <Texts title="Removed text" texts={record.removed} leftOut={record.sectionsLeftOut.removed} />
      {record.unchanged && record.unchanged.length > 0 && (
        <p className="muted">
          Also in the context before and after, unchanged and not kept in the record:{' '}
          {record.unchanged
            .map((u) => `${u.label} (${u.chars.toLocaleString('en-US')} characters)`)
            .join(', ')}
          .
        </p>
      )}
      <Texts
        title="Before"
        texts={record.before}
        leftOut={record.sectionsLeftOut.before}
        after={record.after}
        removed={record.removed}
      />
      <Texts title="After" texts={record.after} leftOut={record.sectionsLeftOut.after} />
    </section>
  );
}

const FATE_TITLES = { kept: 'Kept', recoverable: 'Recoverable', lost: 'Lost' } as const;
const FATE_HELP = {
  kept: 'still in what the model sees',
  recoverable: 'in a file the context points to',
  lost: 'neither in the context nor in a file it points to',
} as const;

function FateList({
  fate,
  items,
  unlisted,
  total,
  pinned,
  pinDisabled,
}: {
  fate: 'kept' | 'recoverable' | 'lost';
  items: RecordSpecific[];
  unlisted: number;
  total: number;
  pinned: Set<string>;
  pinDisabled: boolean;
}) {
  const title = FATE_TITLES[fate];
  return (
    <div className={`fate-list fate-${fate}`}>
      <h4>
        {title} <span className="fate-count">({total})</span>
      </h4>
      <p className="muted fate-help">{FATE_HELP[fate]}</p>
      <ul aria-label={title}>
        {items.map((item) => {
          const key = pinKey(item);
          const isPinned = pinned.has(key);
          return (
            <li key={key}>
              <div className="specific-line">
                <code className="specific-text">{item.text}</code>
                <span className="specific-kind">
                  {SPECIFIC_KIND_LABELS[item.kind as SpecificKind]}
                </span>
                <button
                  type="button"
                  className="pin-button"
                  aria-pressed={isPinned}
                  disabled={pinDisabled}
                  title={
                    isPinned
                      ? 'Pinned: every summary must keep it. Press to unpin.'
                      : 'Pin: every summary must keep it'
                  }
                  onClick={() =>
                    void useRecordsStore.getState().pinSpecific({
                      kind: item.kind,
                      subtype: item.subtype,
                      normalized: item.normalized,
                      text: item.text,
                    })
                  }
                >
                  Pin
                </button>
              </div>
              <div className="specific-from muted">
                from {item.from}
                {item.where &&
                  (fate === 'kept'
                    ? ` · in ${item.where}`
                    : fate === 'recoverable'
                      ? ` · in ${item.where}`
                      : ` · only in ${item.where}, which nothing points to`)}
              </div>
            </li>
          );
        })}
        {items.length === 0 && <li className="muted">None.</li>}
      </ul>
      {unlisted > 0 && (
        <p className="muted">
          {unlisted.toLocaleString('en-US')} more not listed (a record lists at most{' '}
          {RECORD_SPECIFICS.toLocaleString('en-US')} per list).
        </p>
      )}
    </div>
  );
}

function Texts({
  title,
  texts,
  leftOut,
  after,
  removed,
}: {
  title: string;
  texts: RecordText[];
  leftOut: number;
  /** Sections before that are the same as one after (or a removed text) point to it. */
  after?: RecordText[];
  removed?: RecordText[];
}) {
  return (
    <details className="record-texts">
      <summary>
        {title} ({texts.length + leftOut} section{texts.length + leftOut === 1 ? '' : 's'})
      </summary>
      <ol>
        {texts.map((own, i) => {
          const same = own.sameAsAfter !== undefined ? after?.[own.sameAsAfter] : undefined;
          const sameRemoved =
            own.sameAsRemoved !== undefined ? removed?.[own.sameAsRemoved] : undefined;
          const text = same ?? sameRemoved ?? own;
          return (
            <li key={i}>
              <div className="record-text-label">
                {own.label} · {own.chars.toLocaleString('en-US')} characters
                {same && <span className="muted"> · unchanged (the same as after)</span>}
                {sameRemoved && (
                  <span className="muted"> · removed (shown once, with the removed sections)</span>
                )}
              </div>
              <pre>{text.text}</pre>
              {text.cut > 0 && (
                <p className="muted">
                  … {text.cut.toLocaleString('en-US')} more characters not kept in the record (it
                  keeps {RECORD_TEXT_CHARS.toLocaleString('en-US')} per text and{' '}
                  {RECORD_LIST_CHARS.toLocaleString('en-US')} per list).
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {leftOut > 0 && (
        <p className="muted">
          {leftOut} more section{leftOut === 1 ? '' : 's'} not kept in the record (it keeps{' '}
          {texts.length}).
        </p>
      )}
    </details>
  );
}

/** "Pin" on a message in the transcript: a pinned message is never cut. */
export function PinMessageButton({ messageId }: { messageId: string }) {
  const state = useChatStore((s) => s.thread?.state);
  const running = useChatStore((s) => s.running);
  const isPinned = pinsOf(state).messages.includes(messageId);
  return (
    <button
      type="button"
      className="pin-button"
      aria-pressed={isPinned}
      disabled={running}
      title={
        isPinned
          ? 'Pinned: never summarized or left out. Press to unpin.'
          : 'Pin: never summarize or leave out this message'
      }
      onClick={() => void useRecordsStore.getState().pinMessage(messageId)}
    >
      Pin
    </button>
  );
}
