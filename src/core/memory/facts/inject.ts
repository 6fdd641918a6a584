// Fact injection, after DeerFlow's memory middleware: before every model call, a <memory> block
// with the user context, the history and the facts that rank best against the last turns
// (similarity x w_s + confidence x w_c), cut at an exact token budget, is appended to the system
// prompt. Every fact's score goes out in a 'facts-ranked' event, so the Facts panel can show why a
// fact did or did not reach the model.

import type { Middleware } from '../../agent/middleware';
import type { Message, ModelMessage, ModelRequest } from '../../agent/types';
import { requestWith } from '../../agent/request';
import type { TokenCounter } from '../../tokens/counter';
import type { FactsSettings } from './settings';
import type { SimilarityMethod } from '../../retrieval/types';
import type { RankerResolver, Similarities } from '../../retrieval/rank';
import type { Fact, MemoryJson } from './schema';
import { errorText } from '../../text/errors';
import { memoFactsInjection } from '../memo';

export const FACTS_SECTION = 'facts';

/** How one fact scored for a model call (for the Facts panel). */
export interface FactScore {
  id: string;
  similarity: number;
  score: number;
  injected: boolean;
}

declare module '../../agent/events' {
  interface FeatureEvents {
    /** Fact ranking for the model call about to be made. */
    'facts-ranked': {
      type: 'facts-ranked';
      method: string;
      /** Set when the chosen method was unavailable and another was used (embeddings loading). */
      fallback?: string;
      scores: FactScore[];
    };
  }
}

export type MemoryLoad = MemoryJson | { error: string };

export interface FactsMiddlewareOptions {
  /** Read on every model call, so changes apply to the next call. */
  settings: () => FactsSettings;
  /** The counter of the model's encoding (a function gets the request, to pick it by model). */
  counter: TokenCounter | ((request: ModelRequest) => TokenCounter | Promise<TokenCounter>);
  /** memory.json as parsed, or why it could not be (invalid JSON or schema: line and field). */
  loadMemory: () => Promise<MemoryLoad>;
  rankers: RankerResolver;
  /** An invalid memory.json: injection is skipped for this call and the run goes on. */
  onInvalid?: (message: string) => void;
  /** The method asked for was not used (embeddings loading, failed or erroring). */
  onFallback?: (info: { method: SimilarityMethod; used: SimilarityMethod; reason: string }) => void;
}

export function createFactsMiddleware(options: FactsMiddlewareOptions): Middleware {
  // The last call's ranking, reused while its inputs are the same (memo.ts).
  const memo = memoFactsInjection<FactsInjection>();
  return {
    name: 'Fact memory',
    events: ['facts-ranked'],
    async wrapModelCall(request, next, context) {
      const settings = options.settings();
      if (!settings.enabled) return next(request);

      let loaded: MemoryLoad;
      try {
        loaded = await options.loadMemory();
      } catch (error) {
        loaded = { error: errorText(error) };
      }
      if (isLoadError(loaded)) {
        options.onInvalid?.(loaded.error);
        return next(request);
      }

      const counter =
        typeof options.counter === 'function' ? await options.counter(request) : options.counter;
      const resolved = options.rankers(settings.method);
      const key = {
        // Without facts the ranking never reads the query: only whether there is one matters.
        query:
          loaded.facts.length > 0
            ? extractRankingContext(request.messages, settings.contextTurns)
            : hasRankingContext(request.messages, settings.contextTurns),
        memory: loaded,
        settings,
        counter,
        ranker: resolved.ranker,
      };
      let result = memo.get(key);
      if (result) {
        if (result.fallback && result.fallbackReason !== undefined)
          options.onFallback?.({
            method: settings.method,
            used: result.fallback,
            reason: result.fallbackReason,
          });
      } else {
        result = await computeFactsInjection({
          memory: loaded,
          messages: request.messages,
          settings,
          counter,
          rankers: options.rankers,
          ...(options.onFallback ? { onFallback: options.onFallback } : {}),
        });
        // A ranker that failed during the call is tried again next time.
        if (result.fallback === resolved.fallback) memo.set(key, result);
      }
      context.emit({
        type: 'facts-ranked',
        method: result.method,
        ...(result.fallback ? { fallback: result.fallback } : {}),
        scores: result.scores,
      });
      // Awaited rather than returned: an async function that returns a promise takes two more
      // microtask steps to settle with it (this runs before every model call).
      return await next(result.block ? withFacts(request, result.block) : request);
    },
  };
}

