// Compaction autopsy of agent sessions, headless: the same core the app runs on an imported session
// (core/sessions to read it, core/autopsy for the records, core/arena for the replay), in Node.
// Per session and per compaction: source, messages, tokens before and after, specifics kept /
// recoverable / lost; then every strategy replayed on the same conversation with its specifics kept.
//
//   npm run autopsy -- <files or folders> [--json] [--strategies a,b|all|none] [--window N]
//
// Folders are read recursively for .jsonl and .json files. One session is read, measured and
// released before the next, so memory is bounded by the largest file (at most 100 MB), not by how
// many there are; to use several cores, run one process per file (the README shows how).
// It reads local files only and never touches the network.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runArena, selectionLabel, type ArenaEntry } from '../src/core/arena/arena';
import { totalsOf } from '../src/core/arena/results';
import { autopsyOfImported, transcriptOfImported } from '../src/core/autopsy/session';
import { inContextShare, retentionShare } from '../src/core/recorder/retention';
import { parseSession } from '../src/core/sessions/parse';
import { checkSessionSize } from '../src/core/sessions/builder';
import { redactSecrets } from '../src/core/sessions/secrets';
import { defaultSelection } from '../src/core/strategies/registry';
import {
  STRATEGY_IDS,
  type StrategyId,
  type StrategySelection,
} from '../src/core/strategies/types';
import { encodingForModel, loadEncoder } from '../src/core/tokens/counter';
import { errorText } from '../src/core/text/errors';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const valued = new Set(['--strategies', '--window']);
const paths = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
if (paths.length === 0 || flag('help')) {
  console.error(
    'Usage: npm run autopsy -- <session files or folders> [--json] [--strategies all|none|id,id,…] [--window tokens]\n' +
      'Reads Claude Code and Codex CLI session JSONL, OpenAI / Anthropic request logs and LangChain messages.',
  );
  process.exit(paths.length === 0 ? 2 : 0);
}
const json = flag('json');
const windowOverride = option('window') ? Number(option('window')) : undefined;
if (
  windowOverride !== undefined &&
  !(Number.isInteger(windowOverride) && windowOverride >= 1_000)
) {
  console.error(
    `--window: expected a whole number of tokens of at least 1,000, got ${option('window')}.`,
  );
  process.exit(2);
}

/** The strategies replayed: every one, plus Deep Agents with "Keep specifics". */
function entries(): ArenaEntry[] {
  const wanted = option('strategies') ?? 'all';
  if (wanted === 'none') return [];
  const ids = wanted === 'all' ? [...STRATEGY_IDS] : (wanted.split(',') as StrategyId[]);
  const unknown = ids.filter((id) => !(STRATEGY_IDS as readonly string[]).includes(id));
  if (unknown.length) {
    console.error(
      `--strategies: unknown ${unknown.join(', ')} (known: ${STRATEGY_IDS.join(', ')}).`,
    );
    process.exit(2);
  }
  const selections: StrategySelection[] = ids.map((id) => defaultSelection(id));
  if (ids.includes('deep-agents')) {
    const plain = defaultSelection('deep-agents');
    selections.splice(ids.indexOf('deep-agents') + 1, 0, {
      ...plain,
      settings: { ...plain.settings, keepSpecifics: true },
    });
  }
  return selections.map((selection) => {
    const label = selectionLabel(selection);
    return { key: label, label, selection };
  });
}

function sessionFiles(path: string, out: string[] = []): string[] {
  const stat = statSync(path);
  if (stat.isFile()) out.push(path);
  else if (stat.isDirectory())
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) sessionFiles(child, out);
      else if (/\.jsonl?$/i.test(name)) out.push(child);
    }
  return out;
}

const en = (n: number) => n.toLocaleString('en-US');
/** Output never repeats a string that looks like a key or token (the report only says where). */
const say = (line: string) => console.log(redactSecrets(line));
const pct = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const pad = (s: string | number, n: number) => String(s).padStart(n);

const counter = await loadEncoder(encodingForModel('gpt-4o'));
const chosen = entries();
let failed = 0;
let missing = 0;
const files = paths.flatMap((p) => {
  try {
    return sessionFiles(p);
  } catch (error) {
    console.error(`${p}: ${errorText(error)}`);
    missing++;
    return [];
  }
});

