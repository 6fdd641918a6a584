// The import rules of ARCHITECTURE.md hold: no import circle, no import from a lower layer to a
// higher one, and every path the layer list names exists (scripts/check-layers.mjs, run as is).
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('the layer check passes', () => {
  const run = spawnSync(process.execPath, ['scripts/check-layers.mjs'], { encoding: 'utf8' });
  expect(run.stdout).toContain('Import circles: 0');
  expect(run.stdout).toContain(
    'Upward imports (a lower layer importing a higher one; tests excluded): 0',
  );
  expect(run.status, run.stdout + run.stderr).toBe(0);
});