function isLoadError(value: MemoryLoad): value is { error: string } {
  return (
    typeof (value as { error?: unknown }).error === 'string' &&
    !Array.isArray((value as { facts?: unknown }).facts)
  );
}

/** The request with the block at the end of the system prompt and a 'facts' section. */
export function withFacts(request: ModelRequest, block: string): ModelRequest {
  return requestWith(request, {
    system: request.system ? `${request.system}\n\n${block}` : block,
    sections: [...(request.sections ?? []), { name: FACTS_SECTION, text: block }],
  });
}

export interface FactsInjection {
  /** The <memory> block, or undefined when there is nothing to inject (or no room). */
  block?: string;
  /** The method asked for; 'confidence' when there was no conversation to rank against. */
  method: string;
  fallback?: SimilarityMethod;
  fallbackReason?: string;
  /** Every fact, best first. */
  scores: FactScore[];
  /** Tokens of the block (0 without one). */
  tokens: number;
}

/** Ranks and cuts; what the middleware does before each call, usable for previews too. */
export async function computeFactsInjection(input: {
  memory: MemoryJson;
  messages: readonly (Message | ModelMessage)[];
  settings: FactsSettings;
  counter: TokenCounter;
  rankers: RankerResolver;
  onFallback?: FactsMiddlewareOptions['onFallback'];
}): Promise<FactsInjection> {
  const { memory, settings, counter } = input;
  const facts = memory.facts;
  const query = extractRankingContext(input.messages, settings.contextTurns);

  let method: string = settings.method;
  let fallback: SimilarityMethod | undefined;
  let fallbackReason: string | undefined;
  let similarities: Similarities | undefined;
  if (query.trim() === '' || facts.length === 0) {
    method = query.trim() === '' ? 'confidence' : settings.method;
  } else {
    const resolved = input.rankers(settings.method);
    const docs = facts.map((fact) => ({ id: fact.id, text: fact.content }));
    if (resolved.fallback) {
      fallback = resolved.fallback;
      fallbackReason = resolved.reason ?? 'unavailable';
    }
    try {
      similarities = await resolved.ranker.similarities(query, docs);
    } catch (error) {
      // An embedder that fails mid-call (worker crash, model error): rank lexically this time.
      fallback = resolved.lexical.id as SimilarityMethod;
      fallbackReason = errorText(error);
      similarities = await resolved.lexical.similarities(query, docs);
    }
    if (fallback && fallbackReason !== undefined)
      input.onFallback?.({ method: settings.method, used: fallback, reason: fallbackReason });
  }

  const ranked = rankFacts(facts, similarities, {
    similarityWeight: settings.similarityWeight,
    confidenceWeight: settings.confidenceWeight,
  });
  const built = buildMemoryBlock(memory, ranked, settings.budgetTokens, counter);
  const scores: FactScore[] = ranked.map((entry) => ({
    id: entry.fact.id,
    similarity: entry.similarity,
    score: entry.score,
    injected: built.injected.has(entry.fact.id),
  }));
  return {
    ...(built.text ? { block: built.text } : {}),
    method,
    ...(fallback ? { fallback } : {}),
    ...(fallbackReason !== undefined ? { fallbackReason } : {}),
    scores,
    tokens: built.tokens,
  };
}

// --- Context ------------------------------------------------------------------------------------

/**
 * The ranking query: the last `turns` user messages and the final assistant answers among them,
 * oldest first. Tool calls, tool results, notices and interrupted answers are left out.
 */
export function extractRankingContext(
  messages: readonly (Message | ModelMessage)[],
  turns: number,
): string {
  const parts: string[] = [];
  rankingParts(messages, turns, (text) => {
    parts.push(text);
    return true;
  });
  return parts.reverse().join('\n');
}

/** Whether extractRankingContext would give a non-empty query (without building it). */
export function hasRankingContext(
  messages: readonly (Message | ModelMessage)[],
  turns: number,
): boolean {
  let found = false;
  rankingParts(messages, turns, () => {
    found = true;
    return false;
  });
  return found;
}

