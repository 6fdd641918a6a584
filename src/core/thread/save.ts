// Loading and saving a thread with the revision it was read at, so that a save never silently
// replaces what another tab saved in between (the seam the thread session saves through).
//
// Today's body is the plain put; the revision check and the merge land behind this same signature.

import type { Thread, ThreadStore } from './thread';

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

export async function loadThread(
  store: ThreadStore,
  id: string,
): Promise<LoadedThread | undefined> {
  const thread = await store.get(id);
  return thread ? { thread, revision: undefined } : undefined;
}

/** Saves `thread`, which was read (or last saved) at revision `base`. */
export async function saveThread(
  store: ThreadStore,
  thread: Thread,
  base: string | undefined,
): Promise<SaveOutcome> {
  void base;
  await store.put(thread);
  return { thread, revision: undefined, mergedFromOther: 0 };
}
