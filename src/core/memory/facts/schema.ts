// The fact memory file, /memories/memory.json, in DeerFlow's layout: user context, history and
// facts with category and confidence. The schema validates every read (the file is a normal file
// that people edit by hand) and every model answer that changes it. Unknown keys are kept, so a
// file written by DeerFlow or a later version survives a round trip through the app.

import { z } from 'zod';
import { parseSkippingBadEntries } from './skip';
import { jsonDepthOverflow } from '../../text/json-depth';
import { errorText } from '../../text/errors';
import { formatPath, lineAndColumn, locateValue, scanJson } from '../../text/json-scan';

export { formatPath, scanJson };

export const FACT_CATEGORIES = ['preference', 'knowledge', 'context', 'behavior', 'goal'] as const;
export type FactCategory = (typeof FACT_CATEGORIES)[number];

export const MEMORY_JSON_VERSION = '1.0';

/** Zod error text that tells a missing field from a wrong one. */
function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `missing (expected ${what})` : `expected ${what}`;
}

export const CONFIDENCE_MESSAGE = 'expected a number between 0 and 1';

/** 0..1; NaN, infinities, strings, out-of-range and missing values are rejected. */
export const confidenceSchema = z
  .number({ error: expected('a number between 0 and 1') })
  .min(0, { error: CONFIDENCE_MESSAGE })
  .max(1, { error: CONFIDENCE_MESSAGE });

export const categorySchema = z.enum(FACT_CATEGORIES, {
  error: expected(`one of ${FACT_CATEGORIES.join(', ')}`),
});

const text = z.string({ error: expected('a string') });

export const memorySectionSchema = z.looseObject({
  summary: text.default(''),
  updatedAt: text.default(''),
});
export type MemorySection = z.infer<typeof memorySectionSchema>;

const emptySection = (): MemorySection => ({ summary: '', updatedAt: '' });

export const factSchema = z.looseObject({
  id: z.string({ error: expected('a string') }).min(1, { error: 'expected a non-empty id' }),
  content: z
    .string({ error: expected('a string') })
    .refine((value) => value.trim() !== '', { error: 'expected a non-empty text' }),
  category: categorySchema,
  confidence: confidenceSchema,
  /** ISO time; DeerFlow always writes it, a hand-added fact may leave it out. */
  createdAt: text.default(''),
  /** The thread the fact came from ("manual" for facts added by hand). */
  source: text.default('unknown'),
});
export type Fact = z.infer<typeof factSchema>;

export const USER_SECTIONS = ['workContext', 'personalContext', 'topOfMind'] as const;
export const HISTORY_SECTIONS = ['recentMonths', 'earlierContext', 'longTermBackground'] as const;
export type UserSectionName = (typeof USER_SECTIONS)[number];
export type HistorySectionName = (typeof HISTORY_SECTIONS)[number];

const objectOf = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject(shape, { error: expected('an object') });

export const memorySchema = objectOf({
  version: text.default(MEMORY_JSON_VERSION),
  lastUpdated: text.default(''),
  user: objectOf({
    workContext: memorySectionSchema.default(emptySection),
    personalContext: memorySectionSchema.default(emptySection),
    topOfMind: memorySectionSchema.default(emptySection),
  }).default(() => ({
    workContext: emptySection(),
    personalContext: emptySection(),
    topOfMind: emptySection(),
  })),
  history: objectOf({
    recentMonths: memorySectionSchema.default(emptySection),
    earlierContext: memorySectionSchema.default(emptySection),
    longTermBackground: memorySectionSchema.default(emptySection),
  }).default(() => ({
    recentMonths: emptySection(),
    earlierContext: emptySection(),
    longTermBackground: emptySection(),
  })),
  facts: z.array(factSchema, { error: expected('an array of facts') }).default([]),
}).superRefine((memory, context) => {
  // Facts are removed and cached by id, so an id must name one fact.
  const seen = new Set<string>();
  memory.facts.forEach((fact, index) => {
    if (seen.has(fact.id))
      context.addIssue({
        code: 'custom',
        path: ['facts', index, 'id'],
        message: `duplicate id "${fact.id}" (ids must be unique)`,
      });
    seen.add(fact.id);
  });
});
export type MemoryJson = z.infer<typeof memorySchema>;

