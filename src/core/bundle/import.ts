// Import, in three steps that never mix:
//   1. readBundle: validate EVERYTHING (container, names, sizes, manifest, every record) into a
//      ParsedBundle. Touches nothing.
//   2. planImport: compare with what is there and decide, per file / thread / setting, what the
//      chosen mode would do. Reads only. This is the preview.
//   3. applyImport: snapshot everything the plan touches, check nothing changed since the preview,
//      write, and on any failure (a quota error, a conflict) restore every snapshot in reverse
//      order. IndexedDB has no transaction across databases, so this stage-and-rollback is what
//      makes the import all-or-nothing.

import type { Thread, ThreadSummary } from '../thread/thread';
import { compareStrings, utf8ByteLength } from '../fs/memory-store';
import { describeDifference, findLookAlike } from '../fs/names';
import { MAX_PATH_LENGTH, type FileRecord } from '../fs/types';
import { capFacts, describeFactsCut, parseMemoryJson } from '../memory/facts/schema';
import { serializeMemory } from '../memory/facts/store';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../settings';
import { checkMetricsCsv } from './csv';
import { BundleError, quoteName } from './errors';
import { journalFromJsonl, parseJsonAt, threadFromJsonl } from './jsonl';
import type { JournalEntry } from '../fs/journal';
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_LIMITS,
  DEVICE_LOCAL_SETTINGS,
  classifyEntry,
  manifestSchema,
  zipLimits,
  zodProblems,
  type BundleLimits,
  type BundleManifest,
  type EntryKind,
} from './schema';
import { Pacer, type BundleTarget, type ProgressCallback, type RestorableFileStore } from './types';
import {
  isConnectionKey,
  isUntouchedSample,
  memoryKind,
  memorySourcePaths,
  withConnectionOf,
  type MemoryChoice,
  type MemorySourceInfo,
} from './memory-sources';
import { checkMemoryJson, parseSettingsEntry } from './validate';
import { readZipDirectory, readZipEntry, type ZipEntry } from './zip';
import { errorText } from '../text/errors';

/** /memories/memory.json, as a path inside the user-level store. */
const MEMORY_JSON_STORE_PATH = '/memory.json';

// ---------------------------------------------------------------------------------------------
// 1. Validate

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
        threads.push(thread);
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

// ---------------------------------------------------------------------------------------------
// 2. Plan (the preview)

/**
 * keep-both: merge; a file or thread that differs is imported beside yours under a new name / id.
 * prefer-newer: merge; where both differ, the one modified later wins (files by modifiedAt,
 *   threads by updatedAt).
 * replace: the bundle replaces everything: your files and this workspace's threads that are not
 *   in the bundle are removed, and the bundle's settings are applied.
 */
export type ImportMode = 'keep-both' | 'prefer-newer' | 'replace';

/** added: only in the bundle; changed: in both, different; unchanged: identical; local-only: only here. */
export type ItemStatus = 'added' | 'changed' | 'unchanged' | 'local-only';
/** What apply will do with it. */
export type ItemAction = 'add' | 'replace' | 'add-renamed' | 'keep' | 'remove' | 'skip';

export interface FilePlan {
  area: 'memories' | 'workspace';
  path: string;
  /** As the app shows it: "/memories/AGENTS.md" or "/AGENTS.md". */
  displayPath: string;
  status: ItemStatus;
  action: ItemAction;
  /** For add-renamed: the new path in the store, and as displayed. */
  renamedTo?: string;
  renamedDisplayPath?: string;
  /** What is here now (content only when it is compared). */
  local?: { size: number; modifiedAt: number; version: number; content?: string };
  incoming?: { size: number; modifiedAt: number; content: string };
  /** Why an action was chosen, when it is not obvious ("yours is newer"). */
  note?: string;
  /** Set when the file is a memory source (loaded by the agent as memory). */
  memory?: MemorySourceInfo;
  /**
   * The bundle's memory.json holds more facts than "Maximum facts": what is written instead (the
   * lowest confidence dropped), and the sentence that says so in the preview.
   */
  factsCut?: { total: number; maxFacts: number; content: string; message: string };
}

