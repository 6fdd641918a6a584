// The Strategy arena's store: the transcript chosen (a built-in scenario, a past thread or a file),
// the strategies ticked with their settings (variants allowed), the run in the worker with its
// progress, the results as they arrive, and past runs kept in IndexedDB. The replays run in
// src/workers/arena.worker.ts; with a real provider this store answers the worker's model steps.

import { create } from 'zustand';
import type { ArenaEntry } from '../core/arena/arena';
import { selectionLabel } from '../core/arena/arena';
import { ArenaInputError, MAX_TRANSCRIPT_BYTES, MAX_TRANSCRIPT_LABEL } from '../core/arena/errors';
import { estimateCost, type CostEstimate } from '../core/arena/estimate';
import { runToCsv, runToJson } from '../core/arena/export';
import { parseTranscriptFile } from '../core/arena/parse';
import { transcriptFromThread } from '../core/arena/parse-thread';
import type { FromArenaWorker, ToArenaWorker } from '../core/arena/protocol';
import type { ArenaRun, StrategyRun } from '../core/arena/results';
import type { ModelRequest } from '../core/agent/types';
import { SCENARIOS } from '../core/arena/scenarios';
import { checkTranscript, type Transcript } from '../core/arena/transcript';
import { createStepCache, cachedStep } from '../core/arena/cache';
import { providerStep } from '../core/strategies/steps';
import { getStrategy, parseStrategySettings } from '../core/strategies/registry';
import { STRATEGY_IDS, type StepFn, type StrategyId } from '../core/strategies/types';
import { ArenaRunStore, type PastRunSummary } from '../adapters/arena-runs';
import { getServices } from './services';
import { connectionOf, useSettingsStore } from './settings';
import { createProviderFor, memoryStepsProvider } from './provider';
import { errorText } from '../core/text/errors';

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

const DEFAULT_TICKED: StrategyId[] = ['sequential', 'sliding-window', 'retrieval'];

function initialEntries(): EntryState[] {
  return STRATEGY_IDS.map((id) => ({
    key: id,
    id,
    values: structuredClone(getStrategy(id).defaults) as Record<string, unknown>,
    enabled: DEFAULT_TICKED.includes(id),
    variant: 0,
    problems: [],
  }));
}

/** The label of an entry: the strategy's name (checkbox), "… (variant 2)" for variants. */
export function entryLabel(entry: EntryState): string {
  const label = getStrategy(entry.id).label;
  return entry.variant ? `${label} (variant ${entry.variant + 1})` : label;
}