for (const file of files) {
  const name = relative(process.cwd(), file) || file;
  let session;
  try {
    const bytes = statSync(file).size;
    // Refused before it is read, with its size and the limit.
    checkSessionSize(name, bytes);
    session = parseSession(readFileSync(file, 'utf8'), name, { bytes });
  } catch (error) {
    failed++;
    if (json) say(JSON.stringify({ file: name, error: errorText(error) }));
    else say(`## ${name}\n  not read: ${errorText(error)}\n`);
    continue;
  }
  const result = autopsyOfImported(session, counter);
  const transcript = transcriptOfImported(session, result);
  const runs =
    chosen.length && transcript.messages.length
      ? await runArena({
          transcript,
          entries: chosen,
          counter,
          signal: new AbortController().signal,
          maxContexts: 0,
          contextWindow: windowOverride ?? result.replayWindow,
        })
      : [];
  const compactions = result.autopsy.compactions.map((c) => ({
    tokensBefore: c.tokensBefore,
    tokensAfter: c.tokensAfter,
    kept: c.record.counts.kept,
    recoverable: c.record.counts.recoverable,
    lost: c.record.counts.lost,
  }));
  if (json) {
    say(
      JSON.stringify({
        file: name,
        source: result.source,
        messages: session.messages.length,
        compactions,
        asRecorded: {
          tokensSent: result.baseline.sent,
          recordedInputTokens: result.baseline.recordedSent,
          specificsKept: retentionShare(result.baseline.retention),
        },
        window: windowOverride ?? result.replayWindow,
        strategies: runs.map((r) => {
          const totals = totalsOf(r);
          return {
            id: r.selection.id,
            label: r.label,
            tokensSent: totals.sent,
            specificsKept: totals.specificsKept,
            specificsInContext: totals.specificsInContext,
            ...(r.error ? { error: r.error } : {}),
          };
        }),
        problems: session.report.problems.length,
        secrets: session.report.secrets.length,
      }),
    );
    continue;
  }
  const report = session.report;
  say(`## ${name}`);
  say(
    `  ${result.source}: ${en(report.records)} records → ${en(session.messages.length)} messages` +
      `${report.problems.length ? `; ${en(report.problems.length)} unreadable` : ''}` +
      `${report.secrets.length ? `; ${en(report.secrets.length)} strings that look like keys or tokens` : ''}`,
  );
  say(`  ${result.autopsy.headline}`);
  result.autopsy.compactions.forEach((c, i) => {
    const { counts } = c.record;
    say(
      `  compaction ${i + 1}${c.compaction.trigger ? ` (${c.compaction.trigger})` : ''}: ` +
        `${en(c.removedMessages)} messages, tokens ${en(c.tokensBefore)}${c.recordedTokens.before ? '' : ' (counted)'} → ` +
        `${en(c.tokensAfter)}${c.recordedTokens.after ? '' : ' (counted)'}; ` +
        `${en(counts.lost)} lost · ${en(counts.recoverable)} recoverable · ${en(counts.kept)} kept` +
        (c.record.intent ? `; ${c.record.intent.line}` : ''),
    );
  });
  if (runs.length) {
    const window = windowOverride ?? result.replayWindow;
    say(
      `  replayed with a ${en(window)}-token window (${windowOverride ? 'given' : result.autopsy.compactions.length ? "Deep Agents' trigger where the source first compacted" : 'the arena default'}):`,
    );
    say(
      `    ${'strategy'.padEnd(32)}${pad('tokens sent', 13)}${pad('specifics kept', 16)}${pad('in context', 12)}`,
    );
    say(
      `    ${'As recorded'.padEnd(32)}${pad(en(result.baseline.sent), 13)}${pad(pct(retentionShare(result.baseline.retention)), 16)}${pad(pct(inContextShare(result.baseline.retention)), 12)}`,
    );
    if (result.baseline.recordedCalls > 0)
      say(
        `    (As recorded: the conversation its calls carried, counted here; ${result.source} itself recorded ${en(result.baseline.recordedSent)} input tokens over ${en(result.baseline.recordedCalls)} calls, its system prompt and tools included. Strategies count ours.)`,
      );
    for (const r of runs) {
      const t = totalsOf(r);
      say(
        `    ${r.label.padEnd(32)}${pad(en(t.sent), 13)}${pad(pct(t.specificsKept), 16)}${pad(pct(t.specificsInContext), 12)}${r.error ? `  error: ${r.error}` : ''}`,
      );
    }
  }
  say('');
}
if (!json)
  say(
    `${en(files.length - failed)} session(s) read${failed ? `, ${en(failed)} not` : ''}` +
      `${missing ? `; ${en(missing)} path(s) not found` : ''}.`,
  );
// Nothing read at all (no file found, or none readable) is a failure.
process.exitCode = files.length === 0 || failed === files.length ? 1 : 0;
