// Sliding window: the last N turns (seed 003, strategy 2; N = 4).

import { z } from 'zod';
import { lastTurns, messagesOf } from '../turns';
import type { ContextStrategy, StrategyField } from '../types';

export const windowField: StrategyField = {
  key: 'windowTurns',
  label: 'Window size (turns)',
  kind: 'number',
  min: 1,
  max: 100,
  help: 'How many of the most recent turns are sent as they were.',
};
export const windowTurns = z.number().int().min(1).max(100);

const schema = z.object({ windowTurns }).strict();

export const slidingWindow: ContextStrategy<z.infer<typeof schema>, null> = {
  id: 'sliding-window',
  label: 'Sliding window',
  description: 'Keeps only the last N turns: constant cost, and early details fall out.',
  schema,
  defaults: { windowTurns: 4 },
  fields: [windowField],
  sections: [],
  usesModel: false,
  initialData: () => null,
  parseData: () => null,
  build: ({ turns, settings }) => {
    const kept = lastTurns(turns, settings.windowTurns);
    return {
      messages: messagesOf(kept),
      blocks: [],
      report: { keptTurns: kept.map((t) => t.index) },
    };
  },
};
