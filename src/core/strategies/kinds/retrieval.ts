// Retrieval: every past message is a document; the top k (2) for the current query are injected
// (seed 003, strategy 4). By default they are ranked by the conversation ranker
// (src/core/retrieval/conversation/: each message scored with its neighbours, its session, the
// speaker a question names, synonyms and dates; fused with embeddings by reciprocal rank when the
// app's embedder is ready), which on LoCoMo finds far more of the evidence in k messages than the
// app's plain ranker. Options: the ranking (conversation or plain, as in the seed), the document
// unit (a message, a turn, or a turn with the one before it; a turn scores as its best message)
// and the session date in the injected text. Messages that carry their speaker's name (an
// imported conversation between people) are labelled with it ("Caroline said: …") and the ranker
// reads the names instead of inferring them.

import { z } from 'zod';
import type { ModelMessage } from '../../agent/types';
import type { RankDoc, Similarities } from '../../retrieval/rank';
import {
  createConversationRanker,
  type ConversationMessage,
  type RankSignals,
} from '../../retrieval/conversation';
import { describeDateKey } from '../../retrieval/temporal';
import { block } from '../blocks';
import { answerText, turnDate, userText } from '../turns';
import type { CallReport, ContextStrategy, StrategyEnv, StrategyField, Turn } from '../types';

export const DOC_UNITS = ['message', 'turn', 'turn-context'] as const;
export type DocUnit = (typeof DOC_UNITS)[number];
export const RANKINGS = ['conversation', 'plain'] as const;
export type Ranking = (typeof RANKINGS)[number];

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
export const rankingField: StrategyField = {
  key: 'ranking',
  label: 'Ranking',
  kind: 'select',
  options: [
    { value: 'conversation', label: 'Conversation-aware' },
    { value: 'plain', label: 'Plain (seed 003)' },
  ],
  help: 'Conversation ranking scores each message with the ones around it, the speaker a question names and the dates it names; with embeddings ready it fuses them in.',
};

const schema = z
  .object({
    k: z.number().int().min(1).max(50),
    unit: z.enum(DOC_UNITS),
    dates: z.boolean(),
    ranking: z.enum(RANKINGS),
  })
  .strict();
export type RetrievalSettings = z.infer<typeof schema>;

export interface Doc extends RankDoc {
  /** Turn it comes from. */
  turn: number;
  label: string;
  /** Ids of the messages whose text it carries. */
  messageIds?: string[];
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
  /** Ids of the messages that carry text (the turn's, and the one before it for turn-context). */
  ids: string;
  /** Speakers' names the messages carry (an imported conversation), as they label the text. */
  names: string;
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
    a.beforeAnswer === b.beforeAnswer &&
    a.ids === b.ids &&
    a.names === b.names
  );
}

function turnDocuments(turn: Turn, before: Turn | undefined, unit: DocUnit, dates: boolean): Doc[] {
  const carried = [...(before ? textMessages(before) : []), ...textMessages(turn)];
  const inputs: DocInputs = {
    unit,
    dates,
    index: turn.index,
    at: turn.messages[0]?.createdAt,
    user: userText(turn),
    answer: answerText(turn),
    beforeUser: before ? userText(before) : '',
    beforeAnswer: before ? answerText(before) : '',
    ids: carried.map((m) => m.id).join(' '),
    names: carried.map((m) => speakerName(m) ?? '').join('\n'),
  };
  const first = turn.messages[0];
  const cached = first ? docCache.get(first) : undefined;
  if (cached && sameInputs(cached.inputs, inputs)) return cached.docs;
  const docs = makeDocuments(turn, before, inputs);
  if (first) docCache.set(first, { inputs, docs });
  return docs;
}

