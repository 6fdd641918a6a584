// The journal itself: records this tab's writes, loads and stores entries, adds imported history,
// keeps the seen mark, and drops the oldest entries beyond the bounds (never protected ones).

import type { FileInfo } from '../types';
import { errorText } from '../../text/errors';
import { boundAuthor } from './authors';
import { boundSummary, buildDiff, sha256 } from './diff';
import { isMemoryPath } from './memory-paths';
import { insertNewestFirst, isNewer, newestFirst, randomTag } from './order';
import { entriesToDrop } from './retention';
import { droppedSchema, journalEntrySchema } from './schema';
import {
  JOURNAL_LIMITS,
  type JournalDropped,
  type JournalEntry,
  type JournalLimits,
  type JournalSummary,
  type MemoryJournalOptions,
  type RecordInput,
  type RecordedWrite,
} from './types';

/** How a save problem begins (it is said until this tab's entries are stored). */
const SAVE_PROBLEM = 'The memory journal could not be saved';

export class MemoryJournal {
  readonly tabId: string;
  private readonly options: MemoryJournalOptions;
  private readonly limits: JournalLimits;
  private readonly now: () => number;
  /** Newest first. */
  private list: JournalEntry[] = [];
  private droppedCounts: JournalDropped = { local: 0, imported: 0 };
  private seq = 0;
  private readonly recordListeners = new Set<(write: RecordedWrite) => void>();
  private readonly changeListeners = new Set<() => void>();
  private readonly storedListeners = new Set<(ids: string[]) => void>();
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  /** What each memory path held when the journal started (for changes no entry explains). */
  private baseline = new Map<string, number>();
  private persistChain: Promise<void> = Promise.resolve();
  /** Entries of this tab that storage refused (kept in the list until the page closes). */
  private readonly unstored = new Set<string>();
  /** Why the journal could not be stored or read, if it could not (shown to the person). */
  storageProblem: string | undefined;

