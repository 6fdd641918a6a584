// The app's composition root: the concrete storage behind the core's interfaces.
// Tests in the browser use the same real IndexedDB.

import { CompositeFs } from '../core/fs/composite';
import { IdbFileStore } from '../adapters/idb-store';
import { IdbKeyValue, IdbThreadStore } from '../adapters/idb-threads';
import type { VirtualFs } from '../core/fs/types';
import type { ThreadStore } from '../core/agent/thread';
import { SAMPLE_FILES } from '../core/sample-workspace';

export const WORKSPACE = 'default';

export interface Services {
  fs: VirtualFs;
  threads: ThreadStore;
  kv: IdbKeyValue;
  /** The stores behind fs (user level at /memories/, and the workspace), for the memory bundle. */
  userStore: IdbFileStore;
  workspaceStore: IdbFileStore;
}

let services: Services | undefined;

export function getServices(): Services {
  if (!services) {
    const userStore = new IdbFileStore('mp-fs-user');
    const workspaceStore = new IdbFileStore(`mp-fs-ws-${WORKSPACE}`);
    services = {
      fs: new CompositeFs({ default: workspaceStore, routes: { '/memories/': userStore } }),
      userStore,
      workspaceStore,
      threads: new IdbThreadStore('mp'),
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
    for (const file of SAMPLE_FILES) {
      await fs.write(file.path, file.content, { expectedVersion: null }).catch(() => undefined);
    }
  }
  await kv.set('seeded', true);
  return existing.length === 0;
}
