// Threads and runs: the UI's view of the agent. It builds a run from the settings, feeds the loop's
// events into the current thread, and saves the thread to IndexedDB as it grows.

import { create } from 'zustand';
import { runAgent } from '../core/agent/loop';
import { previewNextRequest, type RequestPreview } from '../core/agent/preview';
import { newId } from '../core/agent/ids';
import { BASE_SYSTEM_PROMPT } from '../core/agent/prompt';
import { createThreadRecorder, recoverDraft, type StreamingDraft } from '../core/thread/recorder';
import {
  STRESS_THREAD_NOTICE,
  THREAD_PRESET_KEY,
  settingsForThread,
  usesStressPreset,
  type Settings,
} from '../core/settings';
import {
  summarize,
  titleFrom,
  type ContextEvent,
  type MemoryEdit,
  type Thread,
  type ThreadSummary,
} from '../core/thread/thread';
import type { AgentEvent } from '../core/agent/events';
import type { Message } from '../core/agent/types';
import { getAgentsMdState, memoryLoadedEntry } from '../core/memory/agents-md';
import { createFsTools } from '../core/fs/tools';
import type { VirtualFs } from '../core/fs/types';
import type { UndoResult } from '../core/fs/journal';
import { resolveProfile } from '../core/providers/profiles';
import {
  createApproximateCounter,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from '../core/tokens/counter';
import { summarizerFromProvider, type SummarizeFn } from '../core/compaction/summarization';
import { createExecuteTool } from '../core/tools/execute';
import { createExperimentTool } from '../core/tools/experiment';
import { createWorkerCodeRunner } from '../adapters/execute-runner';
import type { Tool } from '../core/agent/tool';
import {
  buildPipeline,
  getLayers,
  layersSlot,
  preferredRank,
  preferredSemantic,
  type MemoryLayers,
} from '../core/pipeline';
import {
  defaultSelection,
  normalizeSelection,
  strategyChoiceSlot,
  strategyOf as strategyOfState,
} from '../core/strategies/registry';
import { offlineStep } from '../core/strategies/offline';
import { providerStep } from '../core/strategies/steps';
import type { StepFn, StrategySelection } from '../core/strategies/types';
import { createProviderFor, memoryStepsProvider, type MemoryStepsProvider } from './provider';
import { getServices, WORKSPACE } from './services';
import { connectionOf, useSettingsStore } from './settings';
import { useFilesStore } from './files';
import { useJournalStore } from './journal';
import { factRankers, setFactsEventSink, strategyRankers, useFactsStore } from './facts';
import { createMemoryLoader } from '../core/memory/facts/store';
import {
  GeneratorUnavailableError,
  localCounter,
  plannedLocalContextWindow,
  prepareLocalModel,
} from './local-model';

export type StreamingToolCall = StreamingDraft['toolCalls'][number];

/** The strategy a thread uses: its stored choice, or the default for new threads. */
export function strategyOf(thread: Thread | null, settings: Settings): StrategySelection {
  return strategyOfState(thread?.state, settings.strategy.default);
}

export type OpenResult = 'opened' | 'missing' | 'busy' | 'stale';

interface ChatStore {
  threads: ThreadSummary[];
  thread: Thread | null;
  running: boolean;
  /** The assistant message being streamed, before it lands in the thread. */
  streaming: { text: string; toolCalls: StreamingToolCall[] } | null;
  /** A storage or setup problem to show (the thread in memory is intact). */
  error?: string;
  loadThreads(): Promise<void>;
  /**
   * Opens a stored thread: 'missing' when none has the id, 'busy' while a run is going, 'stale'
   * when another open asked later.
   */
  openThread(id: string): Promise<OpenResult>;
  /** Shows a thread already read from storage (false while a run is going). */
  showThread(thread: Thread): boolean;
  newThread(): void;
  /**
   * Sends a message. `preset: 'stress'` puts the thread on the Stress compaction preset first,
   * with a notice saying so (the "Show me compaction" suggestion).
   */
  send(text: string, options?: SendOptions): Promise<void>;
  stop(): void;
  /**
   * Undoes a memory write recorded by this browser's journal (a chip's Undo, or the journal list's).
   * Refused, with the reason, for anything else: an imported record, a changed file.
   */
  undoMemoryEdit(entryId: string): Promise<UndoResult>;
  /** The exact request the next model call would send if `nextMessage` were sent now. */
  previewNext(nextMessage?: string): Promise<RequestPreview>;
  dismissError(): void;
  /** Records an event that happened outside a run (e.g. a fact update) on a thread. */
  appendThreadEvent(threadId: string, event: Omit<ContextEvent, 'id' | 'at'>): Promise<void>;
  /** The strategy of the new thread that the next message starts (when no thread is open). */
  pendingStrategy: StrategySelection | null;
  /**
   * Chooses the context strategy of the open thread (or of the next new thread). It takes effect at
   * the next model call, mid-run included; the switch is recorded on the timeline then.
   */
  setStrategy(selection: StrategySelection): Promise<void>;
  /** Turns the AGENTS.md / fact memory layers on or off for the open thread (from the next run). */
  setLayers(layers: MemoryLayers): Promise<void>;
  /**
   * Saves a change to the open thread made outside a run (pins, an applied "Compact now"). Refused
   * (false) while a run is going or when another thread is open.
   */
  commitThread(thread: Thread): Promise<boolean>;
}

export interface SendOptions {
  preset?: 'stress';
}

let abortController: AbortController | null = null;
/** The running thread's working copy, so a strategy switch mid-run reaches the next model call. */
let runningThread: Thread | null = null;
/** Events for the running thread that arrived from outside the run (e.g. a fact update). */
const lateEvents: ContextEvent[] = [];
let saveChain: Promise<void> = Promise.resolve();
/** Only the latest openThread shows its thread (two clicks in a row may resolve out of order). */
let openSeq = 0;

function emptyThread(): Thread {
  const now = Date.now();
  const { settings } = useSettingsStore.getState();
  const pending = useChatStore.getState().pendingStrategy;
  const state = {};
  strategyChoiceSlot.write(state, pending ?? defaultSelection(settings.strategy.default));
  return {
    id: newId('thread'),
    title: 'New thread',
    workspace: WORKSPACE,
    createdAt: now,
    updatedAt: now,
    messages: [],
    state,
    calls: [],
    memoryEdits: [],
  };
}

export const useChatStore = create<ChatStore>((set, get) => {
  /** Saves in order; a failure is shown but never loses the thread held in memory. */
  function persist(thread: Thread) {
    const snapshot = structuredClone(thread);
    saveChain = saveChain
      .then(() => getServices().threads.put(snapshot))
      .then(() => {
        const summary = summarize(snapshot);
        const others = get().threads.filter((t) => t.id !== summary.id);
        set({ threads: [summary, ...others].sort((a, b) => b.updatedAt - a.updatedAt) });
      })
      .catch((error: unknown) =>
        set({ error: error instanceof Error ? error.message : String(error) }),
      );
    return saveChain;
  }

  return {
    threads: [],
    thread: null,
    running: false,
    streaming: null,
    pendingStrategy: null,

    async loadThreads() {
      set({ threads: await getServices().threads.list() });
    },

    async openThread(id) {
      if (get().running) return 'busy';
      const seq = ++openSeq;
      const thread = await getServices().threads.get(id);
      if (seq !== openSeq) return 'stale';
      if (!thread) return 'missing';
      return get().showThread(thread) ? 'opened' : 'busy';
    },

    showThread(thread) {
      if (get().running) return get().thread?.id === thread.id;
      openSeq++;
      const recovered = recoverDraft(thread);
      set({ thread, streaming: null, pendingStrategy: null });
      if (recovered) void persist(thread);
      return true;
    },

    newThread() {
      if (get().running) return;
      openSeq++;
      set({ thread: null, streaming: null, pendingStrategy: null });
    },

    async setStrategy(selection) {
      const choice = normalizeSelection(selection);
      const thread = get().thread;
      if (!thread) {
        set({ pendingStrategy: choice });
        return;
      }
      if (runningThread?.id === thread.id) strategyChoiceSlot.write(runningThread.state, choice);
      const state = { ...thread.state };
      strategyChoiceSlot.write(state, choice);
      const updated = { ...thread, state };
      set({ thread: updated });
      if (!get().running) await persist(updated);
    },

    async setLayers(layers) {
      const thread = get().thread;
      if (!thread || get().running) return;
      const state = { ...thread.state };
      layersSlot.write(state, layers);
      const updated = { ...thread, state };
      set({ thread: updated });
      await persist(updated);
    },

    async commitThread(thread) {
      if (get().running || get().thread?.id !== thread.id) return false;
      const updated = { ...thread, updatedAt: Date.now() };
      set({ thread: updated });
      await persist(updated);
      return true;
    },

    dismissError() {
      set({ error: undefined });
    },

    async appendThreadEvent(threadId, event) {
      const full: ContextEvent = { id: newId('evt'), at: Date.now(), ...event };
      if (get().running && get().thread?.id === threadId) {
        // The run's working copy owns the thread until it ends; it picks this up then.
        lateEvents.push(full);
        return;
      }
      const current = get().thread;
      if (current?.id === threadId && !get().running) {
        const updated = { ...current, events: [...(current.events ?? []), full] };
        set({ thread: updated });
        await persist(updated);
        return;
      }
      const stored = await getServices().threads.get(threadId);
      if (stored) await persist({ ...stored, events: [...(stored.events ?? []), full] });
    },

    stop() {
      abortController?.abort();
    },

    async send(text, options) {
      const content = text.trim();
      if (!content || get().running) return;
      set({ running: true, streaming: null, error: undefined });
      const controller = new AbortController();
      abortController = controller;
      const { apiKeys } = useSettingsStore.getState();
      const { fs } = getServices();

      // The working copy is mutated by the run and published to the store after each event.
      const working: Thread = structuredClone(get().thread ?? emptyThread());
      if (working.messages.length === 0) working.title = titleFrom(content);
      const publish = () => {
        working.updatedAt = Date.now();
        set({
          thread: {
            ...working,
            messages: [...working.messages],
            calls: [...working.calls],
            events: [...(working.events ?? [])],
          },
        });
      };
      const appendMessage = (message: Message) => {
        working.messages.push(message);
        publish();
        void persist(working);
      };
      if (options?.preset === 'stress' && !usesStressPreset(working.state)) {
        working.state[THREAD_PRESET_KEY] = 'stress';
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind: 'info',
          content: STRESS_THREAD_NOTICE,
          createdAt: Date.now(),
        });
      }
      appendMessage({ role: 'user', id: newId('msg'), content, createdAt: Date.now() });
      const settings = settingsForThread(useSettingsStore.getState().settings, working.state);

      const connection = connectionOf(settings, apiKeys);
      const created = await createProviderFor(connection);
      if (!created.ok) {
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind: 'error',
          content: `Settings need attention before this can be sent: ${created.problems.join(' ')} Open Settings to fix them.`,
          createdAt: Date.now(),
        });
        abortController = null;
        set({ running: false });
        return;
      }

      let setup: Awaited<ReturnType<typeof modelSetup>>;
      try {
        setup = await modelSetup(connection, settings, controller.signal);
      } catch (error) {
        // Only the in-browser model can fail here: its download failed, was cancelled or stopped.
        appendMessage({
          role: 'notice',
          id: newId('msg'),
          kind:
            error instanceof GeneratorUnavailableError && error.reason !== 'cancelled'
              ? 'error'
              : 'info',
          content:
            error instanceof GeneratorUnavailableError
              ? error.reason === 'cancelled'
                ? 'The model download was cancelled, so nothing was sent. Send again to download it, or choose another provider in Settings.'
                : `The in-browser model is not available: ${error.message}`
              : 'Stopped before the model was ready. Everything up to this point is kept.',
          createdAt: Date.now(),
        });
        abortController = null;
        set({ running: false });
        return;
      }
      const { profile, counter } = setup;
      const recorder = createThreadRecorder(working, {
        provider: connection.provider,
        model: connection.model,
        contextWindow: profile.contextWindow,
        triggerFraction: settings.compaction.triggerFraction,
        counter,
        timeline: [memoryLoadedEntry],
      });
      let lastDraftSave = 0;
      const onEvent = (event: AgentEvent) => {
        const effects = recorder.apply(event);
        if (effects.streaming !== undefined) set({ streaming: effects.streaming });
        if (event.type === 'facts-ranked') useFactsStore.getState().recordRanking(event);
        if (effects.changed) publish();
        if (effects.appended) void persist(working);
        else if (event.type === 'stream' && Date.now() - lastDraftSave > 1_000) {
          // Keep what has arrived, so a reload mid-stream loses nothing.
          lastDraftSave = Date.now();
          void persist(working);
        }
        if (effects.filesChanged) void useFilesStore.getState().notifyChanged(effects.filesChanged);
      };

      const steps = await memoryStepsProvider(connection, created.provider);
      // Summaries go to the chat model unless memory steps have a provider of their own.
      const memory = { ...steps, separate: steps.provider !== created.provider };
      runningThread = working;
      try {
        const outcome = await runAgent({
          threadId: working.id,
          history: working.messages,
          provider: created.provider,
          model: connection.model,
          systemPrompt: BASE_SYSTEM_PROMPT,
          tools: buildTools(settings),
          middleware: pipelineFor(working, {
            contextWindow: profile.contextWindow,
            counter,
            summarize: memory.separate
              ? summarizerFromProvider(memory.provider, memory.model)
              : summarizerFromProvider(created.provider),
            step: stepFor(connection, memory, counter),
          }),
          fs,
          journal: getServices().journal,
          state: working.state,
          signal: controller.signal,
          emit: onEvent,
        });
        if (outcome.status === 'aborted') {
          appendMessage({
            role: 'notice',
            id: newId('msg'),
            kind: 'info',
            content: 'Stopped. Everything up to this point is kept; send a message to continue.',
            createdAt: Date.now(),
          });
        }
      } finally {
        abortController = null;
        runningThread = null;
        for (const late of lateEvents.splice(0)) working.events!.push(late);
        set({ running: false, streaming: null });
        publish();
        await persist(working);
      }
      // afterAgent, app side: the fact updater runs later (debounced), on what the run produced.
      useFactsStore.getState().schedule(working.id, working.messages);
    },

    async previewNext(nextMessage) {
      const { apiKeys } = useSettingsStore.getState();
      const thread = get().thread ?? emptyThread();
      const settings = settingsForThread(useSettingsStore.getState().settings, thread.state);
      const connection = connectionOf(settings, apiKeys);
      const history: Message[] = [...thread.messages];
      if (nextMessage?.trim()) {
        history.push({
          role: 'user',
          id: 'next',
          content: nextMessage.trim(),
          createdAt: Date.now(),
        });
      }
      const { profile, counter } = await modelSetup(connection, settings);
      return previewNextRequest({
        threadId: thread.id,
        history,
        model: connection.model,
        systemPrompt: BASE_SYSTEM_PROMPT,
        tools: buildTools(settings),
        middleware: pipelineFor(thread, {
          contextWindow: profile.contextWindow,
          counter,
          summarize: async () => {
            throw new Error('A preview never summarizes.');
          },
          step: async () => {
            throw new Error('A preview never calls a model.');
          },
          preview: true,
        }),
        fs: getServices().fs,
        state: thread.state,
      });
    },

    async undoMemoryEdit(entryId) {
      if (get().running)
        return { ok: false, reason: 'A reply is running: undo once it has finished or stopped.' };
      // Only the journal decides: the thread's records are history and carry no authority.
      const result = await useJournalStore.getState().undo(entryId);
      if (!result.ok) return result;
      const { path } = result.entry;
      const thread = get().thread;
      if (thread) {
        const memoryEdits: MemoryEdit[] = thread.memoryEdits.map((e) =>
          e.journalId === entryId ? { ...e, undone: true } : e,
        );
        // The next model call should see the restored memory when refresh is on.
        const state = structuredClone(thread.state);
        const agentsMd = getAgentsMdState(state);
        if (agentsMd && !agentsMd.stale.includes(path)) agentsMd.stale.push(path);
        const updated = { ...thread, memoryEdits, state };
        set({ thread: updated });
        await persist(updated);
      }
      await useFilesStore.getState().notifyChanged([path]);
      return result;
    },
  };
});

