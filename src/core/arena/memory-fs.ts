// The arena's filesystem: in memory, thrown away after the run, so a replay (offloaded tool
// results, history files) never touches the user's workspace.

import { CompositeFs } from '../fs/composite';
import { InMemoryFileStore } from '../fs/memory-store';
import type { VirtualFs } from '../fs/types';

export function createArenaFs(): VirtualFs {
  return new CompositeFs({
    default: new InMemoryFileStore(),
    routes: { '/memories/': new InMemoryFileStore() },
  });
}
