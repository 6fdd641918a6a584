// Memory bundle store: export (whole bundle or single pieces), and import as read -> preview ->
// apply. The core does the work against interfaces; this store wires it to IndexedDB, tracks
// progress for the UI, and refreshes the other stores after an import so the app shows it.
// Export lives in export.ts, the stores it reads and writes in target.ts, the refresh in refresh.ts.

import { create } from 'zustand';
import { BundleError, formatBytes } from '../../core/bundle/errors';
import type { ApplyResult, ImportPlan } from '../../core/bundle/import';
import { BUNDLE_LIMITS } from '../../core/bundle/schema';
import type { BundleProgress } from '../../core/bundle/types';
import { errorText } from '../../core/text/errors';
import { useChatStore } from '../chat';
import { exportActions } from './export';
import { refreshApp, summary } from './refresh';
import { createBundleTargets } from './target';
import type { BundleStore } from './types';

const importer = () => import('../../core/bundle/import');

export const useBundleStore = create<BundleStore>((set, get) => {
  // The store owns where it reads and writes: built on first use, once the services exist.
  const targets = createBundleTargets();
  const busy = () => ['exporting', 'reading', 'applying'].includes(get().phase);
  const onProgress = (progress: BundleProgress) => set({ progress });

  let planSeq = 0;
  const planOptions = () => {
    const { mode, importSettings, importConnection, memoryChoices } = get();
    return { mode, importSettings, importConnection, memoryChoices };
  };
  const replan = async (choices: Partial<ReturnType<typeof planOptions>> = {}) => {
    const bundle = get().bundle;
    // The choice shows at once; the preview follows when the new plan is ready.
    set(choices);
    if (!bundle) return;
    const seq = ++planSeq;
    try {
      const plan = await (await importer()).planImport(bundle, targets.base(), planOptions());
      if (seq === planSeq && get().bundle === bundle) set({ plan, error: null });
    } catch (error) {
      if (seq === planSeq) set({ error: errorText(error) });
    }
  };

  return {
    phase: 'idle',
    task: null,
    progress: null,
    error: null,
    message: null,
    fileName: null,
    bundle: null,
    plan: null,
    mode: 'keep-both',
    importSettings: true,
    importConnection: false,
    memoryChoices: {},

    ...exportActions(set, busy, targets, onProgress),

    async openFile(file) {
      if (busy()) return;
      set({
        phase: 'reading',
        task: 'import',
        fileName: file.name,
        bundle: null,
        plan: null,
        progress: null,
        error: null,
        message: null,
        // Each bundle starts unticked and undecided: a choice made for another file does not carry.
        importConnection: false,
        memoryChoices: {},
      });
      try {
        // Refuse before reading a huge file into memory.
        if (file.size > BUNDLE_LIMITS.maxZipBytes) {
          throw new BundleError(
            'too-large',
            `${file.name} is ${formatBytes(file.size)}; a bundle may be at most ${formatBytes(BUNDLE_LIMITS.maxZipBytes)}.`,
          );
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const bundle = await (await importer()).readBundle(bytes, { onProgress });
        const plan = await (await importer()).planImport(bundle, targets.base(), planOptions());
        set({ phase: 'preview', bundle, plan, progress: null });
      } catch (error) {
        set({
          phase: 'idle',
          progress: null,
          bundle: null,
          plan: null,
          error: `${file.name} was not imported: ${errorText(error)} Nothing was changed.`,
        });
      }
    },

    setMode(mode) {
      return replan({ mode });
    },

    setImportSettings(value) {
      return replan({ importSettings: value });
    },

    setImportConnection(value) {
      return replan({ importConnection: value });
    },

    setMemoryChoice(displayPath, choice) {
      return replan({ memoryChoices: { ...get().memoryChoices, [displayPath]: choice } });
    },

    async apply() {
      const { bundle, fileName, mode, importSettings, importConnection, memoryChoices } = get();
      let plan = get().plan;
      if (!bundle || !plan || get().phase !== 'preview') return null;
      // Apply exactly what the choices preview, even if a re-plan was still under way.
      const choicesShown = (p: ImportPlan) =>
        p.mode === mode &&
        (mode === 'replace' || p.importSettings === importSettings) &&
        p.importConnection === importConnection &&
        p.files.every(
          (f) =>
            !f.memory?.ask ||
            !memoryChoices[f.displayPath] ||
            f.memory.choice === memoryChoices[f.displayPath],
        );
      if (!choicesShown(plan)) {
        await replan();
        plan = get().plan;
        if (!plan || !choicesShown(plan)) return null;
      }
      if (plan.undecided.length > 0) {
        set({
          error: `Choose what to do with ${plan.undecided.join(', ')} first: keep yours, take the bundle’s, or keep both.`,
        });
        return null;
      }
      if (useChatStore.getState().running) {
        set({
          error: 'A reply is still running. Wait for it or press Stop, then apply the import.',
        });
        return null;
      }
      set({ phase: 'applying', task: 'import', progress: null, error: null });
      let result: ApplyResult;
      try {
        result = await (
          await importer()
        ).applyImport(bundle, plan, targets.forImport(fileName ?? 'a bundle', bundle), {
          onProgress,
        });
      } catch (error) {
        // Still in preview: the user can read why, change the mode, or cancel. A stale preview is
        // recomputed so that "apply" again works against what is there now.
        set({ phase: 'preview', progress: null, error: errorText(error) });
        if (error instanceof BundleError && error.code === 'changed')
          await replan().then(() => set({ error: errorText(error) }));
        return null;
      }
      // The bundle's memory journal joins this one as history: shown, never undoable.
      let journalNote = '';
      if (bundle.journal.length > 0) {
        // The import itself is written by now: a journal that cannot take the history is said,
        // and the import still finishes (the views refresh, the dialog leaves "applying").
        try {
          const added = await targets
            .base()
            .journal.addImported(bundle.journal, fileName ?? 'a bundle');
          journalNote = ` Memory journal: ${added} entr${added === 1 ? 'y' : 'ies'} added as history (read-only).`;
        } catch (error) {
          journalNote = ` The bundle's memory journal could not be added: ${errorText(error)}`;
        }
      }
      const memoryNote = await refreshApp(result);
      set({
        phase: 'idle',
        progress: null,
        bundle: null,
        plan: null,
        message: `${summary(result, fileName)}${memoryNote ? ` ${memoryNote}` : ''}${journalNote}`,
      });
      return result;
    },

    cancel() {
      if (get().phase === 'applying') return;
      set({ phase: 'idle', bundle: null, plan: null, progress: null, error: null, task: null });
    },

    dismiss() {
      set({ error: null, message: null });
    },
  };
});
