// Hashes and bounded diffs: SHA-256 of a text, the changed lines with context cut to the journal's
// bounds, a bounded summary, and the characters an entry stores.

import { diffLineArrays } from '../../text/diff';
import type {
  JournalDiff,
  JournalDiffLine,
  JournalEntry,
  JournalLimits,
  JournalSummary,
} from './types';
import { JOURNAL_LIMITS } from './types';

/** Unchanged lines shown around each change. */
const CONTEXT_LINES = 2;

/** SHA-256 of the UTF-8 text, in hex (WebCrypto: browsers in a secure context, Node 20). */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function cutLine(text: string, limits: JournalLimits): string {
  return text.length > limits.maxLineChars ? `${text.slice(0, limits.maxLineChars)}…` : text;
}

function splitText(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/**
 * The changed lines with CONTEXT_LINES of context, unchanged stretches as "gap" lines, bounded by
 * the limits. `before` undefined: the earlier text is not known (only what was written is shown).
 */
export function buildDiff(
  before: string | null | undefined,
  after: string | null,
  limits: JournalLimits = JOURNAL_LIMITS,
): JournalDiff {
  const b = splitText(after ?? '');
  if (before === undefined) {
    const lines: JournalDiffLine[] = [
      { kind: 'gap', text: 'The earlier text is not known here.' },
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ];
    return bound({ added: b.length, removed: 0, cut: false, lines }, limits);
  }
  const a = splitText(before ?? '');
  // The common start and end are cut off before the quadratic diff, so a small edit in a large
  // file costs little.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = diffLineArrays(a.slice(start, endA), b.slice(start, endB));
  const all: { kind: 'same' | 'added' | 'removed'; text: string }[] = [
    ...a.slice(Math.max(0, start - CONTEXT_LINES), start).map((text) => ({
      kind: 'same' as const,
      text,
    })),
    ...middle,
    ...a.slice(endA, endA + CONTEXT_LINES).map((text) => ({ kind: 'same' as const, text })),
  ];
  const leading = Math.max(0, start - CONTEXT_LINES);
  const trailing = Math.max(0, a.length - endA - CONTEXT_LINES);
  let added = 0;
  let removed = 0;
  for (const line of middle) {
    if (line.kind === 'added') added++;
    else if (line.kind === 'removed') removed++;
  }
  // Unchanged stretches inside the middle longer than twice the context become gaps.
  const lines: JournalDiffLine[] = [];
  if (leading > 0) lines.push(gap(leading));
  let i = 0;
  while (i < all.length) {
    if (all[i]!.kind !== 'same') {
      lines.push(all[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < all.length && all[j]!.kind === 'same') j++;
    const run = all.slice(i, j);
    const first = i === 0;
    const last = j === all.length;
    const keepStart = first ? 0 : CONTEXT_LINES;
    const keepEnd = last ? 0 : CONTEXT_LINES;
    if (first || last || run.length <= keepStart + keepEnd) {
      lines.push(...run);
    } else {
      lines.push(...run.slice(0, keepStart));
      lines.push(gap(run.length - keepStart - keepEnd));
      lines.push(...run.slice(run.length - keepEnd));
    }
    i = j;
  }
  if (trailing > 0) lines.push(gap(trailing));
  return bound({ added, removed, cut: false, lines }, limits);
}

function gap(count: number): JournalDiffLine {
  return {
    kind: 'gap',
    text: `${count.toLocaleString('en-US')} unchanged line${count === 1 ? '' : 's'}`,
  };
}

function bound(diff: JournalDiff, limits: JournalLimits): JournalDiff {
  const lines: JournalDiffLine[] = [];
  let chars = 0;
  let cut = diff.cut;
  for (const line of diff.lines) {
    const text = cutLine(line.text, limits);
    if (text !== line.text) cut = true;
    if (lines.length >= limits.maxDiffLines || chars + text.length > limits.maxDiffChars) {
      cut = true;
      break;
    }
    lines.push({ kind: line.kind, text });
    chars += text.length;
  }
  return { added: diff.added, removed: diff.removed, cut, lines };
}
export function boundSummary(
  summary: JournalSummary | undefined,
  limits: JournalLimits,
): JournalSummary | undefined {
  if (!summary) return undefined;
  const kept = summary.lines.slice(0, limits.maxSummaryLines).map((line) => ({
    kind: line.kind,
    text: cutLine(line.text, limits),
  }));
  return {
    title: summary.title.slice(0, 200),
    lines: kept,
    more: summary.more + Math.max(0, summary.lines.length - kept.length),
  };
}

const sizes = new WeakMap<JournalEntry, number>();

/** Characters an entry stores, for the journal's bound. */
export function entrySize(entry: JournalEntry): number {
  const known = sizes.get(entry);
  if (known !== undefined) return known;
  let chars = 200 + entry.path.length + (entry.beforeText?.length ?? 0);
  for (const line of entry.diff.lines) chars += line.text.length + 8;
  for (const line of entry.summary?.lines ?? []) chars += line.text.length + 8;
  sizes.set(entry, chars);
  return chars;
}