export interface ThreadPlan {
  id: string;
  title: string;
  status: ItemStatus;
  action: ItemAction;
  newId?: string;
  local?: { updatedAt: number; messageCount: number; title: string };
  incoming?: { updatedAt: number; messageCount: number; title: string };
  note?: string;
}

export interface SettingsPlan {
  inBundle: boolean;
  status: 'absent' | 'unchanged' | 'changed';
  action: 'apply' | 'keep';
  /** Dotted keys that differ, values as JSON (connection settings are listed apart). */
  changes: { key: string; from: string; to: string }[];
  /** Differences in where requests and the key go (provider, base URLs): imported only on request. */
  connectionChanges: { key: string; from: string; to: string }[];
  connectionAction: 'apply' | 'keep';
  /** The record apply will write (device-local keys kept from this device). */
  next?: Settings;
  note?: string;
}

export interface ImportPlan {
  mode: ImportMode;
  importSettings: boolean;
  importConnection: boolean;
  /** Memory files (as displayed) that differ and still need a choice: apply refuses until then. */
  undecided: string[];
  bundleWorkspace: string;
  targetWorkspace: string;
  files: FilePlan[];
  threads: ThreadPlan[];
  settings: SettingsPlan;
  /** The stored settings record the plan was made against (to detect changes before apply). */
  localSettingsKey: string;
  counts: Record<ItemAction, number> & { threads: Record<ItemAction, number> };
}

export interface PlanOptions {
  mode: ImportMode;
  /** Merge modes only: apply the bundle's settings too (default true). Replace always does. */
  importSettings?: boolean;
  /**
   * Apply the bundle's provider and base URLs too (default false, in every mode): they decide
   * where requests and the key are sent.
   */
  importConnection?: boolean;
  /**
   * Per memory file that differs (display path, e.g. "/memories/AGENTS.md"): what to do. Merge
   * modes only; unset, keep-both leaves the choice open and prefer-newer takes the newer.
   */
  memoryChoices?: Readonly<Record<string, MemoryChoice>>;
}

