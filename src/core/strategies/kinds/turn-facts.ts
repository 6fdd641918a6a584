// The data of the two strategies that keep one-sentence facts per turn (Compression and
// Memory-augmented): the facts, each with the turn it came from.
import { z } from 'zod';

export const turnFactsSchema = z.object({
  facts: z.array(z.object({ text: z.string(), turn: z.number().int().min(0) })),
});
export type TurnFactsData = z.infer<typeof turnFactsSchema>;
