// The app's composition root: the concrete storage behind the core's interfaces.
// Tests in the browser use the same real IndexedDB.

import { IdbFileStore } from '../adapters/idb-store';
import { IdbJournalStore } from '../adapters/idb-journal';
import { authored, journaledFs, MemoryJournal } from '../core/fs/journal';
import { DEFAULT_MEMORY_SOURCES } from '../core/memory/agents-md';
import { describeMemoryChange } from '../core/memory/facts/changes';
import { IdbKeyValue, IdbThreadStore } from '../adapters/idb-threads';
import type { VirtualFs } from '../core/fs/types';
import type { ThreadStore } from '../core/thread/thread';
import { SAMPLE_FILES } from '../core/sample-workspace';

export const WORKSPACE = 'default';
/** The IndexedDB thread store's prefix (the session import's worker saves there too). */
export const THREADS_DB = 'mp';

export interface Services {
  /** The filesystem; every write to long-term memory through it is journaled. */
  fs: VirtualFs;
  /** The memory journal (shared by every thread and tab; kept in IndexedDB). */
  journal: MemoryJournal;
  threads: ThreadStore;
  kv: IdbKeyValue;
  /** The stores behind fs (user level at /memories/, and the workspace), for the memory bundle. */
  userStore: IdbFileStore;
  workspaceStore: IdbFileStore;
}

// The app's one instance of its storage, made on first use, and (below) the settings' wire into
// it. By design the only module variables in src/state (issue 31; module-state.test.ts): the
// composition root; every store reaches storage through getServices().
let services: Services | undefined;

/** The configured AGENTS.md sources (the settings store registers itself: no import circle). */
let memorySources: () => readonly string[] = () => DEFAULT_MEMORY_SOURCES;
export function setMemorySourcesProvider(provider: () => readonly string[]): void {
  memorySources = provider;
}

export function getServices(): Services {
  if (!services) {
    const userStore = new IdbFileStore('mp-fs-user');
    const workspaceStore = new IdbFileStore(`mp-fs-ws-${WORKSPACE}`);
    const journal = new MemoryJournal({
      memorySources: () => memorySources(),
      persistence: new IdbJournalStore('mp-journal'),
      describe: describeMemoryChange,
    });
    services = {
      fs: journaledFs(journal, { user: userStore, workspace: workspaceStore }),
      journal,
      userStore,
      workspaceStore,
      threads: new IdbThreadStore(THREADS_DB),
      kv: new IdbKeyValue('mp-app'),
    };
  }
  return services;
}

/** Writes the sample workspace once, on the very first start (never over the user's files). */
export async function seedSampleWorkspace(fs: VirtualFs, kv: IdbKeyValue): Promise<boolean> {
  if (await kv.get<boolean>('seeded')) return false;
  const existing = await fs.listUnder('/');
  if (existing.length === 0) {
    const app = authored(fs, { kind: 'app', reason: 'sample workspace' });
    for (const file of SAMPLE_FILES) {
      await app.write(file.path, file.content, { expectedVersion: null }).catch(() => undefined);
    }
  }
  await kv.set('seeded', true);
  return existing.length === 0;
}