export async function planImport(
  bundle: ParsedBundle,
  target: BundleTarget,
  options: PlanOptions,
): Promise<ImportPlan> {
  const mode = options.mode;
  const localRaw = await target.settings.get();
  const localParsed = localRaw === undefined ? undefined : parseSettings(localRaw);
  const localSettings = localParsed?.ok ? localParsed.settings : undefined;
  const memorySources = memorySourcePaths(localSettings, bundle.settings);
  const importSettings = mode === 'replace' ? true : (options.importSettings ?? true);
  const importConnection = options.importConnection ?? false;
  const settings = planSettings(bundle.settings, localSettings, importSettings, importConnection);
  const undecided: string[] = [];
  const files: FilePlan[] = [];
  for (const area of ['memories', 'workspace'] as const) {
    const store = area === 'memories' ? target.userStore : target.workspaceStore;
    const display = (path: string) => (area === 'memories' ? `/memories${path}` : path);
    const localInfos = await store.list();
    const localPaths = new Set(localInfos.map((i) => i.path));
    const incoming = bundle.files.filter((f) => f.area === area);
    const incomingPaths = new Set(incoming.map((f) => f.path));
    const taken = new Set([...localPaths, ...incomingPaths]);

    /** keep-both for a file that differs: beside yours under a new name (once). */
    const besideYours = async (
      file: BundleFile,
      base: Pick<FilePlan, 'area' | 'path' | 'displayPath' | 'incoming' | 'memory'>,
      local: NonNullable<FilePlan['local']>,
    ): Promise<FilePlan> => {
      const unloaded = base.memory
        ? `; the agent does not load the renamed copy, only ${base.displayPath}`
        : '';
      // Imported beside yours before (the same bundle again)? Then there is nothing to add.
      const copy = await findCopy(importedNames(file.path), localPaths, async (candidate) => {
        return (await store.read(candidate))?.content === file.content;
      });
      if (copy) {
        return {
          ...base,
          local,
          status: 'unchanged',
          action: 'skip',
          renamedDisplayPath: display(copy),
          note: `already imported as ${display(copy)}${unloaded}`,
        };
      }
      const renamed = importedName(file.path, taken);
      taken.add(renamed);
      if (display(renamed).length > MAX_PATH_LENGTH) {
        throw new BundleError(
          'bad-path',
          `${display(file.path)} cannot be imported beside yours: the new name would be too long.`,
          file.entry,
        );
      }
      return {
        ...base,
        local,
        status: 'changed',
        action: 'add-renamed',
        renamedTo: renamed,
        renamedDisplayPath: display(renamed),
        ...(base.memory ? { note: `yours stays loaded${unloaded}` } : {}),
      };
    };

    for (const file of incoming) {
      const inc = { size: file.size, modifiedAt: file.modifiedAt, content: file.content };
      const record = localPaths.has(file.path) ? await store.read(file.path) : undefined;
      const displayPath = display(file.path);
      const isMemory = memorySources.has(displayPath);
      const base = {
        area,
        path: file.path,
        displayPath,
        incoming: inc,
        ...(isMemory ? { memory: { kind: memoryKind(displayPath) } } : {}),
      };
      if (!record) {
        files.push({ ...base, status: 'added', action: 'add' });
        continue;
      }
      const local = {
        size: utf8ByteLength(record.content),
        modifiedAt: record.modifiedAt,
        version: record.version,
        content: record.content,
      };
      const newer = file.modifiedAt > record.modifiedAt;
      if (record.content === file.content) {
        files.push({ ...base, local, status: 'unchanged', action: 'skip' });
      } else if (mode === 'replace') {
        files.push({ ...base, local, status: 'changed', action: 'replace' });
      } else if (base.memory) {
        // A memory source: a renamed copy would never be loaded, so it is not merged blindly.
        if (isUntouchedSample(displayPath, record.content)) {
          files.push({
            ...base,
            memory: { ...base.memory, replacesSample: true },
            local,
            status: 'changed',
            action: 'replace',
            note: 'yours is the unchanged sample the app starts with',
          });
          continue;
        }
        const chosen = options.memoryChoices?.[displayPath];
        // prefer-newer answers for the person until they choose; keep-both leaves it to them.
        const byMode =
          chosen === undefined && mode === 'prefer-newer'
            ? {
                choice: newer ? ('take-theirs' as const) : ('keep-mine' as const),
                note: newer ? 'the bundle’s copy is newer' : 'yours is newer (or as new)',
              }
            : undefined;
        const choice: MemoryChoice | undefined = chosen ?? byMode?.choice;
        const memory = { ...base.memory, ask: true, ...(choice ? { choice } : {}) };
        const note = byMode ? { note: byMode.note } : {};
        if (choice === 'keep-both') {
          files.push(await besideYours(file, { ...base, memory }, local));
        } else if (choice === 'take-theirs') {
          files.push({ ...base, memory, local, status: 'changed', action: 'replace', ...note });
        } else {
          if (!choice) undecided.push(displayPath);
          files.push({
            ...base,
            memory,
            local,
            status: 'changed',
            action: 'keep',
            ...(choice ? note : { note: 'yours and the bundle’s differ: choose which to keep' }),
          });
        }
      } else if (mode === 'prefer-newer') {
        files.push({
          ...base,
          local,
          status: 'changed',
          action: newer ? 'replace' : 'keep',
          note: newer ? 'the bundle’s copy is newer' : 'yours is newer (or as new)',
        });
      } else {
        files.push(await besideYours(file, base, local));
      }
    }
    for (const info of localInfos) {
      if (incomingPaths.has(info.path)) continue;
      const item: FilePlan = {
        area,
        path: info.path,
        displayPath: display(info.path),
        status: 'local-only',
        action: mode === 'replace' ? 'remove' : 'keep',
        local: { size: info.size, modifiedAt: info.modifiedAt, version: info.version },
      };
      files.push(item);
    }
    // A file the import adds may not look like one that stays here (src/core/fs/names.ts).
    const areaPlans = files.filter((f) => f.area === area);
    const staying = areaPlans
      .filter((f) => f.action !== 'remove')
      .map((f) => (f.action === 'add-renamed' ? f.renamedTo! : f.path));
    for (const item of areaPlans) {
      if (item.action !== 'add' && item.action !== 'add-renamed') continue;
      const twin = findLookAlike(item.action === 'add' ? item.path : item.renamedTo!, staying);
      const file = incoming.find((f) => f.path === item.path);
      if (twin && file) throw lookAlikeEntry(file, twin);
    }
  }
  files.sort((a, b) => compareStrings(a.displayPath, b.displayPath));

  // Threads: compared as whole records (stable JSON), after moving them to the target workspace.
  const threads: ThreadPlan[] = [];
  const summaries = await target.threads.list();
  const localIds = new Set(summaries.map((s) => s.id));
  const takenIds = new Set([...localIds, ...bundle.threads.map((t) => t.id)]);
  const incomingIds = new Set(bundle.threads.map((t) => t.id));
  for (const raw of bundle.threads) {
    const thread = retarget(raw, target.workspace);
    const incoming = {
      updatedAt: thread.updatedAt,
      messageCount: thread.messages.length,
      title: thread.title,
    };
    const base = { id: thread.id, title: thread.title, incoming };
    const local = localIds.has(thread.id) ? await target.threads.get(thread.id) : undefined;
    if (!local) {
      threads.push({ ...base, status: 'added', action: 'add' });
      continue;
    }
    const localInfo = {
      updatedAt: local.updatedAt,
      messageCount: local.messages.length,
      title: local.title,
    };
    if (stableStringify(local) === stableStringify(thread)) {
      threads.push({ ...base, local: localInfo, status: 'unchanged', action: 'skip' });
    } else if (local.workspace !== target.workspace || mode === 'keep-both') {
      const same = stableStringify(thread);
      const copy = await findCopy(importedIds(thread.id), localIds, async (candidate) => {
        const existing = await target.threads.get(candidate);
        return (
          existing !== undefined &&
          stableStringify({ ...existing, id: thread.id, title: thread.title }) === same
        );
      });
      if (copy) {
        threads.push({
          ...base,
          local: localInfo,
          status: 'unchanged',
          action: 'skip',
          note: `already imported as a copy (${copy})`,
        });
        continue;
      }
      const newId = importedId(thread.id, takenIds);
      takenIds.add(newId);
      threads.push({
        ...base,
        local: localInfo,
        status: 'changed',
        action: 'add-renamed',
        newId,
        note:
          local.workspace !== target.workspace
            ? 'the id is used by a thread of another workspace'
            : undefined,
      });
    } else if (mode === 'replace') {
      threads.push({ ...base, local: localInfo, status: 'changed', action: 'replace' });
    } else {
      const newer = thread.updatedAt > local.updatedAt;
      threads.push({
        ...base,
        local: localInfo,
        status: 'changed',
        action: newer ? 'replace' : 'keep',
        note: newer ? 'the bundle’s copy is newer' : 'yours is newer (or as new)',
      });
    }
  }
  for (const summary of summaries) {
    if (incomingIds.has(summary.id) || summary.workspace !== target.workspace) continue;
    threads.push({
      id: summary.id,
      title: summary.title,
      status: 'local-only',
      action: mode === 'replace' ? 'remove' : 'keep',
      local: localSummary(summary),
    });
  }
  threads.sort((a, b) => compareStrings(a.title, b.title) || compareStrings(a.id, b.id));

  // The fact memory lands within the "Maximum facts" in force after the import.
  const maxFacts = (settings.next ?? localSettings ?? DEFAULT_SETTINGS).facts.maxFacts;
  for (const item of files) {
    if (item.area !== 'memories' || item.path !== MEMORY_JSON_STORE_PATH) continue;
    if (item.action !== 'add' && item.action !== 'replace') continue;
    const file = bundle.files.find((f) => f.area === 'memories' && f.path === item.path);
    const parsed = file ? parseMemoryJson(file.content) : undefined;
    if (!parsed?.ok || parsed.memory.facts.length <= maxFacts) continue;
    const total = parsed.memory.facts.length;
    item.factsCut = {
      total,
      maxFacts,
      content: serializeMemory(capFacts(parsed.memory, maxFacts).memory),
      message: `The bundle’s ${describeFactsCut(total, maxFacts)}`,
    };
  }

  const zero = (): Record<ItemAction, number> => ({
    add: 0,
    replace: 0,
    'add-renamed': 0,
    keep: 0,
    remove: 0,
    skip: 0,
  });
  const counts = { ...zero(), threads: zero() };
  for (const f of files) counts[f.action]++;
  for (const t of threads) counts.threads[t.action]++;

  return {
    mode,
    importSettings,
    importConnection,
    undecided,
    bundleWorkspace: bundle.manifest.workspace,
    targetWorkspace: target.workspace,
    files,
    threads,
    settings,
    localSettingsKey: stableStringify(localRaw ?? null),
    counts,
  };
}

