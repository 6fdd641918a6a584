// Export: the whole memory as one .zip bundle, or single pieces (AGENTS.md, memory.json, a thread).
// No API key ever goes out: settings are exported only after parseSettings (which has no key
// field), and any known key that turns up in content (a pasted key in a message or a file) is
// redacted from every entry, names included. Strings that a session import flagged as looking like
// keys or tokens (core/sessions/secrets.ts) are replaced by a marker in that thread's file unless
// the person chose to keep them (keepFlaggedSecrets).

import type { Thread } from '../thread/thread';
import { DEFAULT_SETTINGS, parseSettings } from '../settings';
import { compareStrings } from '../fs/memory-store';
import type { FileInfo, FileRecord, FileStore } from '../fs/types';
import type { ThreadStore } from '../thread/thread';
import { metricsToCsv } from './csv';
import { BundleError, formatBytes } from './errors';
import { journalToJsonl, threadToJsonl } from './jsonl';
import type { JournalEntry } from '../fs/journal';
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_LIMITS,
  isValidThreadId,
  isValidWorkspaceName,
  JOURNAL_ENTRY,
  memoriesEntryName,
  workspaceEntryName,
  zipLimits,
  type BundleLimits,
  type BundleManifest,
  type ManifestFile,
} from './schema';
import { Pacer, type BulkReadableStore, type BundleSource, type ProgressCallback } from './types';
import { ZipWriter } from './zip';
import { findSecrets, redactSecrets } from '../sessions/secrets';
import { importedSessionSlot } from '../sessions/to-thread';

export const REDACTED = '[REDACTED API KEY]';
/** Shorter "keys" are not redacted: replacing a short string everywhere would mangle content. */
const MIN_SECRET_LENGTH = 8;

export interface ExportOptions {
  appVersion: string;
  /** API keys (or any secret) that must not appear anywhere in the output. */
  secrets?: readonly string[];
  now?: () => number;
  onProgress?: ProgressCallback;
  limits?: BundleLimits;
  /** Keep the strings a session import flagged as secrets (left out by default). */
  keepFlaggedSecrets?: boolean;
}

export interface ExportResult {
  fileName: string;
  bytes: Uint8Array;
  manifest: BundleManifest;
  /** Where a secret was found and replaced by REDACTED. */
  redactions: { entry: string; count: number }[];
  /** Strings flagged by a session import that were replaced by a marker. */
  flaggedRemoved: number;
}

/**
 * A thread's JSONL. In an imported thread whose import flagged strings that look like keys or
 * tokens, those strings are replaced by a marker ("[GitHub token removed]") unless kept (here, or
 * by the person's choice in the import dialog, kept with the thread).
 */
export function threadExportText(
  thread: Thread,
  keepFlagged = false,
): { text: string; flaggedRemoved: number } {
  const text = threadToJsonl(thread);
  const imported = importedSessionSlot.read(thread.state);
  if (keepFlagged || !imported?.secrets.length || imported.keepSecrets)
    return { text, flaggedRemoved: 0 };
  return { text: redactSecrets(text), flaggedRemoved: findSecrets(text).length };
}

/** A redactor for the given secrets: returns the cleaned text and how many were replaced. */
export function createRedactor(secrets: readonly string[] = []) {
  const list = [
    ...new Set(secrets.map((s) => s.trim()).filter((s) => s.length >= MIN_SECRET_LENGTH)),
  ]
    // Longest first, so a key that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text: string): { text: string; count: number } => {
    let count = 0;
    let out = text;
    for (const secret of list) {
      if (!out.includes(secret)) continue;
      const parts = out.split(secret);
      count += parts.length - 1;
      out = parts.join(REDACTED);
    }
    return { text: out, count };
  };
}

/**
 * The journal cuts long diff lines with "…": a cut may fall inside a key, and a key's start is not
 * caught by the whole-key redaction. Such a tail (4 characters or more of a key's start) is
 * replaced too.
 */
function secretPrefixCutter(secrets: readonly string[] = []) {
  const list = secrets.map((s) => s.trim()).filter((s) => s.length >= MIN_SECRET_LENGTH);
  const clean = (text: string): string => {
    if (!text.endsWith('…')) return text;
    const body = text.slice(0, -1);
    for (const secret of list) {
      for (let n = Math.min(secret.length - 1, body.length); n >= 4; n--) {
        if (body.endsWith(secret.slice(0, n))) return `${body.slice(0, -n)}${REDACTED}…`;
      }
    }
    return text;
  };
  return (entry: JournalEntry): JournalEntry =>
    list.length === 0
      ? entry
      : {
          ...entry,
          diff: {
            ...entry.diff,
            lines: entry.diff.lines.map((l) => ({ ...l, text: clean(l.text) })),
          },
          ...(entry.summary
            ? {
                summary: {
                  ...entry.summary,
                  lines: entry.summary.lines.map((l) => ({ ...l, text: clean(l.text) })),
                },
              }
            : {}),
        };
}

