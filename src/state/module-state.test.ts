// Issue 31: the stores hold what the app holds while it runs (workers, channels, queues, counters),
// in objects they make in their create() closure. A module variable would be shared by every
// store instance and outlive a reset, so none is allowed here but the composition root's.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const STATE = join(process.cwd(), 'src/state');
/** The app's one instance of its storage and the settings' wire into it (see services.ts). */
const ALLOWED = new Set(['services.ts']);

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Top-level `let`/`var`, and top-level constants that hold a mutable object made at load. */
const MODULE_STATE =
  /^(?:export\s+)?(?:(?:let|var)\s+(\w+)|const\s+(\w+)(?:\s*:[^=]+)?\s*=\s*(?:new\s|create\w*Queue\b))/gm;

/** The names of the module variables in `source` that hold run-time state. */
function moduleStateIn(source: string): string[] {
  return [...source.matchAll(MODULE_STATE)].map((match) => match[1] ?? match[2] ?? '');
}

describe('src/state', () => {
  it('keeps no run-time state in module variables (only the composition root)', () => {
    const found = productionFiles(STATE)
      .filter((path) => !ALLOWED.has(relative(STATE, path)))
      .flatMap((path) =>
        moduleStateIn(readFileSync(path, 'utf8')).map((hit) => `${relative(STATE, path)}: ${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('would see the kinds of module state the stores used to hold', () => {
    expect(
      moduleStateIn(
        [
          'let seq = 0;',
          'let cancel: AbortController | undefined;',
          'const noticed = new Set<string>();',
          'const queue = createUpdateQueue<() => Promise<void>>({',
          'export const MAX_NOTICES = 3;',
          'const maxFacts = () => 1;',
          '  let inside = 0;',
        ].join('\n'),
      ),
    ).toEqual(['seq', 'cancel', 'noticed', 'queue']);
  });
});
