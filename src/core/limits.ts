// Every bound on what enters the app, in one place: its value, where it is checked and why. The code
// that enforces a bound imports it from here, and README.md's "Bounds" table lists the same rows
// (src/core/limits.test.ts fails when the two drift apart). A cut is always said: each enforcing
// site names the bound in its message.
//
// Pure data, no imports: every layer (fs, tools, memory, bundle, arena, workers) may depend on it.

const MiB = 1024 * 1024;

export interface Bound {
  /** The number enforced. */
  value: number;
  /** What the number counts, as the README says it ("characters", "bytes", …). */
  unit: string;
  /** Where the data enters and the bound is checked. */
  where: string;
  /** One line: why this number. */
  why: string;
}

/** Every input bound, in the order the README lists them. */
export const BOUNDS = {
  pathChars: {
    value: 1_024,
    unit: 'characters',
    where: 'virtual filesystem paths (every tool, the editor, bundles)',
    why: 'longer than any real path; keeps listings and error messages readable',
  },
  fileBytes: {
    value: 10 * MiB,
    unit: 'bytes (UTF-8)',
    where: 'one file in the virtual filesystem',
    why: 'IndexedDB holds it comfortably and Monaco still opens it',
  },
  executeOutputChars: {
    value: 200_000,
    unit: 'characters',
    where: 'every message from the execute sandbox: printed output and error text, cut page-side',
    why: 'above the offload limit (20,000 tokens), so big output is offloaded, never the page frozen',
  },
  executeDefaultTimeoutMs: {
    value: 5_000,
    unit: 'ms',
    where: 'execute run without timeout_ms',
    why: 'long enough for real computations, short enough for an endless loop',
  },
  executeMaxTimeoutMs: {
    value: 60_000,
    unit: 'ms',
    where: 'execute timeout_ms asked for by the model',
    why: 'a minute of a background worker at most',
  },
  globExpansions: {
    value: 256,
    unit: 'alternatives',
    where: 'brace expansion of a glob or grep pattern ({a,b}) from the model',
    why: 'nested groups multiply; a hostile pattern could ask for millions',
  },
  updaterMessageChars: {
    value: 1_000,
    unit: 'characters',
    where: 'each message the fact updater sends the model (DeerFlow’s cut)',
    why: 'the update prompt stays small however long the conversation was',
  },
  templateChars: {
    value: 200_000,
    unit: 'characters',
    where: 'an experiment tool’s template (Settings, bundles)',
    why: 'a template is written by hand; its output is what grows',
  },
  templateExpandedChars: {
    value: 5_000_000,
    unit: 'characters',
    where: 'an experiment tool’s expanded result, checked as it grows',
    why: 'half the file limit: large enough to stage offload, never a string the engine refuses',
  },
  templateRepeat: {
    value: 1_000_000,
    unit: 'repetitions',
    where: '{{repeat:N:…}} and {{lines:N:…}} counts',
    why: 'a million lines stage any scenario',
  },
  experimentTools: {
    value: 50,
    unit: 'tools',
    where: 'experiment tools in Settings',
    why: 'more tool schemas than any model uses well',
  },
  maxFactsDefault: {
    value: 100,
    unit: 'facts',
    where: 'memory.json facts kept (the "Maximum facts" setting’s default)',
    why: 'DeerFlow’s default; the lowest confidence is dropped first, and the cut is said',
  },
  maxFactsCeiling: {
    value: 1_000,
    unit: 'facts',
    where: 'the highest "Maximum facts" setting',
    why: 'the Facts panel and ranking stay fast; 25,000 facts stalled every turn 11 s',
  },
  jsonDepth: {
    value: 64,
    unit: 'levels of nesting',
    where: 'memory.json, settings.json, thread JSONL lines, transcripts (LoCoMo JSON)',
    why: 'the real formats nest under 10; deeper input overflows recursive readers and postMessage',
  },
  transcriptBytes: {
    value: 20 * MiB,
    unit: 'bytes',
    where: 'an arena transcript file',
    why: 'the largest LoCoMo conversation is under 1 MB',
  },
  transcriptMessages: {
    value: 100_000,
    unit: 'messages',
    where: 'messages in an arena transcript',
    why: 'a replay of every strategy stays minutes, not hours',
  },
  memoryWritesPerRun: {
    value: 50,
    unit: 'writes',
    where: 'writes to long-term memory in one chat run (the run is stopped past it)',
    why: 'a run that floods memory would bury its changes in the journal',
  },
  memorySources: {
    value: 20,
    unit: 'paths',
    where: 'AGENTS.md memory sources in Settings',
    why: 'every source is read before every model call',
  },
  bundleZipBytes: {
    value: 220 * MiB,
    unit: 'bytes',
    where: 'a bundle .zip',
    why: 'the total below plus room for the zip headers of stored entries',
  },
  bundleEntries: {
    value: 50_000,
    unit: 'entries',
    where: 'entries in a bundle',
    why: 'under ZIP’s 65,535 without ZIP64',
  },
  bundleTotalBytes: {
    value: 200 * MiB,
    unit: 'bytes',
    where: 'a bundle, uncompressed',
    why: 'far above a real memory, small enough to validate in a tab',
  },
  bundleThreadBytes: {
    value: 50 * MiB,
    unit: 'bytes',
    where: 'one thread JSONL in a bundle',
    why: 'threads hold every message in full, large tool results included',
  },
  bundleMetricsBytes: {
    value: 10 * MiB,
    unit: 'bytes',
    where: 'one metrics CSV in a bundle',
    why: 'one row per model call',
  },
  bundleManifestBytes: {
    value: 16 * MiB,
    unit: 'bytes',
    where: 'a bundle’s manifest.json',
    why: 'one line per file at the entry limit',
  },
  bundleSettingsBytes: {
    value: 1 * MiB,
    unit: 'bytes',
    where: 'a bundle’s settings.json',
    why: 'settings are a few kB',
  },
  bundleJournalBytes: {
    value: 32 * MiB,
    unit: 'bytes',
    where: 'a bundle’s journal.jsonl (memory journal history)',
    why: '2,000 entries of bounded diffs fit with room to spare',
  },
  bundleJournalEntries: {
    value: 2_000,
    unit: 'entries',
    where: 'entries in a bundle’s journal.jsonl',
    why: 'twice what one browser keeps (1,000 entries), so any export of ours fits',
  },
  recordTextChars: {
    value: 20_000,
    unit: 'characters',
    where: 'each text a compaction record keeps (a section before or after, a removed part)',
    why: 'a record is kept with the thread for every removal; the fates are computed on the full texts',
  },
  recordSections: {
    value: 60,
    unit: 'sections',
    where: 'sections a compaction record keeps per list (before, after, removed)',
    why: 'a long thread summarized at once removes hundreds of messages; the rest are counted',
  },
  recordSpecifics: {
    value: 300,
    unit: 'specifics',
    where: 'specifics a compaction record lists per fate (kept, recoverable, lost)',
    why: 'more than anyone reads; the counts stay exact',
  },
  pinnedMessages: {
    value: 200,
    unit: 'messages',
    where: 'pinned messages per thread',
    why: 'pinned messages are never cut, so they must stay a small part of the window',
  },
  pinnedSpecifics: {
    value: 100,
    unit: 'specifics',
    where: 'pinned specifics per thread (handed to every summary as must-keep)',
    why: 'the summary prompt carries them all',
  },
  sessionFileBytes: {
    value: 100 * MiB,
    unit: 'bytes',
    where: 'an imported agent session file (Import session)',
    why: 'a month of a busy agent’s JSONL; a larger file is refused with its size',
  },
  sessionLineChars: {
    value: 16_000_000,
    unit: 'characters',
    where: 'one line of an imported JSONL session',
    why: 'a record with a few screenshots; a longer line is not read, and the report says so',
  },
  sessionMessageChars: {
    value: 200_000,
    unit: 'characters',
    where: 'each message text of an imported session',
    why: 'as much as the sandbox’s output cap; the cut is said in the message and the report',
  },
  sessionMessages: {
    value: 100_000,
    unit: 'messages',
    where: 'messages an imported session keeps',
    why: 'as many as the arena replays; the rest are counted in the report',
  },
  bundleRatio: {
    value: 200,
    unit: 'to 1',
    where: 'compression ratio of a bundle entry over 1 MB',
    why: 'text compresses 3–20:1; DEFLATE’s ceiling is about 1032:1, so more is a zip bomb',
  },
} as const satisfies Record<string, Bound>;

export type BoundName = keyof typeof BOUNDS;

/** A bound's value as the README and messages write it: "1,024", "10 MB", "200,000". */
export function formatBound(bound: Bound): string {
  if (bound.unit.startsWith('bytes') && bound.value >= MiB && bound.value % MiB === 0)
    return `${(bound.value / MiB).toLocaleString('en-US')} MB`;
  return bound.value.toLocaleString('en-US');
}

/** The README's "Bounds" table rows: bound, value, unit, checked where, why. */
export function boundsTableRows(): string[][] {
  return Object.values(BOUNDS).map((bound) => {
    const value = formatBound(bound);
    const unit = value.endsWith(' MB') ? bound.unit.replace(/^bytes ?/, '') : bound.unit;
    return [bound.where, `${value}${unit ? ` ${unit}` : ''}`.trim(), bound.why];
  });
}

// The values, named for the code that enforces them.
export const MAX_PATH_LENGTH = BOUNDS.pathChars.value;
export const MAX_FILE_BYTES = BOUNDS.fileBytes.value;
export const MAX_JSON_DEPTH = BOUNDS.jsonDepth.value;
