import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOUNDS, boundsTableRows, formatBound, MAX_FILE_BYTES, MAX_PATH_LENGTH } from './limits';
import { BUNDLE_LIMITS } from './bundle/schema';
import { EXECUTE_DEFAULTS } from './tools/execute';
import { MAX_EXPANDED_CHARS } from './tools/experiment';
import { DEFAULT_SETTINGS } from './settings';
import { factsSchema } from './memory/facts/settings';
import { MAX_TRANSCRIPT_BYTES, MAX_TRANSCRIPT_LABEL } from './arena/errors';

/** The rows of README.md's "Bounds" table, cells trimmed (prettier pads them). */
function readmeRows(): string[][] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Bounds\n'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('the bounds', () => {
  it('README.md lists exactly the bounds of src/core/limits.ts', () => {
    expect(readmeRows()).toEqual(boundsTableRows());
  });

  it('the enforcing code uses the values from here', () => {
    expect(MAX_PATH_LENGTH).toBe(1_024);
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(EXECUTE_DEFAULTS.maxOutputChars).toBe(BOUNDS.executeOutputChars.value);
    expect(MAX_EXPANDED_CHARS).toBe(BOUNDS.templateExpandedChars.value);
    expect(BUNDLE_LIMITS.maxTotalBytes).toBe(BOUNDS.bundleTotalBytes.value);
    expect(BUNDLE_LIMITS.maxEntries).toBe(BOUNDS.bundleEntries.value);
    expect(MAX_TRANSCRIPT_BYTES).toBe(BOUNDS.transcriptBytes.value);
    expect(MAX_TRANSCRIPT_LABEL).toBe('20 MB');
    expect(DEFAULT_SETTINGS.facts.maxFacts).toBe(BOUNDS.maxFactsDefault.value);
    const ceiling = { ...DEFAULT_SETTINGS.facts, maxFacts: BOUNDS.maxFactsCeiling.value };
    expect(factsSchema.safeParse(ceiling).success).toBe(true);
    expect(formatBound(BOUNDS.fileBytes)).toBe('10 MB');
  });
});
