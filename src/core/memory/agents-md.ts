// AGENTS.md memory, after Deep Agents' MemoryMiddleware: the source files are loaded once per
// thread, injected at the end of the system prompt on every model call, and the agent updates them
// with edit_file / write_file. A thread keeps which version (number and SHA-256) of each source it
// loaded, never the text (versions.ts): before each model call the sources are read and compared
// with those versions, so a change by any channel (a tool, the editor, Undo, an import, another tab)
// is seen by every thread that loaded the file. With "Refresh memory after edits" on, a changed
// source is reloaded (the chart's "memory refreshed" marker); with it off the thread keeps sending
// the version it loaded, taken from the file's own history (Deep Agents' behaviour), and says so.

import { z } from 'zod';
import type { AgentEvent } from '../agent/events';
import { stateSlot, type Middleware, type RunContext, type ThreadState } from '../agent/middleware';
import type { ModelRequest } from '../agent/types';
import { requestWith } from '../agent/request';
import type { TimelineEntry } from '../thread/thread';
import { BOUNDS, MAX_PATH_LENGTH } from '../limits';
import { normalisePath } from '../fs/paths';
import { memoMemoryInjection } from './memo';
import {
  asLoaded,
  changedSources,
  readSources,
  findVersionText,
  loadedSourceSchema,
  migrateLegacySources,
  type CurrentSource,
  type LoadedSource,
  type MemorySourceSnapshot,
} from './versions';

export { MemoryLoadError, type MemorySourceSnapshot } from './versions';

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
  /** Reload a changed source before the next model call. */
  refreshAfterEdits: boolean;
}

/** What the middleware keeps in thread state (saved with the thread): versions, never text. */
const agentsMdStateSchema = z.object({
  sources: z.array(loadedSourceSchema).max(BOUNDS.memorySources.value),
  loadedAt: z.number(),
});
export type AgentsMdState = z.infer<typeof agentsMdStateSchema>;

/** Its slot in thread state. */
export const agentsMdSlot = stateSlot('agentsMd', agentsMdStateSchema);

export function getAgentsMdState(state: ThreadState): AgentsMdState | undefined {
  return agentsMdSlot.read(state);
}

/** A source the thread sends at an older version than the file holds now. */
export interface OutdatedSource {
  path: string;
  /** The version sent; null: the thread loaded no such file. */
  sent: number | null;
  /** The file's version now; null: the file no longer exists. */
  now: number | null;
}

declare module '../agent/events' {
  interface FeatureEvents {
    /** The AGENTS.md sources were loaded into the thread (first run) or reloaded after a change. */
    'memory-loaded': {
      type: 'memory-loaded';
      sources: MemorySourceSnapshot[];
      reason: 'initial' | 'refresh';
      /** Why it was reloaded, when it is worth saying (e.g. the loaded version could not be found). */
      note?: string;
    };
    /** "Refresh memory after edits" is off and a source changed since the thread loaded it. */
    'memory-outdated': { type: 'memory-outdated'; sources: OutdatedSource[] };
  }
}

/** The timeline marker of a 'memory-loaded' event (the harness gives it to the thread's recorder). */
export function memoryLoadedEntry(event: AgentEvent): TimelineEntry | undefined {
  if (event.type !== 'memory-loaded') return undefined;
  const loaded =
    event.sources.length === 0
      ? 'No AGENTS.md memory file exists yet.'
      : `Loaded ${event.sources.map((source) => source.path).join(', ')}.`;
  return {
    kind: event.reason === 'initial' ? 'memory-loaded' : 'memory-refreshed',
    detail: event.note ? `${event.note} ${loaded}` : loaded,
    ...(event.sources[0] ? { path: event.sources[0].path } : {}),
  };
}

/** The sentence the Context inspector shows for a 'memory-outdated' event. */
export function describeOutdated(sources: readonly OutdatedSource[]): string {
  const parts = sources.map((source) => {
    const now =
      source.now === null ? 'it has been deleted since' : `it is at version ${source.now} now`;
    return source.sent === null
      ? `${source.path}: this thread sends nothing of it (the file did not exist when the thread loaded its memory; ${now}).`
      : `${source.path}: this thread sends version ${source.sent}, the one it loaded; the file has changed since (${now}).`;
  });
  return `${parts.join(' ')} Turn on “Refresh memory after edits” or start a new thread to send the current file.`;
}

/** Reads every source that exists. Missing files are skipped; any other failure names the path. */
export async function loadMemorySources(
  fs: RunContext['fs'],
  sources: readonly string[],
): Promise<MemorySourceSnapshot[]> {
  const current = await readSources(fs, sources);
  return current.map(({ path, content }) => ({ path, content }));
}

