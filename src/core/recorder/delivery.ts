// Compaction records off the model request's path. A middleware that removes content emits its
// timeline event at once (before the request goes out, so the recorder places it at that call),
// marked `pending` and without its record; the record's input is gathered and the record built
// afterwards, in a later task (and, in the app, in a Web Worker: the builder is a dependency), then
// delivered by a 'context-record' event naming the event, with the full detail line.
//
// When the run ends: by default a run does not end before its records are delivered (the
// middleware's afterAgent waits for them, settleRecords), so the arena's tallies and a preview have
// every record when the run returns. A run marked with deliverAfterRun (the app's thread session,
// through the harness's `recordsAfterRun`) ends when the model has answered: its records arrive
// later, through the same emit, and whoever recorded the run applies and saves them then
// (recordsOf waits for them when needed).

import type { RunContext } from '../agent/middleware';
import { newId } from '../agent/ids';
import type { TimelineEntry } from '../thread/thread';
import { errorText } from '../text/errors';
import {
  buildRecordHere,
  recordLine,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
} from './record';

/** Records being built, per run (keyed by the run's thread state, the same for all its middleware). */
const inFlight = new WeakMap<object, Set<Promise<void>>>();
/** Runs (by their thread state) whose end does not wait for their records. */
const afterRun = new WeakMap<object, number>();

/**
 * Marks the run on `state` as one that ends without waiting for its records (they are delivered
 * after it, through its emit). Returns the unmark, to call when the run has ended.
 */
export function deliverAfterRun(state: object): () => void {
  afterRun.set(state, (afterRun.get(state) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (afterRun.get(state) ?? 1) - 1;
    if (left > 0) afterRun.set(state, left);
    else afterRun.delete(state);
  };
}

/**
 * A macrotask later: by then the request has been handed to the provider. Not setTimeout where
 * something better exists: timers are clamped (1 ms in Node, 4 ms in a page after a few nested
 * ones), which an arena replay with hundreds of removals would pay each time. Node's setImmediate,
 * else a MessageChannel (pages and workers), else a timer.
 */
export const afterRequest: () => Promise<void> = (() => {
  const host = globalThis as { setImmediate?: (callback: () => void) => unknown };
  if (typeof host.setImmediate === 'function') {
    const immediate = host.setImmediate;
    return () => new Promise<void>((resolve) => void immediate(resolve));
  }
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    const waiting: (() => void)[] = [];
    channel.port1.onmessage = () => waiting.shift()?.();
    return () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(null);
      });
  }
  return () => new Promise<void>((resolve) => setTimeout(resolve, 0));
})();

/**
 * Emits `event` now, marked pending, and its record later: `input` runs after the current task (the
 * request is on its way by then), `build` turns it into the record (default: here, on this thread).
 * The detail of the event as delivered is `${event.detail} ${recordLine(record)}.`; a record that
 * cannot be built leaves the event without one and says why in its detail.
 */
export function emitWithRecord(
  context: Pick<RunContext, 'emit' | 'state'>,
  event: TimelineEntry,
  input: () => RecordInput | Promise<RecordInput>,
  build: RecordBuilder = buildRecordHere,
): void {
  const eventId = event.id ?? newId('evt');
  context.emit({ type: 'context-event', event: { ...event, id: eventId, pending: true } });
  const delivery = (async () => {
    let record: CompactionRecord;
    try {
      await afterRequest();
      record = await build(await input());
    } catch (error) {
      context.emit({
        type: 'context-record',
        eventId,
        detail: `${event.detail} Its compaction record could not be built (${errorText(error)}).`,
        attachments: {},
      });
      return;
    }
    context.emit({
      type: 'context-record',
      eventId,
      detail: `${event.detail} ${recordLine(record)}.`,
      attachments: { record },
    });
  })();
  let pending = inFlight.get(context.state);
  if (!pending) inFlight.set(context.state, (pending = new Set()));
  const set = pending;
  set.add(delivery);
  const done = () => void set.delete(delivery);
  delivery.then(done, done);
}

/**
 * At the end of a run (each middleware's afterAgent): waits until every record of this run has
 * been delivered, unless the run was marked with deliverAfterRun. With none to wait for: undefined,
 * not a promise.
 */
export function settleRecords(context: Pick<RunContext, 'state'>): Promise<void> | undefined {
  if (afterRun.has(context.state)) return undefined;
  return recordsOf(context.state);
}

/**
 * Waits until every record in flight for the thread state `state` has been delivered (a run marked
 * with deliverAfterRun, awaited after it ended). With none in flight: undefined.
 */
export function recordsOf(state: object): Promise<void> | undefined {
  const pending = inFlight.get(state);
  if (!pending || pending.size === 0) return undefined;
  return (async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  })();
}