/** The ranking query's parts, newest first, to `take` (which returns false to stop). */
function rankingParts(
  messages: readonly (Message | ModelMessage)[],
  turns: number,
  take: (text: string) => boolean,
): void {
  let users = 0;
  for (let i = messages.length - 1; i >= 0 && users < turns; i--) {
    const message = messages[i];
    if (!message) continue;
    let text: string | undefined;
    if (message.role === 'user') {
      users++;
      text = message.content.trim();
    } else if (message.role === 'assistant' && !message.toolCalls?.length && !message.stopped) {
      text = message.content.trim();
    }
    if (text && !take(text)) return;
  }
}

// --- Ranking ------------------------------------------------------------------------------------

export interface RankedFact {
  fact: Fact;
  similarity: number;
  score: number;
}

/**
 * similarity x w_s + confidence x w_c, best first. Without similarities (no conversation yet) the
 * score is the confidence alone. Ties: higher confidence, then newer, then file order.
 */
export function rankFacts(
  facts: readonly Fact[],
  similarities: Similarities | undefined,
  weights: { similarityWeight: number; confidenceWeight: number },
): RankedFact[] {
  return facts
    .map((fact, index) => {
      const similarity = similarities ? clamp01(similarities.get(fact.id) ?? 0) : 0;
      const score = similarities
        ? similarity * weights.similarityWeight + fact.confidence * weights.confidenceWeight
        : fact.confidence;
      return { fact, similarity, score, index };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.fact.confidence - a.fact.confidence ||
        (b.fact.createdAt > a.fact.createdAt ? 1 : b.fact.createdAt < a.fact.createdAt ? -1 : 0) ||
        a.index - b.index,
    )
    .map(({ fact, similarity, score }) => ({ fact, similarity, score }));
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

// --- The block ----------------------------------------------------------------------------------

/**
 * Text from memory.json (written by a model from user input, or by hand) must stay inside the
 * block: every line is flattened to one line, and anything that looks like a tag opening or
 * closing (</memory>, <system>, <agent_memory>…) is neutralised.
 */
export function escapeMemoryText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/<(?=\s*\/?\s*[A-Za-z!?])/g, '&lt;');
}

export function formatFactLine(fact: Fact): string {
  return `- [${fact.category} | ${fact.confidence.toFixed(2)}] ${escapeMemoryText(fact.content)}`;
}

const USER_LABELS = [
  ['workContext', 'Work'],
  ['personalContext', 'Personal'],
  ['topOfMind', 'Current focus'],
] as const;
const HISTORY_LABELS = [
  ['recentMonths', 'Recent months'],
  ['earlierContext', 'Earlier'],
  ['longTermBackground', 'Long-term background'],
] as const;

/**
 * How many fact lines fit, counted piece by piece: the part of the block before the first fact,
 * each fact line with its newline, and the closing tag. Each piece ends with a newline that is
 * followed by a non-space character ("-" of the next fact line, "<" of the closing tag), where the
 * BPE pre-tokenizers of cl100k and o200k always split, so the pieces' counts add up to the whole
 * block's count; the line counts also hit the counter's cache from one call to the next.
 */
export function additiveFit(
  userLines: string[],
  historyLines: string[],
  factLines: readonly string[],
  budgetTokens: number,
  counter: TokenCounter,
): number {
  const sentinel = '\u0000';
  const [head = '', tail = ''] = renderBlock(userLines, historyLines, [sentinel]).split(sentinel);
  let total = counter.count(head) + counter.count(tail.replace(/^\n/, ''));
  let k = 0;
  for (const line of factLines) {
    const next = total + counter.count(`${line}\n`);
    if (next > budgetTokens) break;
    total = next;
    k++;
  }
  return k;
}

export function renderBlock(
  userLines: string[],
  historyLines: string[],
  factLines: string[],
): string {
  const groups: string[] = [];
  if (userLines.length) groups.push(['User context:', ...userLines].join('\n'));
  if (historyLines.length) groups.push(['History:', ...historyLines].join('\n'));
  if (factLines.length) groups.push(['Facts:', ...factLines].join('\n'));
  return `<memory>\n${groups.join('\n\n')}\n</memory>`;
}

/**
 * The <memory> block under an exact budget, counted over the whole block text: the context and
 * history lines in order (the first that does not fit is shortened, the rest left out), then facts
 * in rank order until the next one would go over. Never over the budget.
 */