function localSummary(summary: ThreadSummary) {
  return { updatedAt: summary.updatedAt, messageCount: summary.messageCount, title: summary.title };
}

function retarget(thread: Thread, workspace: string): Thread {
  return thread.workspace === workspace ? thread : { ...thread, workspace };
}

function planSettings(
  incoming: Settings | undefined,
  local: Settings | undefined,
  wantSettings: boolean,
  wantConnection: boolean,
): SettingsPlan {
  if (!incoming) {
    return {
      inBundle: false,
      status: 'absent',
      action: 'keep',
      changes: [],
      connectionChanges: [],
      connectionAction: 'keep',
    };
  }
  // Without stored settings the app runs on the defaults: that is what would change.
  const base = local ?? DEFAULT_SETTINGS;
  // What describes this device (whether it keeps a key) is not the memory's to change.
  const theirs: Settings = { ...incoming };
  for (const key of DEVICE_LOCAL_SETTINGS) (theirs as Record<string, unknown>)[key] = base[key];
  // Where requests (and the key) go changes only when asked for, apart from the other settings.
  let next: Settings = wantSettings ? withConnectionOf(theirs, base) : { ...base };
  if (wantConnection) next = withConnectionOf(next, theirs);
  const all = diffFlat(flatten(base), flatten(theirs));
  const changes = all.filter((change) => !isConnectionKey(change.key));
  const connectionChanges = all.filter((change) => isConnectionKey(change.key));
  const differs = stableStringify(next) !== stableStringify(base);
  return {
    inBundle: true,
    status: all.length === 0 ? 'unchanged' : 'changed',
    // Nothing is written when nothing would change (not even the defaults, where none are saved).
    action: differs ? 'apply' : 'keep',
    changes,
    connectionChanges,
    connectionAction: wantConnection && connectionChanges.length > 0 ? 'apply' : 'keep',
    next,
    note: local
      ? "'Remember key on this device' stays as set here; keys are never in a bundle."
      : 'No settings are saved here yet (the defaults are in use).',
  };
}

