// AGENTS.md memory, after Deep Agents' MemoryMiddleware: the source files are loaded once per
// thread (kept in thread state), injected at the end of the system prompt on every model call, and
// the agent updates them with edit_file / write_file. Going beyond Deep Agents, a changed source can
// be reloaded before the next model call ("Refresh memory after edits").

import { z } from 'zod';
import type { AgentEvent } from '../agent/events';
import { stateSlot, type Middleware, type RunContext, type ThreadState } from '../agent/middleware';
import type { ModelRequest, ToolCall } from '../agent/types';
import { requestWith } from '../agent/request';
import type { TimelineEntry } from '../thread/thread';
import { BOUNDS, MAX_PATH_LENGTH } from '../limits';
import { FsError } from '../fs/types';
import { normalisePath } from '../fs/paths';
import { errorText } from '../text/errors';
import { memoMemoryInjection } from './memo';

export const DEFAULT_MEMORY_SOURCES = [
  '/memories/AGENTS.md',
  '/.deepagents/AGENTS.md',
  '/AGENTS.md',
] as const;

/** AGENTS.md memory's settings: two keys at the top of the app's settings (src/core/settings.ts). */
export const agentsMdSettingsShape = {
  refreshMemoryAfterEdits: z.boolean(),
  memorySources: z.array(z.string().min(1).max(MAX_PATH_LENGTH)).max(BOUNDS.memorySources.value),
};

export interface AgentsMdOptions {
  sources: readonly string[];
  /** Reload a source before the next model call after a tool changed it. */
  refreshAfterEdits: boolean;
}

const sourceSchema = z.object({ path: z.string(), content: z.string() });
export type MemorySourceSnapshot = z.infer<typeof sourceSchema>;

/** What the middleware keeps in thread state (saved with the thread). */
const agentsMdStateSchema = z.object({
  sources: z.array(sourceSchema),
  loadedAt: z.number(),
  /** Sources changed by a tool since they were loaded. */
  stale: z.array(z.string()),
});
export type AgentsMdState = z.infer<typeof agentsMdStateSchema>;

/** Its slot in thread state. */
export const agentsMdSlot = stateSlot('agentsMd', agentsMdStateSchema);

export function getAgentsMdState(state: ThreadState): AgentsMdState | undefined {
  return agentsMdSlot.read(state);
}

declare module '../agent/events' {
  interface FeatureEvents {
    /** The AGENTS.md sources were loaded into the thread (first run) or reloaded after an edit. */
    'memory-loaded': {
      type: 'memory-loaded';
      sources: MemorySourceSnapshot[];
      reason: 'initial' | 'refresh';
    };
  }
}

/** The timeline marker of a 'memory-loaded' event (the harness gives it to the thread's recorder). */
export function memoryLoadedEntry(event: AgentEvent): TimelineEntry | undefined {
  if (event.type !== 'memory-loaded') return undefined;
  return {
    kind: event.reason === 'initial' ? 'memory-loaded' : 'memory-refreshed',
    detail:
      event.sources.length === 0
        ? 'No AGENTS.md memory file exists yet.'
        : `Loaded ${event.sources.map((source) => source.path).join(', ')}.`,
    ...(event.sources[0] ? { path: event.sources[0].path } : {}),
  };
}

export class MemoryLoadError extends Error {
  constructor(
    readonly path: string,
    cause: string,
  ) {
    super(`Could not read memory file ${path}: ${cause}`);
    this.name = 'MemoryLoadError';
  }
}

/** Reads every source that exists. Missing files are skipped; any other failure names the path. */
export async function loadMemorySources(
  fs: RunContext['fs'],
  sources: readonly string[],
): Promise<MemorySourceSnapshot[]> {
  const loaded: MemorySourceSnapshot[] = [];
  for (const path of sources) {
    let record;
    try {
      record = await fs.read(path);
    } catch (error) {
      if (error instanceof FsError && error.code === 'not-found') continue;
      throw new MemoryLoadError(path, errorText(error));
    }
    if (record) loaded.push({ path, content: record.content });
  }
  return loaded;
}

