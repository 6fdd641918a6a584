// The Retrieval strategy as the app ships it, on LoCoMo: each conversation becomes a thread the way
// the arena reads it (src/core/arena/parse-locomo.ts: one message per dia_id, the opening speaker
// as the user, the session date as createdAt), the strategy's own documents() and topK() rank its
// documents with the app's BM25 (pipeline.ts bm25Rank), and a question is asked as the current
// user message. The top k documents are what the strategy would inject with "Retrieved (k)" = k.
// A message counts as retrieved when its text is in an injected document (a turn document carries
// its user message and answer, a turn-with-context document the previous turn's too).

import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { locomoTranscript } from '../src/core/arena/parse-locomo';
import { bm25Rank } from '../src/core/pipeline';
import { documents, topK, type Doc, type DocUnit } from '../src/core/strategies/kinds/retrieval';
import { splitTurns } from '../src/core/strategies/turns';
import type { StrategyEnv, Turn } from '../src/core/strategies/types';

export const STRATEGY_KS = [5, 10, 20, 25] as const;

export interface ThreadConversation {
  name: string;
  turns: Turn[];
  probes: { question: string; evidence: string[] }[];
  messageCount: number;
  note: string;
}

export function loadThreads(dir: string): ThreadConversation[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const transcript = locomoTranscript(
        JSON.parse(readFileSync(join(dir, file), 'utf8')),
        basename(file),
      );
      return {
        name: basename(file, '.json'),
        turns: splitTurns(transcript.messages),
        probes: transcript.probes.map((p) => ({ question: p.question, evidence: p.evidence })),
        messageCount: transcript.messages.length,
        note: transcript.note ?? '',
      };
    });
}

/** The message ids whose text a document carries. */
function carriedIds(doc: Doc, unit: DocUnit, turns: readonly Turn[]): string[] {
  const own = (turn: Turn | undefined, part: 'u' | 'a' | 'both'): string[] => {
    if (!turn) return [];
    const out: string[] = [];
    const first = turn.messages[0];
    if (part !== 'a' && first?.role === 'user' && first.content) out.push(first.id);
    if (part !== 'u') {
      // The answer is every assistant message with text (turns.ts answerText).
      for (const m of turn.messages) if (m.role === 'assistant' && m.content.trim()) out.push(m.id);
    }
    return out;
  };
  const turn = turns[doc.turn];
  if (unit === 'message') return own(turn, doc.id.endsWith(':u') ? 'u' : 'a');
  if (unit === 'turn') return own(turn, 'both');
  return [...own(turns[doc.turn - 1], 'both'), ...own(turn, 'both')];
}

export interface Config {
  unit: DocUnit;
  dates: boolean;
}

export interface Tally {
  questions: number;
  /** recall_any at k documents. */
  any: Record<number, number>;
  /** The LoCoMo harness's metric: fraction of the evidence ids retrieved, summed. */
  fraction: Record<number, number>;
  /** The same at an equal budget of k messages (ranked documents' messages, in rank order). */
  anyMessages: Record<number, number>;
  fractionMessages: Record<number, number>;
  /** Distinct messages the k documents carry, summed. */
  carried: Record<number, number>;
}

const zero = () => Object.fromEntries(STRATEGY_KS.map((k) => [k, 0])) as Record<number, number>;
export const emptyTally = (): Tally => ({
  questions: 0,
  any: zero(),
  fraction: zero(),
  anyMessages: zero(),
  fractionMessages: zero(),
  carried: zero(),
});

export function addTally(into: Tally, from: Tally): void {
  into.questions += from.questions;
  for (const key of ['any', 'fraction', 'anyMessages', 'fractionMessages', 'carried'] as const)
    for (const k of STRATEGY_KS) into[key][k] = (into[key][k] ?? 0) + (from[key][k] ?? 0);
}

/** One conversation under one configuration of the strategy. */
export async function evaluateThread(
  conversation: ThreadConversation,
  config: Config,
  env: StrategyEnv = { rank: bm25Rank(), count: () => 0 },
): Promise<Tally> {
  const tally = emptyTally();
  const docs = documents(conversation.turns, config.unit, config.dates);
  const maxK = STRATEGY_KS[STRATEGY_KS.length - 1]!;
  for (const probe of conversation.probes) {
    tally.questions++;
    // What the strategy's build injects with k = maxK: the best k, scores above zero.
    const { ranked } = await topK(env, probe.question, docs, maxK);
    const injected = ranked.filter((r) => r.score > 0);
    const evidence = new Set(probe.evidence);
    const score = (ids: Iterable<string>) => {
      let found = 0;
      for (const id of new Set(ids)) if (evidence.has(id)) found++;
      return found;
    };
    const inRankOrder: string[] = [];
    for (const r of injected)
      for (const id of carriedIds(r.doc, config.unit, conversation.turns))
        if (!inRankOrder.includes(id)) inRankOrder.push(id);
    for (const k of STRATEGY_KS) {
      const ids = injected
        .slice(0, k)
        .flatMap((r) => carriedIds(r.doc, config.unit, conversation.turns));
      const found = score(ids);
      tally.any[k]! += found > 0 ? 1 : 0;
      tally.fraction[k]! += found / evidence.size;
      tally.carried[k]! += new Set(ids).size;
      const byBudget = score(inRankOrder.slice(0, k));
      tally.anyMessages[k]! += byBudget > 0 ? 1 : 0;
      tally.fractionMessages[k]! += byBudget / evidence.size;
    }
  }
  return tally;
}

/** Messages that are in no document (turns.ts keeps a turn's user message and its last answer). */
export function uncoveredMessages(conversation: ThreadConversation): number {
  const covered = new Set(
    documents(conversation.turns, 'turn', false).flatMap((doc) =>
      carriedIds(doc, 'turn', conversation.turns),
    ),
  );
  return conversation.messageCount - covered.size;
}
