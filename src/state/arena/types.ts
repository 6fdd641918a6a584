// The Strategy arena store's shape: what the arena page shows and the actions it offers.

import type { StoreApi } from 'zustand';
import type { CostEstimate } from '../../core/arena/estimate';
import type { ArenaRun } from '../../core/arena/results';
import type { Transcript } from '../../core/arena/transcript';
import type { StrategyId } from '../../core/strategies/types';
import type { PastRunSummary } from '../../adapters/arena-runs';

export interface EntryState {
  key: string;
  id: StrategyId;
  /** Raw field values as typed (validated into settings with parseStrategySettings). */
  values: Record<string, unknown>;
  enabled: boolean;
  /** A variant (the same strategy again, with other settings). */
  variant: number;
  problems: string[];
}

export interface ArenaState {
  open: boolean;
  source: string;
  transcript: Transcript | undefined;
  importError: string | undefined;
  entries: EntryState[];
  running: boolean;
  progress: Record<string, { done: number; total: number }>;
  current: ArenaRun | undefined;
  /** Whether `current` is kept in IndexedDB (then it has an address, #/arena/<id>). */
  kept: boolean;
  confirm: (CostEstimate & { model: string }) | undefined;
  runError: string | undefined;
  past: PastRunSummary[];
  selected: { key: string; probeId: string } | undefined;
  stepsAnswered: number;
  /** "Ask the model": each probe question is asked with the strategy's context (real provider). */
  ask: boolean;
  setAsk(ask: boolean): void;
  setOpen(open: boolean): void;
  loadPast(): Promise<void>;
  chooseScenario(id: string): void;
  chooseThread(id: string): Promise<void>;
  importFile(file: File): Promise<void>;
  toggle(key: string, enabled: boolean): void;
  setValue(key: string, field: string, value: unknown): void;
  addVariant(id: StrategyId): void;
  removeVariant(key: string): void;
  run(): Promise<void>;
  confirmRun(): void;
  cancelConfirm(): void;
  stop(): void;
  openPast(id: string): Promise<void>;
  /** A kept run read from IndexedDB (undefined when none has the id). */
  loadRun(id: string): Promise<ArenaRun | undefined>;
  /** Shows a kept run already read (false while a run is going). */
  showRun(run: ArenaRun): boolean;
  /** Shows no run (the arena's start), unless one is going. */
  clearRun(): void;
  select(key: string, probeId: string): void;
  exportResults(format: 'csv' | 'json'): void;
}

/** The store's own set and get, handed to the helpers that act on it. */
export interface ArenaAccess {
  set: StoreApi<ArenaState>['setState'];
  get: StoreApi<ArenaState>['getState'];
}
