// Scores the specifics extractor on a labelled table: precision, recall and F1 per kind and
// overall, and with --misses every false positive and miss.
//   npm run specifics -- --table <file.jsonl> [--misses]
// The table and the matching rule are described in src/core/recorder/specifics/score.ts and
// RULES.md ("Scoring on a labelled table").

import { readFileSync, statSync } from 'node:fs';
import { SPECIFIC_KINDS } from '../src/core/recorder';
import {
  TABLE_BOUNDS,
  f1,
  parseTable,
  precision,
  recall,
  scoreTable,
  type KindScore,
  type ScoredSpecific,
} from '../src/core/recorder/specifics/score';

const HELP = `Scores the specifics extractor on a labelled table.

  npm run specifics -- --table <file.jsonl> [--misses]

The table: one JSON object a line,
  {"text": "the vault code is 7719-QX", "specifics": [{"kind": "identifier", "text": "7719-QX"}]}
kinds: ${SPECIFIC_KINDS.join(', ')} (src/core/recorder/RULES.md). A row with "specifics": []
says the text has none (every specific found there is a false positive).

Matching: a found specific matches a labelled one when the kinds are equal and the texts are equal
after trimming white space and one pair of enclosing quote marks or backticks, ignoring case; each
labelled specific matches at most one found one. The right text with another kind counts as a miss
(of the labelled kind) and a false positive (of the found kind).

  --misses   also list every false positive and miss, with its line number
Bad lines are reported with their line number and skipped. Bounds: a file of at most
${TABLE_BOUNDS.fileBytes.toLocaleString('en-US')} bytes, lines of at most ${TABLE_BOUNDS.lineChars.toLocaleString('en-US')} characters, ${TABLE_BOUNDS.rows.toLocaleString('en-US')} rows, ${TABLE_BOUNDS.specificsPerRow.toLocaleString('en-US')} specifics a row.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
const at = args.indexOf('--table');
const file = at >= 0 ? args[at + 1] : undefined;
if (!file) {
  console.error(`No table given.\n\n${HELP}`);
  process.exit(2);
}
let content: string;
try {
  const size = statSync(file).size;
  if (size > TABLE_BOUNDS.fileBytes) {
    console.error(
      `${file}: ${size.toLocaleString('en-US')} bytes, over the ${TABLE_BOUNDS.fileBytes.toLocaleString('en-US')} allowed; nothing scored.`,
    );
    process.exit(2);
  }
  content = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

const { rows, problems } = parseTable(content);
for (const p of problems) console.error(`${file}:${p.line}: skipped: ${p.message}`);
const score = scoreTable(rows);

const figure = (n: number | undefined) => (n === undefined ? '    –' : n.toFixed(3));
const line = (label: string, s: KindScore) =>
  `${label.padEnd(11)} ${String(s.matched + s.misses).padStart(9)} ${String(s.matched + s.falsePositives).padStart(6)} ${String(s.matched).padStart(8)}   ${figure(precision(s))}  ${figure(recall(s))}  ${figure(f1(s))}`;

console.log(
  `${file}: ${score.rows} rows, ${score.labelled} labelled specifics${problems.length ? `, ${problems.length} bad lines skipped` : ''}\n`,
);
console.log(
  `${'kind'.padEnd(11)} ${'labelled'.padStart(9)} ${'found'.padStart(6)} ${'matched'.padStart(8)}   precision recall  F1`,
);
for (const kind of SPECIFIC_KINDS) {
  const s = score.byKind[kind];
  if (s.matched + s.misses + s.falsePositives > 0) console.log(line(kind, s));
}
console.log(line('overall', score.overall));

if (args.includes('--misses')) {
  const show = (title: string, list: ScoredSpecific[]) => {
    console.log(`\n${title} (${list.length}):`);
    for (const s of list) {
      const context = s.rowText.replace(/\s+/g, ' ');
      console.log(
        `  line ${String(s.line).padStart(4)}  ${s.kind.padEnd(10)} ${JSON.stringify(s.text).padEnd(28)} in ${JSON.stringify(context.length > 100 ? `${context.slice(0, 100)}…` : context)}`,
      );
    }
  };
  show('False positives', score.falsePositives);
  show('Misses', score.misses);
}