function flatten(
  value: unknown,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = JSON.stringify(value);
  }
  return out;
}

function diffFlat(from: Record<string, string>, to: Record<string, string>) {
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort(compareStrings);
  return keys
    .filter((key) => from[key] !== to[key])
    .map((key) => ({ key, from: from[key] ?? '(not set)', to: to[key] ?? '(not set)' }));
}

function lookAlikeEntry(file: BundleFile, twin: string): BundleError {
  const display = (path: string) => (file.area === 'memories' ? `/memories${path}` : path);
  return new BundleError(
    'bad-path',
    `Entry ${quoteName(file.entry)} was refused: ${quoteName(display(file.path))} would look the same as ${quoteName(display(twin))} (${describeDifference(file.path, twin)}).`,
    file.entry,
  );
}

/** "notes/todo.md" -> "notes/todo (imported).md", "(imported 2)", … (endless). */
function* importedNames(path: string): Generator<string> {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot) : '';
  for (let n = 1; ; n++) yield `${dir}${stem} (imported${n > 1 ? ` ${n}` : ''})${ext}`;
}

/** The first imported name not taken. */
export function importedName(path: string, taken: ReadonlySet<string>): string {
  for (const candidate of importedNames(path)) if (!taken.has(candidate)) return candidate;
  throw new Error('unreachable');
}

function* importedIds(id: string): Generator<string> {
  const stem = id.slice(0, 110);
  for (let n = 1; ; n++) yield `${stem}_imported${n > 1 ? n : ''}`;
}

