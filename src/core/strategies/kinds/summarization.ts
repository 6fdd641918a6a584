// Summarization: a buffer of recent messages; when it holds `threshold` messages (user messages and
// final answers, 4 by default) the model merges it into a running summary (seed 003, strategy 3).
// Context = running summary + the turns still in the buffer.

import { z } from 'zod';
import { block } from '../blocks';
import { readSummary, summaryMergeRequest } from '../steps';
import { dialogue, messagesOf } from '../turns';
import type { ContextStrategy } from '../types';
import { formatCount, plural } from '../panel';

const schema = z.object({ threshold: z.number().int().min(2).max(200) }).strict();

const dataSchema = z.object({
  summary: z.string(),
  /** First turn index still in the buffer. */
  bufferStart: z.number().int().min(0),
  merges: z.number().int().min(0),
});
export type SummarizationData = z.infer<typeof dataSchema>;

export const summarization: ContextStrategy<z.infer<typeof schema>, SummarizationData> = {
  id: 'summarization',
  label: 'Summarization',
  description:
    'Merges older messages into a running summary with a model call; sends the summary and the recent buffer.',
  schema,
  defaults: { threshold: 4 },
  fields: [
    {
      key: 'threshold',
      label: 'Summary threshold (messages)',
      kind: 'number',
      min: 2,
      max: 200,
      help: 'When the buffer holds this many user messages and answers, it is merged into the summary.',
    },
  ],
  sections: ['Running summary'],
  usesModel: true,
  initialData: () => ({ summary: '', bufferStart: 0, merges: 0 }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  build: ({ turns, data }) => {
    const buffer = turns.filter((t) => t.index >= data.bufferStart);
    return {
      messages: messagesOf(buffer),
      blocks: data.summary ? [block('Running summary', data.summary)] : [],
      report: { keptTurns: buffer.map((t) => t.index) },
    };
  },
  panel: ({ settings, data }) => [
    {
      title: 'Running summary',
      parts: [
        data.summary
          ? { kind: 'text', text: data.summary }
          : {
              kind: 'line',
              muted: true,
              text: `Empty until the buffer reaches ${settings.threshold} messages.`,
            },
        {
          kind: 'line',
          muted: true,
          text: `${formatCount(data.merges)} merge${plural(data.merges)}; buffer from turn ${data.bufferStart + 1}.`,
        },
      ],
    },
  ],
  async update({ turn, turns, settings, data, step, signal }) {
    const buffer = turns.filter((t) => t.index >= data.bufferStart && t.index <= turn.index);
    const conversation = buffer.flatMap(dialogue);
    if (conversation.length < settings.threshold) return { data };
    const answer = await step(summaryMergeRequest(data.summary, conversation), signal);
    return {
      data: {
        summary: readSummary(answer.text),
        bufferStart: turn.index + 1,
        merges: data.merges + 1,
      },
    };
  },
};
