// The strategy arena over LoCoMo conversations: every strategy (defaults), offline stand-ins for the
// model steps, the real tokenizer. Per conversation and strategy: cumulative tokens sent, extra
// calls and their tokens, probe recall (evidence present: the LoCoMo metric, fraction of a probe's
// evidence turns in the context, averaged; and with the expected-answer rule), wall time.
// Prints figures; asserts nothing.
//
//   npm run bench:arena -- --data ../shared/data/locomo [--only 43] [--strategies sequential,retrieval]

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { encodingForModel, loadEncoder } from '../src/core/tokens/counter';
import { runArena, selectionLabel } from '../src/core/arena/arena';
import { parseTranscriptFile } from '../src/core/arena/parse';
import { totalsOf } from '../src/core/arena/results';
import { transcriptTurns } from '../src/core/arena/transcript';
import { defaultSelection } from '../src/core/strategies/registry';
import { STRATEGY_IDS, type StrategyId } from '../src/core/strategies/types';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dataDir = resolve(argument('data') ?? '../shared/data/locomo');
const only = argument('only');
const ids = (argument('strategies')?.split(',') ?? [...STRATEGY_IDS]) as StrategyId[];
const MODEL = 'gpt-4o';

let files: string[];
try {
  files = readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => !only || f.startsWith(only))
    .sort();
} catch {
  console.error(`No LoCoMo data at ${dataDir} (give --data <dir of LoCoMo json files>).`);
  process.exit(1);
}

const counter = await loadEncoder(encodingForModel(MODEL));
console.log(
  `Strategy arena bench: ${files.length} LoCoMo conversation(s) from ${dataDir}; ${ids.length} strategies (defaults), offline stand-ins, ${MODEL} tokenizer; ${cpus().length} CPU(s), Node ${process.version}`,
);
console.log(
  'recall = LoCoMo metric (fraction of each probe\'s evidence turns present verbatim in the context, averaged); "+answer" also counts a probe whose expected answer appears in the context.\n',
);

const pad = (s: string | number, n: number) => String(s).padStart(n);
for (const file of files) {
  const text = readFileSync(join(dataDir, file), 'utf8');
  const transcript = parseTranscriptFile(file, text);
  const turns = transcriptTurns(transcript).length;
  console.log(
    `## ${file}: ${transcript.messages.length} lines, ${turns} turns, ${transcript.probes.length} probes`,
  );
  console.log(
    `${'strategy'.padEnd(18)}${pad('tokens sent', 13)}${pad('extra calls', 12)}${pad('extra tok', 11)}${pad('recall', 8)}${pad('+answer', 9)}${pad('ms', 8)}`,
  );
  const started = performance.now();
  const entries = ids.map((id) => {
    const selection = defaultSelection(id);
    return { key: id, label: selectionLabel(selection), selection };
  });
  const runs = await runArena({
    transcript,
    entries,
    counter,
    model: MODEL,
    signal: new AbortController().signal,
    ...(process.argv.includes('--contexts') ? {} : { maxContexts: 0 }),
  });
  for (const run of runs) {
    const totals = totalsOf(run);
    const verbatim = run.probes.length
      ? run.probes.reduce(
          (n, p) => n + p.present.length / (p.present.length + p.missing.length),
          0,
        ) / run.probes.length
      : 0;
    console.log(
      `${run.label.padEnd(18)}${pad(totals.sent.toLocaleString('en'), 13)}${pad(totals.extraCalls, 12)}${pad(totals.extraTokens.toLocaleString('en'), 11)}${pad(verbatim.toFixed(3), 8)}${pad((totals.recall ?? 0).toFixed(3), 9)}${pad(run.wallMs.toFixed(0), 8)}${run.error ? `  error: ${run.error}` : ''}`,
    );
  }
  console.log(
    `all ${runs.length} strategies on ${file}: ${((performance.now() - started) / 1000).toFixed(2)} s wall\n`,
  );
}