  constructor(options: MemoryJournalOptions) {
    this.options = options;
    this.limits = { ...JOURNAL_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.tabId = options.tabId ?? randomTag();
  }

  isMemoryPath(path: string): boolean {
    return isMemoryPath(path, this.options.memorySources());
  }

  /** Newest first. */
  entries(): readonly JournalEntry[] {
    return this.list;
  }

  get(id: string): JournalEntry | undefined {
    return this.list.find((entry) => entry.id === id);
  }

  dropped(): JournalDropped {
    return { ...this.droppedCounts };
  }

  /** The newest entry this browser recorded for a path. */
  latestFor(path: string): JournalEntry | undefined {
    return this.list.find((entry) => entry.origin === 'local' && entry.path === path);
  }

  /** Writes this tab records, as they are recorded (before they are stored). */
  subscribe(listener: (write: RecordedWrite) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /** Any change to the list: a record, an import, a reload, an undo mark, a storage problem. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Entries once stored (another tab can read them from then on). */
  onStored(listener: (ids: string[]) => void): () => void {
    this.storedListeners.add(listener);
    return () => this.storedListeners.delete(listener);
  }

  /** The version each memory path had at start (paths absent did not exist). */
  setBaseline(files: readonly Pick<FileInfo, 'path' | 'version'>[]): void {
    this.baseline = new Map(
      files.filter((f) => this.isMemoryPath(f.path)).map((f) => [f.path, f.version]),
    );
  }

  /** The version this journal last knew a path at (undefined: it did not exist). */
  knownVersion(path: string): number | undefined {
    const last = this.latestFor(path);
    if (last) return last.versionAfter ?? undefined;
    return this.baseline.get(path);
  }

  /**
   * Reads the stored journal (at start, and when another tab says it added entries). Returns the
   * entries that were not known before.
   */
  async load(): Promise<JournalEntry[]> {
    const persistence = this.options.persistence;
    if (!persistence) return [];
    let stored: { entries: unknown[]; dropped?: unknown };
    try {
      stored = await persistence.load();
    } catch (error) {
      this.storageProblem = `The memory journal could not be read from browser storage: ${errorText(error)}`;
      this.changed();
      return [];
    }
    const known = new Set(this.list.map((entry) => entry.id));
    const entries: JournalEntry[] = [];
    let damaged = 0;
    for (const value of stored.entries) {
      const parsed = journalEntrySchema.safeParse(value);
      if (parsed.success) entries.push(parsed.data as JournalEntry);
      else damaged++;
    }
    // Entries this tab recorded but could not store stay (another tab's trimmed ones go).
    const ids = new Set(entries.map((entry) => entry.id));
    for (const entry of this.list)
      if (!ids.has(entry.id) && entry.tab === this.tabId && this.unstored.has(entry.id))
        entries.push(entry);
    this.list = entries.sort(newestFirst);
    const dropped = droppedSchema.safeParse(stored.dropped);
    if (dropped.success) {
      // Another tab may have shown more: the newer mark stands.
      const { local, imported, seenAt, seenId } = dropped.data;
      const mine = this.seenMark();
      const theirs = seenAt === undefined ? undefined : { recordedAt: seenAt, id: seenId ?? '' };
      const mark = mine && (!theirs || isNewer(mine, theirs)) ? mine : theirs;
      this.droppedCounts = {
        local,
        imported,
        ...(mark ? { seenAt: mark.recordedAt, seenId: mark.id } : {}),
      };
    }
    // A save problem stays said while entries of this tab are still unsaved.
    const saveProblem =
      this.unstored.size > 0 && this.storageProblem?.startsWith(SAVE_PROBLEM)
        ? this.storageProblem
        : undefined;
    this.storageProblem =
      damaged > 0
        ? `${damaged} stored memory journal entr${damaged === 1 ? 'y was' : 'ies were'} damaged or in an unknown format and ${damaged === 1 ? 'is' : 'are'} not shown.`
        : saveProblem;
    this.changed();
    return this.list.filter((entry) => !known.has(entry.id));
  }

  /** Marks a write to a memory path as under way (the journal is not idle until `end` is called). */
  begin(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    };
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves when no journaled write is under way in this tab. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Records one write or delete of a memory path (the caller has checked it is one). */
  async record(input: RecordInput): Promise<JournalEntry> {
    const { before, after } = input;
    const [beforeHash, afterHash] = await Promise.all([
      before === null
        ? null
        : before.content !== undefined
          ? sha256(before.content)
          : (before.hash ?? null),
      after === null ? null : sha256(after.content),
    ]);
    const recordedAt = this.now();
    const beforeText = before === null ? null : before.content;
    let summary: JournalSummary | undefined;
    try {
      // Without the text before, a summary would tell the whole file as new: none then.
      summary =
        beforeText === undefined
          ? undefined
          : boundSummary(
              this.options.describe?.(input.path, beforeText, after?.content ?? null),
              this.limits,
            );
    } catch {
      summary = undefined;
    }
    const entry: JournalEntry = {
      id: `m${recordedAt.toString(36).padStart(9, '0')}-${(this.seq++).toString(36).padStart(5, '0')}-${this.tabId}`,
      origin: 'local',
      recordedAt,
      at: recordedAt,
      path: input.path,
      op: input.op,
      author: boundAuthor(input.author),
      tab: this.tabId,
      versionBefore: before?.version ?? null,
      versionAfter: after?.version ?? null,
      beforeHash,
      afterHash,
      diff: buildDiff(beforeText, after?.content ?? null, this.limits),
      ...(summary ? { summary } : {}),
    };
    if (
      input.op === 'delete' &&
      typeof beforeText === 'string' &&
      beforeText.length <= this.limits.maxKeptText
    )
      entry.beforeText = beforeText;
    this.list = insertNewestFirst(this.list, entry);
    const removed = this.trim('local');
    // Stored first, then told: whatever a listener sets off (a chip, a broadcast to other tabs)
    // finds the entry in storage. A storage failure keeps it in this tab's list all the same.
    await this.store([entry], removed);
    for (const listener of this.recordListeners) {
      try {
        listener({ entry, before: beforeText ?? null, after: after?.content ?? null });
      } catch {
        // A listener's failure must not undo the record.
      }
    }
    this.changed();
    return entry;
  }

  /** Marks an entry as reverted by an undo entry. */
  async markUndone(id: string, undoId: string): Promise<void> {
    const entry = this.get(id);
    if (!entry) return;
    const updated = { ...entry, undoneBy: undoId };
    this.list = this.list.map((e) => (e.id === id ? updated : e));
    this.changed();
    await this.store([updated], []);
  }

  /**
   * Adds a bundle's journal as history: every entry is marked imported (never undoable), gets an
   * id of this journal, loses any kept text, and is shown in the order it had there. Returns how
   * many were added.
   */
  async addImported(entries: readonly JournalEntry[], bundle: string): Promise<number> {
    if (entries.length === 0) return 0;
    const recordedAt = this.now();
    const tag = randomTag();
    // Oldest first gets the smallest id, so the list keeps their order.
    const ordered = [...entries].sort((a, b) => newestFirst(b, a));
    const imported: JournalEntry[] = ordered.map((entry, i) => {
      const copy: JournalEntry = {
        ...entry,
        id: `i${recordedAt.toString(36).padStart(9, '0')}-${i.toString(36).padStart(5, '0')}-${tag}`,
        origin: 'imported',
        recordedAt,
        importedFrom: bundle.slice(0, 300),
        sourceId: entry.sourceId ?? entry.id,
      };
      delete copy.beforeText;
      delete copy.tab;
      if (copy.undoneBy) copy.undoneBy = 'imported';
      return copy;
    });
    this.list = [...imported, ...this.list].sort(newestFirst);
    const removed = this.trim('imported');
    this.changed();
    await this.store(
      imported.filter((entry) => !removed.includes(entry.id)),
      removed,
    );
    return imported.length;
  }

  /**
   * The person has seen the entries recorded up to `at` (the journal list or the chat's memory
   * chips showed them): from then on the bound may drop them. Saved with the dropped counts.
   */
  async markSeen(
    newest: Pick<JournalEntry, 'recordedAt' | 'id'> | undefined = this.list[0],
  ): Promise<void> {
    const mark = this.seenMark();
    if (!newest || (mark && !isNewer(newest, mark))) return;
    this.droppedCounts = { ...this.droppedCounts, seenAt: newest.recordedAt, seenId: newest.id };
    const removed = this.trim('local');
    this.changed();
    await this.store([], removed, true);
  }

  /** The newest entry the person has seen (markSeen), if any. */
  private seenMark(): Pick<JournalEntry, 'recordedAt' | 'id'> | undefined {
    const { seenAt, seenId } = this.droppedCounts;
    return seenAt === undefined ? undefined : { recordedAt: seenAt, id: seenId ?? '' };
  }

  /** Drops the oldest entries of an origin beyond the bounds (retention.ts); returns their ids. */
  private trim(origin: JournalEntry['origin']): string[] {
    const drop = entriesToDrop(this.list, origin, this.limits, this.seenMark());
    if (drop.size === 0) return [];
    this.list = this.list.filter((entry) => !drop.has(entry.id));
    this.droppedCounts = {
      ...this.droppedCounts,
      [origin]: this.droppedCounts[origin] + drop.size,
    };
    return [...drop];
  }

  private async store(put: JournalEntry[], removed: string[], saveCounts = false): Promise<void> {
    const persistence = this.options.persistence;
    if (!persistence) return;
    const dropped = this.dropped();
    const task = this.persistChain.then(async () => {
      // Entries an earlier save could not store are tried again with this one.
      const ids = new Set(put.map((entry) => entry.id));
      const retry = this.list.filter((entry) => this.unstored.has(entry.id) && !ids.has(entry.id));
      const all = [...put, ...retry];
      try {
        if (all.length > 0) await persistence.put(all);
        for (const entry of all) this.unstored.delete(entry.id);
        if (removed.length > 0) await persistence.remove(removed);
        if (removed.length > 0 || saveCounts) await persistence.saveDropped(dropped);
        if (this.unstored.size === 0 && this.storageProblem?.startsWith(SAVE_PROBLEM)) {
          this.storageProblem = undefined;
          this.changed();
        }
        for (const listener of this.storedListeners) listener(all.map((entry) => entry.id));
      } catch (error) {
        // The entry stays in this tab's list: nothing is hidden because storage failed.
        for (const entry of put) this.unstored.add(entry.id);
        this.storageProblem = `${SAVE_PROBLEM} to browser storage (${errorText(error)}); its newest entries are shown here until the page closes.`;
        this.changed();
      }
    });
    this.persistChain = task;
    await task;
  }

  private changed(): void {
    for (const listener of this.changeListeners) {
      try {
        listener();
      } catch {
        // ignore
      }
    }
  }
}
