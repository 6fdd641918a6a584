// Hierarchical: working memory is a sliding window (2 turns); a turn whose user message holds a
// promotion keyword (remember, rule, preference, always, never, allergic; a setting) is promoted to a
// long-term retrieval store; context = the top k (2) of long-term for the query + working memory
// (seed 003, strategy 6). Promotion needs no model call.

import { z } from 'zod';
import { block } from '../blocks';
import { answerText, lastTurns, messagesOf, userText } from '../turns';
import type { ContextStrategy } from '../types';
import { kField, scoredDocs, topK, type Doc } from './retrieval';
import { windowField, windowTurns } from './sliding-window';
import { keepNewest } from '../caps';

export const DEFAULT_PROMOTION_KEYWORDS = [
  'remember',
  'rule',
  'preference',
  'always',
  'never',
  'allergic',
];
export const MAX_LONG_TERM = 1_000;

const schema = z
  .object({
    windowTurns,
    k: z.number().int().min(1).max(50),
    keywords: z.array(z.string().trim().min(1).max(60)).min(1).max(50),
  })
  .strict();

const dataSchema = z.object({
  promoted: z.array(
    z.object({
      turn: z.number().int().min(0),
      keyword: z.string(),
      user: z.string(),
      answer: z.string(),
    }),
  ),
});
export type HierarchicalData = z.infer<typeof dataSchema>;

/** The first keyword the message holds (case-insensitive, as a substring like the seed). */
export function promotionKeyword(text: string, keywords: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return keywords.find((keyword) => lower.includes(keyword.toLowerCase()));
}

export const hierarchical: ContextStrategy<z.infer<typeof schema>, HierarchicalData> = {
  id: 'hierarchical',
  label: 'Hierarchical',
  description:
    'A short working window plus a long-term store of messages promoted by keywords (remember, always, allergic…), retrieved by the question.',
  schema,
  defaults: { windowTurns: 2, k: 2, keywords: DEFAULT_PROMOTION_KEYWORDS },
  fields: [
    windowField,
    kField,
    {
      key: 'keywords',
      label: 'Promotion keywords',
      kind: 'list',
      help: 'A turn whose user message contains one of these (comma-separated) is promoted to long-term memory.',
    },
  ],
  sections: ['Long-term'],
  usesModel: false,
  initialData: () => ({ promoted: [] }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  async build({ turns, query, settings, data, env }) {
    const kept = lastTurns(turns, settings.windowTurns);
    const docs: Doc[] = data.promoted.flatMap((p) => [
      {
        id: `${p.turn}:u`,
        turn: p.turn,
        label: `turn ${p.turn + 1}, user ("${p.keyword}")`,
        text: `User said: ${p.user}`,
      },
      ...(p.answer
        ? [
            {
              id: `${p.turn}:a`,
              turn: p.turn,
              label: `turn ${p.turn + 1}, assistant`,
              text: `AI responded: ${p.answer}`,
            },
          ]
        : []),
    ]);
    const { method, ranked } = await topK(env, query, docs, settings.k);
    const injected = ranked.slice(0, settings.k).filter((r) => r.score > 0);
    return {
      messages: messagesOf(kept),
      blocks: injected.length
        ? [block('Long-term', injected.map((r) => r.doc.text).join('\n---\n'))]
        : [],
      report: {
        keptTurns: kept.map((t) => t.index),
        method,
        scored: scoredDocs(ranked, injected),
      },
    };
  },
  panel: ({ settings, data }) => [
    {
      title: 'Long-term',
      parts: [
        data.promoted.length === 0
          ? {
              kind: 'line',
              muted: true,
              text: `Nothing promoted yet: a message with a promotion keyword (${settings.keywords.join(', ')}) is.`,
            }
          : {
              kind: 'items',
              label: 'Promoted messages',
              items: data.promoted.map((p) => ({
                key: String(p.turn),
                lead: `“${p.keyword}”`,
                text: `turn ${p.turn + 1}: ${p.user}`,
              })),
            },
      ],
    },
  ],
  async update({ turn, settings, data }) {
    const user = userText(turn);
    const keyword = promotionKeyword(user, settings.keywords);
    if (!keyword) return { data };
    const promoted = [
      ...data.promoted,
      { turn: turn.index, keyword, user, answer: answerText(turn) },
    ];
    const kept = keepNewest(promoted, MAX_LONG_TERM, 'Long-term memory is');
    return {
      data: { promoted: kept.items },
      notes: [
        {
          kind: 'strategy-note',
          detail: `Turn ${turn.index + 1} promoted to long-term memory (keyword "${keyword}").`,
        },
        ...kept.notes,
      ],
    };
  },
};
