// Import, step 3: applyImport snapshots everything the plan touches, checks nothing changed since
// the preview, writes, and on any failure (a quota error, a conflict) restores every snapshot in
// reverse order. IndexedDB has no transaction across databases, so this stage-and-rollback is what
// makes the import all-or-nothing.

import type { Thread } from '../../thread/thread';
import type { FileRecord } from '../../fs/types';
import type { Settings } from '../../settings';
import { BundleError } from '../errors';
import {
  Pacer,
  type BundleTarget,
  type ProgressCallback,
  type RestorableFileStore,
} from '../types';
import { errorText } from '../../text/errors';
import type { ParsedBundle } from './read';
import { retarget, stableStringify, type ImportPlan, type ItemAction } from './plan';

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
