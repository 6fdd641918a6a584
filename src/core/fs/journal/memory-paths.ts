// Which paths are long-term memory: everything under /memories/ and every configured AGENTS.md
// source.

import { normalisePath } from '../paths';

export const MEMORIES_DIR = '/memories';

/**
 * Long-term memory: everything under /memories/ (the user-level store: AGENTS.md, memory.json and
 * anything else the agent keeps there) and every configured AGENTS.md source, in any spelling the
 * filesystem accepts.
 */
export function isMemoryPath(path: string, sources: readonly string[]): boolean {
  let full: string;
  try {
    full = normalisePath(path);
  } catch {
    return false;
  }
  if (full.startsWith(`${MEMORIES_DIR}/`)) return true;
  return sources.some((source) => {
    try {
      return normalisePath(source) === full;
    } catch {
      return false;
    }
  });
}