function importedId(id: string, taken: ReadonlySet<string>): string {
  for (const candidate of importedIds(id)) if (!taken.has(candidate)) return candidate;
  throw new Error('unreachable');
}

/** Walks the existing imported copies (name, name 2, …) for one equal to what comes in. */
async function findCopy(
  candidates: Generator<string>,
  existing: ReadonlySet<string>,
  same: (candidate: string) => Promise<boolean>,
): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const candidate = candidates.next().value as string;
    if (!existing.has(candidate)) return undefined;
    if (await same(candidate)) return candidate;
  }
  return undefined;
}

/** JSON with object keys sorted, so records read from different places compare equal. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort(compareStrings))
      sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Apply, all or nothing

export interface ApplyOptions {
  onProgress?: ProgressCallback;
}

export interface ApplyResult {
  files: { added: number; replaced: number; renamed: number; removed: number };
  threads: { added: number; replaced: number; renamed: number; removed: number };
  settingsApplied: boolean;
  /** Every path written or removed, as the app shows it (for refreshing views). */
  changedPaths: string[];
  /** Thread ids written or removed. */
  changedThreads: string[];
  /** Memory sources (as the app shows them) whose content the import changed. */
  changedMemory: string[];
}

interface Step {
  label: string;
  /** How many items it writes (for progress); 1 when absent. */
  size?: number;
  run(): Promise<void>;
  undo(): Promise<void>;
}

/** Files per transaction when a store writes in batches: big enough to be fast, small enough
 *  that progress moves and one transaction stays modest. */
const BATCH_SIZE = 200;

interface FileStep extends Step {
  store: RestorableFileStore;
  path: string;
  /** null deletes. */
  content: string | null;
  /** What the plan saw: the version there, or null for "absent". */
  expectedVersion: number | null;
  /** Captured while staging: an exact snapshot, or (without one) the previous record. */
  snapshot?: unknown;
  previous?: FileRecord;
}

interface ThreadStep extends Step {
  id: string;
  expectedUpdatedAt: number | null;
  previous?: Thread;
}

