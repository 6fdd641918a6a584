// The memory journal in the app: the list the "Memory journal" panel shows, the notices for memory
// writes made outside a chat (the editor, the Facts panel, the fact updater, an import, an undo,
// another tab), and undo. The journal itself records at the filesystem (src/core/fs/journal/);
// this store only shows it. Another tab's entries arrive over a BroadcastChannel; a change another
// tab made that no entry explains is recorded here as "another tab".

import { create } from 'zustand';
import {
  describeAuthor,
  reconcileMemoryPaths,
  undoJournalEntry,
  type JournalDropped,
  type JournalEntry,
  type UndoResult,
} from '../core/fs/journal';
import { getServices, setMemorySourcesProvider } from './services';
import { useSettingsStore } from './settings';
import { FS_CHANNEL_NAME } from './files';

export const JOURNAL_CHANNEL_NAME = 'memory-playground-journal';

/** Notices shown at once; older ones stay in the journal list. */
export const MAX_NOTICES = 3;
/** How long an unexplained change waits for the other tab's entry before it is recorded. */
const SETTLE_MS = 400;
/** Writes by the same author within this time share one notice (an import writes several files). */
const MERGE_MS = 10_000;

export interface MemoryNotice {
  id: string;
  /** Who wrote, as a key (notices by the same writer in a burst are merged). */
  key: string;
  entryIds: string[];
  author: string;
  paths: string[];
  added: number;
  removed: number;
  undo: boolean;
  elsewhere: boolean;
  at: number;
}

interface JournalState {
  entries: readonly JournalEntry[];
  dropped: JournalDropped;
  /** Why the journal could not be read or stored, if so. */
  problem?: string;
  notices: MemoryNotice[];
  /** Notices that no longer fit (their entries are in the list). */
  hiddenNotices: number;
  /** An entry a notice asked the list to show (scrolled into view). */
  focused: string | null;
  /** Entries whose diff is open in the list. */
  opened: Record<string, true>;
  toggleDiff(entryId: string): void;
  started: boolean;
  /** Reads the journal, notes what memory holds now, and starts listening to other tabs. */
  start(): Promise<void>;
  /** Undoes one entry of this browser's journal (refused with the reason otherwise). */
  undo(entryId: string): Promise<UndoResult>;
  dismissNotice(id: string): void;
  dismissAllNotices(): void;
  /** The journal list showed the entries recorded so far: the bound may drop them from now on. */
  markSeen(): Promise<void>;
  focus(entryId: string | null): void;
  /** Memory paths another tab (or a writer outside the journal) changed. */
  externalChange(paths: readonly string[]): Promise<void>;
}

setMemorySourcesProvider(() => useSettingsStore.getState().settings.memorySources);

/** Writes shown as a chip in the chat instead of a notice. */
function inChat(entry: JournalEntry): boolean {
  return entry.author.kind === 'tool' || entry.author.kind === 'agent';
}

/** Writes that need no notice: the app's own sample files on first start. */
function quiet(entry: JournalEntry): boolean {
  return entry.author.kind === 'app';
}

function authorKey(entry: JournalEntry, elsewhere: boolean): string {
  return `${elsewhere ? 'tab:' : ''}${JSON.stringify(entry.author)}`;
}

/** What the journal store holds while the app runs, outside what it shows (in its closure). */
interface JournalLive {
  /** Tells other tabs this tab stored entries, and hears theirs. */
  channel: BroadcastChannel | null;
  /** Other tabs' file writes. */
  fsChannel: BroadcastChannel | null;
  /** Other tabs' changes are handled one after another. */
  externalChain: Promise<void>;
  /** Entries already shown in a notice. */
  noticed: Set<string>;
  noticeSeq: number;
}

