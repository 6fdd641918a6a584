// Loading and saving a thread with the revision it was read at, so that a save never silently
// replaces what another tab saved in between (the seam the thread session saves through).
//
// A save states the revision it started from; the store writes it only if that is still the stored
// revision (ThreadStore.putIf). When another tab saved in between, the two are merged (merge.ts):
// what both added is kept, and the merge is saved against the other tab's revision (again, should a
// third save have come in meanwhile). When the two histories cannot be merged, ours is saved and
// theirs is kept as a new thread, "<title> (copy from another tab)": nothing is dropped.
//
// The merge is three-way when the content of the base revision is known: this module remembers
// the thread at the revisions it loaded and saved (a few, by thread id and revision; a revision
// names one content, whichever tab wrote it). Otherwise the merge finds the common start itself.
//
// A store without putIf (an in-memory stand-in) is read, compared and written (readThenPut).

import { newId } from '../agent/ids';
import { copyTitle, mergeThreads, sameValue } from './merge';
import { copyThread, type StoredThread, type Thread, type ThreadStore } from './thread';

/** A stored thread and the revision it was read at (undefined: unknown, e.g. an old record). */
export interface LoadedThread {
  thread: Thread;
  revision: string | undefined;
}

export interface SaveOutcome {
  /** The thread as stored now: ours, or ours merged with another writer's newer save. */
  thread: Thread;
  /** The stored revision after this save: the next save states it as its base. */
  revision: string | undefined;
  /** Messages that another writer had added and that are now merged in (0 when none). */
  mergedFromOther: number;
  /** When the two histories could not be merged: the id of the copy that keeps the other side. */
  copiedTo?: string;
}

/** Merges tried in one save before it gives up (each means another save came in meanwhile). */
const SAVE_ATTEMPTS = 8;
/** Thread contents remembered by revision, for three-way merges. */
const REMEMBERED = 32;
const remembered = new Map<string, Thread>();
const rememberKey = (id: string, revision: string) => `${id}\u0000${revision}`;

function remember(thread: Thread, revision: string | undefined): void {
  if (revision === undefined) return;
  const key = rememberKey(thread.id, revision);
  remembered.delete(key);
  // A snapshot: the caller goes on changing its working copy.
  remembered.set(key, copyThread(thread));
  for (const oldest of remembered.keys()) {
    if (remembered.size <= REMEMBERED) break;
    remembered.delete(oldest);
  }
}

function recall(id: string, revision: string | undefined): Thread | undefined {
  return revision === undefined ? undefined : remembered.get(rememberKey(id, revision));
}

export async function loadThread(
  store: ThreadStore,
  id: string,
): Promise<LoadedThread | undefined> {
  let loaded: StoredThread | undefined;
  if (store.getWithRevision) loaded = await store.getWithRevision(id);
  else {
    const thread = await store.get(id);
    loaded = thread && { thread, revision: localRevision() };
  }
  if (loaded) remember(loaded.thread, loaded.revision);
  return loaded;
}

/** Saves `thread`, which was read (or last saved) at revision `base`. */
export async function saveThread(
  store: ThreadStore,
  thread: Thread,
  base: string | undefined,
): Promise<SaveOutcome> {
  const putIf = store.putIf ? store.putIf.bind(store) : readThenPut(store);
  let ours = thread;
  let expected = base;
  let baseThread = recall(thread.id, base);
  let mergedFromOther = 0;
  let copiedTo: string | undefined;
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const answer = await putIf(ours, expected);
    if (answer.ok) {
      remember(ours, answer.revision);
      return {
        thread: ours,
        revision: answer.revision,
        mergedFromOther,
        ...(copiedTo !== undefined ? { copiedTo } : {}),
      };
    }
    const theirs = answer.current;
    if (theirs) {
      const merged = mergeThreads(baseThread, ours, theirs);
      if (merged.ok) {
        ours = merged.thread;
        mergedFromOther += merged.fromTheirs;
      } else {
        copiedTo = await keepAsCopy(store, theirs);
      }
    }
    // Deleted by another tab meanwhile (no theirs): ours is saved again, nothing to merge.
    baseThread = theirs;
    expected = answer.revision;
  }
  throw new Error(
    `Could not save thread "${thread.title}": another tab saved it ${SAVE_ATTEMPTS} times while this one tried. Nothing of this save was written; this tab still holds it.`,
  );
}

/** Keeps the other tab's history, which could not be merged with ours, as a thread of its own. */
async function keepAsCopy(store: ThreadStore, theirs: Thread): Promise<string> {
  const copy: Thread = { ...theirs, id: newId('thread'), title: copyTitle(theirs.title) };
  await store.put(copy);
  return copy.id;
}

/** A revision this module gives a thread of a store that keeps none (see readThenPut). */
const localRevision = () => newId('local');

/**
 * putIf for a store that keeps no revisions (an in-memory stand-in in tests): the stored thread is
 * read, and compared with what this module remembers of the base revision; then written. Not one
 * step, as IndexedDB's transaction is: enough for one process, not for tabs.
 */
function readThenPut(store: ThreadStore): NonNullable<ThreadStore['putIf']> {
  return async (thread, base) => {
    const current = await store.get(thread.id);
    const known = recall(thread.id, base);
    if (current && !(known && sameValue(current, known))) {
      const revision = localRevision();
      remember(current, revision);
      return { ok: false, current, revision };
    }
    await store.put(thread);
    return { ok: true, revision: localRevision() };
  };
}
