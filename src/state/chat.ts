// Threads and runs: the UI's view of the agent. It builds a run from the settings, feeds the loop's
// events into the current thread, and saves the thread to IndexedDB as it grows.

import { create } from 'zustand';
import { runAgent } from '../core/agent/loop';
import { previewNextRequest, type RequestPreview } from '../core/agent/preview';
import { newId } from '../core/agent/ids';
import { BASE_SYSTEM_PROMPT } from '../core/agent/prompt';
import type { AgentEvent } from '../core/agent/events';
import type { Middleware } from '../core/agent/middleware';
import type { Settings } from '../core/settings';
import {
  summarize,
  titleFrom,
  type ContextEvent,
  type MemoryEdit,
  type Thread,
  type ThreadSummary,
} from '../core/agent/thread';
import type { Message, StreamEvent, ToolCall } from '../core/agent/types';
import { createAgentsMdMiddleware, getAgentsMdState } from '../core/memory/agents-md';
import { createFsTools, writesToPath } from '../core/fs/tools';
import { FsError, type VirtualFs } from '../core/fs/types';
import { resolveProfile } from '../core/providers/profiles';
import {
  countRequest,
  createApproximateCounter,
  encodingForModel,
  loadEncoder,
  type TokenCounter,
} from '../core/context/tokens';
import { createTruncationMiddleware } from '../core/context/truncation';
import {
  createSummarizationMiddleware,
  summarizerFromProvider,
  type SummarizeFn,
} from '../core/context/summarization';
import { createOffloadMiddleware } from '../core/context/offload';
import { createExecuteTool } from '../core/tools/execute';
import { createExperimentTool } from '../core/tools/experiment';
import { createWorkerCodeRunner } from '../adapters/execute-runner';
import type { Tool } from '../core/agent/tool';
import { createProviderFor } from './provider';
import { getServices, WORKSPACE } from './services';
import { connectionOf, useSettingsStore } from './settings';
import { useFilesStore } from './files';
import { factRankers, setFactsEventSink, useFactsStore } from './facts';
import { createFactsMiddleware } from '../core/memory/facts/inject';
import { createMemoryLoader } from '../core/memory/facts/store';

export interface StreamingToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

interface ChatStore {
  threads: ThreadSummary[];
  thread: Thread | null;
  running: boolean;
  /** The assistant message being streamed, before it lands in the thread. */
  streaming: { text: string; toolCalls: StreamingToolCall[] } | null;
  /** A storage or setup problem to show (the thread in memory is intact). */
  error?: string;
  loadThreads(): Promise<void>;
  openThread(id: string): Promise<void>;
  newThread(): void;
  send(text: string): Promise<void>;
  stop(): void;
  undoMemoryEdit(toolCallId: string): Promise<void>;
  /** The exact request the next model call would send if `nextMessage` were sent now. */
  previewNext(nextMessage?: string): Promise<RequestPreview>;
  dismissError(): void;
  /** Records an event that happened outside a run (e.g. a fact update) on a thread. */
  appendThreadEvent(threadId: string, event: Omit<ContextEvent, 'id' | 'at'>): Promise<void>;
}

let abortController: AbortController | null = null;
/** Events for the running thread that arrived from outside the run (e.g. a fact update). */
const lateEvents: ContextEvent[] = [];
let saveChain: Promise<void> = Promise.resolve();

