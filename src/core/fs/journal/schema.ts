// The journal's schemas: entries read back from storage and from bundles are checked, with every
// field bounded.

import { z } from 'zod';
import { normalisePath } from '../paths';
import { MAX_PATH_LENGTH } from '../types';
import { JOURNAL_LIMITS } from './types';

const idSchema = z.string().min(1).max(200);
const timeSchema = z.number().int().min(0).max(8.64e15);
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hash in hex');
const versionSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const writeAuthorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    threadId: idSchema,
    toolCallId: idSchema,
    toolName: z.string().min(1).max(200),
  }),
  z.object({ kind: z.literal('agent'), threadId: idSchema, name: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('user'), via: z.enum(['editor', 'facts']) }),
  z.object({ kind: z.literal('fact-updater'), threadId: idSchema }),
  z.object({
    kind: z.literal('import'),
    bundle: z.string().min(1).max(300),
    rollback: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('undo'), entryId: idSchema }),
  z.object({ kind: z.literal('tab') }),
  z.object({ kind: z.literal('app'), reason: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('unknown') }),
]);

const diffSchema = z.object({
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  cut: z.boolean(),
  lines: z
    .array(
      z.object({
        kind: z.enum(['same', 'added', 'removed', 'gap']),
        text: z.string().max(JOURNAL_LIMITS.maxLineChars + 1),
      }),
    )
    .max(JOURNAL_LIMITS.maxDiffLines + 1),
});

const summarySchema = z.object({
  title: z.string().max(200),
  lines: z
    .array(
      z.object({
        kind: z.enum(['added', 'removed', 'changed']),
        text: z.string().max(JOURNAL_LIMITS.maxLineChars + 1),
      }),
    )
    .max(JOURNAL_LIMITS.maxSummaryLines),
  more: z.number().int().min(0),
});

export const journalEntrySchema = z.object({
  id: idSchema,
  origin: z.enum(['local', 'imported']),
  recordedAt: timeSchema,
  at: timeSchema,
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    .refine((path) => isCanonical(path), 'expected a canonical absolute path'),
  op: z.enum(['write', 'delete']),
  author: writeAuthorSchema,
  tab: z.string().max(100).optional(),
  versionBefore: versionSchema.nullable(),
  versionAfter: versionSchema.nullable(),
  beforeHash: hashSchema.nullable(),
  afterHash: hashSchema.nullable(),
  beforeText: z.string().max(JOURNAL_LIMITS.maxKeptText).optional(),
  diff: diffSchema,
  summary: summarySchema.optional(),
  undoneBy: idSchema.optional(),
  importedFrom: z.string().max(300).optional(),
  sourceId: idSchema.optional(),
});

function isCanonical(path: string): boolean {
  try {
    return normalisePath(path) === path && path !== '/';
  } catch {
    return false;
  }
}

/** The counts of dropped entries and the seen mark, as stored beside the entries. */
export const droppedSchema = z.object({
  local: z.number().int().min(0),
  imported: z.number().int().min(0),
  seenAt: timeSchema.optional(),
  seenId: idSchema.optional(),
});
