// What the memory layers computed for the last model call, kept so that the next call, when nothing
// it depends on changed, reuses it instead of formatting the AGENTS.md block or ranking the facts
// again. Each memo holds one entry (the last inputs and their result): bounded by construction, and
// any change to an input (a reloaded AGENTS.md, a new memory.json, other settings, another query)
// recomputes. Reusing the same result also hands the token counter the same strings as before, so
// its cache lookups hit on the string it already holds. Pure: no I/O.

import type { ModelRequest } from '../agent/types';
import { requestWith } from '../agent/request';
import type { FactsSettings } from './facts/settings';
import type { TokenCounter } from '../tokens/counter';
import type { Ranker } from '../retrieval/rank';
/** A loaded AGENTS.md source, as agents-md.ts snapshots it (structural: no import back). */
interface MemorySourceSnapshot {
  path: string;
  content: string;
}
import type { MemoryJson } from './facts/schema';

/** Whether two source lists have the same paths and contents, in order. */
function sameSources(
  a: readonly MemorySourceSnapshot[],
  b: readonly MemorySourceSnapshot[],
): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.path !== b[i]!.path || a[i]!.content !== b[i]!.content) return false;
  return true;
}

/**
 * `inject(request, sources)` = `build(request, sources)`, reusing the last result when the sources
 * have the same paths and contents (compared by value, so a reloaded file with the same text still
 * hits, and an edit misses) and the request's system prompt and sections are the same. The
 * request's other fields (messages, tools) are taken from the request given.
 */
export function memoMemoryInjection(
  build: (request: ModelRequest, sources: readonly MemorySourceSnapshot[]) => ModelRequest,
): (request: ModelRequest, sources: readonly MemorySourceSnapshot[]) => ModelRequest {
  let last:
    | {
        sources: MemorySourceSnapshot[];
        system: string;
        sections: ModelRequest['sections'];
        result: ModelRequest;
      }
    | undefined;
  return (request, sources) => {
    if (
      !last ||
      !sameSources(last.sources, sources) ||
      last.system !== request.system ||
      last.sections !== request.sections
    ) {
      const result = build(request, sources);
      last = {
        // A copy: the caller's list (thread state) may be changed in place later.
        sources: sources.map((source) => ({ ...source })),
        system: request.system,
        sections: request.sections,
        result,
      };
      return result;
    }
    const { system, sections } = last.result;
    // One object literal (request.ts): this runs before every model call.
    return requestWith(request, { system, sections });
  };
}

/** What a facts injection depends on besides the messages (the ranking query stands for them). */
export interface FactsMemoKey {
  /**
   * The ranking query (extractRankingContext). Without facts only whether there is one matters, and
   * the caller may give just that (hasRankingContext).
   */
  query: string | boolean;
  memory: MemoryJson;
  settings: FactsSettings;
  counter: TokenCounter;
  /** The ranker the method resolves to now (embeddings, or the lexical fallback while loading). */
  ranker: Ranker;
}

function sameSettings(a: FactsSettings, b: FactsSettings): boolean {
  if (a === b) return true;
  let count = 0;
  for (const key in a) {
    if (!Object.is(a[key as keyof FactsSettings], b[key as keyof FactsSettings])) return false;
    count++;
  }
  return count === Object.keys(b).length;
}

/**
 * A one-entry memo for the facts injection: the last result is reused when the query, the
 * memory.json object (the loader hands back the same object while the file's text is unchanged),
 * the facts settings, the counter and the resolved ranker are the same. With no facts the ranking
 * does not read the query, so only its emptiness is compared.
 */
const hasQuery = (query: string | boolean) =>
  typeof query === 'boolean' ? query : query.trim() !== '';

export function memoFactsInjection<T>(): {
  get(key: FactsMemoKey): T | undefined;
  set(key: FactsMemoKey, value: T): void;
} {
  let last: { key: FactsMemoKey; value: T } | undefined;
  const queryMatters = (key: FactsMemoKey) => key.memory.facts.length > 0;
  return {
    get(key) {
      if (!last) return undefined;
      const was = last.key;
      const same =
        was.memory === key.memory &&
        was.counter === key.counter &&
        was.ranker === key.ranker &&
        sameSettings(was.settings, key.settings) &&
        (queryMatters(key) ? was.query === key.query : hasQuery(was.query) === hasQuery(key.query));
      return same ? last.value : undefined;
    },
    set(key, value) {
      last = { key: { ...key, settings: { ...key.settings } }, value };
    },
  };
}
