// Import, step 2: planImport compares the bundle with what is there and decides, per file / thread
// / setting, what the chosen mode would do. Reads only. This is the preview.

import type { Thread, ThreadSummary } from '../../thread/thread';
import { compareStrings, utf8ByteLength } from '../../fs/memory-store';
import { findLookAlike } from '../../fs/names';
import { MAX_PATH_LENGTH } from '../../fs/types';
import { capFacts, describeFactsCut, parseMemoryJson } from '../../memory/facts/schema';
import { serializeMemory } from '../../memory/facts/store';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../../settings';
import { BundleError } from '../errors';
import { DEVICE_LOCAL_SETTINGS } from '../schema';
import type { BundleTarget } from '../types';
import {
  isConnectionKey,
  isUntouchedSample,
  memoryKind,
  memorySourcePaths,
  withConnectionOf,
  type MemoryChoice,
  type MemorySourceInfo,
} from '../memory-sources';
import { lookAlikeEntry, MEMORY_JSON_STORE_PATH, type BundleFile, type ParsedBundle } from './read';

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

export function retarget(thread: Thread, workspace: string): Thread {
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
