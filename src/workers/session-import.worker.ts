// Importing an agent session, off the page's thread: the file is read and parsed here (up to
// 100 MB of JSONL), with progress as it goes, and the thread is built here; the page receives the
// thread and the report. One request in, progress messages, one answer out.

import { parseSession } from '../core/sessions/parse';
import { checkSessionSize } from '../core/sessions/builder';
import { sessionToThread } from '../core/sessions/to-thread';
import type { ImportReport } from '../core/sessions/types';
import type { Thread } from '../core/thread/thread';
import { errorText } from '../core/text/errors';
import { autopsyOfImported } from '../core/autopsy/session';
import {
  createApproximateCounter,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from '../core/tokens/counter';

export interface SessionImportRequest {
  id: number;
  file: Blob;
  fileName: string;
  workspace: string;
}

export type SessionImportResponse =
  | { id: number; type: 'progress'; done: number; total: number; stage: 'reading' | 'parsing' }
  | { id: number; type: 'done'; thread: Thread; report: ImportReport }
  | { id: number; type: 'error'; error: string };

/** Progress is sent at most this often (ms), so messages never queue up on the page. */
const PROGRESS_EVERY_MS = 50;

export async function importInWorker(
  request: SessionImportRequest,
  post: (response: SessionImportResponse) => void,
): Promise<void> {
  const { id, file, fileName, workspace } = request;
  try {
    checkSessionSize(fileName, file.size);
    post({ id, type: 'progress', done: 0, total: file.size, stage: 'reading' });
    const text = await file.text();
    let last = 0;
    const session = parseSession(text, fileName, {
      bytes: file.size,
      onProgress: (done, total) => {
        const now = performance.now();
        if (now - last < PROGRESS_EVERY_MS && done < total) return;
        last = now;
        post({ id, type: 'progress', done, total, stage: 'parsing' });
      },
    });
    // The autopsy of the source's own compactions: a Compaction record for each, and the calls and
    // events the token chart draws (the source's recorded usage where it has it, else counted).
    const counter: TokenCounter = await loadEncoder(
      encodingForModel(session.model ?? 'gpt-4o'),
    ).catch(() => createApproximateCounter());
    const autopsy = autopsyOfImported(session, counter);
    if (session.compactions.length > 0)
      session.report.compactionHeadline = autopsy.autopsy.headline;
    const thread = sessionToThread(session, { workspace });
    thread.calls = autopsy.timeline.calls;
    thread.events = autopsy.timeline.events;
    post({ id, type: 'done', thread, report: session.report });
  } catch (error) {
    post({ id, type: 'error', error: errorText(error) });
  }
}

// Only in a worker: the page imports this module too (importSessionFile runs it on the page
// where a worker cannot start).
if ('WorkerGlobalScope' in globalThis)
  self.onmessage = (event: MessageEvent<SessionImportRequest>) =>
    void importInWorker(event.data, (response) => self.postMessage(response));