export function createAgentsMdMiddleware(options: AgentsMdOptions): Middleware {
  const sources = options.sources.map(normalised);
  // The block is formatted again only when the sources' text or the system prompt changed (memo.ts).
  const inject = memoMemoryInjection(withMemory);

  return {
    name: 'AGENTS.md memory',
    state: agentsMdSlot,
    events: ['memory-loaded'],

    // Not async: a thread that already has its memory has nothing to wait for.
    beforeAgent(context) {
      // Deep Agents loads once per thread: a thread that already has memory keeps it.
      if (getAgentsMdState(context.state)) return;
      return (async () => {
        const sources = await loadMemorySources(context.fs, options.sources);
        agentsMdSlot.write(context.state, { sources, loadedAt: Date.now(), stale: [] });
        context.emit({ type: 'memory-loaded', sources, reason: 'initial' });
      })();
    },

    // Not async: a call with nothing to reload hands the request on without a promise of its own.
    wrapModelCall(request, next, context) {
      const memory = getAgentsMdState(context.state);
      if (memory && options.refreshAfterEdits && memory.stale.length > 0)
        return (async () => {
          const sources = await loadMemorySources(context.fs, options.sources);
          agentsMdSlot.write(context.state, { sources, loadedAt: Date.now(), stale: [] });
          context.emit({ type: 'memory-loaded', sources, reason: 'refresh' });
          return next(inject(request, sources));
        })();
      return next(inject(request, memory?.sources ?? []));
    },

    async wrapToolCall(call, next, context) {
      // A source a tool changed is reloaded before the next model call ("Refresh memory after
      // edits"). Showing the change is not this layer's job: the memory journal records every
      // memory write at the filesystem, with this layer on or off. A file write names its target
      // (in any spelling the filesystem accepts: /memories/./AGENTS.md is /memories/AGENTS.md); a
      // tool that only reads cannot write; any other tool has every source compared.
      const target = targetPath(call);
      const watched = target
        ? sources.filter((source) => source === target)
        : READ_ONLY_TOOLS.has(call.name)
          ? []
          : sources;
      if (watched.length === 0) return next(call);

      const read = (path: string) => context.fs.read(path).catch(() => undefined);
      const before = await Promise.all(watched.map(read));
      const result = await next(call);
      const after = await Promise.all(watched.map(read));
      watched.forEach((path, i) => {
        const was = before[i];
        const now = after[i];
        if (now?.content === was?.content) return;
        const memory = getAgentsMdState(context.state);
        if (memory && !memory.stale.includes(path)) memory.stale.push(path);
      });
      return result;
    },
  };
}

/** Tools that cannot change a file. */
const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['ls', 'read_file', 'glob', 'grep']);

/** The path as the filesystem resolves it; as given when the filesystem would refuse it. */
function normalised(path: unknown): string {
  if (typeof path !== 'string') return '';
  try {
    return normalisePath(path);
  } catch {
    return path;
  }
}

/** The file a write_file / edit_file call targets, if any (arguments may be malformed). */
function targetPath(call: ToolCall): string | undefined {
  if (call.name !== 'write_file' && call.name !== 'edit_file') return undefined;
  try {
    const args: unknown = JSON.parse(call.arguments);
    if (args && typeof args === 'object' && 'file_path' in args) {
      return normalised((args as { file_path: unknown }).file_path);
    }
  } catch {
    // Malformed arguments: the tool itself reports the error.
  }
  return undefined;
}

export function withMemory(
  request: ModelRequest,
  sources: readonly MemorySourceSnapshot[],
): ModelRequest {
  const block = formatMemoryBlock(sources);
  return requestWith(request, {
    system: request.system ? `${request.system}\n\n${block}` : block,
    sections: [...(request.sections ?? []), { name: 'memory', text: block }],
  });
}

export function formatMemoryBlock(sources: readonly MemorySourceSnapshot[]): string {
  const body =
    sources.length === 0
      ? '(No memory loaded)'
      : sources
          .map(
            (source) =>
              `${escapeMemoryTags(source.path)}\n\n${escapeMemoryTags(stripHtmlComments(source.content)).trim()}`,
          )
          .join('\n\n');
  return `<agent_memory>\n${body}\n</agent_memory>\n\n${MEMORY_GUIDELINES}`;
}

function stripHtmlComments(text: string): string {
  // An unterminated comment is removed to the end too, as a renderer would hide it.
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
}

/**
 * Content (and a source's path) must not be able to open, close or reopen the memory blocks and
 * smuggle text into the surrounding prompt, so tag-like occurrences of our block names are
 * neutralised, opening and closing alike: `<agent_memory>` becomes `&lt;agent_memory>` and
 * `</agent_memory>` becomes `&lt;/agent_memory>`. Text that already spells the escaped form has its
 * `&` escaped first, so an escaped tag in the block always came from a real `<`.
 */
export function escapeMemoryTags(text: string): string {
  return text
    .replace(/&(?=lt;\s*\/?\s*(?:agent_memory|memory_guidelines))/gi, '&amp;')
    .replace(/<(\s*\/?\s*)(agent_memory|memory_guidelines)/gi, '&lt;$1$2');
}

export const MEMORY_GUIDELINES = `<memory_guidelines>
The <agent_memory> block above holds files you can read and edit with your file tools. The first
path is the user's personal memory, shared across projects; later paths are project memory. Keep
them current so that future conversations start with what matters.

Update memory (edit_file, or write_file for a new file) when:
- the user asks you to remember something, or to stop doing something;
- the user states a lasting preference (style, tools, language, formats) or corrects you;
- the user gives you instructions about your role or how to work in this project;
- you learn a project fact you will need again (commands, conventions, layout).
Edit before you answer, keep entries short and specific, put each in the section it belongs to,
and replace outdated entries instead of adding contradictory ones.

Do not store:
- transient or one-off details (today's task, temporary file names, a single question);
- small talk or anything the user did not mean to keep;
- secrets of any kind: API keys, passwords, tokens, credentials. Never write them to memory.

Memory can be stale or wrong: when it conflicts with what the user says now, follow the user and
update the memory.
</memory_guidelines>`;
