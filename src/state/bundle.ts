// Memory bundle store: export (whole bundle or single pieces), and import as read -> preview ->
// apply. The core does the work against interfaces; this store wires it to IndexedDB, tracks
// progress for the UI, and refreshes the other stores after an import so the app shows it.

import { create } from 'zustand';
import { version as appVersion } from '../../package.json';
// The zip code loads on first use: the chat does not wait for it.
const exporter = () => import('../core/bundle/export');
const importer = () => import('../core/bundle/import');
/** memory.json as the app shows it (read on every model call, unlike AGENTS.md). */
const MEMORY_JSON_DISPLAY_PATH = '/memories/memory.json';
import { BundleError, formatBytes } from '../core/bundle/errors';
import type { ApplyResult, ImportMode, ImportPlan, ParsedBundle } from '../core/bundle/import';
import type { MemoryChoice } from '../core/bundle/memory-sources';
import { getAgentsMdState } from '../core/memory/agents-md';
import { BUNDLE_LIMITS } from '../core/bundle/schema';
import type { BundleProgress, BundleTarget } from '../core/bundle/types';
import { RestorableIdbFileStore, kvSettingsAccess } from '../adapters/idb-bundle';
import { JournaledStore, MEMORIES_DIR, type MemoryJournal } from '../core/fs/journal';
import { getServices, WORKSPACE } from './services';
import { useChatStore } from './chat';
import { useFilesStore } from './files';
import { useSettingsStore } from './settings';
import { errorText } from '../core/text/errors';
import { KEYED_PROVIDER_IDS } from '../core/providers/settings';

export type BundlePhase = 'idle' | 'exporting' | 'reading' | 'preview' | 'applying';

/** Something for the UI to hand to the browser as a download. */
export interface Download {
  fileName: string;
  data: Uint8Array<ArrayBuffer> | string;
  mimeType: string;
}

export type PieceKind = 'agents-md' | 'memory-json' | 'thread';

interface BundleStore {
  phase: BundlePhase;
  /** Which long task the progress belongs to. */
  task: 'export' | 'import' | null;
  progress: BundleProgress | null;
  error: string | null;
  /** The outcome of the last export or import, for a status line. */
  message: string | null;
  fileName: string | null;
  bundle: ParsedBundle | null;
  plan: ImportPlan | null;
  mode: ImportMode;
  importSettings: boolean;
  /** Provider and base URLs from the bundle: off unless the person ticks it (they move the key). */
  importConnection: boolean;
  /** Per memory file that differs (as displayed): the person's choice in the preview. */
  memoryChoices: Record<string, MemoryChoice>;
  exportBundle(): Promise<Download | null>;
  exportPiece(kind: PieceKind): Promise<Download | null>;
  openFile(file: Blob & { name: string }): Promise<void>;
  setMode(mode: ImportMode): Promise<void>;
  setImportSettings(value: boolean): Promise<void>;
  setImportConnection(value: boolean): Promise<void>;
  setMemoryChoice(displayPath: string, choice: MemoryChoice): Promise<void>;
  apply(): Promise<ApplyResult | null>;
  cancel(): void;
  dismiss(): void;
}

let target:
  | (BundleTarget & {
      userStore: RestorableIdbFileStore;
      workspaceStore: RestorableIdbFileStore;
      journal: MemoryJournal;
    })
  | undefined;
function bundleTarget() {
  if (!target) {
    const s = getServices();
    target = {
      workspace: WORKSPACE,
      userStore: new RestorableIdbFileStore(s.userStore),
      workspaceStore: new RestorableIdbFileStore(s.workspaceStore),
      threads: s.threads,
      settings: kvSettingsAccess(s.kv),
      journal: s.journal,
    };
  }
  return target;
}

/**
 * The target an import writes through: the same stores, journaled as this import (its memory
 * writes, and a rollback's, are entries of the memory journal like any other write). The AGENTS.md
 * sources the bundle's settings name count as memory already.
 */
