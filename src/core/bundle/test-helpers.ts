// In-memory stand-ins for bundle tests: a thread store, a settings record, stores that fail on
// demand (quota errors midway), and a sample memory with threads and metrics.

import { summarize, type Thread, type ThreadStore, type ThreadSummary } from '../agent/thread';
import {
  applyWrite,
  assertExpectedVersion,
  compareStrings,
  currentVersion,
  notFound,
  toInfo,
  toRecord,
  type StoredFile,
} from '../fs/memory-store';
import { FsError, type FileRecord, type FileStore, type WriteOptions } from '../fs/types';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import type {
  BundleSource,
  BundleTarget,
  FileWrite,
  RestorableFileStore,
  SettingsAccess,
} from './types';

/**
 * An in-memory store with exact snapshot/restore, built from the same rules as the real stores
 * (what the IndexedDB adapter does with its raw records).
 */
export class RestorableMemoryStore implements RestorableFileStore {
  readonly files = new Map<string, StoredFile>();
  writeMany?: (writes: readonly FileWrite[]) => Promise<void>;
  constructor(
    private readonly now: () => number = Date.now,
    /** Whether to offer writeMany (one all-or-nothing batch, like one IndexedDB transaction). */
    batch = true,
  ) {
    if (batch) {
      this.writeMany = async (writes) => {
        // Compute every next state first: a failing check leaves the store untouched.
        const next = new Map(this.files);
        for (const w of writes) {
          const previous = next.get(w.path);
          if (w.content === null) {
            assertExpectedVersion(
              w.path,
              previous ? currentVersion(previous).version : undefined,
              w.expectedVersion,
              'delete',
            );
            if (!previous) throw notFound(w.path);
            next.delete(w.path);
          } else {
            next.set(
              w.path,
              applyWrite(
                previous,
                w.path,
                w.content,
                { expectedVersion: w.expectedVersion },
                this.now(),
              ),
            );
          }
        }
        this.files.clear();
        for (const [path, file] of next) this.files.set(path, file);
      };
    }
  }
  async read(path: string) {
    const file = this.files.get(path);
    return file ? toRecord(file) : undefined;
  }
  async write(path: string, content: string, options?: WriteOptions) {
    const next = applyWrite(this.files.get(path), path, content, options, this.now());
    this.files.set(path, next);
    return toRecord(next);
  }
  async delete(path: string, options?: WriteOptions) {
    const file = this.files.get(path);
    assertExpectedVersion(
      path,
      file ? currentVersion(file).version : undefined,
      options?.expectedVersion,
      'delete',
    );
    if (!file) {
      if (options?.expectedVersion === null) return;
      throw notFound(path);
    }
    this.files.delete(path);
  }
  async list() {
    return [...this.files.values()].map(toInfo).sort((a, b) => compareStrings(a.path, b.path));
  }
  async history(path: string) {
    return (this.files.get(path)?.versions ?? []).map((v) => ({ ...v }));
  }
  async snapshot(paths: readonly string[]) {
    return paths.map((path) => {
      const file = this.files.get(path);
      return file ? structuredClone(file) : undefined;
    });
  }
  async restore(path: string, snapshot: unknown) {
    if (snapshot === undefined) this.files.delete(path);
    else this.files.set(path, structuredClone(snapshot as StoredFile));
  }
}

export class MemoryThreadStore implements ThreadStore {
  readonly threads = new Map<string, Thread>();
  async list(): Promise<ThreadSummary[]> {
    return [...this.threads.values()].map(summarize).sort((a, b) => b.updatedAt - a.updatedAt);
  }
  async get(id: string) {
    const thread = this.threads.get(id);
    return thread ? structuredClone(thread) : undefined;
  }
  async put(thread: Thread) {
    this.threads.set(thread.id, structuredClone(thread));
  }
  async delete(id: string) {
    this.threads.delete(id);
  }
}

export class MemorySettings implements SettingsAccess {
  constructor(public value: unknown = undefined) {}
  async get() {
    return this.value === undefined ? undefined : structuredClone(this.value);
  }
  async set(value: unknown) {
    this.value = value === undefined ? undefined : structuredClone(value);
  }
}