function emptyThread(): Thread {
  const now = Date.now();
  return {
    id: newId('thread'),
    title: 'New thread',
    workspace: WORKSPACE,
    createdAt: now,
    updatedAt: now,
    messages: [],
    state: {},
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

    async loadThreads() {
      set({ threads: await getServices().threads.list() });
    },

    async openThread(id) {
      if (get().running) return;
      const thread = await getServices().threads.get(id);
      if (thread) set({ thread, streaming: null });
    },

    newThread() {
      if (get().running) return;
      set({ thread: null, streaming: null });
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

    async send(text) {
      const content = text.trim();
      if (!content || get().running) return;
      set({ running: true, streaming: null, error: undefined });
      const controller = new AbortController();
      abortController = controller;
      const { settings, apiKeys } = useSettingsStore.getState();
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
      appendMessage({ role: 'user', id: newId('msg'), content, createdAt: Date.now() });

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

      const { profile, counter } = await modelSetup(connection.model, settings);
      const toolCalls = new Map<string, ToolCall>();
      working.events ??= [];
      const recordEvent = (event: Omit<ContextEvent, 'id' | 'at'> & Partial<ContextEvent>) => {
        working.events!.push({ id: newId('evt'), at: Date.now(), ...event });
        publish();
      };

      const onEvent = (event: AgentEvent) => {
        switch (event.type) {
          case 'stream':
            set({ streaming: applyStream(get().streaming, event.event) });
            break;
          case 'message':
            if (event.message.role === 'assistant') {
              set({ streaming: null });
              for (const call of event.message.toolCalls ?? []) toolCalls.set(call.id, call);
            }
            appendMessage(event.message);
            if (event.message.role === 'tool')
              refreshFilesAfter(toolCalls.get(event.message.toolCallId));
            break;
          case 'model-call-start':
            // Events since the last call changed what this call sees: they are placed at it.
            for (const pending of working.events ?? []) pending.callId ??= event.callId;
            working.calls.push({
              callId: event.callId,
              startedAt: event.startedAt,
              provider: connection.provider,
              model: connection.model,
              contextWindow: profile.contextWindow,
              triggerTokens: Math.round(
                profile.contextWindow * settings.compaction.triggerFraction,
              ),
              estimate: countRequest(counter, event.request),
            });
            publish();
            break;
          case 'model-call-end': {
            const record = working.calls.find((call) => call.callId === event.callId);
            if (record) {
              record.endedAt = event.endedAt;
              if (event.usage) record.usage = event.usage;
              if (event.error) record.error = event.error;
            }
            publish();
            break;
          }
          case 'facts-ranked':
            useFactsStore.getState().recordRanking(event);
            break;
          case 'context-event':
            recordEvent(event.event);
            // Offload and summarization write files outside tool calls: show them in the Files panel.
            if (event.event.path) void useFilesStore.getState().notifyChanged([event.event.path]);
            break;
          case 'memory-loaded':
            recordEvent({
              kind: event.reason === 'initial' ? 'memory-loaded' : 'memory-refreshed',
              detail:
                event.sources.length === 0
                  ? 'No AGENTS.md memory file exists yet.'
                  : `Loaded ${event.sources.map((source) => source.path).join(', ')}.`,
              path: event.sources[0]?.path,
            });
            break;
          case 'memory-updated':
            recordEvent({
              kind: 'memory-edited',
              path: event.path,
              detail: `The agent changed ${event.path} (now version ${event.version}).`,
            });
            working.memoryEdits.push({
              toolCallId: event.toolCallId,
              path: event.path,
              before: event.before,
              after: event.after,
              version: event.version,
              at: Date.now(),
            });
            publish();
            break;
          default:
            break;
        }
      };

      try {
        const outcome = await runAgent({
          threadId: working.id,
          history: working.messages,
          provider: created.provider,
          model: connection.model,
          systemPrompt: BASE_SYSTEM_PROMPT,
          tools: buildTools(settings),
          middleware: buildMiddleware(settings, {
            contextWindow: profile.contextWindow,
            counter,
            summarize: summarizerFromProvider(created.provider),
          }),
          fs,
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
        working.events!.push(...lateEvents.splice(0));
        set({ running: false, streaming: null });
        publish();
        await persist(working);
      }
      // afterAgent, app side: the fact updater runs later (debounced), on what the run produced.
      useFactsStore.getState().schedule(working.id, working.messages);
    },

    async previewNext(nextMessage) {
      const { settings, apiKeys } = useSettingsStore.getState();
      const connection = connectionOf(settings, apiKeys);
      const thread = get().thread ?? emptyThread();
      const history: Message[] = [...thread.messages];
      if (nextMessage?.trim()) {
        history.push({
          role: 'user',
          id: 'next',
          content: nextMessage.trim(),
          createdAt: Date.now(),
        });
      }
      const { profile, counter } = await modelSetup(connection.model, settings);
      return previewNextRequest({
        threadId: thread.id,
        history,
        model: connection.model,
        systemPrompt: BASE_SYSTEM_PROMPT,
        tools: buildTools(settings),
        middleware: buildMiddleware(settings, {
          contextWindow: profile.contextWindow,
          counter,
          summarize: async () => {
            throw new Error('A preview never summarizes.');
          },
          preview: true,
        }),
        fs: getServices().fs,
        state: thread.state,
      });
    },

    async undoMemoryEdit(toolCallId) {
      const thread = get().thread;
      const edit = thread?.memoryEdits.find((e) => e.toolCallId === toolCallId && !e.undone);
      if (!thread || !edit) return;
      const { fs } = getServices();
      try {
        if (edit.before === null) await fs.delete(edit.path, { expectedVersion: edit.version });
        else await fs.write(edit.path, edit.before, { expectedVersion: edit.version });
      } catch (error) {
        const reason =
          error instanceof FsError && error.code === 'conflict'
            ? `${edit.path} changed after this edit, so it was not undone. Open it in the editor to compare its versions.`
            : `Could not undo: ${error instanceof Error ? error.message : String(error)}`;
        set({ error: reason });
        return;
      }
      const memoryEdits: MemoryEdit[] = thread.memoryEdits.map((e) =>
        e === edit ? { ...e, undone: true } : e,
      );
      // The next model call should see the restored memory when refresh is on.
      const state = structuredClone(thread.state);
      const agentsMd = getAgentsMdState(state);
      if (agentsMd && !agentsMd.stale.includes(edit.path)) agentsMd.stale.push(edit.path);
      const updated = { ...thread, memoryEdits, state };
      set({ thread: updated });
      await persist(updated);
      await useFilesStore.getState().notifyChanged([edit.path]);
    },
  };
});

/** The model's context window and token counter (a rough one if the tokenizer fails to load). */
async function modelSetup(model: string, settings: Settings) {
  const profile = resolveProfile(model, settings.contextWindow ?? undefined);
  const counter = await loadEncoder(encodingForModel(model)).catch(() =>
    createApproximateCounter(),
  );
  return { profile, counter };
}

let sharedLoader: { fs: VirtualFs; load: ReturnType<typeof createMemoryLoader> } | undefined;
/** One memory.json loader for the app, so its parse cache survives between runs. */
function memoryLoader(fs: VirtualFs) {
  if (sharedLoader?.fs !== fs) sharedLoader = { fs, load: createMemoryLoader(fs) };
  return sharedLoader.load;
}

/** The middleware of a run, in SPEC order: memory, facts, tool-input truncation, summarization. */
function buildMiddleware(
  settings: Settings,
  run: { contextWindow: number; counter: TokenCounter; summarize: SummarizeFn; preview?: boolean },
): Middleware[] {
  const { fs } = getServices();
  const compaction = () => useSettingsStore.getState().settings.compaction;
  return [
    createAgentsMdMiddleware({
      sources: settings.memorySources,
      refreshAfterEdits: settings.refreshMemoryAfterEdits,
    }),
    createFactsMiddleware({
      settings: () => useSettingsStore.getState().settings.facts,
      counter: run.counter,
      loadMemory: memoryLoader(fs),
      rankers: factRankers,
      onInvalid: (message) => useFactsStore.setState({ invalid: message }),
    }),
    createTruncationMiddleware({
      settings: compaction,
      contextWindow: run.contextWindow,
      counter: run.counter,
    }),
    createSummarizationMiddleware({
      settings: compaction,
      contextWindow: run.contextWindow,
      counter: run.counter,
      summarize: run.summarize,
      ...(run.preview ? { preview: true } : {}),
    }),
    createOffloadMiddleware({ settings: compaction, counter: run.counter }),
  ];
}

/** The file tools, execute (a sandboxed worker) and the user's experiment tools. */
function buildTools(settings: Settings): Tool[] {
  return [
    ...createFsTools(),
    createExecuteTool(createWorkerCodeRunner()),
    ...settings.experimentTools.map(createExperimentTool),
  ];
}

function refreshFilesAfter(call: ToolCall | undefined) {
  if (!call) return;
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return;
  }
  const path = writesToPath(call.name, args);
  if (path) void useFilesStore.getState().notifyChanged([path]);
}

function applyStream(
  current: ChatStore['streaming'],
  event: StreamEvent,
): NonNullable<ChatStore['streaming']> {
  const next = current ?? { text: '', toolCalls: [] };
  if (event.type === 'text-delta') return { ...next, text: next.text + event.text };
  const toolCalls = [...next.toolCalls];
  const existing = toolCalls[event.index] ?? { arguments: '' };
  toolCalls[event.index] = {
    id: event.id ?? existing.id,
    name: event.name ?? existing.name,
    arguments: existing.arguments + event.argumentsDelta,
  };
  return { ...next, toolCalls };
}

setFactsEventSink((threadId, kind, detail) => {
  void useChatStore.getState().appendThreadEvent(threadId, {
    kind,
    detail,
    path: '/memories/memory.json',
  });
});
