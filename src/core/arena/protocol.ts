// Messages between the page and the arena worker.

import type { StepRequest, StepResult } from '../strategies/types';
import type { ArenaEntry } from './arena';
import type { StrategyRun } from './results';
import type { Transcript } from './transcript';

export type ToArenaWorker =
  | {
      type: 'run';
      runId: string;
      transcript: Transcript;
      entries: ArenaEntry[];
      model: string;
      /** 'offline': the stand-ins answer steps; 'model': the page answers them (step-request). */
      mode: 'offline' | 'model';
      /** The model that answers the steps (mode 'model'); caches are kept per answerer. */
      stepModel?: string;
    }
  | { type: 'stop'; runId: string }
  | { type: 'step-answer'; id: number; result?: StepResult; error?: string };

export type FromArenaWorker =
  | { type: 'progress'; runId: string; key: string; done: number; total: number }
  | { type: 'result'; runId: string; run: StrategyRun }
  | { type: 'step-request'; runId: string; id: number; request: StepRequest }
  | { type: 'done'; runId: string; stopped: boolean; cache: { size: number } }
  | { type: 'error'; runId: string; message: string };