function makeDocuments(turn: Turn, before: Turn | undefined, inputs: DocInputs): Doc[] {
  const { unit, user, answer } = inputs;
  const date = inputs.dates ? turnDate(turn) : '';
  const dated = (text: string) => (date ? `[${date}] ${text}` : text);
  if (unit === 'message') {
    // One document per message with text: the user's, and each of the assistant's (a reply may
    // come in several messages: text before a tool call, or an imported speaker's next line).
    const docs: Doc[] = [];
    for (const message of turn.messages) {
      if (message.role === 'user' && message.content && message === turn.messages[0])
        docs.push({
          id: `${turn.index}:${message.id}`,
          turn: turn.index,
          label: `turn ${turn.index + 1}, ${speakerName(message) ?? 'user'}`,
          text: dated(`${speakerName(message) ?? 'User'} said: ${message.content}`),
          messageIds: [message.id],
        });
      else if (message.role === 'assistant' && message.content.trim())
        docs.push({
          id: `${turn.index}:${message.id}`,
          turn: turn.index,
          label: `turn ${turn.index + 1}, ${speakerName(message) ?? 'assistant'}`,
          text: dated(
            speakerName(message)
              ? `${speakerName(message)} said: ${message.content}`
              : `AI responded: ${message.content}`,
          ),
          messageIds: [message.id],
        });
    }
    return docs;
  }
  const own = exchange(user, answer, turn);
  if (!own) return [];
  const previous =
    unit === 'turn-context' && before
      ? exchange(inputs.beforeUser, inputs.beforeAnswer, before)
      : '';
  return [
    {
      id: `${turn.index}`,
      turn: turn.index,
      label: `turn ${turn.index + 1}`,
      text: dated(previous ? `${previous}\n${own}` : own),
      messageIds: [
        ...(unit === 'turn-context' && before ? textMessages(before) : []),
        ...textMessages(turn),
      ].map((m) => m.id),
    },
  ];
}

/** The messages of a turn that carry text into documents: its user message and answers. */
export function textMessages(turn: Turn): ModelMessage[] {
  return turn.messages.filter(
    (m, i) =>
      (m.role === 'user' && i === 0 && m.content) || (m.role === 'assistant' && m.content.trim()),
  );
}

/** The speaker's name a message carries (an imported conversation between people), if any. */
function speakerName(message: ModelMessage): string | undefined {
  return message.role === 'tool' ? undefined : message.speaker?.trim() || undefined;
}

