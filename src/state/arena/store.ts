// The Strategy arena's store: the transcript chosen (a built-in scenario, a past thread or a file),
// the strategies ticked with their settings (variants allowed), the run in the worker with its
// progress, the results as they arrive, and past runs kept in IndexedDB. The replays run in
// src/workers/arena.worker.ts (worker-run.ts); with a real provider this store answers the
// worker's model steps (page-model.ts). What it holds while running lives in an ArenaRuntime
// made here, in the store's closure.

import { create } from 'zustand';
import {
  ArenaInputError,
  MAX_TRANSCRIPT_BYTES,
  MAX_TRANSCRIPT_LABEL,
} from '../../core/arena/errors';
import { estimateCost } from '../../core/arena/estimate';
import { parseTranscriptFile } from '../../core/arena/parse';
import { transcriptFromThread } from '../../core/arena/parse-thread';
import { SCENARIOS } from '../../core/arena/scenarios';
import { checkTranscript } from '../../core/arena/transcript';
import { getStrategy } from '../../core/strategies/registry';
import { getServices } from '../services';
import { connectionOf, useSettingsStore } from '../settings';
import { checkEntries, initialEntries, tickForSession, withValue, withVariant } from './entries';
import { exportRun } from './kept';
import { connectPageModel } from './page-model';
import { ArenaRuntime } from './runtime';
import type { ArenaState } from './types';
import { createWorkerRun } from './worker-run';

export const useArenaStore = create<ArenaState>((set, get) => {
  const runtime = new ArenaRuntime();
  const workerRun = createWorkerRun({ set, get }, runtime);

  /** The ticked entries checked, their problems shown beside them. */
  function readEntries() {
    const { checked, entries, problems } = checkEntries(get().entries);
    set({ entries: checked });
    return { entries, problems };
  }

  /** A transcript chosen; a recorded session ticks the Deep Agents comparison. */
  function chooseTranscript(source: string, transcript: NonNullable<ArenaState['transcript']>) {
    set({ source, transcript, importError: undefined });
    if (transcript.recorded) set({ entries: tickForSession(get().entries) });
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
        set({ past: await runtime.runs().list() });
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
      chooseTranscript(`thread:${id}`, transcript);
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
        chooseTranscript(`file:${file.name}`, transcript);
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

    setValue: (key, field, value) => set({ entries: withValue(get().entries, key, field, value) }),

    addVariant: (id) => set({ entries: withVariant(get().entries, id).entries }),

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
        workerRun.start(
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
      void connectPageModel(runtime, confirm.model).then((connected) => {
        if (!connected.ok) {
          set({ runError: `The provider is not ready: ${connected.problems.join(' ')}` });
          return;
        }
        set({ stepsAnswered: 0 });
        workerRun.start('model', entries, connected.model, connected.answerer);
      });
    },

    cancelConfirm: () => set({ confirm: undefined }),

    stop: () => workerRun.stop(),

    async openPast(id) {
      if (get().running) return;
      const run = await get().loadRun(id);
      if (run) get().showRun(run);
      else set({ runError: 'That past run is no longer stored.' });
    },

    async loadRun(id) {
      return runtime.runs().get(id);
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
      if (run) exportRun(run, format);
    },
  };
});
