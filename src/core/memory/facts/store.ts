// Reading and writing /memories/memory.json through the virtual filesystem. Writes carry the
// version that was read, so an update never clobbers an edit made meanwhile (another tab, the
// editor, the Facts panel): the writer gets a conflict and re-reads.

import { FsError, type VirtualFs } from '../../fs/types';
import {
  emptyMemory,
  parseMemoryJson,
  validateMemory,
  type MemoryJson,
  type MemoryProblem,
} from './schema';

export const MEMORY_JSON_PATH = '/memories/memory.json';

export type MemoryReadResult =
  | {
      ok: true;
      memory: MemoryJson;
      /** The file's version, or null when the file does not exist yet (memory is then empty). */
      version: number | null;
    }
  | { ok: false; error: string; problems: MemoryProblem[]; version: number | null };

export async function readMemory(
  fs: VirtualFs,
  path = MEMORY_JSON_PATH,
): Promise<MemoryReadResult> {
  let record;
  try {
    record = await fs.read(path);
  } catch (error) {
    if (error instanceof FsError && error.code === 'not-found') record = undefined;
    else throw error;
  }
  if (!record) return { ok: true, memory: emptyMemory(), version: null };
  const parsed = parseMemoryJson(record.content);
  if (!parsed.ok) {
    return {
      ok: false,
      error: `${path}: ${parsed.error}`,
      problems: parsed.problems,
      version: record.version,
    };
  }
  return { ok: true, memory: parsed.memory, version: record.version };
}

/**
 * A loader for the facts middleware: parsing and validating memory.json on every model call would
 * cost more than the rest of the harness, so the parse is reused while the file's text is unchanged.
 * The result is shared: callers must not mutate it.
 */
export function createMemoryLoader(fs: VirtualFs, path = MEMORY_JSON_PATH) {
  let cached: { content: string; result: MemoryJson | { error: string } } | undefined;
  return async (): Promise<MemoryJson | { error: string }> => {
    let record;
    try {
      record = await fs.read(path);
    } catch (error) {
      if (error instanceof FsError && error.code === 'not-found') record = undefined;
      else throw error;
    }
    if (!record) return emptyMemory();
    if (cached?.content === record.content) return cached.result;
    const parsed = parseMemoryJson(record.content);
    const result = parsed.ok ? parsed.memory : { error: `${path}: ${parsed.error}` };
    cached = { content: record.content, result };
    return result;
  };
}

/** The file text: two-space JSON with a final newline (what DeerFlow writes, plus the newline). */
export function serializeMemory(memory: MemoryJson): string {
  return `${JSON.stringify(memory, null, 2)}\n`;
}

export class InvalidMemoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMemoryError';
  }
}

/**
 * Writes memory.json. `expectedVersion` is the version read (null: the file must not exist yet);
 * a mismatch throws FsError('conflict'). An invalid memory is never written.
 */
export async function writeMemory(
  fs: VirtualFs,
  memory: MemoryJson,
  options: { expectedVersion: number | null; path?: string },
) {
  const checked = validateMemory(memory);
  if (!checked.ok) throw new InvalidMemoryError(checked.error);
  return fs.write(options.path ?? MEMORY_JSON_PATH, serializeMemory(checked.memory), {
    expectedVersion: options.expectedVersion,
  });
}

export type ModifyResult =
  | { status: 'written'; before: MemoryJson; after: MemoryJson; version: number }
  | { status: 'unchanged'; memory: MemoryJson; version: number | null }
  | { status: 'invalid'; error: string; problems: MemoryProblem[] };

/**
 * Read, change, write with the version read; on a conflict, read again and re-apply the change
 * (at most `attempts` times). `change` must be pure: it may run more than once. Returning the
 * same object (or an equal one) writes nothing.
 */
export async function modifyMemory(
  fs: VirtualFs,
  change: (memory: MemoryJson) => MemoryJson,
  options: { path?: string; attempts?: number } = {},
): Promise<ModifyResult> {
  const path = options.path ?? MEMORY_JSON_PATH;
  const attempts = Math.max(1, options.attempts ?? 3);
  for (let attempt = 1; ; attempt++) {
    const read = await readMemory(fs, path);
    if (!read.ok) return { status: 'invalid', error: read.error, problems: read.problems };
    const before = read.memory;
    const after = change(structuredClone(before));
    if (serializeMemory(after) === serializeMemory(before))
      return { status: 'unchanged', memory: before, version: read.version };
    try {
      const record = await writeMemory(fs, after, { expectedVersion: read.version, path });
      return { status: 'written', before, after, version: record.version };
    } catch (error) {
      if (error instanceof FsError && error.code === 'conflict' && attempt < attempts) continue;
      throw error;
    }
  }
}
