// Import, in three steps that never mix:
//   1. readBundle: validate EVERYTHING (container, names, sizes, manifest, every record) into a
//      ParsedBundle. Touches nothing.
//   2. planImport: compare with what is there and decide, per file / thread / setting, what the
//      chosen mode would do. Reads only. This is the preview.
//   3. applyImport: snapshot everything the plan touches, check nothing changed since the preview,
//      write, and on any failure (a quota error, a conflict) restore every snapshot in reverse
//      order. IndexedDB has no transaction across databases, so this stage-and-rollback is what
//      makes the import all-or-nothing.

//
// Each step is a file of this folder: read.ts, plan.ts, apply.ts.

import { applyImport, type ApplyOptions, type ApplyResult } from './apply';
import { planImport, type ImportPlan, type PlanOptions } from './plan';
import { readBundle, type ParsedBundle, type ReadOptions } from './read';
import type { BundleTarget } from '../types';

export * from './read';
export * from './plan';
export * from './apply';

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
