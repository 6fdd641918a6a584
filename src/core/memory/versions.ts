// Which version of each AGENTS.md source a thread loaded. A thread keeps the version number and the
// SHA-256 of the text it loaded, never the text: the text it sends always comes from this
// filesystem (the file now, or the file's own history when the thread keeps an older version), so
// nothing carried by thread state (an imported bundle, an old saved thread) can put words in the
// memory block. Pure: reads go through the VirtualFs it is given.

import { z } from 'zod';
import { sha256 } from '../fs/journal';
import { FsError, type FileRecord, type FileVersion, type VirtualFs } from '../fs/types';
import { errorText } from '../text/errors';
import { MAX_PATH_LENGTH } from '../limits';

/** A source as this thread loaded it. */
export const loadedSourceSchema = z.object({
  path: z.string().min(1).max(MAX_PATH_LENGTH),
  version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type LoadedSource = z.infer<typeof loadedSourceSchema>;

/** A source's text as it is sent (built from the filesystem, never from thread state). */
export interface MemorySourceSnapshot {
  path: string;
  content: string;
}

/** A source as the filesystem holds it now. */
export interface CurrentSource extends LoadedSource {
  content: string;
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

/**
 * SHA-256 of a source's text, remembered per path while the text is the same: the check before
 * every model call then costs a string comparison, not a digest (each run sees the filesystem
 * through a view of its own, so the memo lives here). At most MAX_HASHES paths are remembered.
 */
const knownHashes = new Map<string, { content: string; hash: string }>();
const MAX_HASHES = 64;

export async function hashOfSource(path: string, content: string): Promise<string> {
  const known = knownHashes.get(path);
  if (known?.content === content) return known.hash;
  const hash = await sha256(content);
  knownHashes.delete(path);
  knownHashes.set(path, { content, hash });
  if (knownHashes.size > MAX_HASHES) knownHashes.delete(knownHashes.keys().next().value!);
  return hash;
}

/** Reads and hashes every source that exists. Missing files are skipped; any other failure names the path. */
export function readSources(fs: VirtualFs, paths: readonly string[]): Promise<CurrentSource[]> {
  return Promise.all(paths.map((path) => readSource(fs, path))).then((all) =>
    all.filter((source): source is CurrentSource => source !== undefined),
  );
}

// Not async (it runs for every source before every model call): the read's promise and one step
// after it when the text's hash is known.
function readSource(fs: VirtualFs, path: string): Promise<CurrentSource | undefined> {
  let reading: Promise<FileRecord | undefined>;
  try {
    reading = fs.read(path);
  } catch (error) {
    reading = Promise.reject(error as Error);
  }
  return reading.then(
    (record) => {
      if (!record) return undefined;
      const source = (hash: string) => ({
        path,
        version: record.version,
        hash,
        content: record.content,
      });
      const known = knownHashes.get(path);
      if (known?.content === record.content) return source(known.hash);
      return hashOfSource(path, record.content).then(source);
    },
    (error: unknown) => {
      if (error instanceof FsError && error.code === 'not-found') return undefined;
      throw new MemoryLoadError(path, errorText(error));
    },
  );
}

/** The sources whose loaded version differs from the file now (changed, created or deleted). */
export function changedSources(
  loaded: readonly LoadedSource[],
  current: readonly CurrentSource[],
): string[] {
  const changed: string[] = [];
  for (const now of current) {
    const was = loaded.find((source) => source.path === now.path);
    if (!was || was.hash !== now.hash) changed.push(now.path);
  }
  for (const was of loaded)
    if (!current.some((now) => now.path === was.path)) changed.push(was.path);
  return changed;
}

/** What is kept in thread state for what was read. */
export function asLoaded(current: readonly CurrentSource[]): LoadedSource[] {
  return current.map(({ path, version, hash }) => ({ path, version, hash }));
}

/**
 * The version of a file in its own history whose text has the hash (the numbered one first). The
 * store keeps a bounded history, and a deleted file has none: undefined when none matches.
 */
async function versionWithHash(
  fs: VirtualFs,
  path: string,
  hash: string,
  preferred?: number,
): Promise<FileVersion | undefined> {
  let versions: FileVersion[];
  try {
    versions = await fs.history(path);
  } catch {
    return undefined;
  }
  const ordered = [
    ...versions.filter((v) => v.version === preferred),
    ...versions.filter((v) => v.version !== preferred).reverse(),
  ];
  for (const version of ordered) if ((await sha256(version.content)) === hash) return version;
  return undefined;
}

/**
 * The text of the version a thread loaded: the file itself when it still holds it, else the file's
 * history (the text must have the hash). Undefined when that version can no longer be found.
 */
export async function findVersionText(
  fs: VirtualFs,
  source: LoadedSource,
  current: CurrentSource | undefined,
): Promise<string | undefined> {
  if (current?.hash === source.hash) return current.content;
  return (await versionWithHash(fs, source.path, source.hash, source.version))?.content;
}

/**
 * A thread saved before versions were kept holds the loaded text itself ({ path, content }). That
 * text is only hashed: the thread keeps the version whose text really has that hash (the file now
 * or its history); a text that matches no version is dropped, and the source counts as changed.
 */
const legacyStateSchema = z.object({
  sources: z.array(z.object({ path: z.string().max(MAX_PATH_LENGTH), content: z.string() })),
});

export async function migrateLegacySources(
  fs: VirtualFs,
  raw: unknown,
  current: readonly CurrentSource[],
): Promise<{ sources: LoadedSource[]; unmatched: string[] } | undefined> {
  const legacy = legacyStateSchema.safeParse(raw);
  if (!legacy.success) return undefined;
  const sources: LoadedSource[] = [];
  const unmatched: string[] = [];
  for (const old of legacy.data.sources) {
    const hash = await sha256(old.content);
    const now = current.find((source) => source.path === old.path);
    const version =
      now?.hash === hash ? now.version : (await versionWithHash(fs, old.path, hash))?.version;
    if (version === undefined) unmatched.push(old.path);
    else sources.push({ path: old.path, version, hash });
  }
  return { sources, unmatched };
}