export async function applyImport(
  bundle: ParsedBundle,
  plan: ImportPlan,
  target: BundleTarget,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  if (plan.undecided.length > 0) {
    throw new BundleError(
      'needs-choice',
      `Choose what to do with ${plan.undecided.join(', ')} (keep yours, take the bundle’s, or keep both) before applying. Nothing was imported.`,
    );
  }
  const result: ApplyResult = {
    files: { added: 0, replaced: 0, renamed: 0, removed: 0 },
    threads: { added: 0, replaced: 0, renamed: 0, removed: 0 },
    settingsApplied: false,
    changedPaths: [],
    changedThreads: [],
    changedMemory: plan.files
      .filter((f) => f.memory && (f.action === 'add' || f.action === 'replace'))
      .map((f) => f.displayPath),
  };
  const incomingFiles = new Map(bundle.files.map((f) => [`${f.area}:${f.path}`, f]));
  const incomingThreads = new Map(bundle.threads.map((t) => [t.id, retarget(t, target.workspace)]));

  // Removals first (they make room), then replacements, then additions; threads; settings last.
  const order: Record<ItemAction, number> = {
    remove: 0,
    replace: 1,
    add: 2,
    'add-renamed': 2,
    keep: 9,
    skip: 9,
  };
  const fileSteps: FileStep[] = [];
  for (const item of [...plan.files].sort((a, b) => order[a.action] - order[b.action])) {
    if (item.action === 'keep' || item.action === 'skip') continue;
    const store = item.area === 'memories' ? target.userStore : target.workspaceStore;
    const renamed = item.action === 'add-renamed';
    const path = renamed ? item.renamedTo! : item.path;
    const display = renamed ? item.renamedDisplayPath! : item.displayPath;
    const added = item.action === 'add' || renamed;
    const content =
      item.action === 'remove'
        ? null
        : (item.factsCut?.content ?? incomingFiles.get(`${item.area}:${item.path}`)!.content);
    fileSteps.push(fileStep(store, path, display, content, added ? null : item.local!.version));
    result.files[
      renamed
        ? 'renamed'
        : item.action === 'add'
          ? 'added'
          : item.action === 'replace'
            ? 'replaced'
            : 'removed'
    ]++;
    result.changedPaths.push(display);
  }
  const threadSteps: ThreadStep[] = [];
  for (const item of [...plan.threads].sort((a, b) => order[a.action] - order[b.action])) {
    if (item.action === 'keep' || item.action === 'skip') continue;
    const incoming = incomingThreads.get(item.id);
    if (item.action === 'remove') {
      threadSteps.push(threadStep(target, item.id, null, item.local!.updatedAt));
      result.threads.removed++;
      result.changedThreads.push(item.id);
    } else if (item.action === 'add-renamed') {
      const renamed = { ...incoming!, id: item.newId!, title: `${incoming!.title} (imported)` };
      threadSteps.push(threadStep(target, renamed.id, renamed, null));
      result.threads.renamed++;
      result.changedThreads.push(renamed.id);
    } else {
      const expected = item.action === 'add' ? null : item.local!.updatedAt;
      threadSteps.push(threadStep(target, item.id, incoming!, expected));
      result.threads[item.action === 'add' ? 'added' : 'replaced']++;
      result.changedThreads.push(item.id);
    }
  }
  const settings =
    plan.settings.action === 'apply' && plan.settings.next
      ? settingsStep(target, plan.settings.next)
      : undefined;
  result.settingsApplied = settings !== undefined;
  const steps: Step[] = [
    ...batchFileSteps(target.userStore, fileSteps),
    ...batchFileSteps(target.workspaceStore, fileSteps),
    ...threadSteps,
    ...(settings ? [settings] : []),
  ];

  const total = steps.reduce((n, step) => n + (step.size ?? 1), 0);
  let done = 0;
  const progress = (label: string) => options.onProgress?.({ label, done, total });
  const pacer = new Pacer();

  // Stage: capture and check everything before the first write, so a change made since the
  // preview (another tab, the agent) stops the import while nothing has been touched yet.
  progress('Preparing');
  await stageFiles(
    target.userStore,
    fileSteps.filter((s) => s.store === target.userStore),
  );
  await stageFiles(
    target.workspaceStore,
    fileSteps.filter((s) => s.store === target.workspaceStore),
  );
  await stageThreads(target, threadSteps);
  if (settings) await settings.stage(plan.localSettingsKey);

  const completed: Step[] = [];
  try {
    for (const step of steps) {
      // Pushed before running: a step that failed halfway (e.g. a thread written to one database
      // but not its index) is undone too; undo restores the snapshot, which is safe either way.
      completed.push(step);
      await step.run();
      done += step.size ?? 1;
      progress('Importing');
      await pacer.tick();
    }
  } catch (error) {
    const cause = errorText(error);
    const failedAt = completed[completed.length - 1]?.label ?? 'the first item';
    const unrestored: string[] = [];
    progress('Rolling back');
    for (const step of completed.reverse()) {
      try {
        await step.undo();
      } catch (undoError) {
        unrestored.push(`${step.label} (${errorText(undoError)})`);
      }
    }
    if (unrestored.length > 0) {
      throw new BundleError(
        'rollback-failed',
        `The import failed while writing ${failedAt}: ${cause} Rolling back restored everything except: ${unrestored.join('; ')}.`,
      );
    }
    throw new BundleError(
      'apply-failed',
      `The import failed while writing ${failedAt}: ${cause} Everything was rolled back: nothing changed.`,
    );
  }
  options.onProgress?.({ label: 'Done', done: total, total });
  return result;
}

function changed(what: string): BundleError {
  return new BundleError(
    'changed',
    `${what} changed since the preview (another tab or the agent wrote to it). Nothing was imported; preview the bundle again.`,
  );
}

/** One listing checks every version; one batch snapshot captures what restoring needs. */
async function stageFiles(store: RestorableFileStore, steps: FileStep[]): Promise<void> {
  if (steps.length === 0) return;
  const versions = new Map((await store.list()).map((info) => [info.path, info.version]));
  for (const step of steps) {
    if ((versions.get(step.path) ?? null) !== step.expectedVersion) throw changed(step.label);
  }
  if (store.snapshot && store.restore) {
    const snapshots = await store.snapshot(steps.map((step) => step.path));
    steps.forEach((step, i) => (step.snapshot = snapshots[i]));
  } else {
    for (const step of steps)
      if (step.expectedVersion !== null) step.previous = await store.read(step.path);
  }
}

