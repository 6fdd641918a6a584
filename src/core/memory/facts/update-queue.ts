// The fact updater's debounced queue: one pending update per thread, runs serialised.

export interface QueueTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: QueueTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface UpdateQueue<T> {
  /** Queues (or re-queues) the thread's update; a pending one is replaced and its timer restarts. */
  schedule(threadId: string, payload: T): void;
  /** Runs the thread's pending update now ("Update memory now"); waits for one already running. */
  flush(threadId: string): Promise<void>;
  /** Drops the thread's pending update (all threads without an argument). */
  cancel(threadId?: string): void;
  /** Is an update pending (timer running) for the thread? */
  isPending(threadId: string): boolean;
  /** Threads with a pending update. */
  pending(): string[];
  /** Cancels everything; later schedules are ignored. */
  dispose(): void;
}

/**
 * One pending update per thread, run `delayMs` after the last schedule for that thread. Runs are
 * serialised (they all write the same memory.json). A run's error goes to onError and does not
 * stop the queue.
 */
export function createUpdateQueue<T>(options: {
  delayMs: number | (() => number);
  run: (threadId: string, payload: T) => Promise<void>;
  onError?: (threadId: string, error: unknown) => void;
  timers?: QueueTimers;
}): UpdateQueue<T> {
  const timers = options.timers ?? realTimers;
  const waiting = new Map<string, { payload: T; timer: unknown }>();
  const running = new Map<string, Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let disposed = false;

  const delay = () => {
    const value = typeof options.delayMs === 'function' ? options.delayMs() : options.delayMs;
    return Math.max(0, Number.isFinite(value) ? value : 0);
  };

  function start(threadId: string): Promise<void> {
    const entry = waiting.get(threadId);
    if (!entry) return running.get(threadId) ?? Promise.resolve();
    timers.clearTimeout(entry.timer);
    waiting.delete(threadId);
    const previous = running.get(threadId);
    const task = chain.then(async () => {
      try {
        await options.run(threadId, entry.payload);
      } catch (error) {
        options.onError?.(threadId, error);
      }
    });
    chain = task;
    const tracked = task.finally(() => {
      if (running.get(threadId) === tracked) running.delete(threadId);
    });
    running.set(threadId, tracked);
    return previous ? Promise.all([previous, tracked]).then(() => undefined) : tracked;
  }

  return {
    schedule(threadId, payload) {
      if (disposed) return;
      const existing = waiting.get(threadId);
      if (existing) timers.clearTimeout(existing.timer);
      const timer = timers.setTimeout(() => void start(threadId), delay());
      waiting.set(threadId, { payload, timer });
    },
    flush: (threadId) => start(threadId),
    cancel(threadId) {
      const ids = threadId === undefined ? [...waiting.keys()] : [threadId];
      for (const id of ids) {
        const entry = waiting.get(id);
        if (entry) timers.clearTimeout(entry.timer);
        waiting.delete(id);
      }
    },
    isPending: (threadId) => waiting.has(threadId),
    pending: () => [...waiting.keys()],
    dispose() {
      disposed = true;
      for (const entry of waiting.values()) timers.clearTimeout(entry.timer);
      waiting.clear();
    },
  };
}