let worker: Worker | undefined;
let runStore: ArenaRunStore | undefined;
const store = () => (runStore ??= new ArenaRunStore());
/** Model step answers on the page side (real provider), shared by reruns in this session. */
const pageCaches = new Map<string, ReturnType<typeof createStepCache>>();
function pageCacheFor(key: string) {
  let cache = pageCaches.get(key);
  if (!cache) pageCaches.set(key, (cache = createStepCache()));
  return cache;
}
let pageStep: StepFn | undefined;
let pageAsk: ((request: ModelRequest, signal: AbortSignal) => Promise<string>) | undefined;
let pageAbort: AbortController | undefined;
/** How long Stop waits for the worker to say it stopped before ending it. */
const STOP_GRACE_MS = 3_000;
let stopWatchdog: ReturnType<typeof setTimeout> | undefined;

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useArenaStore = create<ArenaState>((set, get) => {
  /**
   * Another agent's session: beside its "As recorded" row, Deep Agents and Deep Agents + keep
   * specifics are ticked (the comparison the session is imported for); nothing else is changed.
   */
  function tickForSession() {
    const entries = get().entries;
    const deep = entries.filter((e) => e.id === 'deep-agents');
    const hasKeep = deep.some((e) => e.values.keepSpecifics === true);
    const ticked = entries.map((e) =>
      e.id === 'deep-agents' && (e.variant === 0 || e.values.keepSpecifics === true)
        ? { ...e, enabled: true }
        : e,
    );
    set({ entries: ticked });
    if (hasKeep) return;
    get().addVariant('deep-agents');
    const added = get()
      .entries.filter((e) => e.id === 'deep-agents')
      .at(-1)!;
    get().setValue(added.key, 'keepSpecifics', true);
  }

  function readEntries(): { entries: ArenaEntry[]; problems: boolean } {
    let problems = false;
    const entries: ArenaEntry[] = [];
    const checked = get().entries.map((entry) => {
      if (!entry.enabled) return { ...entry, problems: [] };
      const parsed = parseStrategySettings(entry.id, entry.values);
      if (!parsed.ok) {
        problems = true;
        return { ...entry, problems: parsed.problems };
      }
      const selection = { id: entry.id, settings: parsed.settings };
      const label = entry.variant
        ? `${selectionLabel(selection)} #${entry.variant + 1}`
        : selectionLabel(selection);
      entries.push({ key: entry.key, label, selection });
      return { ...entry, problems: [] };
    });
    set({ entries: checked });
    return { entries, problems };
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const created = new Worker(new URL('../workers/arena.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker = created;
    created.onmessage = (event: MessageEvent<FromArenaWorker>) => onWorker(event.data);
    created.onerror = (event) => {
      event.preventDefault();
      fail(`The arena worker failed: ${event.message || 'it stopped without saying why'}.`);
    };
    created.onmessageerror = () => fail('The arena worker sent a message that could not be read.');
    return created;
  }

  /** Ends the worker (and whatever it was doing); the next run starts a fresh one. */
  function endWorker() {
    worker?.terminate();
    worker = undefined;
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
    clearTimeout(stopWatchdog);
    endWorker();
    pageAbort?.abort();
    pageAbort = undefined;
    const current = get().current;
    set({
      running: false,
      runError: reason,
      ...(current && get().running ? { current: { ...current, partial: true } } : {}),
    });
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
    } else if (message.type === 'step-request') {
      const step = pageStep;
      if (!step || !pageAbort) {
        post({ type: 'step-answer', id: message.id, error: 'no model is connected' });
        return;
      }
      step(message.request, pageAbort.signal).then(
        (result) => {
          set({ stepsAnswered: get().stepsAnswered + 1 });
          post({ type: 'step-answer', id: message.id, result });
        },
        (error: unknown) =>
          post({
            type: 'step-answer',
            id: message.id,
            error: errorText(error),
          }),
      );
    } else if (message.type === 'ask-request') {
      if (!pageAsk || !pageAbort) {
        post({ type: 'step-answer', id: message.id, error: 'no model is connected' });
        return;
      }
      pageAsk(message.request, pageAbort.signal).then(
        (answer) => post({ type: 'step-answer', id: message.id, answer }),
        (error: unknown) =>
          post({
            type: 'step-answer',
            id: message.id,
            error: errorText(error),
          }),
      );
    } else if (message.type === 'done' || message.type === 'error') {
      clearTimeout(stopWatchdog);
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
      pageAbort = undefined;
      if (finished.runs.length > 0)
        void store()
          .put(finished)
          .then((past) => set(get().current?.id === finished.id ? { past, kept: true } : { past }))
          .catch((error: unknown) =>
            set({
              runError: `The results could not be kept: ${errorText(error)}`,
            }),
          );
    }
  }

  async function start(
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

  return {
    open: false,
    source: `scenario:${SCENARIOS[0]!.id}`,
    transcript: SCENARIOS[0],
    importError: undefined,
    entries: initialEntries(),
    running: false,
    progress: {},
    current: undefined,
    kept: false,
    confirm: undefined,
    runError: undefined,
    past: [],
    selected: undefined,
    stepsAnswered: 0,
    ask: false,

    setAsk: (ask) => set({ ask }),

    setOpen: (open) => set({ open }),

    async loadPast() {
      try {
        set({ past: await store().list() });
      } catch {
        // no past runs to show
      }
    },

    chooseScenario(id) {
      const transcript = SCENARIOS.find((s) => s.id === id);
      if (transcript) set({ source: `scenario:${id}`, transcript, importError: undefined });
    },

    async chooseThread(id) {
      const thread = await getServices().threads.get(id);
      if (!thread) {
        set({ importError: 'That thread is no longer stored.' });
        return;
      }
      const transcript = transcriptFromThread(thread);
      const problems = checkTranscript(transcript);
      if (problems.length) {
        set({ importError: `The thread cannot be replayed: ${problems[0]}` });
        return;
      }
      set({ source: `thread:${id}`, transcript, importError: undefined });
      if (transcript.recorded) tickForSession();
    },

    async importFile(file) {
      if (file.size > MAX_TRANSCRIPT_BYTES) {
        set({
          importError: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: transcripts of at most ${MAX_TRANSCRIPT_LABEL} can be replayed. Nothing was changed.`,
        });
        return;
      }
      try {
        const transcript = parseTranscriptFile(file.name, await file.text(), file.size);
        set({ source: `file:${file.name}`, transcript, importError: undefined });
        if (transcript.recorded) tickForSession();
      } catch (error) {
        const reason =
          error instanceof ArenaInputError || error instanceof Error
            ? error.message
            : String(error);
        set({ importError: `${reason} Nothing was changed.` });
      }
    },

    toggle: (key, enabled) =>
      set({ entries: get().entries.map((e) => (e.key === key ? { ...e, enabled } : e)) }),

    setValue: (key, field, value) =>
      set({
        entries: get().entries.map((e) =>
          e.key === key ? { ...e, values: { ...e.values, [field]: value }, problems: [] } : e,
        ),
      }),

    addVariant(id) {
      const entries = get().entries;
      const same = entries.filter((e) => e.id === id);
      const variant = Math.max(...same.map((e) => e.variant)) + 1;
      const base = same[same.length - 1]!;
      const entry: EntryState = {
        key: `${id}#${variant + 1}`,
        id,
        values: structuredClone(base.values),
        enabled: true,
        variant,
        problems: [],
      };
      const at = entries.indexOf(base) + 1;
      set({ entries: [...entries.slice(0, at), entry, ...entries.slice(at)] });
    },

    removeVariant: (key) =>
      set({ entries: get().entries.filter((e) => e.key !== key || !e.variant) }),

    async run() {
      if (get().running || !get().transcript) return;
      const { entries, problems } = readEntries();
      if (problems) return;
      if (entries.length === 0) {
        set({ runError: 'Tick at least one strategy to run.' });
        return;
      }
      const { settings, apiKeys } = useSettingsStore.getState();
      const connection = connectionOf(settings, apiKeys);
      const usesModel = entries.some((e) => getStrategy(e.selection.id).usesModel);
      // Memory steps given to the in-browser model run on it even when the chat is the Demo.
      const onDevice = settings.strategy.memoryProvider === 'local';
      if ((connection.provider === 'demo' && !onDevice) || (!usesModel && !get().ask)) {
        await start(
          'offline',
          entries,
          connection.provider === 'demo' ? 'gpt-4o' : connection.model,
        );
        return;
      }
      const estimate = estimateCost(get().transcript!, entries, undefined, get().ask);
      set({
        confirm: {
          ...estimate,
          model:
            onDevice && connection.provider !== 'local'
              ? settings.local.model
              : settings.strategy.memoryModel.trim() || connection.model,
        },
      });
    },

    confirmRun() {
      const confirm = get().confirm;
      if (!confirm) return;
      set({ confirm: undefined });
      const { entries } = readEntries();
      const { settings, apiKeys } = useSettingsStore.getState();
      const connection = connectionOf(settings, apiKeys);
      void createProviderFor(connection).then(async (created) => {
        if (!created.ok) {
          set({ runError: `The provider is not ready: ${created.problems.join(' ')}` });
          return;
        }
        // The in-browser model answers steps and questions when Settings give memory steps to it.
        const memory = await memoryStepsProvider(connection, created.provider);
        const own = memory.provider !== created.provider;
        pageAbort = new AbortController();
        const count = (text: string) => Math.ceil(text.length / 4);
        const answerer = own
          ? `in-browser ${memory.model}`
          : `${connection.baseURL} ${confirm.model}`;
        pageStep = cachedStep(
          providerStep(memory.provider, confirm.model, count),
          pageCacheFor(answerer),
          {
            hits: 0,
            misses: 0,
          },
        );
        const chatModel = own ? memory.model : connection.model;
        const asker = own ? memory.provider : created.provider;
        pageAsk = async (request, signal) =>
          (await asker.complete({ ...request, model: chatModel, maxOutputTokens: 300 }, { signal }))
            .message.content;
        set({ stepsAnswered: 0 });
        void start('model', entries, connection.model, answerer);
      });
    },

    cancelConfirm: () => set({ confirm: undefined }),

    stop() {
      const current = get().current;
      if (!current || !get().running) return;
      pageAbort?.abort();
      // The worker stops between turns and says 'done'. One that does not answer (stuck in a
      // turn, or never given the run) is ended, so Stop always gives Run back.
      clearTimeout(stopWatchdog);
      stopWatchdog = setTimeout(() => {
        if (get().running && get().current?.id === current.id) {
          fail('The arena worker did not answer Stop within 3 seconds, so it was ended.');
          const finished = get().current;
          if (finished && finished.runs.length > 0)
            void store()
              .put(finished)
              .then((past) => set({ past }))
              .catch(() => undefined);
        }
      }, STOP_GRACE_MS);
      post({ type: 'stop', runId: current.id });
    },

    async openPast(id) {
      if (get().running) return;
      const run = await get().loadRun(id);
      if (run) get().showRun(run);
      else set({ runError: 'That past run is no longer stored.' });
    },

    async loadRun(id) {
      return store().get(id);
    },

    showRun(run) {
      if (get().running) return get().current?.id === run.id;
      set({ current: run, kept: true, selected: undefined, progress: {}, runError: undefined });
      return true;
    },

    clearRun() {
      if (get().running || !get().current) return;
      set({
        current: undefined,
        kept: false,
        selected: undefined,
        progress: {},
        runError: undefined,
      });
    },

    select: (key, probeId) => set({ selected: { key, probeId } }),

    exportResults(format) {
      const run = get().current;
      if (!run) return;
      const stamp = new Date(run.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, '-');
      if (format === 'csv') download(`arena-${stamp}.csv`, 'text/csv', runToCsv(run));
      else download(`arena-${stamp}.json`, 'application/json', runToJson(run));
    },
  };
});
