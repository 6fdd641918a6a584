// Content checks of the bundle's files that have a schema of their own (memory.json, settings.json):
// run in the read step, so a hostile or damaged file is refused before anything is written. Every
// refusal names the entry, the line (and column) and the field.

import type { z } from 'zod';
import { parseMemoryJson } from '../memory/facts/schema';
import { formatPath, lineAndColumn, locateValue, scanJson } from '../text/json-scan';
import { settingsSchema, type Settings } from '../settings';
import { BundleError } from './errors';
import { parseJsonAt } from './jsonl';

/** At most this many problems are listed in one refusal. */
const MAX_SHOWN = 5;

interface LocatedProblem {
  line: number;
  column: number;
  /** Field path such as facts[3].confidence; '' for the whole file. */
  path: string;
  message: string;
}

function describe(problems: readonly LocatedProblem[]): string {
  const shown = problems
    .slice(0, MAX_SHOWN)
    .map((p) => `line ${p.line}, column ${p.column}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
  const more = problems.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; … and ${more} more` : ''}`;
}

/**
 * /memories/memory.json (the fact memory): validated with the fact memory's own schema
 * (parseMemoryJson), the one the Facts panel and the agent use. NaN or Infinity cannot be written
 * in JSON, but `1e999` parses to Infinity and "NaN" is a string: the schema refuses both, as it
 * refuses out-of-range confidences and `facts` that is not an array.
 */
export function checkMemoryJson(text: string, entry: string, displayPath: string): void {
  const result = parseMemoryJson(text);
  if (result.ok) return;
  const first = result.problems[0];
  // parseMemoryJson reports a syntax error as its only problem, under this headline.
  const syntax = result.error.startsWith('memory.json is not valid JSON');
  throw new BundleError(
    syntax ? 'invalid-json' : 'invalid-data',
    `${entry} (${displayPath}) ${syntax ? 'is not valid JSON' : 'does not match the fact memory schema'}: ${describe(result.problems)}.`,
    entry,
    first?.line,
  );
}

/** settings.json: parsed, then validated with the app's settings schema; problems are located. */
export function parseSettingsEntry(text: string, entry: string): Settings {
  const value = parseJsonAt(text, entry);
  const result = settingsSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = locateIssues(text, result.error.issues);
  throw new BundleError(
    'settings',
    `${entry} has values out of range or invalid: ${describe(problems)}.`,
    entry,
    problems[0]?.line,
  );
}

/** Where each zod issue is in the JSON text (the value's own line, or its nearest parent's). */
export function locateIssues(text: string, issues: readonly z.core.$ZodIssue[]): LocatedProblem[] {
  const scanned = scanJson(text);
  const locations = scanned.ok ? scanned.locations : new Map<string, number>();
  return issues
    .map((issue) => {
      const path = issue.path.filter((key) => typeof key !== 'symbol') as (string | number)[];
      const offset = locateValue(locations, path);
      return { ...lineAndColumn(text, offset), path: formatPath(path), message: issue.message };
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
