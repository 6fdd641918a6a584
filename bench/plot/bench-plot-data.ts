// The data of `npm run bench:plot`, built in Node and written as JSON beside the built pages (the
// pages fetch it, so it is not part of any page's bundle):
// - arena.json: an arena run of all ten strategies (defaults) over one LoCoMo conversation, made by
//   the arena's own code (runArena, offline stand-ins, the gpt-4o tokenizer), as scripts/bench-arena.ts
//   makes it;
// - tokens.json: the token chart's rows, series and scale for the long working thread of
//   `npm run measure:ui` (scripts/ui-scenarios.ts: 2,000 model calls, three summaries with their
//   drops, offloads and memory edits as event markers), made by the readout's own builders.
//   node scripts/run-ts.mjs bench/plot/bench-plot-data.ts <locomo file> <out dir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { encodingForModel, loadEncoder } from '../../src/core/tokens/counter';
import { runArena, selectionLabel } from '../../src/core/arena/arena';
import { parseTranscriptFile } from '../../src/core/arena/parse';
import type { ArenaRun } from '../../src/core/arena/results';
import { defaultSelection } from '../../src/core/strategies/registry';
import { STRATEGY_IDS } from '../../src/core/strategies/types';
import { buildRows, scaleOf, seriesOf } from '../../src/ui/charts/chart-data';
import { longThread } from '../../scripts/ui-scenarios';
import type { TokenData } from './data-types';

const MODEL = 'gpt-4o';
/** The token chart's scenario: 1,000 turns of two model calls each. */
const TURNS = 1_000;

const [locomoFile, outDir] = process.argv.slice(2);
if (!locomoFile || !outDir) {
  console.error('usage: bench-plot-data.ts <locomo conversation json> <out dir>');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const transcript = parseTranscriptFile(basename(locomoFile), readFileSync(locomoFile, 'utf8'));
const counter = await loadEncoder(encodingForModel(MODEL));
const runs = await runArena({
  transcript,
  entries: STRATEGY_IDS.map((id) => {
    const selection = defaultSelection(id);
    return { key: id, label: selectionLabel(selection), selection };
  }),
  counter,
  model: MODEL,
  signal: new AbortController().signal,
  // The charts draw no probe's context.
  maxContexts: 0,
});
const failed = runs.filter((run) => run.error);
if (runs.length !== STRATEGY_IDS.length || failed.length)
  throw new Error(
    `the arena ran ${runs.length} of ${STRATEGY_IDS.length} strategies` +
      (failed.length ? `; failed: ${failed.map((r) => `${r.label}: ${r.error}`).join('; ')}` : ''),
  );
const arena: ArenaRun = {
  id: 'bench-plot',
  createdAt: 0,
  transcript,
  runs,
  mode: 'offline',
  model: MODEL,
  partial: false,
};
writeFileSync(join(outDir, 'arena.json'), JSON.stringify(arena));

const thread = longThread('thread_long', TURNS);
const rows = buildRows(thread.calls, thread.events);
// As the readout does: only the sections that hold tokens somewhere.
const series = seriesOf(thread.calls).filter((s) =>
  rows.some((row) => typeof row[s.key] === 'number' && (row[s.key] as number) > 0),
);
const tokens: TokenData = { rows, series, scale: scaleOf(rows, false) };
writeFileSync(join(outDir, 'tokens.json'), JSON.stringify(tokens));

console.log(
  `data: ${transcript.messages.length} lines of ${basename(locomoFile)} × ${runs.length} strategies ` +
    `(${Math.max(...runs.map((r) => r.turns.length))} turns); token chart: ${rows.length} calls, ` +
    `${thread.events.length} events, ${series.length} sections`,
);
