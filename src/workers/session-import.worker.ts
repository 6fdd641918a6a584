// Importing an agent session, off the page's thread: the file is read and parsed here (up to
// 100 MB of JSONL), with progress as it goes, the thread is built here and saved here, to the same
// IndexedDB thread store the page uses (same chunked records, list entry and revision; the save is
// announced to the page on the store's BroadcastChannel). The page receives only the thread's
// summary and the report: sending it the thread itself cost the page's thread a structured clone of
// the whole thing, and saving it there a copy of every chunk, each one task of up to a second on a
// 95 MB file. One request in, progress messages, one answer out.
//
// A storage edge, so this worker is in the adapters layer (scripts/check-layers.mjs).

import { parseSession } from '../core/sessions/parse';
import { checkSessionSize } from '../core/sessions/builder';
import { sessionToThread } from '../core/sessions/to-thread';
import type { ImportReport } from '../core/sessions/types';
import { summarize, type ThreadStore, type ThreadSummary } from '../core/thread/thread';
import { errorText } from '../core/text/errors';
import { autopsyOfImported } from '../core/autopsy/session';
import {
  createApproximateCounter,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from '../core/tokens/counter';
import { IdbThreadStore } from '../adapters/idb-threads';

export interface SessionImportRequest {
  id: number;
  file: Blob;
  fileName: string;
  workspace: string;
  /** The IndexedDB thread store's prefix (IdbThreadStore): the thread is saved there. */
  threadsDb: string;
}

export type SessionImportResponse =
  | { id: number; type: 'progress'; done: number; total: number; stage: 'reading' | 'parsing' }
  | { id: number; type: 'done'; summary: ThreadSummary; report: ImportReport }
  | { id: number; type: 'error'; error: string };

/** Progress is sent at most this often (ms), so messages never queue up on the page. */
const PROGRESS_EVERY_MS = 50;

/**
 * Reads, parses and saves the session. `threads` is where the thread is saved: by default (in the
 * worker) an IdbThreadStore on `request.threadsDb`, closed after; on the page, the page's own store.
 */
export async function importInWorker(
  request: SessionImportRequest,
  post: (response: SessionImportResponse) => void,
  threads?: ThreadStore,
): Promise<void> {
  const { id, file, fileName, workspace } = request;
  const own = threads ? undefined : new IdbThreadStore(request.threadsDb);
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
    await (threads ?? own!).put(thread);
    post({ id, type: 'done', summary: summarize(thread), report: session.report });
  } catch (error) {
    post({ id, type: 'error', error: errorText(error) });
  } finally {
    own?.close();
  }
}

// Only in a worker: the page imports this module too (importSessionFile runs it on the page
// where a worker cannot start).
if ('WorkerGlobalScope' in globalThis)
  self.onmessage = (event: MessageEvent<SessionImportRequest>) =>
    void importInWorker(event.data, (response) => self.postMessage(response));
