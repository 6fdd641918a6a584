// Messages between the page and the arena worker.

import type { ModelRequest } from '../agent/types';
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
      /** Ask the model each probe question with the strategy's context (answered by the page). */
      ask?: boolean;
    }
  | { type: 'stop'; runId: string }
  | { type: 'step-answer'; id: number; result?: StepResult; answer?: string; error?: string };

export type FromArenaWorker =
  | { type: 'progress'; runId: string; key: string; done: number; total: number }
  | { type: 'result'; runId: string; run: StrategyRun }
  | { type: 'step-request'; runId: string; id: number; request: StepRequest }
  | { type: 'ask-request'; runId: string; id: number; request: ModelRequest }
  | { type: 'done'; runId: string; stopped: boolean; cache: { size: number } }
  | { type: 'error'; runId: string; message: string };