export interface Fixture {
  user: RestorableMemoryStore;
  workspace: RestorableMemoryStore;
  threads: MemoryThreadStore;
  settings: MemorySettings;
  source: BundleSource;
  target: BundleTarget;
}

export function fixture(
  options: {
    workspace?: string;
    now?: () => number;
    user?: RestorableFileStore;
    workspaceStore?: RestorableFileStore;
    threads?: ThreadStore;
    settings?: SettingsAccess;
  } = {},
): Fixture {
  const user = new RestorableMemoryStore(options.now);
  const workspace = new RestorableMemoryStore(options.now);
  const threads = new MemoryThreadStore();
  const settings = new MemorySettings();
  const name = options.workspace ?? 'default';
  const parts = {
    workspace: name,
    userStore: options.user ?? user,
    workspaceStore: options.workspaceStore ?? workspace,
    threads: options.threads ?? threads,
    settings: options.settings ?? settings,
  };
  return { user, workspace, threads, settings, source: parts, target: parts };
}

/** Wraps a store; every write or delete after the first `okOps` throws a quota error. */
export class FailingStore implements RestorableFileStore {
  ops = 0;
  /** Set to make the rollback fail too. */
  failRestore = false;
  /** Fail only the one operation after `okOps` (space frees up again afterwards). */
  once = false;
  snapshot?: (paths: readonly string[]) => Promise<unknown[]>;
  writeMany?: (writes: readonly FileWrite[]) => Promise<void>;
  restore?: (path: string, snapshot: unknown) => Promise<void>;
  constructor(
    readonly inner: FileStore,
    public okOps: number,
    private readonly error: () => Error = () =>
      new FsError('quota-exceeded', 'Storage is full: the browser refused to save more data.'),
  ) {
    const restorable = inner as RestorableFileStore;
    if (restorable.writeMany) {
      this.writeMany = async (writes) => {
        // All or nothing, like a transaction: fail before writing if any op would fail.
        const first = this.ops;
        this.ops += writes.length;
        const fails = this.once
          ? first <= this.okOps && this.okOps < first + writes.length
          : first + writes.length > this.okOps;
        if (fails) throw this.error();
        return restorable.writeMany!(writes);
      };
    }
    if (restorable.snapshot && restorable.restore) {
      this.snapshot = (paths) => restorable.snapshot!(paths);
      this.restore = async (path, snapshot) => {
        if (this.failRestore) throw this.error();
        return restorable.restore!(path, snapshot);
      };
    }
  }
  private maybeFail() {
    const n = this.ops++;
    if (this.once ? n === this.okOps : n >= this.okOps) throw this.error();
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
    this.maybeFail();
    return this.inner.write(path, content, options);
  }
  async delete(path: string, options?: WriteOptions) {
    this.maybeFail();
    return this.inner.delete(path, options);
  }
}

