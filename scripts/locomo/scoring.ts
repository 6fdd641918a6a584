// Scoring a method: recall_any@k over every question, per conversation, per category and overall.

import type { Conversation, Turn } from './data';

export const KS = [5, 10, 20] as const;

/** A method ranks one conversation's turns for one question: scores in turn order. */
export type Scorer = (
  conversation: Conversation,
  question: string,
) => Float64Array | Promise<Float64Array>;

export interface Result {
  hits: Record<number, number>;
  total: number;
}

/** Turn ids by descending score; turns that scored 0 are not retrieved at all. */
function topIds(turns: Turn[], scores: ArrayLike<number>, k: number): Set<string> {
  const order = turns
    .map((turn, i) => ({ id: turn.id, score: scores[i] ?? 0, i }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  return new Set(order.slice(0, k).map((entry) => entry.id));
}

export async function evaluate(
  conversations: Conversation[],
  scorer: Scorer,
): Promise<{
  perConversation: Map<string, Result>;
  overall: Result;
  byCategory: Map<number, Result>;
}> {
  const perConversation = new Map<string, Result>();
  const byCategory = new Map<number, Result>();
  const overall: Result = { hits: { 5: 0, 10: 0, 20: 0 }, total: 0 };
  for (const conversation of conversations) {
    const result: Result = { hits: { 5: 0, 10: 0, 20: 0 }, total: 0 };
    for (const question of conversation.questions) {
      const scores = await scorer(conversation, question.question);
      const category = byCategory.get(question.category) ?? {
        hits: { 5: 0, 10: 0, 20: 0 },
        total: 0,
      };
      byCategory.set(question.category, category);
      for (const r of [result, overall, category]) r.total++;
      for (const k of KS) {
        const top = topIds(conversation.turns, scores, k);
        if (question.evidence.some((id) => top.has(id)))
          for (const r of [result, overall, category]) r.hits[k] = (r.hits[k] ?? 0) + 1;
      }
    }
    perConversation.set(conversation.name, result);
  }
  return { perConversation, overall, byCategory };
}

export const rate = (r: Result, k: number) =>
  r.total > 0 ? ((r.hits[k] ?? 0) / r.total).toFixed(3) : '  -  ';
