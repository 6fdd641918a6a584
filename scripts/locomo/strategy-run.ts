// The Retrieval strategy as the app ships it, on the threads the arena reads from LoCoMo: the
// paper's metric (categories 1-4 and 1-5), with embeddings when a model loaded, the previous
// default, recall_any at k documents, and every option on the tuning and held-out conversations.

import { resolve } from 'node:path';
import { createEmbeddingRanker } from '../../src/core/retrieval/embeddings';
import { bm25Rank } from '../../src/core/harness/pipeline';
import { DOC_UNITS, RANKINGS } from '../../src/core/strategies/kinds/retrieval';
import type { StrategyEnv } from '../../src/core/strategies/types';
import {
  addTally,
  emptyTally,
  evaluateThread,
  uncoveredMessages,
  type Config,
  type ThreadConversation,
} from '../locomo-strategy';
import { embedTexts } from './embeddings';
import { f3, pad, pct } from './format';
import { ideas } from './strategy-ideas';
import { describe, isTuning, paperRows, shipped, TUNING } from './strategy-common';
import { timing } from './strategy-timing';

export async function strategyRows(
  threads: ThreadConversation[],
  modelDir: string | undefined,
): Promise<void> {
  const heldOutNames = threads.map((t) => t.name).filter((name) => !isTuning(name));
  console.log(
    `Retrieval strategy as the app ships it: ${describe(shipped)}. Threads as the arena reads LoCoMo: one message per dia_id, the opening speaker as the user, each message with its speaker's name, a shared photo's description (blip_caption) after the text.`,
  );
  for (const t of threads) {
    const missing = uncoveredMessages(t);
    if (missing > 0)
      console.log(`  ${t.name}: ${missing} of ${t.messageCount} messages are in no document.`);
  }
  console.log(
    `Tuning conversations (every choice made on them): ${TUNING.join(', ')}; held out (only reported): ${heldOutNames.join(', ')}.`,
  );
  console.log('');
  console.log(
    "The LoCoMo paper's metric (Table 3; task_eval/evaluation.py in snap-research/locomo): for each question, the fraction of its evidence dia_ids among the k retrieved dialogs, averaged over questions; k counted in messages (the ranked documents' messages in rank order, cut at k).",
  );
  console.log(
    'Categories 1-4 (adversarial questions left out, as in the figures of issue 21; the goal is R@5 >= 65, R@10 >= 75, R@25 >= 85 on held-out):',
  );
  console.log(`${pad('method', 52)} ${pad('conv.', 10)}    R@5   R@10   R@25   questions`);
  const label = 'retrieval strategy (as shipped), k messages';
  await paperRows(threads, label, shipped, false);
  console.log('');
  console.log(
    "Categories 1-5, as the LoCoMo code's overall recall averages them (evaluation_stats.py: adversarial questions included):",
  );
  await paperRows(threads, `${label}, cat. 1-5`, shipped, true);
  console.log(
    '  LoCoMo paper, Table 3, dialog-level DRAGON retriever (its ten conversations, categories 1-5): R@5 58.8  R@10 67.5  R@25 79.9',
  );
  console.log('');

  if (embedTexts) {
    // The app's embedding ranker over the strategy's message texts, fused by reciprocal rank.
    const embed = embedTexts;
    const ranker = createEmbeddingRanker({
      embedder: { modelId: resolve(modelDir ?? ''), embed: (texts) => embed(texts) },
    });
    const env: StrategyEnv = {
      rank: bm25Rank(),
      count: () => 0,
      semantic: async (query, docs) => ranker.similarities(query, docs),
    };
    console.log(
      `With the embeddings of ${resolve(modelDir ?? '')} fused in (what the app does when its embedder is ready), categories 1-4:`,
    );
    await paperRows(threads, `${label}, + embeddings (RRF)`, shipped, false, env);
    console.log('');
  }

  // The previous default, for comparison, at the same budget of k messages.
  const previous: Config = { unit: 'turn-context', dates: true, ranking: 'plain' };
  console.log(
    `Before issue 21 the strategy shipped ${describe(previous)}; at k messages, categories 1-4:`,
  );
  await paperRows(threads, 'previous default, k messages', previous, false);
  console.log('');

  // recall_any at k documents (what "Retrieved (k)" injects), the figure printed before.
  console.log(
    'recall_any (a question counts when any evidence id is retrieved) at k documents, as shipped (categories 1-4):',
  );
  console.log(`${pad('method', 40)} ${pad('conversation', 12)}  @5     @10    @20    questions`);
  const any = { tuning: emptyTally(), 'held-out': emptyTally(), overall: emptyTally() };
  for (const t of threads) {
    const tally = await evaluateThread(t, shipped);
    addTally(any.overall, tally);
    addTally(isTuning(t.name) ? any.tuning : any['held-out'], tally);
  }
  for (const [name, tally] of Object.entries(any)) {
    const n = tally.questions;
    console.log(
      `${pad('retrieval strategy (as shipped)', 40)} ${pad(name, 12)}  ${f3(tally.any[5]!, n)}  ${f3(tally.any[10]!, n)}  ${f3(tally.any[20]!, n)}  ${n}`,
    );
  }
  console.log('');

  // The options on the tuning conversations and on the held-out ones.
  console.log(
    `Retrieval strategy options: recall_any at k documents on the tuning conversations (${TUNING.join(', ')}) | held out; "msgs@10": messages the 10 documents carry; R@10 msgs: the paper's metric at 10 messages`,
  );
  console.log(
    `${pad('ranking, unit, dates', 36)}  tune@5 tune@10 tune@20  held@5 held@10 held@20  msgs@10  tune R@10 msgs  held R@10 msgs`,
  );
  for (const ranking of RANKINGS)
    for (const unit of DOC_UNITS)
      for (const dates of [false, true]) {
        const tune = emptyTally();
        const held = emptyTally();
        const config: Config = { unit, dates, ranking };
        for (const t of threads)
          addTally(isTuning(t.name) ? tune : held, await evaluateThread(t, config));
        const both = emptyTally();
        addTally(both, tune);
        addTally(both, held);
        const mark =
          unit === shipped.unit && dates === shipped.dates && ranking === shipped.ranking
            ? ' (shipped)'
            : '';
        console.log(
          `${pad(`${ranking}, ${unit}, ${dates ? 'on' : 'off'}${mark}`, 36)}  ${f3(tune.any[5]!, tune.questions)}  ${f3(tune.any[10]!, tune.questions)}   ${f3(tune.any[20]!, tune.questions)}    ${f3(held.any[5]!, held.questions)}  ${f3(held.any[10]!, held.questions)}   ${f3(held.any[20]!, held.questions)}    ${(both.carried[10]! / Math.max(1, both.questions)).toFixed(1).padStart(5)}    ${pct(tune.fractionMessages[10]!, tune.questions).padStart(9)}     ${pct(held.fractionMessages[10]!, held.questions).padStart(9)}`,
        );
      }
  console.log('');

  await ideas(threads);
  await timing(threads);
}
