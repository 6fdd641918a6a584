// The arena run in its worker (src/workers/arena.worker.ts): starting it, the progress and results
// as they arrive, the end (kept in IndexedDB), and Stop with its watchdog. Any failure ends the run
// with the reason shown, and Run is usable again.

import type { ArenaEntry } from '../../core/arena/arena';
import type { FromArenaWorker, ToArenaWorker } from '../../core/arena/protocol';
import type { ArenaRun, StrategyRun } from '../../core/arena/results';
import { keepRun } from './kept';
import { answerRequest } from './page-model';
import type { ArenaRuntime } from './runtime';
import type { ArenaAccess } from './types';

/** How long Stop waits for the worker to say it stopped before ending it. */
const STOP_GRACE_MS = 3_000;

export interface WorkerRun {
  start(mode: 'offline' | 'model', entries: ArenaEntry[], model: string, stepModel?: string): void;
  stop(): void;
}

export function createWorkerRun(access: ArenaAccess, runtime: ArenaRuntime): WorkerRun {
  const { set, get } = access;

  function ensureWorker(): Worker {
    if (runtime.worker) return runtime.worker;
    const created = new Worker(new URL('../../workers/arena.worker.ts', import.meta.url), {
      type: 'module',
    });
    runtime.worker = created;
    created.onmessage = (event: MessageEvent<FromArenaWorker>) => onWorker(event.data);
    created.onerror = (event) => {
      event.preventDefault();
      fail(`The arena worker failed: ${event.message || 'it stopped without saying why'}.`);
    };
    created.onmessageerror = () => fail('The arena worker sent a message that could not be read.');
    return created;
  }

  /**
   * Hands work to the worker. Any failure (a DataCloneError or a stack overflow while copying the
   * message, a worker that cannot start) ends the current run with the reason, and Run is usable
   * again: nothing is left "running".
   */
  function post(message: ToArenaWorker): boolean {
    try {
      ensureWorker().postMessage(message);
      return true;
    } catch (error) {
      fail(
        `The arena could not hand the run to its worker: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}.`,
      );
      return false;
    }
  }

  /** The run in progress ends with an error shown; the worker is replaced. */
  function fail(reason: string) {
    runtime.clearWatchdog();
    runtime.endWorker();
    runtime.abortPage();
    const current = get().current;
    set({
      running: false,
      runError: reason,
      ...(current && get().running ? { current: { ...current, partial: true } } : {}),
    });
  }

  function finish(
    current: ArenaRun,
    message: Extract<FromArenaWorker, { type: 'done' | 'error' }>,
  ) {
    runtime.clearWatchdog();
    const stopped = message.type === 'done' ? message.stopped : true;
    const finished: ArenaRun = {
      ...current,
      partial:
        stopped ||
        current.runs.length < get().entries.filter((e) => e.enabled).length ||
        current.runs.some((r) => r.partial),
    };
    set({
      running: false,
      current: finished,
      runError: message.type === 'error' ? `The arena run failed: ${message.message}` : undefined,
    });
    runtime.pageAbort = undefined;
    keepRun(access, runtime, finished);
  }

  function onWorker(message: FromArenaWorker) {
    const current = get().current;
    if (!current || message.runId !== current.id) return;
    if (message.type === 'progress') {
      set({
        progress: {
          ...get().progress,
          [message.key]: { done: message.done, total: message.total },
        },
      });
    } else if (message.type === 'result') {
      const runs: StrategyRun[] = [
        ...current.runs.filter((r) => r.key !== message.run.key),
        message.run,
      ];
      set({ current: { ...current, runs } });
    } else if (message.type === 'step-request' || message.type === 'ask-request') {
      answerRequest(runtime, message, post, () => set({ stepsAnswered: get().stepsAnswered + 1 }));
    } else {
      finish(current, message);
    }
  }

  function start(
    mode: 'offline' | 'model',
    entries: ArenaEntry[],
    model: string,
    stepModel?: string,
  ) {
    const transcript = get().transcript;
    if (!transcript) return;
    const id = `arena_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    set({
      running: true,
      runError: undefined,
      selected: undefined,
      progress: Object.fromEntries(entries.map((e) => [e.key, { done: 0, total: 0 }])),
      current: { id, createdAt: Date.now(), transcript, runs: [], mode, model, partial: false },
      kept: false,
    });
    // The transcript was reduced to plain known fields when it was read (parse-thread.ts); if the
    // copy to the worker fails all the same, post() ends the run with the reason.
    post({
      type: 'run',
      runId: id,
      transcript,
      entries,
      model,
      mode,
      ...(stepModel ? { stepModel } : {}),
      ...(mode === 'model' && get().ask ? { ask: true } : {}),
    });
  }

  function stop() {
    const current = get().current;
    if (!current || !get().running) return;
    runtime.pageAbort?.abort();
    // The worker stops between turns and says 'done'. One that does not answer (stuck in a
    // turn, or never given the run) is ended, so Stop always gives Run back.
    runtime.clearWatchdog();
    runtime.stopWatchdog = setTimeout(() => {
      if (get().running && get().current?.id === current.id) {
        fail('The arena worker did not answer Stop within 3 seconds, so it was ended.');
        const finished = get().current;
        if (finished) keepRun(access, runtime, finished, true);
      }
    }, STOP_GRACE_MS);
    post({ type: 'stop', runId: current.id });
  }

  return { start, stop };
}
