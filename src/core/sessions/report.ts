// The import report in words: one summary line ("1,204 records → 612 messages; 3 images as
// placeholders; 2 sidechains kept apart; line 88 is not JSON") and the full list the dialog shows.

import { fileSize } from './builder';
import type { ImportReport } from './types';
import { SOURCE_LABELS } from './types';

const n = (value: number) => value.toLocaleString('en-US');

/** "1 image", "3 images", "2 × block 'server_tool_use'". */
export function counted(count: number, noun: string): string {
  if (count === 1) return `1 ${noun}`;
  return /^[a-z]+$/.test(noun) ? `${n(count)} ${noun}s` : `${n(count)} × ${noun}`;
}

/** At most this many problems are listed one by one; the rest are counted. */
export const LISTED_PROBLEMS = 20;

function placeholderText(report: ImportReport): string | undefined {
  const entries = Object.entries(report.placeholders);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const parts = entries.map(([kind, count]) => counted(count, kind));
  return parts.length
    ? `${parts.join(', ')} as ${total === 1 ? 'a placeholder' : 'placeholders'}`
    : undefined;
}

/** The report in one line. */
export function reportSummary(report: ImportReport): string {
  const parts = [`${n(report.records)} records → ${n(report.messages)} messages`];
  const placeholders = placeholderText(report);
  if (placeholders) parts.push(placeholders);
  if (report.compactions)
    parts.push(
      report.compactionHeadline ?? `${counted(report.compactions, 'compaction')} by the source`,
    );
  if (report.sidechains) parts.push(`${counted(report.sidechains, 'sidechain')} kept apart`);
  if (report.rewoundRecords)
    parts.push(`${counted(report.rewoundRecords, 'record')} of rewound branches left out`);
  for (const problem of report.problems.slice(0, 3)) parts.push(problem.text);
  if (report.problems.length > 3) parts.push(`${n(report.problems.length - 3)} more problems`);
  if (report.cuts.length) parts.push(`${counted(report.cuts.length, 'cut')}`);
  if (report.secrets.length)
    parts.push(
      report.secrets.length === 1
        ? '1 string that looks like a key or token'
        : `${n(report.secrets.length)} strings that look like keys or tokens`,
    );
  return parts.join('; ');
}

/** Every line of the report, for the dialog's "Import report" region. */
export function reportLines(report: ImportReport): string[] {
  const lines = [
    `${SOURCE_LABELS[report.source]} · ${report.fileName} (${fileSize(report.bytes)})`,
    `${n(report.records)} records → ${n(report.messages)} messages.`,
  ];
  const placeholders = placeholderText(report);
  if (placeholders) lines.push(`${placeholders}.`);
  if (report.thinking)
    lines.push(
      `${counted(report.thinking, 'reasoning block')} shown as ${report.thinking === 1 ? 'a notice' : 'notices'} (never sent).`,
    );
  if (report.compactions)
    lines.push(
      `${counted(report.compactions, 'compaction')} by the source, each with its summary` +
        (report.compactionHeadline
          ? `: ${report.compactionHeadline} (each has its Compaction record on the token chart).`
          : '.'),
    );
  if (report.sidechains)
    lines.push(
      `${counted(report.sidechains, 'sidechain')} (sub-agents, ${counted(report.sidechainRecords, 'record')}) kept apart from the main line.`,
    );
  if (report.rewoundRecords)
    lines.push(
      `${counted(report.rewoundRecords, 'record')} on branches a rewind abandoned, left out of the main line.`,
    );
  if (report.unpairedCalls)
    lines.push(`${counted(report.unpairedCalls, 'tool call')} without a result.`);
  if (report.unpairedResults)
    lines.push(`${counted(report.unpairedResults, 'tool result')} without its call.`);
  const skipped = Object.entries(report.skipped);
  if (skipped.length)
    lines.push(
      `Records with no conversation in them: ${skipped.map(([kind, count]) => `${kind} ${n(count)}`).join(', ')}.`,
    );
  for (const cut of report.cuts) lines.push(`Cut: ${cut}`);
  for (const problem of report.problems.slice(0, LISTED_PROBLEMS))
    lines.push(`${capital(problem.text)}.`);
  if (report.problems.length > LISTED_PROBLEMS)
    lines.push(`${n(report.problems.length - LISTED_PROBLEMS)} more problems.`);
  return lines;
}

/** The flagged secrets, one line each: where, what, and its first characters only. */
export function secretLines(report: ImportReport): string[] {
  return report.secrets.map(
    (s) =>
      `${s.kind} ${s.preview} in ${s.index >= 0 ? `message ${n(s.index + 1)}` : 'a sidechain'} (${s.field})`,
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
