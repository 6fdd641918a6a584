// The arena's kept runs: a finished run is put in IndexedDB (then the list of past runs is
// refreshed), and a run's results are downloaded as CSV or JSON.

import { runToCsv, runToJson } from '../../core/arena/export';
import type { ArenaRun } from '../../core/arena/results';
import { errorText } from '../../core/text/errors';
import type { ArenaRuntime } from './runtime';
import type { ArenaAccess } from './types';

/**
 * Keeps a finished run with results; `kept` is set when it is still the run shown. A failure is
 * shown unless `quiet` (the run was already ended with a reason).
 */
export function keepRun(
  { set, get }: ArenaAccess,
  runtime: ArenaRuntime,
  finished: ArenaRun,
  quiet = false,
): void {
  if (finished.runs.length === 0) return;
  void runtime
    .runs()
    .put(finished)
    .then((past) =>
      set(!quiet && get().current?.id === finished.id ? { past, kept: true } : { past }),
    )
    .catch((error: unknown) => {
      if (!quiet) set({ runError: `The results could not be kept: ${errorText(error)}` });
    });
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a run's results (arena-<time>.csv or .json). */
export function exportRun(run: ArenaRun, format: 'csv' | 'json'): void {
  const stamp = new Date(run.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  if (format === 'csv') download(`arena-${stamp}.csv`, 'text/csv', runToCsv(run));
  else download(`arena-${stamp}.json`, 'application/json', runToJson(run));
}