export function buildMemoryBlock(
  memory: MemoryJson,
  ranked: readonly RankedFact[],
  budgetTokens: number,
  counter: TokenCounter,
): { text?: string; injected: Set<string>; tokens: number } {
  const fits = (text: string) => counter.count(text) <= budgetTokens;
  const userLines: string[] = [];
  const historyLines: string[] = [];
  const candidates: { lines: string[]; text: string }[] = [];
  for (const [key, label] of USER_LABELS) {
    const summary = escapeMemoryText(memory.user[key].summary);
    if (summary) candidates.push({ lines: userLines, text: `- ${label}: ${summary}` });
  }
  for (const [key, label] of HISTORY_LABELS) {
    const summary = escapeMemoryText(memory.history[key].summary);
    if (summary) candidates.push({ lines: historyLines, text: `- ${label}: ${summary}` });
  }

  for (const candidate of candidates) {
    candidate.lines.push(candidate.text);
    if (fits(renderBlock(userLines, historyLines, []))) continue;
    candidate.lines.pop();
    const shortened = longestFittingPrefix(candidate.text, (line) => {
      candidate.lines.push(line);
      const ok = fits(renderBlock(userLines, historyLines, []));
      candidate.lines.pop();
      return ok;
    });
    if (shortened) candidate.lines.push(shortened);
    break;
  }

  const factLines = ranked.map((entry) => formatFactLine(entry.fact));
  const blockWith = (k: number) => renderBlock(userLines, historyLines, factLines.slice(0, k));
  let k = additiveFit(userLines, historyLines, factLines, budgetTokens, counter);
  // The additive count is exact for BPE tokenizers (see additiveFit); should it ever disagree with
  // a count of the whole block, fall back to searching with whole-block counts.
  if (k > 0 && !fits(blockWith(k))) k = searchFit();

  function searchFit(): number {
    // Counting a 2,000-token block costs milliseconds, so first estimate k from per-line counts
    // (the lines repeat between calls and the counter caches them), then settle it with exact counts
    // of the whole block, galloping from the estimate: the block grows with every fact added.
    const fitsWith = (k: number) => fits(blockWith(k));
    const n = factLines.length;
    const newline = counter.count('\n');
    let estimate = counter.count(blockWith(0)) + counter.count('\n\nFacts:');
    let k = 0;
    while (k < n) {
      const next = estimate + counter.count(factLines[k] ?? '') + newline;
      if (next > budgetTokens) break;
      estimate = next;
      k++;
    }
    let fitting: number; // a k known to fit (-1: none)
    let over: number; // a k known not to fit (n + 1: none)
    if (fitsWith(k)) {
      fitting = k;
      over = n + 1;
      for (let step = 1; fitting < n; step *= 2) {
        const probe = Math.min(n, fitting + step);
        if (!fitsWith(probe)) {
          over = probe;
          break;
        }
        fitting = probe;
      }
    } else {
      over = k;
      fitting = -1;
      for (let step = 1; over > 0; step *= 2) {
        const probe = Math.max(0, over - step);
        if (fitsWith(probe)) {
          fitting = probe;
          break;
        }
        over = probe;
      }
    }
    while (fitting >= 0 && over - fitting > 1) {
      const mid = Math.floor((fitting + over) / 2);
      if (fitsWith(mid)) fitting = mid;
      else over = mid;
    }
    return Math.max(0, fitting);
  }

  const injected = new Set(ranked.slice(0, k).map((entry) => entry.fact.id));
  if (userLines.length === 0 && historyLines.length === 0 && k === 0)
    return { injected, tokens: 0 };
  const text = blockWith(k);
  if (!fits(text)) return { injected: new Set(), tokens: 0 };
  return { text, injected, tokens: counter.count(text) };
}

/** The longest prefix (cut at a word, with "…") that passes, or '' if even a short one does not. */
function longestFittingPrefix(line: string, passes: (line: string) => boolean): string {
  const MIN_CHARS = 24;
  let low = 0;
  let high = line.length - 1;
  let best = '';
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const candidate = cutAtWord(line, mid);
    if (candidate.length >= MIN_CHARS && passes(candidate)) {
      best = candidate;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

function cutAtWord(line: string, chars: number): string {
  let cut = line.slice(0, chars);
  const space = cut.lastIndexOf(' ');
  if (space > chars * 0.6) cut = cut.slice(0, space);
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
