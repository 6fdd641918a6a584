// Retrieval: every user message and assistant answer is a document; the top k (2) for the current
// query are injected (seed 003, strategy 4), ranked by the app's rankers (embeddings when the local
// model is ready, else BM25). Options: the document unit (a message as in the seed, a turn, or a
// turn with the one before it) and the session date, which raise recall on LoCoMo.

import { z } from 'zod';
import type { ModelMessage } from '../../agent/types';
import type { RankDoc } from '../../retrieval/rank';
import { block } from '../blocks';
import { answerText, turnDate, userText } from '../turns';
import type { ContextStrategy, StrategyEnv, StrategyField, Turn } from '../types';

export const DOC_UNITS = ['message', 'turn', 'turn-context'] as const;
export type DocUnit = (typeof DOC_UNITS)[number];

export const kField: StrategyField = {
  key: 'k',
  label: 'Retrieved (k)',
  kind: 'number',
  min: 1,
  max: 50,
  help: 'How many documents are injected.',
};

export const unitField: StrategyField = {
  key: 'unit',
  label: 'Document unit',
  kind: 'select',
  options: [
    { value: 'message', label: 'Message (seed 003)' },
    { value: 'turn', label: 'Turn' },
    { value: 'turn-context', label: 'Turn with the one before it' },
  ],
};
export const datesField: StrategyField = {
  key: 'dates',
  label: 'Include session dates',
  kind: 'boolean',
  help: 'Prefix each document with the date of its turn.',
};

const schema = z
  .object({ k: z.number().int().min(1).max(50), unit: z.enum(DOC_UNITS), dates: z.boolean() })
  .strict();

export interface Doc extends RankDoc {
  /** Turn it comes from. */
  turn: number;
  label: string;
}

/** Documents of the past turns in the chosen unit. */
export function documents(turns: readonly Turn[], unit: DocUnit, dates: boolean): Doc[] {
  const docs: Doc[] = [];
  turns.forEach((turn, i) => {
    const before = unit === 'turn-context' && i > 0 ? turns[i - 1] : undefined;
    for (const doc of turnDocuments(turn, before, unit, dates)) docs.push(doc);
  });
  return docs;
}

/** What a turn's documents are made of; equal inputs give equal documents. */
interface DocInputs {
  unit: DocUnit;
  dates: boolean;
  index: number;
  at: number | undefined;
  user: string;
  answer: string;
  /** The turn before it (turn-context only). */
  beforeUser: string;
  beforeAnswer: string;
}

// A turn's documents are made once and reused while what they are made of is the same (the app
// hands the same message objects to every call), so a long thread is not re-rendered on every
// model call, and the ranker, seeing the same texts, keeps its index. Keyed by the turn's first
// message; every input is compared before a cached document is used.
const docCache = new WeakMap<ModelMessage, { inputs: DocInputs; docs: Doc[] }>();

function sameInputs(a: DocInputs, b: DocInputs): boolean {
  return (
    a.unit === b.unit &&
    a.dates === b.dates &&
    a.index === b.index &&
    a.at === b.at &&
    a.user === b.user &&
    a.answer === b.answer &&
    a.beforeUser === b.beforeUser &&
    a.beforeAnswer === b.beforeAnswer
  );
}

function turnDocuments(turn: Turn, before: Turn | undefined, unit: DocUnit, dates: boolean): Doc[] {
  const inputs: DocInputs = {
    unit,
    dates,
    index: turn.index,
    at: turn.messages[0]?.createdAt,
    user: userText(turn),
    answer: answerText(turn),
    beforeUser: before ? userText(before) : '',
    beforeAnswer: before ? answerText(before) : '',
  };
  const first = turn.messages[0];
  const cached = first ? docCache.get(first) : undefined;
  if (cached && sameInputs(cached.inputs, inputs)) return cached.docs;
  const docs = makeDocuments(turn, inputs);
  if (first) docCache.set(first, { inputs, docs });
  return docs;
}

function makeDocuments(turn: Turn, inputs: DocInputs): Doc[] {
  const { unit, user, answer } = inputs;
  const date = inputs.dates ? turnDate(turn) : '';
  const dated = (text: string) => (date ? `[${date}] ${text}` : text);
  if (unit === 'message') {
    const docs: Doc[] = [];
    if (user)
      docs.push({
        id: `${turn.index}:u`,
        turn: turn.index,
        label: `turn ${turn.index + 1}, user`,
        text: dated(`User said: ${user}`),
      });
    if (answer)
      docs.push({
        id: `${turn.index}:a`,
        turn: turn.index,
        label: `turn ${turn.index + 1}, assistant`,
        text: dated(`AI responded: ${answer}`),
      });
    return docs;
  }
  const own = exchange(user, answer);
  if (!own) return [];
  const before = unit === 'turn-context' ? exchange(inputs.beforeUser, inputs.beforeAnswer) : '';
  return [
    {
      id: `${turn.index}`,
      turn: turn.index,
      label: `turn ${turn.index + 1}`,
      text: dated(before ? `${before}\n${own}` : own),
    },
  ];
}

function exchange(user: string, answer: string): string {
  return [user && `User: ${user}`, answer && `Assistant: ${answer}`].filter(Boolean).join('\n');
}

export async function topK(
  env: StrategyEnv,
  query: string,
  docs: readonly Doc[],
  k: number,
): Promise<{ method: string; ranked: { doc: Doc; score: number }[] }> {
  if (docs.length === 0 || !query.trim()) return { method: 'none', ranked: [] };
  const { method, scores } = await env.rank(query, docs);
  const ranked = docs
    .map((doc, order) => ({ doc, score: scores.get(doc.id) ?? 0, order }))
    .sort((a, b) => b.score - a.score || b.order - a.order)
    .slice(0, Math.min(k * 3, docs.length))
    .map(({ doc, score }) => ({ doc, score }));
  return { method, ranked };
}

export const retrieval: ContextStrategy<z.infer<typeof schema>, null> = {
  id: 'retrieval',
  label: 'Retrieval',
  description:
    'Ranks every past message against the question and injects the top k: cheap, and only as good as the ranking.',
  schema,
  defaults: { k: 2, unit: 'turn-context', dates: true },
  fields: [kField, unitField, datesField],
  sections: ['Retrieved'],
  usesModel: false,
  initialData: () => null,
  parseData: () => null,
  async build({ turns, query, settings, env }) {
    const docs = documents(turns, settings.unit, settings.dates);
    const { method, ranked } = await topK(env, query, docs, settings.k);
    const injected = ranked.slice(0, settings.k).filter((r) => r.score > 0);
    // Oldest first reads as a conversation.
    const chosen = [...injected].sort(
      (a, b) => a.doc.turn - b.doc.turn || (a.doc.id < b.doc.id ? -1 : 1),
    );
    return {
      messages: [],
      blocks: chosen.length
        ? [block('Retrieved', chosen.map((r) => r.doc.text).join('\n---\n'))]
        : [],
      report: {
        keptTurns: [],
        method,
        scored: ranked.map((r) => ({
          id: r.doc.id,
          label: r.doc.label,
          score: r.score,
          injected: injected.includes(r),
        })),
      },
    };
  },
};
