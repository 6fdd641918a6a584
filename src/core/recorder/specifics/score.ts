// A labelled table of specifics, read and scored: how well does the extractor find what a person
// marked? One JSON object a line: {"text": "...", "specifics": [{"kind": "identifier", "text":
// "7719-QX"}, ...]} (kinds as in RULES.md). Used by `npm run specifics -- --table <file.jsonl>`.
//
// The matching rule: a found specific matches a labelled one when the kinds are equal and the
// texts are equal after trimming white space and one pair of enclosing quote marks or backticks,
// ignoring case. Each labelled specific matches at most one found one. A found specific with the
// right text but another kind counts twice: a miss (of the labelled kind) and a false positive (of
// the found kind).

import { extractSpecifics } from './index';
import { SPECIFIC_KINDS, type SpecificKind } from './types';

export interface LabelledSpecific {
  kind: SpecificKind;
  text: string;
}

export interface TableRow {
  /** 1-based line number in the table file. */
  line: number;
  text: string;
  specifics: LabelledSpecific[];
}

export interface TableProblem {
  line: number;
  message: string;
}

/** Bounds on what a table may hold; what is over them is reported and skipped. */
export const TABLE_BOUNDS = {
  /** The file, in bytes (the script checks it before reading). */
  fileBytes: 20_000_000,
  /** One line, in characters. */
  lineChars: 100_000,
  /** Rows scored (lines after this are reported as one problem and skipped). */
  rows: 50_000,
  /** Labelled specifics on one row. */
  specificsPerRow: 1_000,
} as const;

export interface ParsedTable {
  rows: TableRow[];
  problems: TableProblem[];
}

const KIND_SET = new Set<string>(SPECIFIC_KINDS);

/** One line of a table, or a problem saying why it is skipped. */
function parseLine(raw: string, line: number): TableRow | TableProblem {
  if (raw.length > TABLE_BOUNDS.lineChars)
    return {
      line,
      message: `line of ${raw.length.toLocaleString('en-US')} characters, over the ${TABLE_BOUNDS.lineChars.toLocaleString('en-US')} allowed`,
    };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { line, message: `not JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { line, message: 'not a JSON object' };
  const { text, specifics } = value as { text?: unknown; specifics?: unknown };
  if (typeof text !== 'string') return { line, message: '"text" is missing or not a string' };
  if (!Array.isArray(specifics)) return { line, message: '"specifics" is missing or not a list' };
  if (specifics.length > TABLE_BOUNDS.specificsPerRow)
    return {
      line,
      message: `${specifics.length} specifics, over the ${TABLE_BOUNDS.specificsPerRow} allowed`,
    };
  const labelled: LabelledSpecific[] = [];
  for (const [i, s] of specifics.entries()) {
    const { kind, text: written } = (s ?? {}) as { kind?: unknown; text?: unknown };
    if (typeof kind !== 'string' || !KIND_SET.has(kind))
      return {
        line,
        message: `specific ${i + 1}: kind ${JSON.stringify(kind)} is not one of ${SPECIFIC_KINDS.join(', ')}`,
      };
    if (typeof written !== 'string' || !written.trim())
      return { line, message: `specific ${i + 1}: "text" is missing or empty` };
    labelled.push({ kind: kind as SpecificKind, text: written });
  }
  return { line, text, specifics: labelled };
}

/** The rows of a table; bad lines are listed with their line number and skipped. */
export function parseTable(content: string): ParsedTable {
  const rows: TableRow[] = [];
  const problems: TableProblem[] = [];
  const lines = content.split('\n');
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    if (rows.length >= TABLE_BOUNDS.rows) {
      problems.push({
        line: i + 1,
        message: `rows after the first ${TABLE_BOUNDS.rows.toLocaleString('en-US')} are not scored`,
      });
      break;
    }
    const parsed = parseLine(raw.replace(/\r$/, ''), i + 1);
    if ('message' in parsed) problems.push(parsed);
    else rows.push(parsed);
  }
  return { rows, problems };
}

const ENCLOSING = /^(["'`“‘「『《«])([\s\S]*)(["'`”’」』》»])$/;

/** A specific's text as compared: trimmed, one pair of enclosing quote marks off, lowercased. */
export function comparable(text: string): string {
  const trimmed = text.trim();
  const inner = ENCLOSING.exec(trimmed);
  return (inner ? inner[2]!.trim() : trimmed).toLowerCase();
}

export interface KindScore {
  /** Found and labelled (true positives). */
  matched: number;
  /** Found, not labelled. */
  falsePositives: number;
  /** Labelled, not found. */
  misses: number;
}

export interface ScoredSpecific {
  line: number;
  kind: SpecificKind;
  text: string;
  /** The row's text, for reading the miss in place. */
  rowText: string;
}

export interface TableScore {
  rows: number;
  labelled: number;
  byKind: Record<SpecificKind, KindScore>;
  overall: KindScore;
  falsePositives: ScoredSpecific[];
  misses: ScoredSpecific[];
}

export const precision = (s: KindScore): number | undefined =>
  s.matched + s.falsePositives === 0 ? undefined : s.matched / (s.matched + s.falsePositives);
export const recall = (s: KindScore): number | undefined =>
  s.matched + s.misses === 0 ? undefined : s.matched / (s.matched + s.misses);
export const f1 = (s: KindScore): number | undefined => {
  const p = precision(s);
  const r = recall(s);
  return p === undefined || r === undefined || p + r === 0 ? undefined : (2 * p * r) / (p + r);
};

type Extract = (text: string) => readonly { kind: SpecificKind; text: string }[];

/** Scores the extractor (or any function of the same shape) on the rows. */
export function scoreTable(
  rows: readonly TableRow[],
  extract: Extract = extractSpecifics,
): TableScore {
  const empty = (): KindScore => ({ matched: 0, falsePositives: 0, misses: 0 });
  const byKind = Object.fromEntries(SPECIFIC_KINDS.map((k) => [k, empty()])) as Record<
    SpecificKind,
    KindScore
  >;
  const overall = empty();
  const falsePositives: ScoredSpecific[] = [];
  const misses: ScoredSpecific[] = [];
  let labelledTotal = 0;
  for (const row of rows) {
    const key = (s: { kind: SpecificKind; text: string }) => `${s.kind}\u0000${comparable(s.text)}`;
    const labelled = new Map(row.specifics.map((s) => [key(s), s]));
    const found = new Map(extract(row.text).map((s) => [key(s), s]));
    labelledTotal += labelled.size;
    for (const [k, s] of found) {
      if (labelled.has(k)) {
        byKind[s.kind].matched++;
        overall.matched++;
      } else {
        byKind[s.kind].falsePositives++;
        overall.falsePositives++;
        falsePositives.push({ line: row.line, kind: s.kind, text: s.text, rowText: row.text });
      }
    }
    for (const [k, s] of labelled) {
      if (found.has(k)) continue;
      byKind[s.kind].misses++;
      overall.misses++;
      misses.push({ line: row.line, kind: s.kind, text: s.text, rowText: row.text });
    }
  }
  return { rows: rows.length, labelled: labelledTotal, byKind, overall, falsePositives, misses };
}
