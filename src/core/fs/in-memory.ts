// A filesystem held in memory, with the app's layout (/memories/ routed to a store of its own):
// the arena's (thrown away after the run, so a replay never touches the user's workspace), the
// benchmarks' and the tests'.

import { CompositeFs } from './composite';
import { InMemoryFileStore } from './memory-store';
import type { VirtualFs } from './types';

export function createInMemoryFs(): VirtualFs {
  return new CompositeFs({
    default: new InMemoryFileStore(),
    routes: { '/memories/': new InMemoryFileStore() },
  });
}

/** An in-memory filesystem holding these files. */
export async function memoryFs(files: Record<string, string> = {}): Promise<VirtualFs> {
  const fs = createInMemoryFs();
  for (const [path, content] of Object.entries(files)) await fs.write(path, content);
  return fs;
}
