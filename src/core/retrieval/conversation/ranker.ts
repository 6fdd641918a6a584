// A ranker for one conversation at a time: keeps its index while the messages are the same, appends
// when the conversation grows, and fuses embedding similarities when given.

import { divideByMax } from '../lexical';
import { appendMessages, indexConversation, namesOf } from './indexing';
import { reciprocalRankFusion } from './fusion';
import { DEFAULT_CONVERSATION_RANKING, type ConversationRankOptions } from './options';
import { scoreConversation } from './score';
import type {
  ConversationIndex,
  ConversationMessage,
  ConversationRanking,
  MessageFeatures,
} from './types';

/**
 * A ranker for one conversation at a time that keeps its index while the messages are the same
 * and reuses the tokens of messages it has seen when the conversation grows.
 */
export function createConversationRanker(options: Partial<ConversationRankOptions> = {}): {
  readonly options: ConversationRankOptions;
  /** The index for these messages (cached). */
  index(messages: readonly ConversationMessage[]): ConversationIndex;
  /**
   * Scores in message order, 0..1 (best = 1). With `semantic` (cosine similarity per message,
   * the same order), the lexical and embedding rankings are fused by reciprocal rank.
   */
  rank(
    query: string,
    messages: readonly ConversationMessage[],
    semantic?: ArrayLike<number>,
  ): ConversationRanking;
} {
  const settings: ConversationRankOptions = { ...DEFAULT_CONVERSATION_RANKING, ...options };
  let last: { messages: ConversationMessage[]; index: ConversationIndex } | undefined;
  let features = new Map<string, MessageFeatures>();
  const index = (messages: readonly ConversationMessage[]) => {
    const grown = last && extends_(messages, last.messages);
    if (last && grown && messages.length === last.messages.length) return last.index;
    const names = namesOf(messages, settings, features);
    if (last && grown && sameNames(names, last.index.names)) {
      // The thread gained messages: append them (their tokens are made once).
      const added = messages.slice(last.messages.length);
      appendMessages(last.index, added, features);
      for (const m of added) last.messages.push({ ...m });
      return last.index;
    }
    // Keep only what this conversation's texts gave (an edited thread must not grow the cache).
    const keep = new Map<string, MessageFeatures>();
    for (const m of messages) {
      const known = features.get(m.text);
      if (known) keep.set(m.text, known);
    }
    features = keep;
    const built = indexConversation(messages, settings, features, names);
    last = { messages: messages.map((m) => ({ ...m })), index: built };
    return built;
  };
  return {
    options: settings,
    index,
    rank(query, messages, semantic) {
      const { scores, signals } = scoreConversation(index(messages), query);
      if (semantic && semantic.length === scores.length && settings.semanticWeight > 0) {
        const fused = reciprocalRankFusion(
          [
            { scores, weight: 1 },
            { scores: semantic, weight: settings.semanticWeight },
          ],
          settings.rrfK,
        );
        return { scores: fused, signals, fused: true };
      }
      return { scores: divideByMax(scores), signals, fused: false };
    },
  };
}

/** Whether `messages` starts with exactly `before` (same ids, texts, speakers and times). */
function extends_(
  messages: readonly ConversationMessage[],
  before: readonly ConversationMessage[],
): boolean {
  if (messages.length < before.length) return false;
  for (let i = 0; i < before.length; i++) {
    const x = before[i]!;
    const y = messages[i]!;
    if (x.id !== y.id || x.text !== y.text || x.speaker !== y.speaker || x.at !== y.at)
      return false;
  }
  return true;
}

function sameNames(
  a: ReadonlyMap<string, readonly string[]>,
  b: ReadonlyMap<string, readonly string[]>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [speaker, names] of a) {
    const other = b.get(speaker);
    if (!other || other.length !== names.length || names.some((n, i) => n !== other[i]))
      return false;
  }
  return true;
}
