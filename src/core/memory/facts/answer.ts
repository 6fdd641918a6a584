// The fact updater's answer: its schema and parser (updater.ts asks and applies). An answer that is
// not JSON of the right shape is refused whole; a malformed new fact in it (a blank text, null...)
// is left out and named, and the rest is applied, as DeerFlow does.

import { z } from 'zod';
import {
  HISTORY_SECTIONS,
  USER_SECTIONS,
  categorySchema,
  confidenceSchema,
  formatPath,
} from './schema';
import { parseSkippingBadEntries } from './skip';
import { errorText } from '../../text/errors';

const sectionUpdateSchema = z.object(
  {
    summary: z.string({ error: 'expected a string' }).default(''),
    shouldUpdate: z.boolean({
      error: (issue) =>
        issue.input === undefined ? 'missing (expected true or false)' : 'expected true or false',
    }),
  },
  { error: 'expected an object with summary and shouldUpdate' },
);

const sectionsOf = <const K extends readonly string[]>(keys: K) =>
  z
    .object(
      Object.fromEntries(keys.map((key) => [key, sectionUpdateSchema.optional()])) as {
        [P in K[number]]: z.ZodOptional<typeof sectionUpdateSchema>;
      },
      { error: 'expected an object' },
    )
    .optional();

export const newFactSchema = z.object(
  {
    content: z
      .string({ error: 'expected a string' })
      .refine((value) => value.trim() !== '', { error: 'expected a non-empty text' }),
    category: categorySchema,
    confidence: confidenceSchema,
  },
  { error: 'expected an object with content, category and confidence' },
);

export const memoryUpdateSchema = z.object(
  {
    user: sectionsOf(USER_SECTIONS),
    history: sectionsOf(HISTORY_SECTIONS),
    newFacts: z.array(newFactSchema, { error: 'expected an array' }).default([]),
    factsToRemove: z
      .array(z.string({ error: 'expected a fact id' }), { error: 'expected an array of ids' })
      .default([]),
  },
  { error: 'expected a JSON object' },
);
export type MemoryUpdate = z.infer<typeof memoryUpdateSchema>;
export type NewFact = z.infer<typeof newFactSchema>;

export type ParseUpdateResult =
  | {
      ok: true;
      update: MemoryUpdate;
      /** Malformed new facts left out (the rest is applied): the notice naming them. */
      skipped?: string;
    }
  | { ok: false; error: string };

/**
 * Validates a model's update answer. JSON inside a ```json fence (or with prose around the
 * object) is accepted; anything else that is not valid JSON of the right shape is an error.
 */
export function parseUpdateResponse(text: string): ParseUpdateResult {
  const json = extractJson(text);
  if (json === undefined)
    return { ok: false, error: 'The memory update answer holds no JSON object.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = errorText(error);
    return { ok: false, error: `The memory update answer is not valid JSON: ${reason}` };
  }
  // A malformed new fact (a blank text, null...) is left out and named; the rest is applied.
  const result = parseSkippingBadEntries(memoryUpdateSchema, value, 'newFacts');
  if (!result.ok) {
    const problems = result.issues.slice(0, 5).map((issue) => {
      const path = formatPath(
        issue.path.filter((key) => typeof key !== 'symbol') as (string | number)[],
      );
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    const more = result.issues.length - problems.length;
    return {
      ok: false,
      error: `The memory update answer does not have the expected shape: ${problems.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
    };
  }
  if (result.skipped.length === 0) return { ok: true, update: result.data };
  const named = result.skipped.map(({ problems: [first] }) =>
    first ? `${formatPath(first.path)}: ${first.message}` : '',
  );
  const count = `${named.length} malformed new fact${named.length === 1 ? '' : 's'}`;
  return {
    ok: true,
    update: result.data,
    skipped: `${count} in the answer left out (the rest applied): ${named.join('; ')}.`,
  };
}

function extractJson(text: string): string | undefined {
  const fenced = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/.exec(text);
  const body = (fenced ? (fenced[1] ?? '') : text).trim();
  if (body.startsWith('{') || body.startsWith('[')) return body;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  return start >= 0 && end > start ? body.slice(start, end + 1) : undefined;
}
