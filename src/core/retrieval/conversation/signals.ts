// The signals beyond BM25, each in place on the scores: word families and the cascade, entities the
// question names, the answer type, unmatched messages ordered by what surrounds them, and feedback.

import { namesSomething } from '../answer-type';
import { tokenize, type TokenizerOptions } from '../tokenize';
import { bestIndices, topIndices } from './fusion';
import { familyOf, windowOf } from './indexing';
import { idf } from './lexical-views';
import type { ConversationRankOptions } from './options';
import type { ConversationIndex } from './types';

/**
 * The query with the conversation's other words of each question word's family added at `weight`
 * ("collect" adds "collection" when a message writes it). Synonyms already in the query stay.
 */
export function withWordFamilies(
  index: ConversationIndex,
  tokens: readonly string[],
  query: ReadonlyMap<string, number>,
  weight: number,
): Map<string, number> {
  const out = new Map(query);
  if (weight <= 0 || index.families.size === 0) return out;
  for (const token of new Set(tokens))
    for (const other of index.families.get(familyOf(token)) ?? [])
      if (!out.has(other)) out.set(other, weight);
  return out;
}

/**
 * A precision-then-recall cascade, in place: the `depth` best of `head` keep their scores and
 * places; every other message takes its `tail` score scaled below the last of them (half of it at
 * most), so places depth+1… follow the tail ranking. A message neither ranking scores stays at 0.
 * (The second ranking reads the question's words and more, with the same signals, so a message
 * the first one scores it scores too, pseudo-relevance feedback aside.) Returns how many places
 * the first ranking kept (fewer than `depth` when it scored fewer messages).
 */
export function cascade(head: Float64Array, tail: ArrayLike<number>, depth: number): number {
  const top = bestIndices(head, depth);
  const kept = new Uint8Array(head.length);
  for (const i of top) kept[i] = 1;
  const floor = top.length ? head[top[top.length - 1]!]! : 1;
  let best = 0;
  for (let i = 0; i < head.length; i++) if (!kept[i] && tail[i]! > best) best = tail[i]!;
  const scale = best > 0 ? (0.5 * floor) / best : 0;
  for (let i = 0; i < head.length; i++) if (!kept[i]) head[i] = tail[i]! > 0 ? scale * tail[i]! : 0;
  return top.length;
}

/**
 * The tokens of the words a question writes with a capital, its first word left out (it has one
 * anyway), the speakers' names too (the speaker signal reads those): "Where did Maria meet Jean in
 * Paris?" names jean and paris.
 */
export function questionEntities(
  query: string,
  tokenizer: TokenizerOptions,
  names: ReadonlySet<string> = new Set(),
): string[] {
  const words =
    query.replace(/^\s*\S+/, '').match(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’-]*/gu) ?? [];
  return [
    ...new Set(words.flatMap((word) => tokenize(word, tokenizer)).filter((t) => !names.has(t))),
  ];
}

/** Scores x (1 + boost x the share of the entities a message mentions), for messages that score. */
export function boostEntities(
  index: ConversationIndex,
  scores: Float64Array,
  entities: readonly string[],
  boost: number,
): void {
  if (entities.length === 0) return;
  // From the postings: only the messages that mention an entity are visited.
  const found = new Map<number, number>();
  for (const entity of entities) {
    const t = index.terms.get(entity);
    if (t === undefined) continue;
    for (const d of index.postingDocs[t]!) found.set(d, (found.get(d) ?? 0) + 1);
  }
  for (const [d, count] of found)
    if (scores[d]! > 0) scores[d] = scores[d]! * (1 + (boost * count) / entities.length);
}

/** Scores x (1 + boost) for the messages that score and write a name (answer-type.ts). */
export function boostAnswerType(
  index: ConversationIndex,
  scores: Float64Array,
  boost: number,
): void {
  for (let i = 0; i < scores.length; i++)
    if (scores[i]! > 0 && namesSomething(index.written[i]!, index.lowercase, index.speakerWords))
      scores[i] = scores[i]! * (1 + boost);
}

/**
 * Gives the messages that scored 0 a score below the lowest positive one, in proportion to what
 * supports them: their best-scoring neighbour (as a share of the best score), a date the question
 * names, the speaker it names (each 0..1, summed). A message with none of these stays at 0. When
 * no message matched, only a question that names a period retrieves anything: that period's
 * messages (the speaker it names first), in order.
 */
export function orderUnmatched(
  index: ConversationIndex,
  scores: Float64Array,
  question: { speaker?: string | undefined; keys: readonly string[]; days?: readonly string[] },
): void {
  let lowest = Infinity;
  let best = 0;
  for (const value of scores)
    if (value > 0) {
      if (value < lowest) lowest = value;
      if (value > best) best = value;
    }
  // Nothing matched: only a period the question names retrieves anything.
  const periodOnly = best === 0;
  if (periodOnly) {
    if (question.keys.length === 0) return;
    best = 1;
    lowest = 1;
  }
  // The adjacent messages (matched ones already carry their two-each-side context view).
  const window = 1;
  const support = new Float64Array(scores.length);
  let most = 0;
  for (let i = 0; i < scores.length; i++) {
    if (scores[i]! > 0) continue;
    const [from, to] = windowOf(index.session, i, window);
    let neighbour = 0;
    for (let j = from; j <= to; j++) if (scores[j]! > neighbour) neighbour = scores[j]!;
    let value = neighbour / best;
    const dates = index.dates[i];
    const inPeriod = dates !== undefined && question.keys.some((key) => dates.has(key));
    if (inPeriod) value += 1;
    else if (periodOnly) continue;
    if (inPeriod && question.days?.some((key) => dates.has(key))) value += 1;
    if (question.speaker !== undefined && index.speakers[i] === question.speaker) value += 1;
    support[i] = value;
    if (value > most) most = value;
  }
  if (most === 0) return;
  for (let i = 0; i < scores.length; i++)
    if (support[i]! > 0) scores[i] = (0.5 * lowest * support[i]!) / most;
}

/** RM3-style expansion terms: tf/length x score x idf over the top messages, the query's excluded. */
export function feedbackTerms(
  index: ConversationIndex,
  scores: Float64Array,
  query: ReadonlyMap<string, number>,
  feedback: NonNullable<ConversationRankOptions['feedback']>,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const d of topIndices(scores, feedback.messages)) {
    const tokens = index.tokens[d]!;
    const length = tokens.length || 1;
    for (const token of tokens) {
      if (query.has(token)) continue;
      const df = index.postingDocs[index.terms.get(token)!]!.length;
      weights.set(token, (weights.get(token) ?? 0) + (scores[d]! / length) * idf(index.size, df));
    }
  }
  const best = [...weights].sort((a, b) => b[1] - a[1]).slice(0, feedback.terms);
  const max = best[0]?.[1] ?? 1;
  return new Map(best.map(([token, w]) => [token, (feedback.weight * w) / max]));
}
