// Undo of one journal entry: only this browser's own, on a memory path, while the file holds
// exactly what the entry wrote; the text put back is the one whose hash the entry recorded.

import { authored } from '../authorship';
import { FsError, type FileRecord, type FileVersion, type VirtualFs } from '../types';
import { errorText } from '../../text/errors';
import { sha256 } from './diff';
import type { MemoryJournal } from './memory-journal';
import { JOURNAL_LIMITS, type JournalEntry } from './types';

export type UndoResult =
  { ok: true; entry: JournalEntry; undo?: JournalEntry } | { ok: false; reason: string };

const refuse = (reason: string): UndoResult => ({ ok: false, reason });

/**
 * Reverts one entry of this browser's journal: only a local entry, on a memory path, while the file
 * holds exactly what the entry wrote; the text put back is the one whose hash the entry recorded
 * (from the file's history, or the kept text of a deleted file). Anything else is refused with the
 * reason. `fs` is the journaled filesystem; the undo is journaled as author "undo".
 */
export async function undoJournalEntry(
  journal: MemoryJournal,
  fs: VirtualFs,
  entryId: string,
): Promise<UndoResult> {
  const entry = journal.get(entryId);
  if (!entry)
    return refuse(
      "This change is not in this browser's memory journal, so it cannot be undone here.",
    );
  if (entry.origin !== 'local')
    return refuse(
      `This change was imported${entry.importedFrom ? ` from ${entry.importedFrom}` : ''}: imported history cannot be undone.`,
    );
  if (entry.undoneBy) return refuse(`This change to ${entry.path} was already undone.`);
  if (!journal.isMemoryPath(entry.path))
    return refuse(
      `${entry.path} is no longer a memory path (Settings → memory sources), so it was not undone.`,
    );
  let current: FileRecord | undefined;
  try {
    current = await fs.read(entry.path);
  } catch (error) {
    return refuse(`Could not undo: ${errorText(error)}`);
  }
  const changedSince = `${entry.path} changed after this edit, so it was not undone. Open it in the editor to compare its versions.`;
  if (entry.op === 'write') {
    if (!current || (await sha256(current.content)) !== entry.afterHash)
      return refuse(changedSince);
  } else if (current) {
    return refuse(`${entry.path} was written again after it was deleted, so it was not undone.`);
  }

  let restore: string | null;
  if (entry.versionBefore === null || entry.beforeHash === null) {
    restore = null; // the entry created the file: undo deletes it
  } else if (entry.op === 'delete') {
    if (entry.beforeText === undefined)
      return refuse(
        `The journal did not keep the deleted text of ${entry.path} (it keeps a deleted file's text only up to ${JOURNAL_LIMITS.maxKeptText.toLocaleString('en-US')} characters), so it cannot be restored here.`,
      );
    if ((await sha256(entry.beforeText)) !== entry.beforeHash)
      return refuse(
        `The text the journal kept for ${entry.path} does not match what was deleted (its SHA-256 differs), so it was not restored.`,
      );
    restore = entry.beforeText;
  } else {
    const versions = await fs.history(entry.path).catch(() => [] as FileVersion[]);
    const prior = versions.find((v) => v.version === entry.versionBefore);
    if (!prior || (await sha256(prior.content)) !== entry.beforeHash)
      return refuse(
        `The text before this edit (version ${entry.versionBefore}) is no longer in the history of ${entry.path}, so it cannot be restored.`,
      );
    restore = prior.content;
  }

  const writer = authored(fs, { kind: 'undo', entryId: entry.id });
  try {
    if (restore === null) await writer.delete(entry.path, { expectedVersion: current!.version });
    else
      await writer.write(entry.path, restore, {
        expectedVersion: current ? current.version : null,
      });
  } catch (error) {
    if (error instanceof FsError && error.code === 'conflict') return refuse(changedSince);
    return refuse(`Could not undo: ${errorText(error)}`);
  }
  const undo = journal
    .entries()
    .find((e) => e.origin === 'local' && e.author.kind === 'undo' && e.author.entryId === entry.id);
  await journal.markUndone(entry.id, undo?.id ?? 'undo');
  return { ok: true, entry, ...(undo ? { undo } : {}) };
}
