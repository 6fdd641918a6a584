// Exporting an arena run: JSON (the run as measured) and CSV (one row per strategy and turn with
// its section tokens, then one row per strategy and probe with its outcome).

import { probeById, type ArenaRun } from './results';
import { retentionShare } from '../recorder/retention';

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function runToCsv(run: ArenaRun): string {
  const sections = [
    ...new Set(run.runs.flatMap((r) => r.turns.flatMap((t) => Object.keys(t.sections)))),
  ];
  const header = [
    'row_type',
    'strategy',
    'variant',
    'settings',
    'turn',
    'model_calls',
    'tokens_sent',
    'cumulative_tokens',
    'extra_calls',
    'extra_input_tokens',
    'extra_output_tokens',
    'step_failures',
    ...sections.map((s) => `section:${s}`),
    'probe_id',
    'question',
    'asked_after_turn',
    'evidence_present',
    'found_by',
    'missing_evidence',
    'model_answer',
    'answer_correct',
    'partial',
    'specifics_removed',
    'specifics_kept_or_recoverable',
    'specifics_kept_share',
  ];
  const rows: string[][] = [header];
  const probes = probeById(run.transcript);
  for (const r of run.runs) {
    const base = [r.selection.id, r.label, JSON.stringify(r.selection.settings)];
    for (const t of r.turns) {
      rows.push([
        'turn',
        ...base,
        String(t.turn),
        String(t.calls),
        String(t.sent),
        String(t.cumulative),
        String(t.extraCalls),
        String(t.extraInput),
        String(t.extraOutput),
        t.failures.join(' | '),
        ...sections.map((s) => String(t.sections[s] ?? 0)),
        ...blank(8),
        String(r.partial),
        ...blank(3),
      ]);
    }
    for (const p of r.probes) {
      const probe = probes.get(p.probeId);
      const answer = p.answer && 'text' in p.answer ? p.answer.text : (p.answer?.error ?? '');
      rows.push([
        'probe',
        ...base,
        ...blank(8),
        ...sections.map(() => ''),
        p.probeId,
        probe?.question ?? '',
        String(probe?.at ?? ''),
        p.score.toFixed(3),
        p.foundBy,
        p.missing.join(' '),
        answer,
        p.answer && 'correct' in p.answer ? String(p.answer.correct) : '',
        String(r.partial),
        ...blank(3),
      ]);
    }
    // One summary row per strategy: the flight recorder's "Specifics kept" over the replay.
    const share = retentionShare(r.retention);
    rows.push([
      'strategy',
      ...base,
      ...blank(8),
      ...sections.map(() => ''),
      ...blank(8),
      String(r.partial),
      String(r.retention?.specifics ?? ''),
      String(r.retention?.retained ?? ''),
      share === null ? '' : share.toFixed(3),
    ]);
  }
  return (
    rows
      .map((row) => row.map((cell, i) => (i === 0 ? cell : csvCell(cell))).join(','))
      .join('\r\n') + '\r\n'
  );
}

export function runToJson(run: ArenaRun): string {
  // Each strategy's "Specifics kept" share next to its counts (retention), for readers of the file.
  const runs = run.runs.map((r) => ({ ...r, specificsKept: retentionShare(r.retention) }));
  return JSON.stringify(
    { format: 'memory-playground-arena-run', formatVersion: 1, ...run, runs },
    null,
    1,
  );
}

/** Empty cells for the columns a row kind does not fill. */
function blank(count: number): string[] {
  return Array.from({ length: count }, () => '');
}
