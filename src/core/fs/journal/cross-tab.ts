// Changes another tab made that no entry explains: recorded as the author "another tab", so they
// are seen all the same.

import { normalisePath } from '../paths';
import type { FileRecord, FileVersion, VirtualFs } from '../types';
import type { MemoryJournal } from './memory-journal';
import type { JournalEntry, RecordInput } from './types';

/**
 * For memory paths another tab says it changed: any change no journal entry explains (a tab of an
 * older build, a write whose entry was lost) is recorded as the author "another tab", so it is seen
 * all the same. Call after reloading the journal, so entries that tab stored are known.
 */
export async function reconcileMemoryPaths(
  journal: MemoryJournal,
  fs: VirtualFs,
  paths: readonly string[],
  options: {
    /**
     * Called once before anything is recorded, when some change looks unexplained: the app waits
     * a moment and reloads the journal, so an entry the other tab is still storing is found.
     */
    settle?: () => Promise<void>;
  } = {},
): Promise<JournalEntry[]> {
  if (options.settle) {
    const suspects = await unexplained(journal, fs, paths);
    if (suspects.length === 0) return [];
    await options.settle();
    paths = suspects;
  }
  const recorded: JournalEntry[] = [];
  for (const raw of paths) {
    const path = memoryPathOf(journal, raw);
    if (path === undefined) continue;
    // A write of this tab in flight would look unexplained until its entry is recorded.
    let current: FileRecord | undefined;
    do {
      await journal.idle();
      current = await fs.read(path).catch(() => undefined);
    } while (journal.busy);
    const known = journal.knownVersion(path);
    if (current?.version === known) continue;
    const last = journal.latestFor(path);
    let before: RecordInput['before'] = null;
    if (known !== undefined) {
      // The version this journal knew, from the file's history when it is still there.
      const versions = current ? await fs.history(path).catch(() => [] as FileVersion[]) : [];
      const prior = versions.find((v) => v.version === known);
      before = prior
        ? { version: prior.version, content: prior.content }
        : { version: known, hash: last?.afterHash ?? null };
    }
    recorded.push(
      await journal.record({
        path,
        op: current ? 'write' : 'delete',
        author: { kind: 'tab' },
        before,
        after: current ? { version: current.version, content: current.content } : null,
      }),
    );
  }
  return recorded;
}

/** The memory paths among `paths` whose current version no entry (or the baseline) explains. */
async function unexplained(
  journal: MemoryJournal,
  fs: VirtualFs,
  paths: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const raw of paths) {
    const path = memoryPathOf(journal, raw);
    if (path === undefined || out.includes(path)) continue;
    await journal.idle();
    const current = await fs.read(path).catch(() => undefined);
    if (current?.version !== journal.knownVersion(path)) out.push(path);
  }
  return out;
}

/** The path in its canonical spelling when it names a memory file; undefined otherwise. */
function memoryPathOf(journal: MemoryJournal, raw: string): string | undefined {
  let path: string;
  try {
    path = normalisePath(raw);
  } catch {
    return undefined;
  }
  return path !== '/' && journal.isMemoryPath(path) ? path : undefined;
}
