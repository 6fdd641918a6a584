// Memory-augmented: a sliding window (2 turns) plus one-sentence facts ("memory tokens") the model
// extracts after each turn; "No important fact." adds nothing (seed 003, strategy 5).

import { z } from 'zod';
import { turnFactsSchema, type TurnFactsData } from './turn-facts';
import { block } from '../blocks';
import { factExtractionRequest, readFact } from '../steps';
import { dialogue, lastTurns, messagesOf } from '../turns';
import type { ContextStrategy } from '../types';
import { windowField, windowTurns } from './sliding-window';
import { keepNewest } from '../caps';
import { factsPart } from '../panel';

const schema = z.object({ windowTurns }).strict();

/** Facts kept at most; past it the oldest are dropped and an event says so. */
export const MAX_MEMORY_TOKENS = 300;

const dataSchema = turnFactsSchema;
export type MemoryAugmentedData = TurnFactsData;

export const memoryAugmented: ContextStrategy<z.infer<typeof schema>, MemoryAugmentedData> = {
  id: 'memory-augmented',
  label: 'Memory-augmented',
  description:
    'A short window plus one-sentence facts the model extracts after each turn: key facts survive the window.',
  schema,
  defaults: { windowTurns: 2 },
  fields: [windowField],
  sections: ['Memory tokens'],
  usesModel: true,
  initialData: () => ({ facts: [] }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  build: ({ turns, settings, data }) => {
    const kept = lastTurns(turns, settings.windowTurns);
    return {
      messages: messagesOf(kept),
      blocks: data.facts.length
        ? [block('Memory tokens', data.facts.map((f) => `- ${f.text}`).join('\n'))]
        : [],
      report: { keptTurns: kept.map((t) => t.index) },
    };
  },
  panel: ({ data }) => [
    { title: 'Memory tokens', parts: [factsPart(data.facts, 'No fact extracted yet.')] },
  ],
  async update({ turn, data, step, signal }) {
    const answer = await step(factExtractionRequest(dialogue(turn)), signal);
    const fact = readFact(answer.text);
    if (!fact) return { data };
    const facts = [...data.facts, { text: fact, turn: turn.index }];
    const kept = keepNewest(facts, MAX_MEMORY_TOKENS, 'Memory tokens are');
    return { data: { facts: kept.items }, notes: kept.notes };
  },
};
