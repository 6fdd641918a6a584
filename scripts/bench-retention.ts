// The compaction flight recorder over the arena: per strategy (defaults), the share of the
// specifics its removals took out of the context that every removal left kept or recoverable
// ("Specifics kept"), for the four built-in scenarios and the LoCoMo conversations. Model steps
// (summary merges, extraction, compression) and Deep Agents' summaries are answered by the offline
// stand-ins, not a language model. Prints figures; asserts nothing.
//
//   npm run bench:retention [-- --data /work/shared/data/locomo] [--only 43] [--strategies a,b]

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encodingForModel, loadEncoder } from '../src/core/tokens/counter';
import { runArena, selectionLabel } from '../src/core/arena/arena';
import { parseTranscriptFile } from '../src/core/arena/parse';
import { totalsOf } from '../src/core/arena/results';
import { SCENARIOS } from '../src/core/arena/scenarios';
import { transcriptTurns, type Transcript } from '../src/core/arena/transcript';
import { defaultSelection } from '../src/core/strategies/registry';
import { STRATEGY_IDS, type StrategyId } from '../src/core/strategies/types';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dataDir = resolve(argument('data') ?? '/work/shared/data/locomo');
const only = argument('only');
const ids = (argument('strategies')?.split(',') ?? [...STRATEGY_IDS]) as StrategyId[];
const MODEL = 'gpt-4o';

const transcripts: Transcript[] = only ? [] : [...SCENARIOS];
try {
  for (const file of readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => !only || f.startsWith(only))
    .sort())
    transcripts.push(parseTranscriptFile(file, readFileSync(join(dataDir, file), 'utf8')));
} catch {
  console.log(`No LoCoMo data at ${dataDir} (give --data <dir>): the scenarios only.`);
}

const counter = await loadEncoder(encodingForModel(MODEL));
console.log(
  `Specifics kept (compaction flight recorder): ${transcripts.length} transcript(s), ${ids.length} strategies (defaults), ${MODEL} tokenizer.`,
);
console.log(
  'Model steps and Deep Agents summaries are answered by the OFFLINE STAND-INS (extractive, deterministic), not a language model.',
);
console.log(
  'specifics kept = removed specifics that every removal left kept (in the context) or recoverable (in a file the context points to), over the whole replay; — = the strategy removed nothing.\n',
);

const pad = (s: string | number, n: number) => String(s).padStart(n);
const overall = new Map<string, { specifics: number; retained: number; removals: number }>();
for (const transcript of transcripts) {
  const turns = transcriptTurns(transcript).length;
  console.log(`## ${transcript.title}: ${turns} turns`);
  console.log(
    `${'strategy'.padEnd(18)}${pad('removals', 10)}${pad('specifics', 11)}${pad('retained', 10)}${pad('kept', 8)}${pad('ms', 8)}`,
  );
  const started = performance.now();
  const runs = await runArena({
    transcript,
    entries: ids.map((id) => {
      const selection = defaultSelection(id);
      return { key: id, label: selectionLabel(selection), selection };
    }),
    counter,
    model: MODEL,
    signal: new AbortController().signal,
    maxContexts: 0,
  });
  for (const run of runs) {
    const r = run.retention ?? { specifics: 0, retained: 0, removals: 0 };
    const share = totalsOf(run).specificsKept;
    const sum = overall.get(run.label) ?? { specifics: 0, retained: 0, removals: 0 };
    overall.set(run.label, {
      specifics: sum.specifics + r.specifics,
      retained: sum.retained + r.retained,
      removals: sum.removals + r.removals,
    });
    console.log(
      `${run.label.padEnd(18)}${pad(r.removals, 10)}${pad(r.specifics, 11)}${pad(r.retained, 10)}${pad(share === null ? '—' : `${(share * 100).toFixed(1)}%`, 8)}${pad(run.wallMs.toFixed(0), 8)}${run.error ? `  error: ${run.error}` : ''}`,
    );
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(2)} s wall)\n`);
}

console.log('## All transcripts (specifics pooled)');
for (const [label, r] of overall)
  console.log(
    `${label.padEnd(18)}${pad(r.removals, 10)}${pad(r.specifics, 11)}${pad(r.retained, 10)}${pad(r.specifics ? `${((r.retained / r.specifics) * 100).toFixed(1)}%` : '—', 8)}`,
  );
