// The "Import session" dialog's store: whether it is open (and from where), the import going on
// with its progress, then the report and the thread it made. The file is parsed, and the thread
// saved to the thread store, off the page (adapters/session-import.ts); the thread is then listed
// and opened by id with the chat store's own loadThreads and openThread.

import { create } from 'zustand';
import { importSessionFile, type SessionImportProgress } from '../adapters/session-import';
import type { ImportReport } from '../core/sessions/types';
import { importedSessionSlot } from '../core/sessions/to-thread';
import { errorText } from '../core/text/errors';
import { useArenaStore } from './arena';
import { useChatStore } from './chat';
import { getServices, THREADS_DB, WORKSPACE } from './services';

export type ImportPhase = 'choose' | 'importing' | 'done' | 'failed';

interface ImportStore {
  open: boolean;
  /** Opened from the arena's transcript chooser: the result can be replayed there. */
  from: 'threads' | 'arena';
  phase: ImportPhase;
  fileName?: string;
  progress?: SessionImportProgress;
  report?: ImportReport;
  threadId?: string;
  error?: string;
  openDialog(from?: 'threads' | 'arena'): void;
  close(): void;
  importFile(file: File): Promise<void>;
  /** The flagged strings go into bundle exports of the imported thread (they are left out by default). */
  keepSecrets: boolean;
  setKeepSecrets(keep: boolean): Promise<void>;
  /** Opens the imported thread in the chat (and leaves the arena). */
  openThread(): Promise<void>;
  /** Chooses the imported thread as the arena's transcript. */
  replayInArena(): Promise<void>;
}

/** The import going on, held by the store (not in module variables). */
interface ImportRun {
  /** Only the latest import's answers land (a second file chosen while one is read). */
  seq: number;
  /** Ends the import going on (its worker), when the dialog closes or another file is chosen. */
  cancel?: AbortController;
}

const fresh = {
  phase: 'choose' as ImportPhase,
  fileName: undefined,
  progress: undefined,
  report: undefined,
  threadId: undefined,
  error: undefined,
  keepSecrets: false,
};

export const useImportStore = create<ImportStore>((set, get) => {
  const run: ImportRun = { seq: 0 };
  return {
    open: false,
    from: 'threads',
    ...fresh,

    openDialog(from = 'threads') {
      if (get().phase === 'importing') {
        set({ open: true });
        return;
      }
      set({ open: true, from, ...fresh });
    },

    close() {
      run.seq++;
      run.cancel?.abort();
      set({ open: false, ...fresh });
    },

    async importFile(file) {
      const mine = ++run.seq;
      run.cancel?.abort();
      const controller = (run.cancel = new AbortController());
      set({ open: true, ...fresh, phase: 'importing', fileName: file.name });
      try {
        const { summary, report } = await importSessionFile(file, {
          workspace: WORKSPACE,
          threads: { store: getServices().threads, db: THREADS_DB },
          signal: controller.signal,
          onProgress: (progress) => mine === run.seq && set({ progress }),
        });
        // Saved already: an import cancelled meanwhile (it ended on the page) leaves nothing.
        if (mine !== run.seq) {
          await getServices().threads.delete(summary.id);
          return;
        }
        await useChatStore.getState().loadThreads();
        if (mine === run.seq) set({ phase: 'done', report, threadId: summary.id });
      } catch (error) {
        if (mine === run.seq) set({ phase: 'failed', error: errorText(error) });
      }
    },

    async setKeepSecrets(keep) {
      const id = get().threadId;
      if (!id) return;
      set({ keepSecrets: keep });
      try {
        const thread = await getServices().threads.get(id);
        const imported = thread && importedSessionSlot.read(thread.state);
        if (!thread || !imported) return;
        const state = { ...thread.state };
        importedSessionSlot.write(state, { ...imported, keepSecrets: keep });
        await getServices().threads.put({ ...thread, state });
      } catch (error) {
        set({ keepSecrets: !keep, error: errorText(error) });
      }
    },

    async openThread() {
      const id = get().threadId;
      if (!id) return;
      useArenaStore.getState().setOpen(false);
      const result = await useChatStore.getState().openThread(id);
      if (result === 'busy') {
        set({
          error:
            'A run is going on: the thread is saved and can be opened from the thread list when it ends.',
        });
        return;
      }
      get().close();
    },

    async replayInArena() {
      const id = get().threadId;
      if (!id) return;
      useArenaStore.getState().setOpen(true);
      await useArenaStore.getState().chooseThread(id);
      get().close();
    },
  };
});

/** The largest session file taken in, as the dialog says it. */
export { MAX_SESSION_LABEL } from '../core/sessions/builder';
