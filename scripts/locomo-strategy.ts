// The Retrieval strategy as the app ships it, on LoCoMo: each conversation becomes a thread the way
// the arena reads it (src/core/arena/parse-locomo.ts: one message per dia_id, the opening speaker
// as the user, the session date as createdAt), the strategy's own documents() and rankDocuments()
// rank its documents (the conversation ranker, or the app's BM25 via pipeline.ts bm25Rank for the
// plain ranking), and a question is asked as the current user message. The top k documents are
// what the strategy would inject with "Retrieved (k)" = k. A message counts as retrieved when its
// text is in an injected document (a message document carries one message, a turn document its
// user message and answers, a turn-with-context document the previous turn's too).

import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { locomoTranscript } from '../src/core/arena/parse-locomo';
import { bm25Rank } from '../src/core/harness/pipeline';
import {
  documents,
  rankDocuments,
  type Doc,
  type DocUnit,
  type Ranking,
} from '../src/core/strategies/kinds/retrieval';
import { splitTurns } from '../src/core/strategies/turns';
import type { StrategyEnv, Turn } from '../src/core/strategies/types';

export const STRATEGY_KS = [5, 10, 20, 25] as const;

export interface ThreadConversation {
  name: string;
  turns: Turn[];
  probes: { question: string; evidence: string[] }[];
  /** Category 5 (adversarial) questions with their evidence ids: the LoCoMo code averages them in. */
  adversarial: { question: string; evidence: string[] }[];
  messageCount: number;
  note: string;
}

export function loadThreads(dir: string): ThreadConversation[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { qa?: unknown };
      const transcript = locomoTranscript(raw, basename(file));
      const ids = new Set(transcript.messages.map((m) => m.id));
      // The parser leaves adversarial questions out; their evidence is read the same way.
      const adversarial = (Array.isArray(raw.qa) ? raw.qa : [])
        .filter((q: { category?: unknown }) => q.category === 5)
        .map((q: { question: string; evidence?: unknown[] }) => ({
          question: q.question,
          evidence: [
            ...new Set(
              (q.evidence ?? []).flatMap((e) =>
                String(e)
                  .split(/[;,\s]+/)
                  .filter((id) => ids.has(id)),
              ),
            ),
          ],
        }))
        .filter((q: { evidence: string[] }) => q.evidence.length > 0);
      return {
        name: basename(file, '.json'),
        turns: splitTurns(transcript.messages),
        probes: transcript.probes.map((p) => ({ question: p.question, evidence: p.evidence })),
        adversarial,
        messageCount: transcript.messages.length,
        note: transcript.note ?? '',
      };
    });
}

/** The message ids whose text a document carries. */
function carriedIds(doc: Doc): string[] {
  return doc.messageIds ?? [];
}

export interface Config {
  unit: DocUnit;
  dates: boolean;
  ranking: Ranking;
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

/**
 * One conversation under one configuration of the strategy. `adversarial` adds the category 5
 * questions (the LoCoMo code's overall recall averages them in; the figures leave them out).
 */
export async function evaluateThread(
  conversation: ThreadConversation,
  config: Config,
  env: StrategyEnv = { rank: bm25Rank(), count: () => 0 },
  adversarial = false,
): Promise<Tally> {
  const tally = emptyTally();
  const docs = documents(conversation.turns, config.unit, config.dates);
  const maxK = STRATEGY_KS[STRATEGY_KS.length - 1]!;
  const probes = adversarial
    ? [...conversation.probes, ...conversation.adversarial]
    : conversation.probes;
  for (const probe of probes) {
    tally.questions++;
    // What the strategy's build injects with k = maxK: the best k, scores above zero.
    const { ranked } = await rankDocuments(env, probe.question, conversation.turns, docs, {
      k: maxK,
      ranking: config.ranking,
    });
    const injected = ranked.filter((r) => r.score > 0);
    const evidence = new Set(probe.evidence);
    const score = (ids: Iterable<string>) => {
      let found = 0;
      for (const id of new Set(ids)) if (evidence.has(id)) found++;
      return found;
    };
    const inRankOrder: string[] = [];
    for (const r of injected)
      for (const id of carriedIds(r.doc)) if (!inRankOrder.includes(id)) inRankOrder.push(id);
    for (const k of STRATEGY_KS) {
      const ids = injected.slice(0, k).flatMap((r) => carriedIds(r.doc));
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
  const covered = new Set(documents(conversation.turns, 'turn', false).flatMap(carriedIds));
  return conversation.messageCount - covered.size;
}