export const useJournalStore = create<JournalState>((set, get) => {
  const live: JournalLive = {
    channel: null,
    fsChannel: null,
    externalChain: Promise.resolve(),
    noticed: new Set(),
    noticeSeq: 0,
  };
  const publish = () => {
    const { journal } = getServices();
    set({
      entries: journal.entries(),
      dropped: journal.dropped(),
      problem: journal.storageProblem,
    });
  };

  const notify = (entries: readonly JournalEntry[], elsewhere: boolean) => {
    let notices = [...get().notices];
    let hidden = get().hiddenNotices;
    for (const entry of entries) {
      if (live.noticed.has(entry.id) || quiet(entry) || entry.origin !== 'local') continue;
      // Chat writes of this tab are chips in the conversation; another tab's are noticed here.
      if (!elsewhere && inChat(entry)) continue;
      live.noticed.add(entry.id);
      const key = authorKey(entry, elsewhere);
      const last = notices[notices.length - 1];
      if (last && last.key === key && entry.recordedAt - last.at < MERGE_MS) {
        notices[notices.length - 1] = {
          ...last,
          entryIds: [...last.entryIds, entry.id],
          paths: last.paths.includes(entry.path) ? last.paths : [...last.paths, entry.path],
          added: last.added + entry.diff.added,
          removed: last.removed + entry.diff.removed,
          at: entry.recordedAt,
        };
        continue;
      }
      notices.push({
        id: `notice-${++live.noticeSeq}`,
        key,
        entryIds: [entry.id],
        author: describeAuthor(entry.author),
        paths: [entry.path],
        added: entry.diff.added,
        removed: entry.diff.removed,
        undo: entry.author.kind === 'undo',
        elsewhere,
        at: entry.recordedAt,
      });
    }
    if (notices.length > MAX_NOTICES) {
      hidden += notices.length - MAX_NOTICES;
      notices = notices.slice(-MAX_NOTICES);
    }
    set({ notices, hiddenNotices: hidden });
  };

  return {
    entries: [],
    dropped: { local: 0, imported: 0 },
    notices: [],
    hiddenNotices: 0,
    focused: null,
    opened: {},
    started: false,

    async start() {
      if (get().started) return;
      const { journal, fs } = getServices();
      set({ started: true });
      journal.onChange(publish);
      journal.subscribe(({ entry }) => notify([entry], false));
      await journal.load();
      // What memory holds now: a later change that no entry explains is then seen as such.
      try {
        journal.setBaseline(await fs.listUnder('/'));
      } catch {
        // Without a baseline, such changes are recorded as new files: still seen.
      }
      publish();
      if (typeof BroadcastChannel === 'undefined') return;
      const channel = (live.channel = new BroadcastChannel(JOURNAL_CHANNEL_NAME));
      journal.onStored((ids) => {
        try {
          channel.postMessage({ type: 'journal-stored', ids });
        } catch {
          // A closing tab.
        }
      });
      channel.onmessage = () => {
        void get().externalChange([]);
      };
      // Another tab's file writes: memory paths among them are checked against the journal.
      live.fsChannel = new BroadcastChannel(FS_CHANNEL_NAME);
      live.fsChannel.onmessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; paths?: unknown } | null;
        if (data?.type !== 'fs-changed' || !Array.isArray(data.paths)) return;
        const paths = data.paths.filter((p): p is string => typeof p === 'string').slice(0, 1000);
        if (paths.some((path) => journal.isMemoryPath(path))) void get().externalChange(paths);
      };
    },

    externalChange(paths) {
      const { journal, fs } = getServices();
      live.externalChain = live.externalChain.then(async () => {
        const fresh = await journal.load();
        notify(
          fresh.filter((entry) => entry.tab !== journal.tabId),
          true,
        );
        if (paths.length > 0) {
          // A change no entry explains is recorded as "another tab" (noticed through the record
          // listener). First a moment for the other tab to finish storing its entry.
          await reconcileMemoryPaths(journal, fs, paths, {
            settle: async () => {
              await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
              notify(
                (await journal.load()).filter((entry) => entry.tab !== journal.tabId),
                true,
              );
            },
          }).catch(() => []);
        }
        publish();
      });
      return live.externalChain;
    },

    async undo(entryId) {
      const { journal, fs } = getServices();
      const result = await undoJournalEntry(journal, fs, entryId);
      publish();
      return result;
    },

    dismissNotice(id) {
      set({ notices: get().notices.filter((notice) => notice.id !== id) });
    },

    dismissAllNotices() {
      set({ notices: [], hiddenNotices: 0 });
    },

    async markSeen() {
      const newest = get().entries[0];
      if (!newest) return;
      await getServices().journal.markSeen(newest);
      publish();
    },

    focus(entryId) {
      set(
        entryId
          ? { focused: entryId, opened: { ...get().opened, [entryId]: true } }
          : { focused: null },
      );
    },

    toggleDiff(entryId) {
      const opened = { ...get().opened };
      if (opened[entryId]) delete opened[entryId];
      else opened[entryId] = true;
      set({ opened });
    },
  };
});

/** The journal's bounds, said on screen where a list is cut. */
export { JOURNAL_LIMITS } from '../core/fs/journal';