/**
 * What a compaction outside a run needs ("Compact now"): the open thread's compaction settings, the
 * model's window and counter, and the summarizer the run would use.
 */
export async function compactionSetup(thread: Thread) {
  const { apiKeys } = useSettingsStore.getState();
  const settings = settingsForThread(useSettingsStore.getState().settings, thread.state);
  const connection = connectionOf(settings, apiKeys);
  const created = await createProviderFor(connection);
  if (!created.ok)
    throw new Error(
      `Settings need attention: ${created.problems.join(' ')} Open Settings to fix them.`,
    );
  const { profile, counter } = await modelSetup(connection, settings);
  const memory = await memoryStepsProvider(connection, created.provider);
  const summarize =
    memory.provider !== created.provider
      ? summarizerFromProvider(memory.provider, memory.model)
      : summarizerFromProvider(created.provider);
  return {
    compaction: settings.compaction,
    contextWindow: profile.contextWindow,
    counter,
    summarize,
    model: connection.model,
    system: BASE_SYSTEM_PROMPT,
  };
}

/**
 * The model's context window and token counter (a rough one if the tokenizer fails to load). The
 * in-browser model counts with its own tokenizer: with a signal (a run) it waits for the model,
 * downloading it on first use; without one (a preview) it never starts a download and estimates
 * until the model is loaded.
 */
