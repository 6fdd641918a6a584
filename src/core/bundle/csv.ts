// Per-call token metrics as CSV (RFC 4180), for spreadsheets: one header row, one row per model
// call. The thread's JSONL holds the same records in full; on import the CSV is parsed and must
// agree with it, so a hand-edited or mismatched metrics file is caught instead of silently ignored.

import type { ModelCallRecord } from '../thread/thread';
import { BundleError } from './errors';

export const METRICS_COLUMNS = [
  'call_id',
  'started_at',
  'ended_at',
  'duration_ms',
  'provider',
  'model',
  'context_window',
  'trigger_tokens',
  'estimate_system',
  'estimate_memory',
  'estimate_facts',
  'estimate_summary',
  'estimate_messages',
  'estimate_tool_results',
  'estimate_tools',
  'estimate_total',
  'reported_input_tokens',
  'reported_output_tokens',
  'reported_cache_read_tokens',
  'reported_cache_write_tokens',
  'error',
] as const;

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());
const num = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The cells of one call, as text (empty when a field is absent). */
export function metricsRow(call: ModelCallRecord): string[] {
  const e = call.estimate;
  return [
    call.callId,
    iso(call.startedAt),
    iso(call.endedAt),
    call.endedAt === undefined ? '' : String(call.endedAt - call.startedAt),
    call.provider,
    call.model,
    num(call.contextWindow),
    num(call.triggerTokens),
    num(e.system),
    num(e.memory),
    num(e.facts),
    num(e.summary),
    num(e.messages),
    num(e.toolResults),
    num(e.tools),
    num(e.total),
    num(call.usage?.inputTokens),
    num(call.usage?.outputTokens),
    num(call.usage?.cacheReadTokens),
    num(call.usage?.cacheWriteTokens),
    call.error ?? '',
  ];
}

export function metricsToCsv(calls: readonly ModelCallRecord[]): string {
  const rows = [METRICS_COLUMNS as readonly string[], ...calls.map(metricsRow)];
  return rows.map((row) => row.map(escapeCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Quotes a cell when needed, and defuses spreadsheet formulas: text from a provider (an error
 * message, a model name) that starts with = + - @ would run as a formula in Excel or Sheets, so it
 * gets a leading apostrophe (OWASP's advice). Plain numbers are left alone.
 */
export function escapeCell(cell: string): string {
  let text = cell;
  // Also text that already starts with apostrophes before such a character, so parsing can undo
  // exactly one apostrophe.
  if (/^'*[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function unescapeFormula(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Parses CSV text into rows of cells; errors name the entry and line. */
export function parseCsv(text: string, entry: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quoted = false;
  let cellStarted = false;
  const endRow = () => {
    cells.push(cell);
    rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new BundleError(
            'invalid-data',
            `${entry} line ${line}: unexpected text after a closing quote.`,
            entry,
            line,
          );
        }
        continue;
      }
      if (c === '\n') line++;
      cell += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (cellStarted && cell !== '') {
        throw new BundleError(
          'invalid-data',
          `${entry} line ${line}: a quote inside an unquoted cell.`,
          entry,
          line,
        );
      }
      quoted = true;
      cellStarted = true;
      i++;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = false;
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      cell += c;
      cellStarted = true;
      i++;
    }
  }
  if (quoted) {
    throw new BundleError(
      'invalid-data',
      `${entry} line ${rowLine}: a quoted cell is never closed.`,
      entry,
      rowLine,
    );
  }
  if (cell !== '' || cells.length > 0 || cellStarted) endRow();
  return rows;
}

/**
 * Checks a metrics CSV against the calls of its thread (from the JSONL): same header, one row per
 * call, same values. Throws BundleError naming the line that differs.
 */
export function checkMetricsCsv(
  text: string,
  entry: string,
  calls: readonly ModelCallRecord[],
): void {
  const rows = parseCsv(text, entry);
  const header = rows[0];
  if (!header || header.cells.join(',') !== METRICS_COLUMNS.join(',')) {
    throw new BundleError(
      'invalid-data',
      `${entry} line 1: the header row must be ${METRICS_COLUMNS.join(',')}.`,
      entry,
      1,
    );
  }
  const body = rows.slice(1);
  if (body.length !== calls.length) {
    // The first row without a call, or the line after the last row when rows are missing.
    const line = body[calls.length]?.line ?? (rows[rows.length - 1]?.line ?? 0) + 1;
    throw new BundleError(
      'invalid-data',
      `${entry} line ${line}: ${body.length} data rows, but its thread records ${calls.length} model calls (one row per call).`,
      entry,
      line,
    );
  }
  body.forEach((row, index) => {
    const expected = metricsRow(calls[index]!);
    const actual = row.cells.map(unescapeFormula);
    if (actual.length !== expected.length) {
      throw new BundleError(
        'invalid-data',
        `${entry} line ${row.line}: expected ${expected.length} cells, found ${actual.length}.`,
        entry,
        row.line,
      );
    }
    const column = expected.findIndex((value, i) => value !== actual[i]);
    if (column >= 0) {
      throw new BundleError(
        'invalid-data',
        `${entry} line ${row.line}: ${METRICS_COLUMNS[column]} is ${JSON.stringify(actual[column])}, but the thread's call ${calls[index]!.callId} says ${JSON.stringify(expected[column])}.`,
        entry,
        row.line,
      );
    }
  });
}
