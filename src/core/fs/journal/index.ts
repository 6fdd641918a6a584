// The memory journal. Every write to long-term memory (everything under /memories/, every configured
// AGENTS.md source, memory.json) is recorded by the filesystem layer itself, whatever wrote it: the
// journal wraps the stores that the composite filesystem routes to and the stores a bundle import
// writes through, so a tool call, `execute`, an experiment tool, the editor, an import, an undo,
// another tab, a strategy step or the fact updater cannot reach a memory file without an entry.
// Memory layers (AGENTS.md, facts) only decide what is sent to the model; the journal decides what
// the person sees, and it does not depend on them.
//
// An entry holds the path, the time, the author (which tool call in which thread, the person, an
// import, an undo, another tab...), the versions before and after, SHA-256 hashes of the text before
// and after, and a bounded diff (changed lines with two lines of context). The texts themselves are
// not kept, except the text of a deleted file up to a bound: undo takes the earlier text from the
// file's own history and checks it against the entry's hash.
//
// Undo cannot be forged: it applies only to an entry this browser recorded (never an imported one,
// never a record carried by a thread), on a memory path, when the file holds exactly what the entry
// says it wrote (hash), and it writes only text whose hash the entry recorded. Undo is itself a
// journaled write.
//
// This folder's surface: what importers use, re-exported from a file per concern.

// The author's view and threadOf live with the workspace contract (authorship.ts).
export { authored, threadOf } from '../authorship';
export { boundAuthor, describeAuthor } from './authors';
export { reconcileMemoryPaths } from './cross-tab';
export { buildDiff, entrySize, sha256 } from './diff';
export { MemoryJournal } from './memory-journal';
export { isMemoryPath, MEMORIES_DIR } from './memory-paths';
export { journalEntrySchema, writeAuthorSchema } from './schema';
export {
  JournaledStore,
  journaledFs,
  type BulkStoreMethods,
  type JournaledStoreOptions,
} from './store';
export {
  JOURNAL_LIMITS,
  type DescribeChange,
  type JournalDiff,
  type JournalDiffLine,
  type JournalDropped,
  type JournalEntry,
  type JournalFeed,
  type JournalLimits,
  type JournalPersistence,
  type JournalSummary,
  type MemoryJournalOptions,
  type RecordedWrite,
  type RecordInput,
} from './types';
export { undoJournalEntry, type UndoResult } from './undo';
