// The filesystem side: a FileStore that journals every write of a memory path, and the app's
// layout (/memories/ and the workspace) with both stores journaled.

import { CompositeFs } from '../composite';
import { normalisePath } from '../paths';
import type { FileRecord, FileStore, FileVersion, WriteAuthor, WriteOptions } from '../types';
import type { MemoryJournal } from './memory-journal';
import { isMemoryPath, MEMORIES_DIR } from './memory-paths';
import type { RecordInput } from './types';

/** What the IndexedDB stores add for bundle import and export (optional in every store). */
export interface BulkStoreMethods {
  snapshot?(paths: readonly string[]): Promise<unknown[]>;
  restore?(path: string, snapshot: unknown): Promise<void>;
  writeMany?(
    writes: readonly { path: string; content: string | null; expectedVersion: number | null }[],
  ): Promise<void>;
  readAll?(): Promise<FileRecord[]>;
}

export interface JournaledStoreOptions {
  journal: MemoryJournal;
  /** Where the store is mounted: '/memories' for the user-level store, '/' for a workspace. */
  mount: string;
  /** The author when a write names none. */
  author?: WriteAuthor;
  /**
   * Paths journaled as memory besides the journal's own (an import writes the AGENTS.md sources
   * its settings name before those settings apply).
   */
  alsoMemory?: readonly string[];
}

/**
 * A FileStore that records every successful write and delete of a memory path in the journal. The
 * composite filesystem routes to these, and a bundle import writes through them, so the record is
 * made where the file changes, whichever channel asked.
 */
export class JournaledStore implements FileStore, BulkStoreMethods {
  readonly snapshot?: BulkStoreMethods['snapshot'];
  readonly restore?: BulkStoreMethods['restore'];
  readonly writeMany?: BulkStoreMethods['writeMany'];
  readonly readAll?: BulkStoreMethods['readAll'];
  private readonly journal: MemoryJournal;
  private readonly mount: string;

  constructor(
    private readonly inner: FileStore & BulkStoreMethods,
    private readonly options: JournaledStoreOptions,
  ) {
    this.journal = options.journal;
    const mount = normalisePath(options.mount);
    this.mount = mount === '/' ? '' : mount;
    if (inner.snapshot) this.snapshot = (paths) => inner.snapshot!(paths);
    if (inner.readAll) this.readAll = () => inner.readAll!();
    if (inner.restore) this.restore = (path, snapshot) => this.restoreJournaled(path, snapshot);
    if (inner.writeMany) this.writeMany = (writes) => this.writeManyJournaled(writes);
  }

  /** The same store, writing as `author` when a write names none. */
  withAuthor(author: WriteAuthor): JournaledStore {
    return new JournaledStore(this.inner, { ...this.options, author });
  }

  read(path: string) {
    return this.inner.read(path);
  }

  list() {
    return this.inner.list();
  }

  history(path: string) {
    return this.inner.history(path);
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.write(path, content, options);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      const record = await this.inner.write(path, content, options);
      await this.journal.record({
        path: full,
        op: 'write',
        author: this.authorOf(options),
        before: await this.priorOf(path, before, record.version),
        after: { version: record.version, content },
      });
      return record;
    } finally {
      end();
    }
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.delete(path, options);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      await this.inner.delete(path, options);
      if (!before) return; // nothing was there: nothing changed
      await this.journal.record({
        path: full,
        op: 'delete',
        author: this.authorOf(options),
        before: { version: before.version, content: before.content },
        after: null,
      });
    } finally {
      end();
    }
  }

  private full(path: string): string {
    return this.mount + path;
  }

  private isMemory(full: string): boolean {
    return (
      this.journal.isMemoryPath(full) ||
      (this.options.alsoMemory !== undefined && isMemoryPath(full, this.options.alsoMemory))
    );
  }

  private authorOf(options?: WriteOptions): WriteAuthor {
    return options?.author ?? this.options.author ?? { kind: 'unknown' };
  }

  /**
   * The file as it was just before `version`: what was read before writing when nothing came in
   * between, else the version before it from the file's history.
   */
  private async priorOf(
    path: string,
    read: FileRecord | undefined,
    version: number,
  ): Promise<RecordInput['before']> {
    if (read && read.version === version - 1)
      return { version: read.version, content: read.content };
    if (!read && version === 1) return null;
    const versions: FileVersion[] = await this.inner.history(path).catch(() => []);
    const prior = versions.find((v) => v.version === version - 1);
    if (prior) return { version: prior.version, content: prior.content };
    return version > 1 ? { version: version - 1 } : null;
  }

  private async writeManyJournaled(
    writes: readonly { path: string; content: string | null; expectedVersion: number | null }[],
  ): Promise<void> {
    const memory = writes.filter((w) => this.isMemory(this.full(w.path)));
    if (memory.length === 0) return this.inner.writeMany!(writes);
    const end = this.journal.begin();
    try {
      const before = await Promise.all(memory.map((w) => this.inner.read(w.path)));
      await this.inner.writeMany!(writes);
      for (const [i, w] of memory.entries()) {
        const was = before[i];
        if (w.content === null) {
          if (!was) continue;
          await this.journal.record({
            path: this.full(w.path),
            op: 'delete',
            author: this.authorOf(),
            before: { version: was.version, content: was.content },
            after: null,
          });
          continue;
        }
        const now = await this.inner.read(w.path);
        if (!now) continue;
        await this.journal.record({
          path: this.full(w.path),
          op: 'write',
          author: this.authorOf(),
          before: await this.priorOf(w.path, was, now.version),
          after: { version: now.version, content: now.content },
        });
      }
    } finally {
      end();
    }
  }

  /** Puts a snapshot back (an import's rollback): journaled when the file changes. */
  private async restoreJournaled(path: string, snapshot: unknown): Promise<void> {
    const full = this.full(path);
    if (!this.isMemory(full)) return this.inner.restore!(path, snapshot);
    const end = this.journal.begin();
    try {
      const before = await this.inner.read(path);
      await this.inner.restore!(path, snapshot);
      const after = await this.inner.read(path);
      if (before?.version === after?.version && before?.content === after?.content) return;
      const author = this.authorOf();
      await this.journal.record({
        path: full,
        op: after ? 'write' : 'delete',
        author: author.kind === 'import' ? { ...author, rollback: true } : author,
        // The snapshot may take the version back: what was there just before is exact here.
        before: before ? { version: before.version, content: before.content } : null,
        after: after ? { version: after.version, content: after.content } : null,
      });
    } finally {
      end();
    }
  }
}

/**
 * The app's filesystem layout (Deep Agents' CompositeBackend: /memories/ is the user-level store,
 * the rest the workspace) with both stores journaled.
 */
export function journaledFs(
  journal: MemoryJournal,
  stores: { user: FileStore & BulkStoreMethods; workspace: FileStore & BulkStoreMethods },
): CompositeFs {
  return new CompositeFs({
    default: new JournaledStore(stores.workspace, { journal, mount: '/' }),
    routes: {
      [`${MEMORIES_DIR}/`]: new JournaledStore(stores.user, { journal, mount: MEMORIES_DIR }),
    },
  });
}
