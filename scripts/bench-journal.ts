// What the memory journal costs a write: the same edits of a memory file through the composite
// filesystem with and without journaled stores (in-memory stores, no persistence: the journal's
// own work: a read of the file before, two SHA-256 hashes, the bounded diff, the entry). Prints the
// median time per write for a few file sizes. Asserts nothing.
//
//   node scripts/run-ts.mjs scripts/bench-journal.ts

import { CompositeFs } from '../src/core/fs/composite';
import { journaledFs, MemoryJournal } from '../src/core/fs/journal';
import { InMemoryFileStore } from '../src/core/fs/memory-store';
import type { VirtualFs } from '../src/core/fs/types';
import { DEFAULT_MEMORY_SOURCES } from '../src/core/memory/agents-md';

const WRITES = 300;
const ROUNDS = 7;

function plain(): VirtualFs {
  return new CompositeFs({
    default: new InMemoryFileStore(),
    routes: { '/memories/': new InMemoryFileStore() },
  });
}

function journaled(): VirtualFs {
  // Entries beyond the bound are dropped as they would be in the app.
  const journal = new MemoryJournal({ memorySources: () => DEFAULT_MEMORY_SOURCES });
  return journaledFs(journal, {
    user: new InMemoryFileStore(),
    workspace: new InMemoryFileStore(),
  });
}

/** A memory file of about `bytes`, one line changed per write (as an agent's edit would). */
function texts(bytes: number): string[] {
  const lines = Array.from({ length: Math.max(1, Math.round(bytes / 40)) }, (_, i) =>
    `- preference number ${i} of the person, kept`.slice(0, 39),
  );
  return Array.from({ length: WRITES }, (_, w) => {
    const copy = [...lines];
    copy[w % copy.length] = `- changed by write ${w}`;
    return copy.join('\n');
  });
}

async function timePerWrite(make: () => VirtualFs, contents: string[]): Promise<number> {
  const fs = make();
  const start = performance.now();
  for (const content of contents) await fs.write('/memories/AGENTS.md', content);
  return (performance.now() - start) / contents.length;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const bytes of [2_000, 20_000, 200_000]) {
  const contents = texts(bytes);
  const without: number[] = [];
  const withJournal: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    without.push(await timePerWrite(plain, contents));
    withJournal.push(await timePerWrite(journaled, contents));
  }
  const a = median(without);
  const b = median(withJournal);
  console.log(
    `memory file of ${bytes.toLocaleString('en-US')} bytes: ${a.toFixed(3)} ms per write without the journal, ${b.toFixed(3)} ms with it (+${(b - a).toFixed(3)} ms)`,
  );
}
