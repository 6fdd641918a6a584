// Compression: each turn compressed by the model to one core-fact sentence; context = all of them
// (seed 003, strategy 8).

import { z } from 'zod';
import { turnFactsSchema, type TurnFactsData } from './turn-facts';
import { block } from '../blocks';
import { compressionRequest, readCompressed } from '../steps';
import { dialogue } from '../turns';
import type { ContextStrategy } from '../types';
import { keepNewest } from '../caps';
import { factsPart } from '../panel';

export const MAX_COMPRESSED = 1_000;

const schema = z.object({}).strict();
const dataSchema = turnFactsSchema;
export type CompressionData = TurnFactsData;

export const compression: ContextStrategy<z.infer<typeof schema>, CompressionData> = {
  id: 'compression',
  label: 'Compression',
  description:
    'Compresses every turn into one core-fact sentence with a model call and sends only those sentences.',
  schema,
  defaults: {},
  fields: [],
  sections: ['Compressed facts'],
  usesModel: true,
  initialData: () => ({ facts: [] }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  build: ({ data }) => ({
    messages: [],
    blocks: data.facts.length
      ? [block('Compressed facts', data.facts.map((f) => `- ${f.text}`).join('\n'))]
      : [],
    report: { keptTurns: [] },
  }),
  panel: ({ data }) => [
    { title: 'Compressed facts', parts: [factsPart(data.facts, 'No turn compressed yet.')] },
  ],
  async update({ turn, data, step, signal }) {
    const answer = await step(compressionRequest(dialogue(turn)), signal);
    const facts = [...data.facts, { text: readCompressed(answer.text), turn: turn.index }];
    const kept = keepNewest(facts, MAX_COMPRESSED, 'Compressed facts are');
    return { data: { facts: kept.items }, notes: kept.notes };
  },
};