function importTarget(fileName: string, bundle: ParsedBundle): BundleTarget {
  const base = bundleTarget();
  const author = { kind: 'import' as const, bundle: fileName };
  const alsoMemory = bundle.settings?.memorySources ?? [];
  return {
    ...base,
    userStore: new JournaledStore(base.userStore, {
      journal: base.journal,
      mount: MEMORIES_DIR,
      author,
      alsoMemory,
    }),
    workspaceStore: new JournaledStore(base.workspaceStore, {
      journal: base.journal,
      mount: '/',
      author,
      alsoMemory,
    }),
  };
}

/** Every key this device knows (in memory and remembered), so none can leak into an export. */
async function knownSecrets(): Promise<string[]> {
  const inMemory = Object.values(useSettingsStore.getState().apiKeys);
  const stored = await getServices()
    .kv.get<Record<string, unknown>>('apiKeys')
    .catch(() => undefined);
  const remembered = Object.values(stored ?? {}).filter((v): v is string => typeof v === 'string');
  return [...inMemory, ...remembered].filter((key) => key.length > 0);
}

function summary(result: ApplyResult, fileName: string | null): string {
  const part = (n: number, what: string) => (n > 0 ? [`${n} ${what}`] : []);
  const files = [
    ...part(result.files.added, 'added'),
    ...part(result.files.replaced, 'replaced'),
    ...part(result.files.renamed, 'imported beside yours'),
    ...part(result.files.removed, 'removed'),
  ];
  const threads = [
    ...part(result.threads.added, 'added'),
    ...part(result.threads.replaced, 'replaced'),
    ...part(result.threads.renamed, 'imported as copies'),
    ...part(result.threads.removed, 'removed'),
  ];
  const pieces = [
    files.length > 0 ? `files: ${files.join(', ')}` : 'no file changes',
    threads.length > 0 ? `threads: ${threads.join(', ')}` : 'no thread changes',
    result.settingsApplied ? 'settings applied' : 'settings unchanged',
  ];
  return `Imported ${fileName ?? 'the bundle'}: ${pieces.join('; ')}.`;
}