async function modelSetup(
  connection: ReturnType<typeof connectionOf>,
  settings: Settings,
  signal?: AbortSignal,
): Promise<{ profile: { contextWindow: number }; counter: TokenCounter }> {
  const { model } = connection;
  const estimate = () =>
    loadEncoder(encodingForModel(model)).catch(() => createApproximateCounter());
  if (connection.provider === 'local') {
    if (signal) {
      const prepared = await prepareLocalModel(settings, signal);
      return {
        profile: { contextWindow: prepared.contextWindow },
        counter: prepared.counter ?? (await estimate()),
      };
    }
    return {
      profile: { contextWindow: plannedLocalContextWindow(settings) },
      counter: (await localCounter()) ?? (await estimate()),
    };
  }
  const profile = resolveProfile(model, settings.contextWindow ?? undefined);
  return { profile, counter: await estimate() };
}

let sharedLoader: { fs: VirtualFs; load: ReturnType<typeof createMemoryLoader> } | undefined;
/** One memory.json loader for the app, so its parse cache survives between runs. */
function memoryLoader(fs: VirtualFs) {
  if (sharedLoader?.fs !== fs)
    sharedLoader = {
      fs,
      // Facts over "Maximum facts" are never ranked or injected (the Facts panel says the cut).
      load: createMemoryLoader(
        fs,
        undefined,
        () => useSettingsStore.getState().settings.facts.maxFacts,
      ),
    };
  return sharedLoader.load;
}