/** "User: …\nAssistant: …", the speakers' names in place of the roles when the turn has them. */
function exchange(user: string, answer: string, turn: Turn): string {
  const named = (role: 'user' | 'assistant', fallback: string) => {
    const message = turn.messages.find((m) => m.role === role && speakerName(m));
    return message ? speakerName(message)! : fallback;
  };
  return [
    user && `${named('user', 'User')}: ${user}`,
    answer && `${named('assistant', 'Assistant')}: ${answer}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The ranked documents as the Strategy panel lists them, each marked when it was injected. */
export function scoredDocs(
  ranked: readonly { doc: Doc; score: number }[],
  injected: readonly { doc: Doc; score: number }[],
): NonNullable<CallReport['scored']> {
  return ranked.map((r) => ({
    id: r.doc.id,
    label: r.doc.label,
    score: r.score,
    injected: injected.includes(r),
  }));
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

// One conversation ranker per thread, keyed by the thread's first message (the app hands the same
// message objects to every call), so each thread keeps its index between calls and the arena's
// strategies, replaying different threads side by side, do not rebuild each other's.
const rankers = new WeakMap<ModelMessage, ReturnType<typeof createConversationRanker>>();

function rankerFor(turns: readonly Turn[]) {
  const first = turns[0]?.messages[0];
  if (!first) return createConversationRanker();
  let ranker = rankers.get(first);
  if (!ranker) {
    ranker = createConversationRanker();
    rankers.set(first, ranker);
  }
  return ranker;
}

/**
 * The thread's messages with text, as the conversation ranker reads them: the speaker is the name
 * a message carries (an imported conversation), else its role.
 */
export function conversationMessages(turns: readonly Turn[]): ConversationMessage[] {
  const out: ConversationMessage[] = [];
  for (const turn of turns)
    for (const m of textMessages(turn)) {
      const name = speakerName(m);
      out.push({
        id: m.id,
        speaker: name ?? m.role,
        ...(name ? { name } : {}),
        text: m.content,
        at: m.createdAt,
      });
    }
  return out;
}

/** "BM25 + neighbours, session, speaker (user), dates (June 2023)" for the Strategy panel. */
function describeRanking(signals: RankSignals, fused: boolean): string {
  const parts = ['neighbours', 'session'];
  if (signals.speaker) parts.push(`speaker (${signals.speaker})`);
  if (signals.dates.length) parts.push(`dates (${signals.dates.map(describeDateKey).join(', ')})`);
  if (signals.synonyms.length) parts.push(`synonyms (${signals.synonyms.join(', ')})`);
  if (signals.entities.length) parts.push(`names (${signals.entities.join(', ')})`);
  if (signals.asksForName) parts.push('answer type (a name)');
  if (signals.cascadeFrom > 0 && signals.wordFamilies.length)
    parts.push(
      `word families from place ${signals.cascadeFrom} (${signals.wordFamilies.join(', ')})`,
    );
  return `${fused ? 'Embeddings + BM25 (reciprocal rank)' : 'BM25'} + ${parts.join(', ')}`;
}

/**
 * The documents ranked for the query, best first (the best k x 3, for the Strategy panel), as the
 * strategy's build ranks them: the conversation ranker (a document scores as its best message) or
 * the app's plain ranker.
 */
export async function rankDocuments(
  env: StrategyEnv,
  query: string,
  turns: readonly Turn[],
  docs: readonly Doc[],
  settings: Pick<RetrievalSettings, 'k' | 'ranking'>,
): Promise<{ method: string; ranked: { doc: Doc; score: number }[] }> {
  if (settings.ranking === 'plain') return topK(env, query, docs, settings.k);
  if (docs.length === 0 || !query.trim()) return { method: 'none', ranked: [] };
  const messages = conversationMessages(turns);
  let semantic: Float64Array | undefined;
  if (env.semantic) {
    try {
      const similarities = await env.semantic(
        query,
        messages.map((m) => ({ id: m.id, text: m.text })),
      );
      if (similarities) semantic = inOrder(similarities, messages);
    } catch {
      // An embedder failing during the call: rank lexically, as the plain ranking falls back to BM25.
    }
  }
  const { scores, signals, fused } = rankerFor(turns).rank(query, messages, semantic);
  const byId = new Map<string, number>();
  messages.forEach((m, i) => byId.set(m.id, scores[i]!));
  const ranked = docs
    .map((doc, order) => ({
      doc,
      order,
      score: Math.max(0, ...(doc.messageIds ?? []).map((id) => byId.get(id) ?? 0)),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.min(settings.k * 3, docs.length))
    .map(({ doc, score }) => ({ doc, score }));
  return { method: describeRanking(signals, fused), ranked };
}

function inOrder(similarities: Similarities, messages: readonly ConversationMessage[]) {
  const out = new Float64Array(messages.length);
  messages.forEach((m, i) => (out[i] = similarities.get(m.id) ?? 0));
  return out;
}

export const retrieval: ContextStrategy<RetrievalSettings, null> = {
  id: 'retrieval',
  label: 'Retrieval',
  description:
    'Ranks every past message against the question and injects the top k: cheap, and only as good as the ranking.',
  schema,
  defaults: { k: 2, unit: 'message', dates: true, ranking: 'conversation' },
  fields: [kField, rankingField, unitField, datesField],
  sections: ['Retrieved'],
  usesModel: false,
  initialData: () => null,
  parseData: () => null,
  async build({ turns, query, settings, env }) {
    const docs = documents(turns, settings.unit, settings.dates);
    const { method, ranked } = await rankDocuments(env, query, turns, docs, settings);
    const injected = ranked.slice(0, settings.k).filter((r) => r.score > 0);
    // Oldest first reads as a conversation.
    const position = new Map(docs.map((doc, i) => [doc, i]));
    const chosen = [...injected].sort(
      (a, b) => (position.get(a.doc) ?? 0) - (position.get(b.doc) ?? 0),
    );
    return {
      messages: [],
      blocks: chosen.length
        ? [block('Retrieved', chosen.map((r) => r.doc.text).join('\n---\n'))]
        : [],
      report: {
        keptTurns: [],
        method,
        scored: scoredDocs(ranked, injected),
      },
    };
  },
};
