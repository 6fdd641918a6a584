import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importSessionFile } from './session-import';
import { IdbThreadStore } from './idb-threads';
import { importInWorker, type SessionImportResponse } from '../workers/session-import.worker';
import { fixture } from '../../tests/fixtures/sessions/read';
import { importedSessionSlot } from '../core/sessions/to-thread';

const file = (text: string, name: string) => Object.assign(new Blob([text]), { name });

let dbCounter = 0;
/** A fresh IndexedDB thread store (fake-indexeddb), as the page's and as the worker's prefix. */
function fresh() {
  const db = `mp-session-import-test-${++dbCounter}`;
  return { store: new IdbThreadStore(db), db };
}

describe('importSessionFile', () => {
  it('reads a session into a thread and its report, with progress (on the page where no worker starts)', async () => {
    const seen: string[] = [];
    const threads = fresh();
    const { summary, report } = await importSessionFile(
      file(fixture('codex-rollout.jsonl'), 'rollout.jsonl'),
      { workspace: 'default', threads, onProgress: (p) => seen.push(p.stage) },
    );
    const thread = (await threads.store.get(summary.id))!;
    expect(thread.messages[0]!.content).toMatch(/^Imported from Codex CLI · 2026-10-05/);
    expect(report.messages).toBe(11);
    expect(importedSessionSlot.read(thread.state)?.compactions).toHaveLength(1);
    expect(seen[0]).toBe('reading');
    expect(seen).toContain('parsing');
  });

  it('a worker that fails to start: the import runs on the page', async () => {
    const { report } = await importSessionFile(file(fixture('anthropic-messages.json'), 'a.json'), {
      workspace: 'default',
      threads: fresh(),
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    expect(report.source).toBe('anthropic');
  });

  it('refuses a file over 100 MB with its size, without reading it', async () => {
    const huge = {
      size: 101 * 1024 * 1024,
      name: 'big.jsonl',
      text: () => Promise.reject(new Error('read')),
    };
    await expect(
      importSessionFile(huge as unknown as Blob, { workspace: 'default', threads: fresh() }),
    ).rejects.toThrow(
      'big.jsonl is 101.0 MB: sessions of at most 100 MB can be imported. Nothing was changed.',
    );
  });

  it('a file in no known format: the reason, nothing else', async () => {
    await expect(
      importSessionFile(file('just some notes', 'notes.txt'), {
        workspace: 'default',
        threads: fresh(),
      }),
    ).rejects.toThrow(/notes\.txt is not JSON or JSONL/);
  });

  it('the worker saves the thread to the IndexedDB store itself and answers with its summary only', async () => {
    const { store, db } = fresh();
    const answers: SessionImportResponse[] = [];
    // No store given: the worker's own IdbThreadStore on the prefix it is sent.
    await importInWorker(
      {
        id: 7,
        file: file(fixture('claude-code-compaction.jsonl'), 'cc.jsonl'),
        fileName: 'cc.jsonl',
        workspace: 'default',
        threadsDb: db,
      },
      (answer) => answers.push(answer),
    );
    const done = answers.at(-1)!;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(Object.keys(done).sort()).toEqual(['id', 'report', 'summary', 'type']);
    expect(done.report.messages).toBe(10);
    // The page's store (another store on the same database) lists it and reads it whole.
    const listed = await store.list();
    expect(listed.map((s) => s.id)).toEqual([done.summary.id]);
    const thread = (await store.get(done.summary.id))!;
    // The 10 messages after the "Imported from" one.
    expect(thread.messages).toHaveLength(11);
    expect(listed[0]!.messageCount).toBe(11);
    expect(thread.title).toBe(done.summary.title);
    expect(thread.calls?.length ?? 0).toBeGreaterThan(0);
    expect(importedSessionSlot.read(thread.state)?.compactions).toHaveLength(1);
  });

  it('a file the worker cannot read: the reason, and nothing saved', async () => {
    const { store, db } = fresh();
    const answers: SessionImportResponse[] = [];
    await importInWorker(
      {
        id: 8,
        file: file('just notes', 'n.txt'),
        fileName: 'n.txt',
        workspace: 'default',
        threadsDb: db,
      },
      (answer) => answers.push(answer),
    );
    expect(answers.at(-1)).toMatchObject({ type: 'error', error: /n\.txt is not JSON or JSONL/ });
    expect(await store.list()).toEqual([]);
  });

  it('cancelled: the worker is ended and the import says so', async () => {
    let terminated = false;
    const silent = Object.assign(new EventTarget(), {
      postMessage: () => undefined,
      terminate: () => {
        terminated = true;
      },
    });
    const cancel = new AbortController();
    const result = importSessionFile(file(fixture('anthropic-messages.json'), 'a.json'), {
      workspace: 'default',
      threads: fresh(),
      signal: cancel.signal,
      createWorker: () => silent as unknown as Worker,
    });
    cancel.abort();
    await expect(result).rejects.toThrow('The import of a.json was cancelled.');
    expect(terminated).toBe(true);
  });
});
