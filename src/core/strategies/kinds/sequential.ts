// Sequential: every past turn, as it was (seed 003, strategy 1). Deep Agents is the same build with
// the compaction middleware after it.

import { z } from 'zod';
import { messagesOf } from '../turns';
import type { ContextStrategy } from '../types';

const schema = z.object({}).strict();
/**
 * Deep Agents' one setting of its own: "Keep specifics" for this thread (or arena entry), on top of
 * the compaction settings (compaction/keep-specifics.ts). Absent in selections saved before it.
 */
const deepAgentsSchema = z.object({ keepSpecifics: z.boolean().optional() }).strict();

function everything(
  id: 'sequential' | 'deep-agents',
): ContextStrategy<z.infer<typeof deepAgentsSchema>, null> {
  return {
    id,
    label: id === 'sequential' ? 'Sequential' : 'Deep Agents',
    description:
      id === 'sequential'
        ? 'Sends the whole conversation every time: complete, and its cost grows with every turn.'
        : 'The whole conversation, with Deep Agents compaction: large results offloaded, old file inputs truncated, older history summarized near the window.',
    schema: id === 'sequential' ? schema : deepAgentsSchema,
    defaults: id === 'sequential' ? {} : { keepSpecifics: false },
    fields:
      id === 'sequential'
        ? []
        : [
            {
              key: 'keepSpecifics',
              label: 'Keep specifics',
              kind: 'boolean',
              help: 'Hand the summarizer the specifics of what it summarizes, and keep those its summary drops beside it (also a switch in Settings, for every thread).',
            },
          ],
    sections: [],
    usesModel: false,
    initialData: () => null,
    parseData: () => null,
    carriesEverything: true,
    build: ({ turns }) => ({
      messages: messagesOf(turns),
      blocks: [],
      report: { keptTurns: turns.map((t) => t.index) },
    }),
  };
}

export const sequential = everything('sequential');
export const deepAgents = everything('deep-agents');
