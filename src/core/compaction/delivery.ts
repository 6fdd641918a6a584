// Compaction records off the model request's path. A middleware that removes content emits its
// timeline event at once (before the request goes out, so the recorder places it at that call),
// marked `pending` and without its record; the record's input is gathered and the record built
// afterwards, in a later task (and, in the app, in a Web Worker: the builder is a dependency), then
// delivered by a 'context-record' event naming the event, with the full detail line. A run does not
// end before its records are delivered: the middleware's afterAgent waits for them (settleRecords),
// so a thread saved at the end of a run, the arena's tallies and a preview all have every record.

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
 * Waits until every record of this run has been delivered (each middleware's afterAgent). With
 * none in flight, nothing to wait for: undefined, not a promise.
 */
export function settleRecords(context: Pick<RunContext, 'state'>): Promise<void> | undefined {
  const pending = inFlight.get(context.state);
  if (!pending || pending.size === 0) return undefined;
  return (async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  })();
}
