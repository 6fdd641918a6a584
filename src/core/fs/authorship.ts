// Who writes: a view of a filesystem that stamps every write with its author, the thread an author
// belongs to, and the feed of recorded memory writes the agent loop listens to. Part of the
// workspace contract (like types.ts), so the agent loop and middleware use it without depending on
// the memory journal that implements the feed (journal/).

import { FsError, type VirtualFs, type WriteAuthor, type WriteOptions } from './types';

/** The thread a write belongs to, when it happened in (or after) a chat run. */
export function threadOf(author: WriteAuthor): string | undefined {
  return author.kind === 'tool' || author.kind === 'agent' || author.kind === 'fact-updater'
    ? author.threadId
    : undefined;
}

/**
 * The filesystem as seen by one writer: every write and delete that names no author is made as
 * `author` (the outermost view wins, so a tool call's view overrides the app's default).
 */
export function authored(fs: VirtualFs, author: WriteAuthor): VirtualFs {
  const withAuthor = (options?: WriteOptions): WriteOptions =>
    options?.author ? options : { ...options, author };
  return viewOf(fs, {
    write: (path, content, options) => fs.write(path, content, withAuthor(options)),
    delete: (path, options) => fs.delete(path, withAuthor(options)),
  });
}

/**
 * A view of the filesystem whose writes and deletes are refused (FsError 'io', with the reason)
 * once `refusal()` gives a reason; reads are untouched. The agent loop uses it to stop a run.
 */
export function refusingWrites(fs: VirtualFs, refusal: () => string | undefined): VirtualFs {
  const check = (path: string) => {
    const reason = refusal();
    if (reason !== undefined) throw new FsError('io', reason, path);
  };
  return viewOf(fs, {
    write: async (path, content, options) => {
      check(path);
      return fs.write(path, content, options);
    },
    delete: async (path, options) => {
      check(path);
      return fs.delete(path, options);
    },
  });
}

/** A view with its own write and delete; everything else (route prefixes too) from `fs`. */
function viewOf(fs: VirtualFs, own: Pick<VirtualFs, 'write' | 'delete'>): VirtualFs {
  const view: VirtualFs & { routePrefixes?: () => string[] } = {
    read: (path) => fs.read(path),
    write: own.write,
    delete: own.delete,
    list: () => fs.list(),
    history: (path) => fs.history(path),
    listUnder: (dir) => fs.listUnder(dir),
  };
  const routes = (fs as VirtualFs & { routePrefixes?: () => string[] }).routePrefixes;
  if (typeof routes === 'function') view.routePrefixes = () => routes.call(fs);
  return view;
}

/** One recorded write to long-term memory, as much of it as the agent loop reads. */
export interface MemoryWrite {
  entry: {
    id: string;
    origin: 'local' | 'imported';
    path: string;
    op: 'write' | 'delete';
    author: WriteAuthor;
    versionBefore: number | null;
    versionAfter: number | null;
  };
  before: string | null;
  after: string | null;
}

/** This tab's records of memory writes as they happen (the memory journal gives one). */
export interface MemoryWriteFeed {
  subscribe(listener: (write: MemoryWrite) => void): () => void;
}
