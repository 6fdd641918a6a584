// The app's builder of compaction records (core/recorder/record.ts's RecordBuilder): a Web Worker
// (src/workers/record.worker.ts) builds them, so the page stays responsive while a summarization's
// record reads its hundreds of thousands of characters. The worker starts on the first record and
// stays. Should it fail to start, crash, or a record fail to travel (postMessage), the records in
// flight are built on the page instead: a record is never lost to the worker.

import {
  buildCompactionRecord,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
} from '../core/recorder/record';
import type { RecordWorkerRequest, RecordWorkerResponse } from '../workers/record.worker';

interface InFlight {
  input: RecordInput;
  resolve: (record: CompactionRecord) => void;
  reject: (error: Error) => void;
}

export interface WorkerRecordBuilderOptions {
  /** Creates the worker; defaults to the bundled record worker. For tests. */
  createWorker?: () => Worker;
}

export function createWorkerRecordBuilder(options: WorkerRecordBuilderOptions = {}): RecordBuilder {
  const workers = options.createWorker !== undefined || typeof Worker !== 'undefined';
  const createWorker =
    options.createWorker ??
    (() =>
      new Worker(new URL('../workers/record.worker.ts', import.meta.url), {
        type: 'module',
        name: 'compaction-records',
      }));
  let worker: Worker | null = null;
  /** Once the worker failed, records are built on the page. */
  let broken = false;
  let nextId = 1;
  const inFlight = new Map<number, InFlight>();

  const here = (job: Omit<InFlight, 'input'>, input: RecordInput) => {
    try {
      job.resolve(buildCompactionRecord(input));
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  /** The worker is gone: what it had is built on the page. */
  const fail = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    const jobs = [...inFlight.values()];
    inFlight.clear();
    for (const job of jobs) here(job, job.input);
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const created = createWorker();
    created.addEventListener('message', (event: MessageEvent<RecordWorkerResponse>) => {
      const response = event.data;
      const job = inFlight.get(response.id);
      if (!job) return;
      inFlight.delete(response.id);
      if ('record' in response) job.resolve(response.record);
      else job.reject(new Error(response.error));
    });
    created.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      fail();
    });
    created.addEventListener('messageerror', fail);
    worker = created;
    return created;
  };

  return (input) =>
    new Promise<CompactionRecord>((resolve, reject) => {
      if (broken || !workers) {
        here({ resolve, reject }, input);
        return;
      }
      const id = nextId++;
      inFlight.set(id, { input, resolve, reject });
      try {
        ensureWorker().postMessage({ id, input } satisfies RecordWorkerRequest);
      } catch {
        // The worker could not start, or the input could not be copied to it.
        inFlight.delete(id);
        here({ resolve, reject }, input);
      }
    });
}

/** The app's one builder (one worker for every thread's records). */
let shared: RecordBuilder | undefined;
export function appRecordBuilder(): RecordBuilder {
  return (shared ??= createWorkerRecordBuilder());
}
