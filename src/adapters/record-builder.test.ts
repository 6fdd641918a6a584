// The app's record builder: records built in the worker come back whole; a worker that fails (to
// start, or later) hands its records to the page, so none is lost.
import { describe, expect, it } from 'vitest';
import { buildCompactionRecord, type RecordInput } from '../core/recorder/record';
import type { RecordWorkerRequest, RecordWorkerResponse } from '../workers/record.worker';
import { createWorkerRecordBuilder } from './record-builder';

const INPUT: RecordInput = {
  kind: 'summarize',
  before: [{ label: 'User message “The vault…”', text: 'The vault holds 4,817 kg of ore.' }],
  after: [{ label: 'Summary', text: 'We talked about ore.' }],
  removed: [{ label: 'User message “The vault…”', text: 'The vault holds 4,817 kg of ore.' }],
};

/** A stand-in for the record worker: answers each request as the real one does, a task later. */
class FakeWorker extends EventTarget {
  posted: RecordWorkerRequest[] = [];
  terminated = false;
  answer = true;
  postMessage(message: RecordWorkerRequest) {
    const copy = structuredClone(message);
    this.posted.push(copy);
    if (!this.answer) return;
    setTimeout(() => {
      const data: RecordWorkerResponse = { id: copy.id, record: buildCompactionRecord(copy.input) };
      this.dispatchEvent(new MessageEvent('message', { data }));
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('record builder (Web Worker)', () => {
  it('builds in the worker: the record is the one built here', async () => {
    const worker = new FakeWorker();
    let created = 0;
    const build = createWorkerRecordBuilder({
      createWorker: () => {
        created++;
        return worker as unknown as Worker;
      },
    });
    const [a, b] = await Promise.all([build(INPUT), build(INPUT)]);
    expect(a).toEqual(buildCompactionRecord(INPUT));
    expect(b).toEqual(a);
    expect(worker.posted.map((m) => m.id)).toEqual([1, 2]);
    expect(created).toBe(1);
  });

  it('a worker that fails hands its records to the page; later records are built here', async () => {
    const worker = new FakeWorker();
    worker.answer = false;
    const build = createWorkerRecordBuilder({ createWorker: () => worker as unknown as Worker });
    const pending = build(INPUT);
    worker.dispatchEvent(new Event('error', { cancelable: true }));
    expect(await pending).toEqual(buildCompactionRecord(INPUT));
    expect(worker.terminated).toBe(true);
    expect(await build(INPUT)).toEqual(buildCompactionRecord(INPUT));
    expect(worker.posted).toHaveLength(1);
  });

  it('a worker that cannot start leaves the record to the page', async () => {
    const build = createWorkerRecordBuilder({
      createWorker: () => {
        throw new Error('blocked by the page policy');
      },
    });
    expect(await build(INPUT)).toEqual(buildCompactionRecord(INPUT));
  });

  it('an error the worker reports rejects that record with its reason', async () => {
    const worker = new FakeWorker();
    worker.answer = false;
    const build = createWorkerRecordBuilder({ createWorker: () => worker as unknown as Worker });
    const pending = build(INPUT);
    const data: RecordWorkerResponse = { id: 1, error: 'too large' };
    worker.dispatchEvent(new MessageEvent('message', { data }));
    await expect(pending).rejects.toThrow('too large');
  });
});