export function emptyMemory(now = ''): MemoryJson {
  return {
    version: MEMORY_JSON_VERSION,
    lastUpdated: now,
    user: {
      workContext: emptySection(),
      personalContext: emptySection(),
      topOfMind: emptySection(),
    },
    history: {
      recentMonths: emptySection(),
      earlierContext: emptySection(),
      longTermBackground: emptySection(),
    },
    facts: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Parsing with line and field reporting

export interface MemoryProblem {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** Field path such as facts[3].confidence; '' for the whole file or a syntax error. */
  path: string;
  message: string;
}

export type MemoryParseResult =
  | {
      ok: true;
      memory: MemoryJson;
      /** With skipBadFacts: the malformed facts left out, one problem each (line and field). */
      skipped?: MemoryProblem[];
    }
  | { ok: false; error: string; problems: MemoryProblem[] };

const MAX_REPORTED_PROBLEMS = 5;

/**
 * Parses memory.json text. Problems name the line, column and field, e.g.
 * "line 12: facts[3].confidence: expected a number between 0 and 1". A blank file is an empty
 * memory. With `skipBadFacts` (readers: the agent, the Facts panel), a malformed fact is left out
 * and named in `skipped` when nothing else is wrong; writers parse strictly, so that what they
 * write back never loses the fact someone has to fix.
 */
export function parseMemoryJson(
  text: string,
  options: { skipBadFacts?: boolean } = {},
): MemoryParseResult {
  if (text.trim() === '') return { ok: true, memory: emptyMemory() };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // The common case, a valid file, takes the engine's parser and the schema (after the nesting
  // bound); the scanner, which records where every value is, runs only to locate what is wrong.
  // It costs more than the rest together: 1,000 facts parse several times faster this way.
  if (jsonDepthOverflow(body) < 0) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      value = undefined;
    }
    if (value !== undefined) {
      const quick = memorySchema.safeParse(value);
      if (quick.success) return { ok: true, memory: quick.data };
    }
  }
  const scanned = scanJson(text);
  if (!scanned.ok) {
    const problem = { ...lineAndColumn(text, scanned.offset), path: '', message: scanned.message };
    return fail([problem], 'memory.json is not valid JSON');
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    // The scanner accepts exactly JSON, so this is not expected; report it all the same.
    const message = errorText(error);
    return fail([{ line: 1, column: 1, path: '', message }], 'memory.json is not valid JSON');
  }
  const result = memorySchema.safeParse(value);
  if (result.success) return { ok: true, memory: result.data };
  if (options.skipBadFacts) {
    const kept = parseSkippingBadEntries(memorySchema, value, 'facts');
    if (kept.ok) {
      const skipped = kept.skipped.map(({ problems: [first] }) => ({
        ...lineAndColumn(text, locateValue(scanned.locations, first!.path)),
        path: formatPath(first!.path),
        message: first!.message,
      }));
      return { ok: true, memory: kept.data, skipped };
    }
  }
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.filter((key) => typeof key !== 'symbol') as (string | number)[];
    return {
      ...lineAndColumn(text, locateValue(scanned.locations, path)),
      path: formatPath(path),
      message: issue.message,
    };
  });
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return fail(problems, 'memory.json does not match the expected shape');
}

/** Validates a value already in memory (a panel edit, an imported object). */
export function validateMemory(value: unknown): MemoryParseResult {
  return parseMemoryJson(JSON.stringify(value, null, 2) ?? '');
}

function fail(problems: MemoryProblem[], headline: string): MemoryParseResult {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map(formatProblem);
  const more = problems.length - shown.length;
  const error = [
    `${headline}:`,
    ...shown,
    ...(more > 0 ? [`… and ${more} more problem${more === 1 ? '' : 's'}`] : []),
  ].join('\n');
  return { ok: false, error, problems };
}

/** The notice for malformed facts left out of a read. */
export function describeSkippedFacts(skipped: readonly MemoryProblem[]): string {
  const shown = skipped.slice(0, MAX_REPORTED_PROBLEMS).map(formatProblem);
  const more = skipped.length - shown.length;
  const count = `${skipped.length} malformed fact${skipped.length === 1 ? '' : 's'}`;
  return (
    `memory.json: ${count} left out (not shown, not sent to the model; the others are used; fix ` +
    `or remove ${skipped.length === 1 ? 'it' : 'them'} in the editor): ${shown.join('; ')}` +
    `${more > 0 ? `; and ${more} more` : ''}.`
  );
}

export function formatProblem(problem: MemoryProblem): string {
  const where = problem.path ? `${problem.path}: ` : '';
  return `line ${problem.line}, column ${problem.column}: ${where}${problem.message}`;
}

// ---------------------------------------------------------------------------------------------
// The fact cap (the "Maximum facts" setting, 1..1,000: src/core/limits.ts)

/**
 * The facts over `maxFacts`, the ones to drop: lowest confidence first, the oldest first among
 * equals, then the earliest in the file. Empty when the memory is within the limit.
 */
export function factsOverLimit(facts: readonly Fact[], maxFacts: number): Set<Fact> {
  const limit = Math.max(0, Math.floor(maxFacts));
  if (facts.length <= limit) return new Set();
  const order = facts
    .map((fact, index) => ({ fact, index }))
    .sort(
      (a, b) =>
        a.fact.confidence - b.fact.confidence ||
        (a.fact.createdAt < b.fact.createdAt ? -1 : a.fact.createdAt > b.fact.createdAt ? 1 : 0) ||
        a.index - b.index,
    );
  return new Set(order.slice(0, facts.length - limit).map((entry) => entry.fact));
}

/** The memory with at most `maxFacts` facts (file order kept), and how many were dropped. */
export function capFacts(
  memory: MemoryJson,
  maxFacts: number,
): { memory: MemoryJson; dropped: number } {
  const over = factsOverLimit(memory.facts, maxFacts);
  if (over.size === 0) return { memory, dropped: 0 };
  return {
    memory: { ...memory, facts: memory.facts.filter((f) => !over.has(f)) },
    dropped: over.size,
  };
}

/**
 * The sentence that says a cut: how many facts, the limit, how many and which are cut, and what
 * happens to them (`outcome`: "dropped" on a write or import; a reader says "left out").
 */
export function describeFactsCut(total: number, maxFacts: number, outcome = 'dropped'): string {
  const cut = total - maxFacts;
  return `memory.json holds ${total.toLocaleString('en-US')} facts, more than the limit of ${maxFacts.toLocaleString('en-US')} (Settings → Maximum facts): the ${cut.toLocaleString('en-US')} with the lowest confidence ${cut === 1 ? 'is' : 'are'} ${outcome}.`;
}
