// The records a thread is kept in, in the threads object store (idb-threads.ts says why):
//   <id>                  the header: the thread less its chunked lists, and how many chunks each has
//                         (or, written before chunks, the whole thread as one record)
//   <id>\0<field>:<n>     chunk n of a list (messages, calls, events, memory edits)
//   <id>\0rev             the revision: a new one with every save
//   \1index\0<id>         the thread's summary, for the list; written in the same transaction as
//                         the thread, so a saved thread is a listed thread
// Thread ids never contain \0 or start with \1.

import { promisifyRequest } from 'idb-keyval';
import { summarize, type Thread, type ThreadSummary } from '../core/thread/thread';

/** Elements per chunk record. */
export const CHUNK = 250;

/** The thread's fields kept in chunks. */
const CHUNKED = ['messages', 'calls', 'events', 'memoryEdits'] as const;
type ChunkedField = (typeof CHUNKED)[number];

/** The header record: the thread less its chunked lists, and how many chunks each has. */
export type Header = Omit<Thread, ChunkedField> & {
  chunks: Partial<Record<ChunkedField, number>>;
};

export const chunkKey = (id: string, field: ChunkedField, index: number) =>
  `${id}\u0000${field}:${index}`;
export const revKey = (id: string) => `${id}\u0000rev`;
/** Every record of a thread but its header and its summary: its chunks and its revision. */
export const ownRecords = (id: string) =>
  IDBKeyRange.bound(`${id}\u0000`, `${id}\u0001`, false, true);

const INDEX = '\u0001index\u0000';
export const indexKey = (id: string) => `${INDEX}${id}`;
/** Every summary record. */
export const indexRecords = () => IDBKeyRange.bound(INDEX, '\u0001index\u0001', false, true);

/** The chunks of a thread's lists, by record key, and its header. */
export function split(thread: Thread): {
  header: Header;
  chunks: Map<string, readonly unknown[]>;
} {
  const rest: Record<string, unknown> = { ...thread };
  const counts: Header['chunks'] = {};
  const chunks = new Map<string, readonly unknown[]>();
  for (const field of CHUNKED) {
    const list = thread[field] as readonly unknown[] | undefined;
    delete rest[field];
    if (!list) continue;
    counts[field] = Math.ceil(list.length / CHUNK);
    for (let i = 0; i * CHUNK < list.length; i++)
      chunks.set(chunkKey(thread.id, field, i), list.slice(i * CHUNK, (i + 1) * CHUNK));
  }
  return { header: { ...(rest as Omit<Thread, ChunkedField>), chunks: counts }, chunks };
}

function isHeader(record: Thread | Header): record is Header {
  return 'chunks' in record && !Array.isArray((record as Partial<Thread>).messages);
}

/** A thread as read: its revision, and its chunks (none for a thread stored as one record). */
export interface ReadThread {
  thread: Thread;
  rev: string | undefined;
  chunks: Map<string, readonly unknown[]> | undefined;
}

/**
 * Reads a thread's records in `store`'s transaction (a thread's records share its key prefix).
 * Its chunks are read one request each, not in one `getAll`: the browser answers each request
 * in a task of its own, so no one task deserializes a whole long thread (issue 32). The requests
 * share one transaction, so they read one revision of the thread.
 */
export async function readThread(
  store: IDBObjectStore,
  id: string,
): Promise<ReadThread | undefined> {
  const [record, stored] = await Promise.all([
    promisifyRequest(store.get(id) as IDBRequest<Thread | Header | undefined>),
    promisifyRequest(store.get(revKey(id)) as IDBRequest<unknown>),
  ]);
  if (!record) return undefined;
  const rev = typeof stored === 'string' ? stored : undefined;
  // A thread saved as one record (before chunks) is read as it is.
  if (!isHeader(record)) return { thread: record, rev, chunks: undefined };
  const { chunks: counts, ...rest } = record;
  const thread = { ...rest } as Thread;
  const chunks = new Map<string, readonly unknown[]>();
  const fields = CHUNKED.filter((field) => counts[field] !== undefined);
  const read = await Promise.all(
    fields.map(async (field) => {
      const count = counts[field] ?? 0;
      const keys = Array.from({ length: count }, (_, i) => chunkKey(id, field, i));
      const values = await Promise.all(
        keys.map((key) => promisifyRequest(store.get(key) as IDBRequest<unknown>)),
      );
      return { field, values };
    }),
  );
  for (const { field, values } of read) {
    const list: unknown[] = [];
    values.forEach((chunk, i) => {
      if (!Array.isArray(chunk)) return;
      chunks.set(chunkKey(id, field, i), chunk);
      for (const element of chunk) list.push(element);
    });
    (thread as unknown as Record<string, unknown>)[field] = list;
  }
  return { thread, rev, chunks };
}

/**
 * The summary of a stored thread, from its header and its last chunk of messages (for threads
 * that have no summary record: stored by a version that kept the list in another database).
 */
async function summaryOf(store: IDBObjectStore, id: string): Promise<ThreadSummary | undefined> {
  const record = await promisifyRequest(store.get(id) as IDBRequest<Thread | Header | undefined>);
  if (!record) return undefined;
  if (!isHeader(record)) return summarize(record);
  const count = record.chunks.messages ?? 0;
  const last =
    count > 0
      ? await promisifyRequest(
          store.get(chunkKey(id, 'messages', count - 1)) as IDBRequest<unknown>,
        )
      : [];
  const lastLength = Array.isArray(last) ? last.length : 0;
  const { title, workspace, createdAt, updatedAt } = record;
  const messageCount = Math.max(0, count - 1) * CHUNK + lastLength;
  return { id, title, workspace, createdAt, updatedAt, messageCount };
}

/**
 * Makes the summaries agree with the threads stored, in `store`'s (readwrite) transaction: a
 * summary for each thread that has none, none for a thread that is gone. The summaries it writes
 * are also put in `found` (the caller lists them even if the transaction then fails).
 */
export async function repairIndex(store: IDBObjectStore, found: ThreadSummary[]): Promise<void> {
  const keys = (await promisifyRequest(store.getAllKeys())).map(String);
  const threads = new Set(
    keys.filter((key) => !key.includes('\u0000') && !key.startsWith('\u0001')),
  );
  const listed = new Set(
    keys.filter((key) => key.startsWith(INDEX)).map((key) => key.slice(INDEX.length)),
  );
  for (const id of listed) if (!threads.has(id)) store.delete(indexKey(id));
  const missing = [...threads].filter((id) => !listed.has(id));
  for (const summary of await Promise.all(missing.map((id) => summaryOf(store, id)))) {
    if (!summary) continue;
    found.push(summary);
    store.put(summary, indexKey(summary.id));
  }
}
