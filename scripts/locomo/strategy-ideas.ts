// What each idea adds to the strategy's ranking: the conversation ranker's signals switched on one
// at a time, the ideas tried and not kept, and the cascade's other settings.

import {
  createConversationRanker,
  DEFAULT_CONVERSATION_RANKING,
  PLAIN_MESSAGE_RANKING,
  topIndices,
  type ConversationRankOptions,
} from '../../src/core/retrieval/conversation';
import { conversationMessages, textMessages } from '../../src/core/strategies/kinds/retrieval';
import type { ThreadConversation } from '../locomo-strategy';
import { pad, pct } from './format';
import { IMAGE_DESCRIPTION, isTuning, PAPER_KS } from './strategy-common';

/**
 * What each idea adds: the conversation ranker over the strategy's message documents, signals
 * switched on one at a time in the order they were tried (each row keeps the ones above it), then
 * ideas tried on top of the shipped ranking and not kept. Paper's metric at k messages,
 * categories 1-4; every choice was made on the tuning conversations.
 */
export async function ideas(threads: ThreadConversation[]) {
  const d = DEFAULT_CONVERSATION_RANKING;
  const ladder: { name: string; options: ConversationRankOptions; bare?: boolean }[] = [];
  let current: ConversationRankOptions = { ...PLAIN_MESSAGE_RANKING };
  let bare = true;
  const step = (name: string, change: Partial<ConversationRankOptions>) => {
    current = { ...current, ...change };
    ladder.push({ name, options: current, bare });
  };
  step('BM25 over single messages (app tokenizer)', {});
  step('+ neighbour context (2 each side, weight 2)', {
    window: d.window,
    windowWeight: d.windowWeight,
  });
  step('+ session view (weight 1)', { sessionWeight: d.sessionWeight });
  step('+ speakers (inferred names; boost x1.5)', {
    inferNames: true,
    speakerBoost: d.speakerBoost,
  });
  step('+ synonyms (built-in list, weight 0.5)', { synonymWeight: d.synonymWeight });
  step('+ dates (question periods; x2)', { dateBoost: d.dateBoost });
  bare = false;
  step('+ image descriptions and speaker names (import)', {});
  step('+ irregular forms (bought -> buy)', { tokenizer: d.tokenizer });
  step('+ unmatched msgs ordered (neighbour, date, speaker)', { unmatched: d.unmatched });
  step('+ names in the question (boost x1.5)', { entityBoost: d.entityBoost });
  step('+ the day a question names (x2 more)', { dayBoost: d.dayBoost });
  step('+ answer type: a name (x2)', { answerTypeBoost: d.answerTypeBoost });
  step('+ informative messages (prior 0.05)', {
    informativeWeight: d.informativeWeight,
  });
  const tail = d.tail!;
  step('+ cascade: places 11+ read word families (0.5)', {
    tail: { ...tail, informativeWeight: d.informativeWeight },
  });
  step('+ cascade: places 11+ prior 0.2 = shipped', { tail });
  // The ranking before the cascade: the rows tried on it are printed on it, as measured then.
  const round = { ...d, tail: undefined };
  const tried: { name: string; options: ConversationRankOptions; bare?: boolean }[] = [
    { name: 'no cascade, neighbours 1 each side', options: { ...round, window: 1 } },
    { name: 'no cascade, neighbours 3 each side', options: { ...round, window: 3 } },
    { name: 'no cascade, speaker boost x1.3', options: { ...round, speakerBoost: 0.3 } },
    { name: 'no cascade, speaker boost x2', options: { ...round, speakerBoost: 1 } },
    { name: 'no cascade, names boost x1.3', options: { ...round, entityBoost: 0.3 } },
    { name: 'no cascade, names boost x2', options: { ...round, entityBoost: 1 } },
    { name: 'no cascade, answer type x1.5', options: { ...round, answerTypeBoost: 0.5 } },
    { name: 'no cascade, informative prior 0.03', options: { ...round, informativeWeight: 0.03 } },
    { name: 'no cascade, informative prior 0.1', options: { ...round, informativeWeight: 0.1 } },
    {
      name: 'no cascade + RM3 feedback (10 msgs, 10 terms, 0.2)',
      options: { ...round, feedback: { messages: 10, terms: 10, weight: 0.2 } },
    },
  ];
  // The cascade's settings, each against the shipped one (chosen on tuning).
  const settings: { name: string; options: ConversationRankOptions }[] = [
    { name: 'cascade after 5 places', options: { ...d, tail: { ...tail, depth: 5 } } },
    { name: 'cascade after 15 places', options: { ...d, tail: { ...tail, depth: 15 } } },
    {
      name: 'cascade, word families 0.3',
      options: { ...d, tail: { ...tail, wordFamilyWeight: 0.3 } },
    },
    {
      name: 'cascade, word families 1',
      options: { ...d, tail: { ...tail, wordFamilyWeight: 1 } },
    },
    { name: 'cascade, prior 0.1', options: { ...d, tail: { ...tail, informativeWeight: 0.1 } } },
    { name: 'cascade, prior 0.3', options: { ...d, tail: { ...tail, informativeWeight: 0.3 } } },
  ];
  const messagesOf = new Map(threads.map((t) => [t.name, conversationMessages(t.turns)]));
  // The messages as the importer gave them before it kept speakers and image descriptions: the
  // text alone, the role as the speaker.
  const bareOf = new Map(
    threads.map((t) => [
      t.name,
      t.turns.flatMap((turn) =>
        textMessages(turn).map((m) => ({
          id: m.id,
          speaker: m.role,
          text: m.content.replace(IMAGE_DESCRIPTION, ''),
          at: m.createdAt,
        })),
      ),
    ]),
  );
  const measure = (options: ConversationRankOptions, bare = false) => {
    const sums = { tuning: [0, 0, 0], 'held-out': [0, 0, 0] };
    const counts = { tuning: 0, 'held-out': 0 };
    for (const t of threads) {
      const group = isTuning(t.name) ? 'tuning' : 'held-out';
      const messages = (bare ? bareOf : messagesOf).get(t.name)!;
      const ranker = createConversationRanker(options);
      for (const probe of t.probes) {
        const top = topIndices(ranker.rank(probe.question, messages).scores, 25).map(
          (i) => messages[i]!.id,
        );
        const evidence = new Set(probe.evidence);
        counts[group]++;
        PAPER_KS.forEach((k, j) => {
          const found = top.slice(0, k).filter((id) => evidence.has(id)).length;
          sums[group][j]! += found / evidence.size;
        });
      }
    }
    const fmt = (group: 'tuning' | 'held-out') =>
      sums[group].map((v) => pct(v, counts[group]).padStart(6)).join(' ');
    return `${fmt('tuning')}   ${fmt('held-out')}`;
  };
  console.log(
    "What each idea adds (conversation ranker over the strategy's message documents; paper's metric at k messages, categories 1-4):",
  );
  console.log(`${pad('idea', 52)} tuning R@5  R@10  R@25   held-out R@5  R@10  R@25`);
  for (const row of ladder) console.log(`${pad(row.name, 52)} ${measure(row.options, row.bare)}`);
  console.log('Tried on top of the ranking before the cascade, not kept:');
  for (const row of tried) console.log(`${pad(row.name, 52)} ${measure(row.options, row.bare)}`);
  console.log(
    "The cascade's settings other than the shipped ones (depth 10, word families 0.5, prior 0.2):",
  );
  for (const row of settings) console.log(`${pad(row.name, 52)} ${measure(row.options)}`);
  console.log('');
}