/** The thread's pipeline: memory layers, its context strategy and compaction (one core function). */
function pipelineFor(
  thread: Thread,
  run: {
    contextWindow: number;
    counter: TokenCounter;
    summarize: SummarizeFn;
    step: StepFn;
    preview?: boolean;
  },
) {
  const { fs } = getServices();
  // The thread's own preset (Stress) applies over Settings, read at every model call.
  const settings = () => settingsForThread(useSettingsStore.getState().settings, thread.state);
  const wantEmbeddings = () => {
    const method = settings().facts.method;
    return method === 'embeddings' || method === 'hybrid';
  };
  return buildPipeline({
    settings,
    // Read at every model call: a switch mid-run applies to the next call.
    strategy: () => strategyOf(thread, settings()),
    layers: getLayers(thread.state),
    contextWindow: run.contextWindow,
    counter: run.counter,
    summarize: run.summarize,
    step: run.step,
    loadMemory: memoryLoader(fs),
    factRankers,
    onFactsInvalid: (message) => useFactsStore.setState({ invalid: message }),
    rank: preferredRank(strategyRankers, wantEmbeddings),
    semantic: preferredSemantic(strategyRankers, wantEmbeddings),
    ...(run.preview ? { preview: true } : {}),
  });
}

/**
 * Strategy steps: the Demo answers them with the offline stand-ins (deterministic, extractive);
 * a real provider answers with the "Memory model" when one is set, else the chat model; the
 * in-browser model answers them when Settings give memory steps to it.
 */
function stepFor(
  connection: ReturnType<typeof connectionOf>,
  memory: MemoryStepsProvider,
  counter: TokenCounter,
): StepFn {
  const count = (text: string) => counter.count(text);
  if (connection.provider === 'demo' && !memory.onDevice) return offlineStep(count);
  return providerStep(memory.provider, memory.model, count);
}

/** The file tools, execute (a sandboxed worker) and the user's experiment tools. */
function buildTools(settings: Settings): Tool[] {
  return [
    ...createFsTools(),
    createExecuteTool(createWorkerCodeRunner()),
    ...settings.experimentTools.map(createExperimentTool),
  ];
}

setFactsEventSink((threadId, kind, detail) => {
  void useChatStore.getState().appendThreadEvent(threadId, {
    kind,
    detail,
    path: '/memories/memory.json',
  });
});