export function createAgentsMdMiddleware(options: AgentsMdOptions): Middleware {
  const sources = options.sources.map(normalised);
  // The block is formatted again only when the sources' text or the system prompt changed (memo.ts).
  const inject = memoMemoryInjection(withMemory);
  // Texts of older versions found in a file's history, by path and hash.
  const older = new Map<string, string>();

  const snapshots = (current: readonly CurrentSource[]): MemorySourceSnapshot[] =>
    current.map(({ path, content }) => ({ path, content }));

  const load = (
    context: RunContext,
    current: CurrentSource[],
    reason: 'initial' | 'refresh',
    note?: string,
  ) => {
    agentsMdSlot.write(context.state, { sources: asLoaded(current), loadedAt: Date.now() });
    const sent = snapshots(current);
    context.emit({ type: 'memory-loaded', sources: sent, reason, ...(note ? { note } : {}) });
    return sent;
  };

  /** The versions the thread loaded, as text from this filesystem; undefined: one is lost. */
  const loadedTexts = async (
    context: RunContext,
    loaded: readonly LoadedSource[],
    current: readonly CurrentSource[],
  ): Promise<{ sent: MemorySourceSnapshot[]; lost: string[] }> => {
    const sent: MemorySourceSnapshot[] = [];
    const lost: string[] = [];
    for (const source of loaded) {
      const key = `${source.hash} ${source.path}`;
      const now = current.find((c) => c.path === source.path);
      const text = older.get(key) ?? (await findVersionText(context.fs, source, now));
      if (text === undefined) lost.push(source.path);
      else {
        if (now?.hash !== source.hash) older.set(key, text);
        sent.push({ path: source.path, content: text });
      }
    }
    return { sent, lost };
  };

  /** What this model call sends, after comparing the loaded versions with the files now. */
  const memoryFor = async (
    context: RunContext,
    current: CurrentSource[],
  ): Promise<MemorySourceSnapshot[]> => {
    let memory = getAgentsMdState(context.state);
    if (!memory) {
      const raw = context.state[agentsMdSlot.key];
      const migrated =
        raw === undefined ? undefined : await migrateLegacySources(context.fs, raw, current);
      if (!migrated) return load(context, current, 'initial');
      if (migrated.unmatched.length > 0)
        return load(
          context,
          current,
          'refresh',
          `The memory this thread had loaded of ${migrated.unmatched.join(', ')} matches no version of the file; the current file was loaded.`,
        );
      memory = { sources: migrated.sources, loadedAt: Date.now() };
      agentsMdSlot.write(context.state, memory);
    }
    const changed = changedSources(memory.sources, current);
    if (changed.length === 0) return snapshots(current);
    if (options.refreshAfterEdits)
      return load(context, current, 'refresh', `Changed since loaded: ${changed.join(', ')}.`);
    const { sent, lost } = await loadedTexts(context, memory.sources, current);
    if (lost.length > 0)
      return load(
        context,
        current,
        'refresh',
        `The version this thread loaded of ${lost.join(', ')} can no longer be found; the current file was loaded.`,
      );
    const loaded = memory.sources;
    context.emit({
      type: 'memory-outdated',
      sources: changed.map((path) => ({
        path,
        sent: loaded.find((s) => s.path === path)?.version ?? null,
        now: current.find((c) => c.path === path)?.version ?? null,
      })),
    });
    return sent;
  };

  return {
    name: 'AGENTS.md memory',
    state: agentsMdSlot,
    events: ['memory-loaded', 'memory-outdated'],

    // Not async: a call whose sources are as the thread loaded them (the common case) costs the
    // reads and a comparison of hashes, with no promise of its own.
    wrapModelCall(request, next, context) {
      return readSources(context.fs, sources).then((current) => {
        const memory = getAgentsMdState(context.state);
        if (memory && changedSources(memory.sources, current).length === 0)
          return next(inject(request, snapshots(current)));
        return memoryFor(context, current).then((sent) => next(inject(request, sent)));
      });
    },
  };
}

/** The path as the filesystem resolves it; as given when the filesystem would refuse it. */
function normalised(path: unknown): string {
  if (typeof path !== 'string') return '';
  try {
    return normalisePath(path);
  } catch {
    return path;
  }
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

/**
 * The <agent_memory> block. A source that holds only HTML comments (a template) is no memory: it is
 * left out, and with nothing left the block says "(No memory loaded)", as Deep Agents does. A file
 * that is truly empty stays listed with an empty body, as before: the model then knows it exists
 * and edits it (write_file refuses an existing file).
 */
export function formatMemoryBlock(sources: readonly MemorySourceSnapshot[]): string {
  const parts: string[] = [];
  for (const source of sources) {
    const text = escapeMemoryTags(stripHtmlComments(source.content)).trim();
    if (text === '' && source.content.trim() !== '') continue;
    parts.push(`${escapeMemoryTags(source.path)}\n\n${text}`);
  }
  const body = parts.length === 0 ? '(No memory loaded)' : parts.join('\n\n');
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
