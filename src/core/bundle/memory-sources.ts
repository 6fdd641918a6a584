// Memory sources in an import: the files the agent loads as memory (the AGENTS.md sources of
// settings.memorySources, and the fact memory /memories/memory.json). A copy imported beside one
// ("AGENTS (imported).md") is never loaded, so these are not merged like other files:
// - where the local file is the untouched sample the app starts with, the bundle's replaces it;
// - otherwise, in a merge, the person chooses per file: keep mine, take theirs, or keep both.
// And the connection settings (provider, base URLs, the embedding model and its host), which decide
// where the key is sent and what is downloaded, are imported only when asked for.

import { MEMORY_JSON_PATH } from '../memory/facts/store';
import { SAMPLE_FILES } from '../sample-workspace';
import { DEFAULT_SETTINGS, type Settings } from '../settings';

/** What to do with a memory file that differs here and in the bundle. */
export type MemoryChoice = 'keep-mine' | 'take-theirs' | 'keep-both';
export const MEMORY_CHOICES: readonly MemoryChoice[] = ['keep-mine', 'take-theirs', 'keep-both'];

export interface MemorySourceInfo {
  kind: 'agents-md' | 'memory-json';
  /** The local file was the unmodified sample: the bundle's replaces it without asking. */
  replacesSample?: boolean;
  /** A conflict the person decides (merge modes, local file modified). */
  ask?: boolean;
  /** The choice in force (made in the preview, or the mode's default); undefined: not chosen yet. */
  choice?: MemoryChoice;
}

/**
 * Every path the agent loads as memory, as the app shows it: the sources configured here (or the
 * defaults), the bundle's own (its memory even where this device names others), and memory.json.
 */
export function memorySourcePaths(
  local: Settings | undefined,
  incoming: Settings | undefined,
): Set<string> {
  return new Set([
    ...(local ?? DEFAULT_SETTINGS).memorySources,
    ...(incoming?.memorySources ?? []),
    MEMORY_JSON_PATH,
  ]);
}

export function memoryKind(displayPath: string): MemorySourceInfo['kind'] {
  return displayPath === MEMORY_JSON_PATH ? 'memory-json' : 'agents-md';
}

/** Whether `content` at `displayPath` is exactly what the app seeds there on first start. */
export function isUntouchedSample(displayPath: string, content: string): boolean {
  return SAMPLE_FILES.some((file) => file.path === displayPath && file.content === content);
}

// ---------------------------------------------------------------------------------------------
// Connection settings: the one list is CONNECTION_SETTINGS in src/core/settings.ts.

export { isConnectionKey, withConnectionOf } from '../settings';