export const useBundleStore = create<BundleStore>((set, get) => {
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
      const plan = await (await importer()).planImport(bundle, bundleTarget(), planOptions());
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

    async exportBundle() {
      if (busy()) return null;
      set({ phase: 'exporting', task: 'export', progress: null, error: null, message: null });
      try {
        // The target's stores read every file in one transaction each.
        const result = await (
          await exporter()
        ).exportBundle(bundleTarget(), {
          appVersion,
          secrets: await knownSecrets(),
          onProgress,
        });
        const redacted = result.redactions.reduce((n, r) => n + r.count, 0);
        const c = result.manifest.counts;
        set({
          phase: 'idle',
          progress: null,
          message:
            `Exported ${result.fileName}: ${c.files} file${c.files === 1 ? '' : 's'}, ${c.threads} thread${c.threads === 1 ? '' : 's'}, ${formatBytes(result.bytes.length)}.` +
            (redacted > 0
              ? ` ${redacted} occurrence${redacted === 1 ? '' : 's'} of an API key ${redacted === 1 ? 'was' : 'were'} replaced by [REDACTED API KEY].`
              : '') +
            (result.flaggedRemoved > 0
              ? ` ${result.flaggedRemoved} string${result.flaggedRemoved === 1 ? '' : 's'} that Import session flagged as ${result.flaggedRemoved === 1 ? 'a key or token was' : 'keys or tokens were'} left out (replaced by a marker).`
              : ''),
        });
        return {
          fileName: result.fileName,
          data: result.bytes as Uint8Array<ArrayBuffer>,
          mimeType: 'application/zip',
        };
      } catch (error) {
        set({ phase: 'idle', progress: null, error: `Export failed: ${errorText(error)}` });
        return null;
      }
    },

    async exportPiece(kind) {
      if (busy()) return null;
      set({ error: null, message: null });
      try {
        const s = getServices();
        const secrets = await knownSecrets();
        let piece;
        if (kind === 'agents-md')
          piece = await (await exporter()).exportAgentsMd(s.userStore, secrets);
        else if (kind === 'memory-json')
          piece = await (await exporter()).exportMemoryJson(s.userStore, secrets);
        else {
          const thread = useChatStore.getState().thread;
          if (!thread) throw new Error('Open a thread first.');
          piece = await (await exporter()).exportThreadJsonl(s.threads, thread.id, secrets);
        }
        set({ message: `Exported ${piece.fileName}.` });
        return { fileName: piece.fileName, data: piece.text, mimeType: piece.mimeType };
      } catch (error) {
        set({ error: `Export failed: ${errorText(error)}` });
        return null;
      }
    },

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
        const plan = await (await importer()).planImport(bundle, bundleTarget(), planOptions());
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
        ).applyImport(bundle, plan, importTarget(fileName ?? 'a bundle', bundle), { onProgress });
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
          const added = await bundleTarget().journal.addImported(
            bundle.journal,
            fileName ?? 'a bundle',
          );
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

/**
 * After an import: threads, files and settings are reloaded so every view shows the result, and
 * the open thread is told about memory the import changed. Returns a sentence for the person about
 * which threads carry the imported memory.
 */
async function refreshApp(result: ApplyResult): Promise<string> {
  const chat = useChatStore.getState();
  await chat.loadThreads().catch(() => undefined);
  const open = chat.thread?.id;
  if (open && result.changedThreads.includes(open)) {
    const still = await getServices().threads.get(open);
    if (still) await useChatStore.getState().openThread(open);
    else useChatStore.getState().newThread();
  }
  if (result.changedPaths.length > 0)
    await useFilesStore.getState().notifyChanged(result.changedPaths);
  else await useFilesStore.getState().refresh();
  if (result.settingsApplied) {
    const before = useSettingsStore.getState();
    await useSettingsStore.getState().load();
    const after = useSettingsStore.getState();
    // A settings store that binds each key to its endpoint (keyEndpoints) keeps the keys held in
    // memory and drops one whose endpoint moved, on load, by itself. Without that binding, load()
    // re-reads only remembered keys: a key held in memory is put back, but only for a provider
    // whose base URL the import did not change (a key belongs to its endpoint).
    const bindsKeys = 'keyEndpoints' in (after as object);
    if (!bindsKeys) {
      const keys = { ...before.apiKeys };
      for (const provider of KEYED_PROVIDER_IDS) {
        if (before.settings[provider].baseURL !== after.settings[provider].baseURL)
          keys[provider] = '';
      }
      if (!after.settings.rememberKey) useSettingsStore.setState({ apiKeys: keys });
      else {
        const remembered = { ...after.apiKeys };
        for (const provider of KEYED_PROVIDER_IDS) if (!keys[provider]) remembered[provider] = '';
        useSettingsStore.setState({ apiKeys: remembered });
      }
    }
  }
  return refreshOpenThreadMemory(result);
}

/**
 * AGENTS.md is loaded once per thread (Deep Agents): a new thread loads the imported memory. A thread
 * that loaded an earlier version sees the change before its next model call (the AGENTS.md layer
 * compares versions): with "Refresh memory after edits" on it reloads, with it off it keeps what it
 * loaded. memory.json (facts) is read on every model call, so every thread gets it at once.
 */
function refreshOpenThreadMemory(result: ApplyResult): string {
  const agentsMd = result.changedMemory.filter((path) => path !== MEMORY_JSON_DISPLAY_PATH);
  if (result.changedMemory.length === 0) return '';
  const restored = `Memory restored: ${result.changedMemory.join(', ')}.`;
  if (agentsMd.length === 0) return `${restored} The next model call uses it.`;
  const open = useChatStore.getState().thread;
  const loaded = open ? getAgentsMdState(open.state) : undefined;
  if (!open || !loaded || result.changedThreads.includes(open.id))
    return `${restored} The next message loads it.`;
  if (!useSettingsStore.getState().settings.refreshMemoryAfterEdits) {
    return `${restored} New threads load it; the open thread keeps the memory it loaded (turn on “Refresh memory after edits” or start a new thread).`;
  }
  return `${restored} The open thread reloads it before its next model call; new threads load it too.`;
}
