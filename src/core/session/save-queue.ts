// The session's saves: one at a time, in order, through the save seam (thread/save.ts) with the
// revision the last one returned as the next one's base. A save takes a snapshot when it is asked
// for; while one is in flight, only the latest snapshot asked for is saved next (the ones between
// are contained in it). A failure never touches the thread held in memory: it is reported, and the
// next save tries again with everything.

import { saveThread, type SaveOutcome } from '../thread/save';
import { copyThread, type Thread, type ThreadStore } from '../thread/thread';

export interface SaveQueueOptions {
  store: ThreadStore;
  /** The revision the thread was read at (undefined: new, or unknown). */
  base: string | undefined;
  /** A save reached storage; `saved` is the snapshot that was saved. */
  onSaved(outcome: SaveOutcome, saved: Thread): void | Promise<void>;
  /** A save failed; `saved` is the snapshot that was not, `lastSaved` the last that was. */
  onFailed(error: unknown, saved: Thread, lastSaved: Thread | undefined): void;
}

export interface SaveQueue {
  /** Saves a snapshot of `thread` as it is now; resolves once that save has been tried. */
  save(thread: Thread): Promise<void>;
  /** Resolves when every save asked for so far has been tried. */
  flush(): Promise<void>;
  /** True while a save is in flight or waiting. */
  busy(): boolean;
  /** The base the next save states. */
  base(): string | undefined;
}

export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  let base = options.base;
  /** The latest snapshot asked for and not yet tried, with its number. */
  let next: { thread: Thread; seq: number } | undefined;
  let asked = 0;
  let tried = 0;
  let lastSaved: Thread | undefined;
  let draining = false;
  const waiters: { seq: number; resolve: () => void }[] = [];

  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.seq > tried) continue;
      waiters[i]!.resolve();
      waiters.splice(i, 1);
    }
  };

  async function drain(): Promise<void> {
    draining = true;
    while (next) {
      const { thread, seq } = next;
      next = undefined;
      try {
        const outcome = await saveThread(options.store, thread, base);
        base = outcome.revision;
        lastSaved = thread;
        await options.onSaved(outcome, thread);
      } catch (error) {
        options.onFailed(error, thread, lastSaved);
      }
      tried = seq;
      settle();
    }
    draining = false;
  }

  const waitFor = (seq: number) =>
    seq <= tried
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ seq, resolve }));

  return {
    save(thread) {
      const seq = ++asked;
      next = { thread: copyThread(thread), seq };
      if (!draining) void drain();
      return waitFor(seq);
    },
    flush: () => waitFor(asked),
    busy: () => draining,
    base: () => base,
  };
}