/** "{workspace}-memory-{YYYY-MM-DD}.zip", local date. */
export function bundleFileName(workspace: string, now: number): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${workspace}-memory-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.zip`;
}

interface PendingEntry {
  name: string;
  text: string;
  mtime: number;
}

export async function exportBundle(
  source: BundleSource,
  options: ExportOptions,
): Promise<ExportResult> {
  const limits = options.limits ?? { ...BUNDLE_LIMITS };
  const now = options.now ?? Date.now;
  const created = now();
  const redact = createRedactor(options.secrets);
  const cutSecretPrefixes = secretPrefixCutter(options.secrets);
  const pacer = new Pacer();
  if (!isValidWorkspaceName(source.workspace)) {
    throw new BundleError(
      'export-failed',
      `The workspace name '${source.workspace}' cannot be exported.`,
    );
  }

  // Stores that can read everything in one transaction do; others are read file by file.
  const listFiles = async (store: BulkReadableStore) =>
    store.readAll ? await store.readAll() : await store.list();
  const [userInfos, workspaceInfos, summaries] = await Promise.all([
    listFiles(source.userStore),
    listFiles(source.workspaceStore),
    source.threads.list(),
  ]);
  const threadIds = summaries
    .filter((t) => t.workspace === source.workspace)
    .map((t) => t.id)
    .sort(compareStrings);
  const total = userInfos.length + workspaceInfos.length + threadIds.length + 2;
  let done = 0;
  const progress = (label: string) => options.onProgress?.({ label, done, total });
  progress('Reading files');

  const redactions: ExportResult['redactions'] = [];
  const entries: PendingEntry[] = [];
  const files: ManifestFile[] = [];
  const addEntry = (name: string, text: string, mtime: number) => {
    const cleanName = redact(name);
    const clean = redact(text);
    if (clean.count + cleanName.count > 0)
      redactions.push({ entry: cleanName.text, count: clean.count + cleanName.count });
    entries.push({ name: cleanName.text, text: clean.text, mtime });
    return cleanName.text;
  };

  const readStore = async (
    store: FileStore,
    infos: (FileInfo | FileRecord)[],
    entryName: (path: string) => string,
  ) => {
    for (const info of [...infos].sort((a, b) => compareStrings(a.path, b.path))) {
      const record = 'content' in info ? info : await store.read(info.path);
      done++;
      if (!record) continue; // deleted while exporting
      const name = addEntry(entryName(record.path), record.content, record.modifiedAt);
      files.push({
        entry: name,
        size: 0, // filled in once encoded
        createdAt: record.createdAt,
        modifiedAt: record.modifiedAt,
        version: record.version,
      });
      progress('Reading files');
      await pacer.tick();
    }
  };
  await readStore(source.userStore, userInfos, memoriesEntryName);
  const memoryFiles = files.length;
  await readStore(source.workspaceStore, workspaceInfos, (path) =>
    workspaceEntryName(source.workspace, path),
  );
  const workspaceFiles = files.length - memoryFiles;

  let messages = 0;
  let modelCalls = 0;
  let threadCount = 0;
  let flaggedRemoved = 0;
  for (const id of threadIds) {
    const thread = await source.threads.get(id);
    done++;
    progress('Reading threads');
    if (!thread) continue;
    if (!isValidThreadId(thread.id)) {
      throw new BundleError(
        'export-failed',
        `Thread '${thread.title}' has an id that cannot be used as a file name (${thread.id}).`,
      );
    }
    const threadFile = threadExportText(thread, options.keepFlaggedSecrets);
    flaggedRemoved += threadFile.flaggedRemoved;
    addEntry(`threads/${thread.id}.jsonl`, threadFile.text, thread.updatedAt);
    addEntry(`metrics/${thread.id}.csv`, metricsToCsv(thread.calls), thread.updatedAt);
    threadCount++;
    messages += thread.messages.length;
    modelCalls += thread.calls.length;
    await pacer.tick();
  }

  // The memory journal travels as history (an importer marks every entry imported).
  const journal = source.journal ? [...(await source.journal.entries())] : [];
  if (journal.length > 0) {
    // A deleted file's kept text serves undo here only: it does not go out.
    const exported = journal.map(({ beforeText: _kept, ...entry }) => cutSecretPrefixes(entry));
    addEntry(JOURNAL_ENTRY, journalToJsonl(exported), created);
  }

  // The effective settings: what the app runs with (defaults when nothing valid is stored).
  const parsed = parseSettings(await source.settings.get());
  const settings = parsed.ok ? parsed.settings : DEFAULT_SETTINGS;
  addEntry('settings.json', `${JSON.stringify(settings, null, 2)}\n`, created);

  // Encode once, to know sizes for the manifest and to check the limits the importer enforces:
  // a bundle this app writes must be one this app reads.
  const encoder = new TextEncoder();
  const encoded = entries.map((entry) => ({ ...entry, data: encoder.encode(entry.text) }));
  const sizeOf = new Map(encoded.map((e) => [e.name, e.data.length]));
  for (const file of files) file.size = sizeOf.get(file.entry) ?? 0;

  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    created: new Date(created).toISOString(),
    appVersion: options.appVersion,
    workspace: source.workspace,
    counts: {
      files: files.length,
      memoryFiles,
      workspaceFiles,
      threads: threadCount,
      messages,
      modelCalls,
      settings: 1,
      ...(journal.length > 0 ? { journal: journal.length } : {}),
    },
    files,
  };
  const manifestData = encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`);
  const all = [{ name: 'manifest.json', data: manifestData, mtime: created }, ...encoded];

  const zl = zipLimits(limits);
  if (all.length > limits.maxEntries) {
    throw new BundleError(
      'export-failed',
      `This memory has ${all.length} entries; a bundle may hold at most ${limits.maxEntries}.`,
    );
  }
  let totalBytes = 0;
  for (const entry of all) {
    const max = zl.maxEntryBytes(entry.name);
    if (entry.data.length > max) {
      throw new BundleError(
        'export-failed',
        `${entry.name} is ${formatBytes(entry.data.length)}, over the ${formatBytes(max)} a bundle allows for it, so the bundle could not be imported again. Delete or shorten it and export again.`,
        entry.name,
      );
    }
    totalBytes += entry.data.length;
  }
  if (totalBytes > limits.maxTotalBytes) {
    throw new BundleError(
      'export-failed',
      `This memory is ${formatBytes(totalBytes)} uncompressed, over the ${formatBytes(limits.maxTotalBytes)} a bundle allows.`,
    );
  }

  const writer = new ZipWriter({
    level: 6,
    maxRatio: limits.maxRatio / 2,
    ratioMinBytes: limits.ratioMinBytes,
  });
  for (const entry of all) {
    writer.add(entry.name, entry.data, entry.mtime);
    done = Math.min(total, done + 1);
    progress('Compressing');
    await pacer.tick();
  }
  const bytes = writer.finish();
  options.onProgress?.({ label: 'Done', done: total, total });
  return {
    fileName: bundleFileName(source.workspace, created),
    bytes,
    manifest,
    redactions,
    flaggedRemoved,
  };
}

