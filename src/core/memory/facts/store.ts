// Reading and writing /memories/memory.json through the virtual filesystem. Writes carry the
// version that was read, so an update never clobbers an edit made meanwhile (another tab, the
// editor, the Facts panel): the writer gets a conflict and re-reads.

import { FsError, type FileRecord, type VirtualFs } from '../../fs/types';
import {
  capFacts,
  describeFactsCut,
  describeSkippedFacts,
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
      /** Set when the file holds more than maxFacts facts: the sentence that says the cut. */
      cut?: { total: number; dropped: number; message: string };
      /** Set when malformed facts were left out (not with `strict`): the notice naming them. */
      skipped?: string;
    }
  | { ok: false; error: string; problems: MemoryProblem[]; version: number | null };

/**
 * Reads and validates memory.json. With `maxFacts`, at most that many facts come back (the lowest
 * confidence left out) and `cut` says how many were left out: a file written by hand, by the agent
 * or by an older version may hold any number, and every reader is bounded here.
 */
export async function readMemory(
  fs: VirtualFs,
  path = MEMORY_JSON_PATH,
  /** strict: a malformed fact makes the file invalid (writers: nothing is written without it). */
  options: { maxFacts?: number; strict?: boolean } = {},
): Promise<MemoryReadResult> {
  let record;
  try {
    record = await fs.read(path);
  } catch (error) {
    if (error instanceof FsError && error.code === 'not-found') record = undefined;
    else throw error;
  }
  if (!record) return { ok: true, memory: emptyMemory(), version: null };
  const parsed = parseMemoryJson(record.content, { skipBadFacts: !options.strict });
  if (!parsed.ok) {
    return {
      ok: false,
      error: `${path}: ${parsed.error}`,
      problems: parsed.problems,
      version: record.version,
    };
  }
  return {
    ok: true,
    ...capped(parsed.memory, options.maxFacts),
    version: record.version,
    ...(parsed.skipped?.length ? { skipped: describeSkippedFacts(parsed.skipped) } : {}),
  };
}

function capped(
  memory: MemoryJson,
  maxFacts: number | undefined,
): { memory: MemoryJson; cut?: { total: number; dropped: number; message: string } } {
  if (maxFacts === undefined) return { memory };
  const total = memory.facts.length;
  const result = capFacts(memory, maxFacts);
  if (result.dropped === 0) return { memory };
  return {
    memory: result.memory,
    cut: {
      total,
      dropped: result.dropped,
      message: describeFactsCut(
        total,
        maxFacts,
        'left out: not shown, not sent to the model, and removed from the file at the next change',
      ),
    },
  };
}

/**
 * A loader for the facts middleware: parsing and validating memory.json on every model call would
 * cost more than the rest of the harness, so the parse is reused while the file's text is unchanged.
 * The result is shared: callers must not mutate it.
 */
export function createMemoryLoader(
  fs: VirtualFs,
  path = MEMORY_JSON_PATH,
  /** The "Maximum facts" setting, read at each load; the facts over it are not injected. */
  maxFacts?: () => number,
) {
  let cached:
    | { content: string; max: number | undefined; result: MemoryJson | { error: string } }
    | undefined;
  let absent: MemoryJson | undefined;
  const loaded = (record: FileRecord | undefined): MemoryJson | { error: string } => {
    // No file: the same empty memory while it stays absent (callers compare by identity).
    if (!record) return (absent ??= emptyMemory());
    absent = undefined;
    const max = maxFacts?.();
    if (cached?.content === record.content && cached.max === max) return cached.result;
    // A malformed fact is left out (the Facts panel names it); the others are injected.
    const parsed = parseMemoryJson(record.content, { skipBadFacts: true });
    const result = parsed.ok
      ? capped(parsed.memory, max).memory
      : { error: `${path}: ${parsed.error}` };
    cached = { content: record.content, max, result };
    return result;
  };
  const missing = (error: unknown) => {
    if (error instanceof FsError && error.code === 'not-found') return loaded(undefined);
    throw error;
  };
  // Not async (it runs before every model call): the read's promise and one step after it.
  return (): Promise<MemoryJson | { error: string }> => {
    let reading: Promise<FileRecord | undefined>;
    try {
      reading = fs.read(path);
    } catch (error) {
      reading = Promise.reject(error as Error);
    }
    return reading.then(loaded, missing);
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
 * same object (or an equal one) writes nothing. With `maxFacts`, what is written holds at most that
 * many facts (the lowest confidence dropped).
 */
export async function modifyMemory(
  fs: VirtualFs,
  change: (memory: MemoryJson) => MemoryJson,
  options: { path?: string; attempts?: number; maxFacts?: number } = {},
): Promise<ModifyResult> {
  const path = options.path ?? MEMORY_JSON_PATH;
  const attempts = Math.max(1, options.attempts ?? 3);
  for (let attempt = 1; ; attempt++) {
    const read = await readMemory(fs, path, { strict: true });
    if (!read.ok) return { status: 'invalid', error: read.error, problems: read.problems };
    const before = read.memory;
    let after = change(structuredClone(before));
    // A file over the limit is written back within it: the cut the readers already said.
    if (options.maxFacts !== undefined) after = capFacts(after, options.maxFacts).memory;
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
