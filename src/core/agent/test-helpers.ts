// Helpers for core tests: a scripted provider that records what it was sent, and a ready filesystem.
import { CompositeFs } from '../fs/composite';
import { InMemoryFileStore } from '../fs/memory-store';
import type { VirtualFs } from '../fs/types';
import { journaledFs, MemoryJournal, type MemoryJournalOptions } from '../fs/journal';
import { DEFAULT_MEMORY_SOURCES } from '../memory/agents-md';
import { newId } from './ids';
import type { AgentEvent } from './events';
import {
  ProviderError,
  type AssistantMessage,
  type ModelProvider,
  type ModelRequest,
  type ToolCall,
} from './types';

export type ScriptStep =
  | { text?: string; toolCalls?: Omit<ToolCall, 'id'>[] & { id?: string }[] }
  | { error: ProviderError; partialText?: string }
  | ((request: ModelRequest, signal: AbortSignal) => Promise<AssistantMessage>);

export function scriptedProvider(steps: ScriptStep[]) {
  const requests: ModelRequest[] = [];
  let callCount = 0;
  const provider: ModelProvider = {
    id: 'scripted',
    async complete(request, { signal, onStream }) {
      requests.push(structuredClone(request));
      const step = steps[callCount++];
      if (!step) return { message: assistant('(script exhausted)') };
      if (typeof step === 'function') return { message: await step(request, signal) };
      if ('error' in step) {
        if (step.partialText) onStream?.({ type: 'text-delta', text: step.partialText });
        throw step.error;
      }
      if (step.text) onStream?.({ type: 'text-delta', text: step.text });
      const toolCalls = step.toolCalls?.map((call, i) => ({
        id: (call as { id?: string }).id ?? `call_${callCount}_${i}`,
        name: (call as ToolCall).name,
        arguments: (call as ToolCall).arguments,
      }));
      return {
        message: { ...assistant(step.text ?? ''), ...(toolCalls ? { toolCalls } : {}) },
        usage: { inputTokens: 10, outputTokens: 5 },
      };
    },
  };
  return { provider, requests };
}

export function assistant(content: string): AssistantMessage {
  return { role: 'assistant', id: newId('msg'), content, createdAt: Date.now() };
}

export async function memoryFs(files: Record<string, string> = {}): Promise<VirtualFs> {
  const fs = new CompositeFs({
    default: new InMemoryFileStore(),
    routes: { '/memories/': new InMemoryFileStore() },
  });
  for (const [path, content] of Object.entries(files)) await fs.write(path, content);
  return fs;
}

/**
 * The app's layout with the memory journal: `fs` journals every memory write; `raw` writes the
 * same stores without journaling (setting up files a test starts from).
 */
export async function journaledMemoryFs(
  files: Record<string, string> = {},
  options: Partial<MemoryJournalOptions> = {},
) {
  const user = new InMemoryFileStore();
  const workspace = new InMemoryFileStore();
  const raw = new CompositeFs({ default: workspace, routes: { '/memories/': user } });
  for (const [path, content] of Object.entries(files)) await raw.write(path, content);
  const journal = new MemoryJournal({ memorySources: () => DEFAULT_MEMORY_SOURCES, ...options });
  const fs = journaledFs(journal, { user, workspace });
  return { fs, raw, journal, stores: { user, workspace } };
}

export function collect() {
  const events: AgentEvent[] = [];
  return { events, emit: (event: AgentEvent) => events.push(event) };
}

export const aborted = () => new ProviderError('aborted', 'Stopped by the user');
