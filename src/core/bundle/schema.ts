// The memory bundle's format: layout, limits, manifest and record schemas. See FORMAT.md beside
// this file for the documented layout. Everything read from a bundle is validated with these.

import { z } from 'zod';
import { normaliseFilePath } from '../fs/paths';
import { MAX_FILE_BYTES, MAX_PATH_LENGTH } from '../fs/types';
import { BOUNDS } from '../limits';
import { BundleError, quoteName } from './errors';
import type { ZipLimits } from './zip';
import { errorText } from '../text/errors';

export const BUNDLE_FORMAT = 'memory-playground-bundle';
export const BUNDLE_FORMAT_VERSION = 1;
export const THREAD_FORMAT = 'memory-playground-thread';

const MiB = 1024 * 1024;

/**
 * Limits, stated to the user in refusals (values in src/core/limits.ts). Why these numbers:
 * - files: 10 MB, the virtual filesystem's own limit for one file (anything bigger could not be
 *   written anyway);
 * - a thread: 50 MB of JSONL (threads hold every message in full, including large tool results);
 * - total: 200 MB uncompressed, far above a real memory (a few MB) yet small enough to hold in a
 *   tab's memory while validating;
 * - the zip itself: 220 MB (the total plus room for headers of stored entries);
 * - 50,000 entries, under ZIP's 65,535 without ZIP64;
 * - ratio: an entry over 1 MB that expands more than 200:1 is a bomb signature; text and JSON
 *   compress 3-20:1, DEFLATE's ceiling is ~1032:1. Our exporter stores such entries uncompressed
 *   so its own bundles always import.
 */
export const BUNDLE_LIMITS = {
  maxZipBytes: BOUNDS.bundleZipBytes.value,
  maxEntries: BOUNDS.bundleEntries.value,
  maxTotalBytes: BOUNDS.bundleTotalBytes.value,
  maxFileBytes: MAX_FILE_BYTES,
  maxThreadBytes: BOUNDS.bundleThreadBytes.value,
  maxMetricsBytes: BOUNDS.bundleMetricsBytes.value,
  maxManifestBytes: BOUNDS.bundleManifestBytes.value,
  maxSettingsBytes: BOUNDS.bundleSettingsBytes.value,
  maxJournalBytes: BOUNDS.bundleJournalBytes.value,
  maxRatio: BOUNDS.bundleRatio.value,
  ratioMinBytes: 1 * MiB,
} as const;

export type BundleLimits = { -readonly [K in keyof typeof BUNDLE_LIMITS]: number };