export function sampleThread(id: string, overrides: Partial<Thread> = {}): Thread {
  const t = 1_700_000_000_000;
  return {
    id,
    title: `Thread ${id}`,
    workspace: 'default',
    createdAt: t,
    updatedAt: t + 5_000,
    messages: [
      {
        role: 'user',
        id: `${id}-m1`,
        content: 'remember that I prefer tabs over spaces',
        createdAt: t,
      },
      {
        role: 'assistant',
        id: `${id}-m2`,
        content: '',
        toolCalls: [
          { id: 'call_1', name: 'edit_file', arguments: '{"file_path":"/memories/AGENTS.md"}' },
        ],
        createdAt: t + 1_000,
        usage: { inputTokens: 1200, outputTokens: 40 },
      },
      {
        role: 'tool',
        id: `${id}-m3`,
        toolCallId: 'call_1',
        toolName: 'edit_file',
        content: 'Edited /memories/AGENTS.md, "quoted", and, commas\nsecond line',
        createdAt: t + 2_000,
      },
      {
        role: 'notice',
        id: `${id}-m4`,
        kind: 'info',
        content: 'Memory loaded',
        createdAt: t + 2_500,
      },
      { role: 'assistant', id: `${id}-m5`, content: 'Noted: tabs 🙂', createdAt: t + 3_000 },
    ],
    state: { agentsMd: { loaded: ['/memories/AGENTS.md'], stale: [] } },
    calls: [
      {
        callId: `${id}-c1`,
        startedAt: t + 100,
        endedAt: t + 900,
        provider: 'demo',
        model: 'demo',
        contextWindow: 128_000,
        estimate: { system: 300, memory: 50, messages: 20, tools: 400, total: 770 },
        usage: { inputTokens: 1200, outputTokens: 40, cacheReadTokens: 0 },
      },
      {
        callId: `${id}-c2`,
        startedAt: t + 2_100,
        provider: 'demo',
        model: 'demo',
        contextWindow: 128_000,
        triggerTokens: 108_800,
        estimate: {
          system: 300,
          memory: 60,
          facts: 10,
          summary: 0,
          messages: 80,
          toolResults: 30,
          tools: 400,
          total: 880,
        },
        error: '=HYPERLINK("http://evil") failed, "quoted"',
      },
    ],
    memoryEdits: [
      {
        toolCallId: 'call_1',
        path: '/memories/AGENTS.md',
        before: '# Prefs\n',
        after: '# Prefs\n- I prefer tabs over spaces.\n',
        version: 2,
        at: t + 2_000,
      },
    ],
    events: [
      {
        id: 'ev1',
        kind: 'memory-edited',
        at: t + 2_000,
        path: '/memories/AGENTS.md',
        detail: 'edit_file',
      },
    ],
    ...overrides,
  };
}

/** A memory with user files, workspace files, threads and custom settings. */
export async function populate(f: Fixture): Promise<void> {
  await f.user.write('/AGENTS.md', '# Prefs\n- I prefer tabs over spaces.\n');
  await f.user.write(
    '/memory.json',
    JSON.stringify(
      {
        version: '1.0',
        facts: [{ id: 'f1', content: 'Likes tabs', category: 'preference', confidence: 0.9 }],
      },
      null,
      2,
    ),
  );
  await f.workspace.write('/AGENTS.md', '# Project\nweather-cli\n');
  await f.workspace.write('/notes/todo.md', '- one\n- two\n');
  await f.workspace.write('/large_tool_results/call_9', 'x'.repeat(50_000));
  await f.workspace.write('/conversation_history/session_t1.md', '## Summarized at 2024\n');
  await f.workspace.write('/unicode/ünï cødé.md', '\uFEFFBOM kept, 日本語\r\nCRLF kept');
  await f.threads.put(sampleThread('t1'));
  await f.threads.put(sampleThread('t2', { title: 'Second', events: undefined }));
  await f.threads.put(sampleThread('t3', { workspace: 'other', title: 'Elsewhere' }));
  await f.settings.set(customSettings());
}

export function customSettings(): Settings {
  return {
    ...DEFAULT_SETTINGS,
    provider: 'anthropic',
    anthropic: { baseURL: 'http://127.0.0.1:9/', model: 'claude-sonnet-4-5' },
    rememberKey: true,
    compaction: { ...DEFAULT_SETTINGS.compaction, triggerFraction: 0.5 },
  };
}

/** Every file of a store with its content, for comparisons. */
export async function contents(store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const info of await store.list()) out[info.path] = (await store.read(info.path))!.content;
  return out;
}

/** Files with versions, threads and settings: a fingerprint of everything a target holds. */
export async function fingerprint(f: Fixture): Promise<string> {
  const files = async (store: FileStore) =>
    Promise.all(
      (await store.list()).map(async (i) => {
        const r = (await store.read(i.path))!;
        return [r.path, r.content, r.version];
      }),
    );
  return JSON.stringify({
    user: await files(f.target.userStore),
    workspace: await files(f.target.workspaceStore),
    threads: [...f.threads.threads.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    settings: await f.target.settings.get(),
  });
}