async function stageThreads(target: BundleTarget, steps: ThreadStep[]): Promise<void> {
  if (steps.length === 0) return;
  const updated = new Map((await target.threads.list()).map((t) => [t.id, t.updatedAt]));
  for (const step of steps) {
    if ((updated.get(step.id) ?? null) !== step.expectedUpdatedAt) throw changed(step.label);
    if (step.expectedUpdatedAt !== null) {
      step.previous = await target.threads.get(step.id);
      if (step.previous?.updatedAt !== step.expectedUpdatedAt) throw changed(step.label);
    }
  }
}

/**
 * The file steps of one store, as they will run: batches of one transaction each where the store
 * can (writeMany), else one step per file. A failed batch wrote nothing; undo restores all of it.
 */
function batchFileSteps(store: RestorableFileStore, all: FileStep[]): Step[] {
  const steps = all.filter((step) => step.store === store);
  if (!store.writeMany || !store.restore) return steps;
  const batches: Step[] = [];
  for (let i = 0; i < steps.length; i += BATCH_SIZE) {
    const batch = steps.slice(i, i + BATCH_SIZE);
    batches.push({
      label:
        batch.length === 1
          ? batch[0]!.label
          : `${batch[0]!.label} and ${batch.length - 1} more files`,
      size: batch.length,
      run: () =>
        store.writeMany!(
          batch.map((step) => ({
            path: step.path,
            content: step.content,
            expectedVersion: step.expectedVersion,
          })),
        ),
      async undo() {
        for (const step of [...batch].reverse()) await step.undo();
      },
    });
  }
  return batches;
}

function fileStep(
  store: RestorableFileStore,
  path: string,
  display: string,
  content: string | null,
  expectedVersion: number | null,
): FileStep {
  const step: FileStep = {
    label: display,
    store,
    path,
    content,
    expectedVersion,
    async run() {
      if (content === null) await store.delete(path, { expectedVersion });
      else await store.write(path, content, { expectedVersion });
    },
    async undo() {
      if (store.restore) {
        await store.restore(path, step.snapshot);
        return;
      }
      // Without an exact restore: the previous content comes back (as a newer version).
      const now = await store.read(path);
      if (!step.previous) {
        if (now) await store.delete(path);
      } else if (!now || now.content !== step.previous.content) {
        await store.write(path, step.previous.content);
      }
    },
  };
  return step;
}

function threadStep(
  target: BundleTarget,
  id: string,
  thread: Thread | null,
  expectedUpdatedAt: number | null,
): ThreadStep {
  const step: ThreadStep = {
    label: `thread ${thread ? `'${thread.title}'` : id}`,
    id,
    expectedUpdatedAt,
    async run() {
      if (thread) await target.threads.put(thread);
      else await target.threads.delete(id);
    },
    async undo() {
      if (step.previous) await target.threads.put(step.previous);
      else await target.threads.delete(id);
    },
  };
  return step;
}

function settingsStep(target: BundleTarget, next: Settings) {
  let previous: unknown;
  return {
    label: 'settings',
    async stage(expectedKey: string) {
      previous = await target.settings.get();
      if (stableStringify(previous ?? null) !== expectedKey) throw changed('Settings');
    },
    async run() {
      await target.settings.set(next);
    },
    async undo() {
      await target.settings.set(previous);
    },
  };
}

/** Validate, plan and apply in one call (tests, scripts). */
export async function importBundle(
  bytes: Uint8Array,
  target: BundleTarget,
  options: PlanOptions & ReadOptions & ApplyOptions,
): Promise<{ bundle: ParsedBundle; plan: ImportPlan; result: ApplyResult }> {
  const bundle = await readBundle(bytes, options);
  const plan = await planImport(bundle, target, options);
  const result = await applyImport(bundle, plan, target, options);
  return { bundle, plan, result };
}