// ---------------------------------------------------------------------------------------------
// Single pieces

export interface ExportedPiece {
  fileName: string;
  mimeType: string;
  text: string;
  redactions: number;
}

/** /memories/AGENTS.md as AGENTS.md: the user-level memory file of a Deep Agents setup. */
export async function exportAgentsMd(
  userStore: FileStore,
  secrets?: readonly string[],
): Promise<ExportedPiece> {
  return exportUserFile(userStore, '/AGENTS.md', 'AGENTS.md', 'text/markdown', secrets);
}

/** /memories/memory.json as memory.json: DeerFlow's memory file format. */
export async function exportMemoryJson(
  userStore: FileStore,
  secrets?: readonly string[],
): Promise<ExportedPiece> {
  return exportUserFile(userStore, '/memory.json', 'memory.json', 'application/json', secrets);
}

async function exportUserFile(
  userStore: FileStore,
  path: string,
  fileName: string,
  mimeType: string,
  secrets?: readonly string[],
): Promise<ExportedPiece> {
  const record = await userStore.read(path);
  if (!record) {
    throw new BundleError('export-failed', `There is no /memories${path} to export yet.`);
  }
  const { text, count } = createRedactor(secrets)(record.content);
  return { fileName, mimeType, text, redactions: count };
}

/** One thread as JSONL (the same file as threads/{id}.jsonl in a bundle). */
export async function exportThreadJsonl(
  threads: ThreadStore,
  id: string,
  secrets?: readonly string[],
  keepFlaggedSecrets = false,
): Promise<ExportedPiece> {
  const thread: Thread | undefined = await threads.get(id);
  if (!thread) throw new BundleError('export-failed', `Thread ${id} was not found.`);
  const file = threadExportText(thread, keepFlaggedSecrets);
  const { text, count } = createRedactor(secrets)(file.text);
  return {
    fileName: `${id}.jsonl`,
    mimeType: 'application/x-ndjson',
    text,
    redactions: count + file.flaggedRemoved,
  };
}
