// The app's session importer: a Web Worker (src/workers/session-import.worker.ts) reads and parses
// the file, builds the thread and saves it to the IndexedDB thread store, so the page stays
// responsive with a 100 MB session (no task over 100 ms); the page gets progress and then the
// thread's summary and the report, and opens the thread by id. A worker per import, ended when it
// answers. Where workers cannot start (or fail to), the import runs on the page and saves through
// the page's store, with the same result.

import { checkSessionSize } from '../core/sessions/builder';
import type { ImportReport } from '../core/sessions/types';
import type { ThreadStore, ThreadSummary } from '../core/thread/thread';
import {
  importInWorker,
  type SessionImportRequest,
  type SessionImportResponse,
} from '../workers/session-import.worker';

export interface SessionImportProgress {
  stage: 'reading' | 'parsing';
  done: number;
  total: number;
}

export interface SessionImportResult {
  /** The thread as saved (its id opens it). */
  summary: ThreadSummary;
  report: ImportReport;
}

export interface SessionImportOptions {
  workspace: string;
  /** Where the thread is saved: the page's store, and the prefix of its IndexedDB (IdbThreadStore), where the worker saves it. */
  threads: { store: ThreadStore; db: string };
  onProgress?: (progress: SessionImportProgress) => void;
  /** Cancels the import: the worker is ended (a thread it saved already is the caller's to delete). */
  signal?: AbortSignal;
  /** Creates the worker; defaults to the bundled one. For tests. */
  createWorker?: () => Worker;
}

let nextId = 1;

export function importSessionFile(
  file: Blob & { name?: string },
  options: SessionImportOptions,
): Promise<SessionImportResult> {
  const fileName = file.name || 'session';
  // The bound, checked where the file enters: nothing is read from a file over it.
  try {
    checkSessionSize(fileName, file.size);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const request: SessionImportRequest = {
    id: nextId++,
    file,
    fileName,
    workspace: options.workspace,
    threadsDb: options.threads.db,
  };
  return new Promise((resolve, reject) => {
    const answer = (response: SessionImportResponse) => {
      if (response.type === 'progress') options.onProgress?.(response);
      else if (response.type === 'done')
        resolve({ summary: response.summary, report: response.report });
      else reject(new Error(response.error));
    };
    const onPage = () => void importInWorker(request, answer, options.threads.store);
    const create =
      options.createWorker ??
      (typeof Worker === 'undefined'
        ? undefined
        : () =>
            new Worker(new URL('../workers/session-import.worker.ts', import.meta.url), {
              type: 'module',
              name: 'session-import',
            }));
    if (!create) {
      onPage();
      return;
    }
    let worker: Worker;
    try {
      worker = create();
    } catch {
      onPage();
      return;
    }
    let settled = false;
    const end = () => {
      settled = true;
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<SessionImportResponse>) => {
      if (settled || event.data.id !== request.id) return;
      if (event.data.type !== 'progress') end();
      answer(event.data);
    });
    // The worker failed to start or crashed: the import runs on the page instead.
    const fallBack = (event?: Event) => {
      event?.preventDefault();
      if (settled) return;
      end();
      onPage();
    };
    options.signal?.addEventListener('abort', () => {
      if (settled) return;
      end();
      reject(new Error(`The import of ${fileName} was cancelled.`));
    });
    worker.addEventListener('error', fallBack);
    worker.addEventListener('messageerror', () => fallBack());
    try {
      worker.postMessage(request);
    } catch {
      fallBack();
    }
  });
}
