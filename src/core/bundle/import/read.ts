// Import, step 1: readBundle validates EVERYTHING (container, names, sizes, manifest, every
// record) into a ParsedBundle. Touches nothing.

import type { Thread } from '../../thread/thread';
import { compareStrings } from '../../fs/memory-store';
import { describeDifference, findLookAlike } from '../../fs/names';
import type { Settings } from '../../settings';
import { checkMetricsCsv } from '../csv';
import { BundleError, quoteName } from '../errors';
import { journalFromJsonl, parseJsonAt, threadFromJsonl } from '../jsonl';
import type { JournalEntry } from '../../fs/journal';
import { agentsMdSlot } from '../../memory/agents-md';
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_LIMITS,
  classifyEntry,
  manifestSchema,
  zipLimits,
  zodProblems,
  type BundleLimits,
  type BundleManifest,
  type EntryKind,
} from '../schema';
import { Pacer, type ProgressCallback } from '../types';
import { checkMemoryJson, parseSettingsEntry } from '../validate';
import { readZipDirectory, readZipEntry, type ZipEntry } from '../zip';

/** /memories/memory.json, as a path inside the user-level store. */
export const MEMORY_JSON_STORE_PATH = '/memory.json';

export interface BundleFile {
  entry: string;
  area: 'memories' | 'workspace';
  /** Path inside its store ("/AGENTS.md"). */
  path: string;
  content: string;
  size: number;
  createdAt: number;
  modifiedAt: number;
}

export interface ParsedBundle {
  manifest: BundleManifest;
  files: BundleFile[];
  threads: Thread[];
  /** Absent when the bundle has no settings.json. */
  settings?: Settings;
  /** The bundle's memory journal (journal.jsonl): history, imported read-only. */
  journal: JournalEntry[];
  /** Size of the zip and of everything in it, uncompressed. */
  zipBytes: number;
  totalBytes: number;
}

export interface ReadOptions {
  limits?: BundleLimits;
  onProgress?: ProgressCallback;
}

const textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function readBundle(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<ParsedBundle> {
  const limits = options.limits ?? { ...BUNDLE_LIMITS };
  const pacer = new Pacer();
  if (bytes.length > limits.maxZipBytes) {
    throw new BundleError(
      'too-large',
      `The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; a bundle may be at most ${limits.maxZipBytes / 1024 / 1024} MB.`,
    );
  }
  const entries = readZipDirectory(bytes, zipLimits(limits));

  // Names first: every entry must be in the layout, and no two may land on the same path.
  const seen = new Set<string>();
  const kinds = new Map<ZipEntry, EntryKind>();
  for (const entry of entries) {
    if (seen.has(entry.name)) {
      throw new BundleError(
        'bad-path',
        `Entry ${quoteName(entry.name)} appears twice in the archive: which one to import would be ambiguous.`,
        entry.name,
      );
    }
    seen.add(entry.name);
    kinds.set(entry, classifyEntry(entry.name));
  }

  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  if (!manifestEntry) {
    throw new BundleError(
      'manifest',
      'manifest.json is missing: this is not a Memory Playground memory bundle (or it was repacked without it).',
    );
  }
  const manifest = parseManifest(
    decodeText(readZipEntry(bytes, manifestEntry), manifestEntry.name),
  );
  const fileMeta = new Map(manifest.files.map((f) => [f.entry, f]));
  if (fileMeta.size !== manifest.files.length) {
    throw new BundleError('manifest', 'manifest.json lists a file twice.', 'manifest.json');
  }

  const total = entries.length;
  let done = 0;
  const progress = () => options.onProgress?.({ label: 'Checking the bundle', done, total });
  progress();

  const files: BundleFile[] = [];
  const threads: Thread[] = [];
  const metrics = new Map<string, { entry: string; text: string }>();
  let settings: Settings | undefined;
  let journal: JournalEntry[] = [];
  let totalBytes = 0;

  for (const entry of entries) {
    const kind = kinds.get(entry)!;
    done++;
    if (kind.kind === 'directory' || kind.kind === 'manifest') continue;
    const data = readZipEntry(bytes, entry);
    totalBytes += data.length;
    const text = decodeText(data, entry.name);
    switch (kind.kind) {
      case 'memories-file':
      case 'workspace-file': {
        if (kind.kind === 'workspace-file' && kind.workspace !== manifest.workspace) {
          throw new BundleError(
            'bad-path',
            `Entry ${quoteName(entry.name)} belongs to workspace '${kind.workspace}', but the manifest says the bundle is of workspace '${manifest.workspace}'.`,
            entry.name,
          );
        }
        const meta = fileMeta.get(entry.name);
        if (!meta) {
          throw new BundleError(
            'manifest',
            `${entry.name} is not listed in manifest.json.`,
            entry.name,
          );
        }
        if (meta.size !== data.length) {
          throw new BundleError(
            'corrupt',
            `${entry.name} is ${data.length} bytes but manifest.json says ${meta.size}: the bundle was altered or damaged.`,
            entry.name,
          );
        }
        // A file with a schema of its own is refused here, not found broken after the import.
        if (kind.kind === 'memories-file' && kind.path === MEMORY_JSON_STORE_PATH)
          checkMemoryJson(text, entry.name, `/memories${kind.path}`);
        files.push({
          entry: entry.name,
          area: kind.kind === 'memories-file' ? 'memories' : 'workspace',
          path: kind.path,
          content: text,
          size: data.length,
          createdAt: meta.createdAt,
          modifiedAt: meta.modifiedAt,
        });
        break;
      }
      case 'thread': {
        const thread = threadFromJsonl(text, entry.name);
        if (thread.id !== kind.id) {
          throw new BundleError(
            'invalid-data',
            `${entry.name} line 1: the thread id is '${thread.id}', but the file name says '${kind.id}'.`,
            entry.name,
            1,
          );
        }
        if (thread.workspace !== manifest.workspace) {
          throw new BundleError(
            'invalid-data',
            `${entry.name} line 1: the thread belongs to workspace '${thread.workspace}', not the bundle's '${manifest.workspace}'.`,
            entry.name,
            1,
          );
        }
        threads.push(withoutLoadedMemory(thread));
        break;
      }
      case 'metrics':
        metrics.set(kind.id, { entry: entry.name, text });
        break;
      case 'settings': {
        settings = parseSettingsEntry(text, entry.name);
        break;
      }
      case 'journal':
        journal = journalFromJsonl(text, entry.name);
        break;
    }
    progress();
    await pacer.tick();
  }

  // No two of the bundle's files may look alike (src/core/fs/names.ts): a hostile bundle could
  // otherwise put "AGENTS.md" with a Cyrillic А beside the real one.
  for (const area of ['memories', 'workspace'] as const) {
    const paths = files.filter((f) => f.area === area).map((f) => f.path);
    for (const file of files) {
      if (file.area !== area) continue;
      const twin = findLookAlike(file.path, paths);
      if (twin) throw lookAlikeEntry(file, twin);
    }
  }

  // Cross-checks: everything the manifest promises is there, and every thread has its metrics.
  const present = new Set(files.map((f) => f.entry));
  for (const meta of manifest.files) {
    if (!present.has(meta.entry)) {
      throw new BundleError(
        'manifest',
        `manifest.json lists ${meta.entry}, but the bundle does not hold it.`,
        meta.entry,
      );
    }
  }
  for (const thread of threads) {
    const csv = metrics.get(thread.id);
    if (!csv) {
      throw new BundleError(
        'invalid-data',
        `metrics/${thread.id}.csv is missing for thread threads/${thread.id}.jsonl.`,
        `metrics/${thread.id}.csv`,
      );
    }
    checkMetricsCsv(csv.text, csv.entry, thread.calls);
    metrics.delete(thread.id);
  }
  for (const orphan of metrics.values()) {
    throw new BundleError(
      'invalid-data',
      `${orphan.entry} has no thread (threads/…jsonl) in the bundle.`,
      orphan.entry,
    );
  }
  const c = manifest.counts;
  const actual = {
    files: files.length,
    memoryFiles: files.filter((f) => f.area === 'memories').length,
    workspaceFiles: files.filter((f) => f.area === 'workspace').length,
    threads: threads.length,
    messages: threads.reduce((n, t) => n + t.messages.length, 0),
    modelCalls: threads.reduce((n, t) => n + t.calls.length, 0),
    settings: settings ? 1 : 0,
    journal: journal.length,
  };
  for (const key of Object.keys(actual) as (keyof typeof actual)[]) {
    if (actual[key] !== (c[key] ?? 0)) {
      throw new BundleError(
        'manifest',
        `manifest.json counts ${c[key] ?? 0} ${key}, but the bundle holds ${actual[key]}: it is incomplete or was altered.`,
        'manifest.json',
      );
    }
  }
  files.sort((a, b) => compareStrings(a.entry, b.entry));
  threads.sort((a, b) => compareStrings(a.id, b.id));
  return { manifest, files, threads, settings, journal, zipBytes: bytes.length, totalBytes };
}

function decodeText(data: Uint8Array, entry: string): string {
  try {
    return textDecoder.decode(data);
  } catch {
    throw new BundleError(
      'invalid-data',
      `${entry} is not UTF-8 text; the memory only holds text files.`,
      entry,
    );
  }
}

function parseManifest(text: string): BundleManifest {
  const value = parseJsonAt(text, 'manifest.json');
  const head = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  if (head.format !== BUNDLE_FORMAT) {
    throw new BundleError(
      'manifest',
      `manifest.json does not describe a Memory Playground bundle (format ${JSON.stringify(head.format ?? null)}, expected "${BUNDLE_FORMAT}").`,
      'manifest.json',
    );
  }
  if (typeof head.formatVersion === 'number' && head.formatVersion > BUNDLE_FORMAT_VERSION) {
    const by = typeof head.appVersion === 'string' ? head.appVersion.slice(0, 50) : undefined;
    throw new BundleError(
      'version',
      `This bundle uses format version ${head.formatVersion}${by ? `, written by Memory Playground ${by}` : ''}; this app reads format version ${BUNDLE_FORMAT_VERSION}. Update Memory Playground${by ? ` to ${by} or newer` : ''} to import it.`,
      'manifest.json',
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    throw new BundleError(
      'manifest',
      `manifest.json is invalid: ${zodProblems(parsed.error).slice(0, 5).join('; ')}.`,
      'manifest.json',
    );
  }
  return parsed.data;
}

export function lookAlikeEntry(file: BundleFile, twin: string): BundleError {
  const display = (path: string) => (file.area === 'memories' ? `/memories${path}` : path);
  return new BundleError(
    'bad-path',
    `Entry ${quoteName(file.entry)} was refused: ${quoteName(display(file.path))} would look the same as ${quoteName(display(twin))} (${describeDifference(file.path, twin)}).`,
    file.entry,
  );
}

/**
 * A thread's AGENTS.md state says which memory the thread loaded where it was exported; whatever it
 * holds (an old one held the text itself), it is not this workspace's memory. It is dropped: the
 * imported thread loads this workspace's files before its next model call, and never sends text
 * that came in the bundle as /memories/AGENTS.md.
 */
function withoutLoadedMemory(thread: Thread): Thread {
  if (!(agentsMdSlot.key in thread.state)) return thread;
  const { [agentsMdSlot.key]: _dropped, ...state } = thread.state;
  return { ...thread, state };
}
