// Where export and import read and write: the app's stores, made restorable, and for an import
// journaled as that import. The store owns one (built on first use, once the services exist).

import type { ParsedBundle } from '../../core/bundle/import';
import type { BundleTarget } from '../../core/bundle/types';
import { RestorableIdbFileStore, kvSettingsAccess } from '../../adapters/idb-bundle';
import { JournaledStore, MEMORIES_DIR, type MemoryJournal } from '../../core/fs/journal';
import { getServices, WORKSPACE } from '../services';

export type AppBundleTarget = BundleTarget & {
  userStore: RestorableIdbFileStore;
  workspaceStore: RestorableIdbFileStore;
  journal: MemoryJournal;
};

export interface BundleTargets {
  /** The app's stores (built on the first call, then the same). */
  base(): AppBundleTarget;
  /**
   * The target an import writes through: the same stores, journaled as this import (its memory
   * writes, and a rollback's, are entries of the memory journal like any other write). The AGENTS.md
   * sources the bundle's settings name count as memory already.
   */
  forImport(fileName: string, bundle: ParsedBundle): BundleTarget;
}

export function createBundleTargets(): BundleTargets {
  let target: AppBundleTarget | undefined;
  const base = (): AppBundleTarget => {
    if (!target) {
      const s = getServices();
      target = {
        workspace: WORKSPACE,
        userStore: new RestorableIdbFileStore(s.userStore),
        workspaceStore: new RestorableIdbFileStore(s.workspaceStore),
        threads: s.threads,
        settings: kvSettingsAccess(s.kv),
        journal: s.journal,
      };
    }
    return target;
  };
  return {
    base,
    forImport(fileName, bundle) {
      const b = base();
      const author = { kind: 'import' as const, bundle: fileName };
      const alsoMemory = bundle.settings?.memorySources ?? [];
      return {
        ...b,
        userStore: new JournaledStore(b.userStore, {
          journal: b.journal,
          mount: MEMORIES_DIR,
          author,
          alsoMemory,
        }),
        workspaceStore: new JournaledStore(b.workspaceStore, {
          journal: b.journal,
          mount: '/',
          author,
          alsoMemory,
        }),
      };
    },
  };
}