export function zipLimits(limits: BundleLimits): ZipLimits {
  return {
    maxEntries: limits.maxEntries,
    maxTotalBytes: limits.maxTotalBytes,
    maxRatio: limits.maxRatio,
    ratioMinBytes: limits.ratioMinBytes,
    maxEntryBytes: (name) => {
      if (name === 'manifest.json') return limits.maxManifestBytes;
      if (name === 'settings.json') return limits.maxSettingsBytes;
      if (name === JOURNAL_ENTRY) return limits.maxJournalBytes;
      if (name.startsWith('threads/')) return limits.maxThreadBytes;
      if (name.startsWith('metrics/')) return limits.maxMetricsBytes;
      return limits.maxFileBytes;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Layout: which entry names a bundle may hold, and what they map to.

/** Workspace names become part of entry names and database names: keep them plain. */
const WORKSPACE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Thread ids become file names (newId gives "thread_" + 16 hex digits). */
const THREAD_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidWorkspaceName(name: string): boolean {
  return WORKSPACE_NAME.test(name) && !name.includes('..');
}

export function isValidThreadId(id: string): boolean {
  return THREAD_ID.test(id) && !id.includes('..');
}

/** The memory journal's entry: history, imported read-only (FORMAT.md). */
export const JOURNAL_ENTRY = 'journal.jsonl';

export type EntryKind =
  | { kind: 'manifest' }
  | { kind: 'settings' }
  | { kind: 'journal' }
  | { kind: 'directory' }
  /** A file of the user-level store; `path` is inside the store ("/AGENTS.md"). */
  | { kind: 'memories-file'; path: string }
  | { kind: 'workspace-file'; workspace: string; path: string }
  | { kind: 'thread'; id: string }
  | { kind: 'metrics'; id: string };

/**
 * Checks an entry name against the path rules (no escape: '..', absolute paths, backslashes, NUL,
 * '~', control characters) and the layout. Throws BundleError('bad-path') with the reason.
 */
export function classifyEntry(name: string): EntryKind {
  const refuse = (reason: string) =>
    new BundleError('bad-path', `Entry ${quoteName(name)} was refused: ${reason}`, name);
  if (name.length === 0) throw refuse('its name is empty.');
  if (name.includes('\0')) throw refuse('its name contains a NUL character.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(name)) throw refuse('its name contains a control character.');
  if (name.includes('\\'))
    throw refuse('backslashes are not allowed in entry names (it could escape on Windows).');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw refuse('absolute paths are not allowed.');
  if (name.includes('~')) throw refuse("'~' is not allowed in paths.");
  const isDirectory = name.endsWith('/');
  const segments = (isDirectory ? name.slice(0, -1) : name).split('/');
  for (const segment of segments) {
    if (segment === '..') throw refuse("'..' segments would escape the bundle.");
    if (segment === '.' || segment === '')
      throw refuse("empty or '.' path segments are not allowed.");
  }
  if (name.length > MAX_PATH_LENGTH + 64) throw refuse('the name is too long.');
  if (isDirectory) {
    // Zip tools add folder entries; they carry nothing, but must still be inside the layout.
    const top = segments[0];
    if (!['files', 'threads', 'metrics'].includes(top ?? ''))
      throw refuse('it is not part of the bundle layout.');
    return { kind: 'directory' };
  }
  if (name === 'manifest.json') return { kind: 'manifest' };
  if (name === 'settings.json') return { kind: 'settings' };
  if (name === JOURNAL_ENTRY) return { kind: 'journal' };
  if (segments[0] === 'files' && segments[1] === 'memories' && segments.length > 2) {
    return { kind: 'memories-file', path: storePath(segments.slice(2), '/memories', refuse) };
  }
  if (segments[0] === 'files' && segments[1] === 'workspaces' && segments.length > 3) {
    const workspace = segments[2]!;
    if (!isValidWorkspaceName(workspace))
      throw refuse(`${quoteName(workspace)} is not a valid workspace name.`);
    if (segments[3] === 'memories')
      throw refuse(
        'a workspace file under /memories/ would be hidden by the user-level store (put it under files/memories/).',
      );
    return { kind: 'workspace-file', workspace, path: storePath(segments.slice(3), '', refuse) };
  }
  if (segments.length === 2 && segments[0] === 'threads' && segments[1]!.endsWith('.jsonl')) {
    const id = segments[1]!.slice(0, -'.jsonl'.length);
    if (!isValidThreadId(id)) throw refuse(`${quoteName(id)} is not a valid thread id.`);
    return { kind: 'thread', id };
  }
  if (segments.length === 2 && segments[0] === 'metrics' && segments[1]!.endsWith('.csv')) {
    const id = segments[1]!.slice(0, -'.csv'.length);
    if (!isValidThreadId(id)) throw refuse(`${quoteName(id)} is not a valid thread id.`);
    return { kind: 'metrics', id };
  }
  throw refuse(
    'it is not part of the bundle layout (manifest.json, settings.json, journal.jsonl, files/memories/…, files/workspaces/{name}/…, threads/{id}.jsonl, metrics/{id}.csv).',
  );
}

function storePath(
  segments: string[],
  displayPrefix: string,
  refuse: (reason: string) => BundleError,
): string {
  const path = `/${segments.join('/')}`;
  let normalised: string;
  try {
    normalised = normaliseFilePath(path);
  } catch (error) {
    throw refuse(errorText(error));
  }
  if (normalised !== path) throw refuse(`it does not map to a canonical path (${path}).`);
  if ((displayPrefix + path).length > MAX_PATH_LENGTH)
    throw refuse(`the path is longer than ${MAX_PATH_LENGTH} characters.`);
  return path;
}

export function memoriesEntryName(storePath: string): string {
  return `files/memories${storePath}`;
}

export function workspaceEntryName(workspace: string, storePath: string): string {
  return `files/workspaces/${workspace}${storePath}`;
}

// ---------------------------------------------------------------------------------------------
// Manifest

const int = () => z.number().int().min(0);
const timestamp = () => z.number().int().min(0).max(8.64e15);

export const manifestFileSchema = z.object({
  /** The entry name, e.g. "files/memories/AGENTS.md". */
  entry: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH + 64),
  size: int(),
  createdAt: timestamp(),
  modifiedAt: timestamp(),
  version: z.number().int().min(1),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const manifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  created: z.iso.datetime(),
  appVersion: z.string().min(1).max(50),
  /** The workspace the files under files/workspaces/{workspace}/ and the threads belong to. */
  workspace: z.string().refine(isValidWorkspaceName, 'not a valid workspace name'),
  counts: z.object({
    files: int(),
    memoryFiles: int(),
    workspaceFiles: int(),
    threads: int(),
    messages: int(),
    modelCalls: int(),
    settings: z.union([z.literal(0), z.literal(1)]),
    /** Lines of journal.jsonl (absent in bundles written before the memory journal: 0). */
    journal: int().optional(),
  }),
  /** Metadata of every file entry (content is in the entry itself). */
  files: z.array(manifestFileSchema),
});
export type BundleManifest = z.infer<typeof manifestSchema>;

// ---------------------------------------------------------------------------------------------
// Thread records. Loose objects: fields added by newer builds of the app travel through intact.

const usageSchema = z.looseObject({
  inputTokens: int(),
  outputTokens: int(),
  cacheReadTokens: int().optional(),
  cacheWriteTokens: int().optional(),
});

export const messageSchema = z.discriminatedUnion('role', [
  z.looseObject({
    role: z.literal('user'),
    id: z.string().min(1),
    content: z.string(),
    createdAt: timestamp(),
  }),
  z.looseObject({
    role: z.literal('assistant'),
    id: z.string().min(1),
    content: z.string(),
    toolCalls: z
      .array(z.looseObject({ id: z.string(), name: z.string(), arguments: z.string() }))
      .optional(),
    createdAt: timestamp(),
    usage: usageSchema.optional(),
    stopped: z.enum(['aborted', 'error']).optional(),
  }),
  z.looseObject({
    role: z.literal('tool'),
    id: z.string().min(1),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.string(),
    isError: z.boolean().optional(),
    createdAt: timestamp(),
  }),
  z.looseObject({
    role: z.literal('notice'),
    id: z.string().min(1),
    kind: z.enum(['error', 'info']),
    content: z.string(),
    createdAt: timestamp(),
  }),
]);

export const tokenBreakdownSchema = z.looseObject({
  system: int(),
  memory: int(),
  facts: int().optional(),
  summary: int().optional(),
  messages: int(),
  toolResults: int().optional(),
  tools: int(),
  total: int(),
});

export const callSchema = z.looseObject({
  callId: z.string().min(1),
  startedAt: timestamp(),
  endedAt: timestamp().optional(),
  provider: z.string(),
  model: z.string(),
  contextWindow: int(),
  triggerTokens: int().optional(),
  estimate: tokenBreakdownSchema,
  usage: usageSchema.optional(),
  error: z.string().optional(),
});

export const memoryEditSchema = z.looseObject({
  toolCallId: z.string(),
  path: z.string(),
  before: z.string().nullable(),
  after: z.string(),
  version: z.number().int(),
  at: timestamp(),
  undone: z.boolean().optional(),
});

export const contextEventSchema = z.looseObject({
  id: z.string().min(1),
  // Kinds grow with the app; any short name is carried through.
  kind: z.string().min(1).max(100),
  at: timestamp(),
  callId: z.string().optional(),
  tokensBefore: int().optional(),
  tokensAfter: int().optional(),
  path: z.string().optional(),
  messageId: z.string().optional(),
  detail: z.string(),
});

/** A plain JSON object (not an array, not null). */
const jsonObject = (what: string) =>
  z.record(z.string(), z.unknown(), {
    error: (issue) =>
      issue.input === undefined ? `missing (expected ${what})` : `expected ${what}`,
  });

/**
 * A context strategy's state in a thread (`state.strategy`): `{ id, settings, data }`. Only the
 * shape is checked here; the strategy validates its own settings and data when it loads them.
 */
export const strategyStateSchema = z.looseObject(
  {
    id: z
      .string({ error: 'expected the strategy id (a string)' })
      .min(1, { error: 'expected a non-empty strategy id' })
      .max(200, { error: 'expected a strategy id of at most 200 characters' }),
    settings: jsonObject('a JSON object of strategy settings'),
    data: jsonObject('a JSON object of strategy data'),
  },
  {
    error: (issue) =>
      `expected a JSON object { id, settings, data }${issue.input === null ? ', not null' : ''}`,
  },
);

/** Thread state: any keys (middleware keeps its own), with a checked shape for known ones. */
export const threadStateSchema = z.looseObject(
  { strategy: strategyStateSchema.optional() },
  { error: 'expected a JSON object' },
);

export const threadHeaderSchema = z.looseObject({
  type: z.literal('thread'),
  format: z.literal(THREAD_FORMAT),
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  id: z.string().refine(isValidThreadId, 'not a valid thread id'),
  title: z.string().max(10_000),
  workspace: z.string().min(1).max(64),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  state: threadStateSchema,
  memoryEdits: z.array(memoryEditSchema),
  events: z.array(contextEventSchema).optional(),
});

/** Settings keys that describe this device rather than the memory: an import keeps the local one. */
export const DEVICE_LOCAL_SETTINGS = ['rememberKey'] as const;

export { zodProblems } from '../text/errors';
