// Reading a JSONL session line by line: a broken line (not JSON, nested past the bound, longer than
// the line bound) is a problem in the report, never the end of the import.

import { MAX_JSON_DEPTH } from '../limits';
import { jsonDepthOverflow } from '../text/json-depth';
import { MAX_SESSION_LINE_CHARS, type SessionBuilder } from './builder';
import type { ProgressFn } from './types';

export interface JsonLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}

const PROGRESS_STEP = 1 << 20;

/** Every line of `text` that holds JSON, in order; the others are reported on the builder. */
export function readJsonLines(
  text: string,
  builder: SessionBuilder | null,
  onProgress?: ProgressFn,
): JsonLine[] {
  const out: JsonLine[] = [];
  let start = 0;
  let line = 0;
  let nextProgress = PROGRESS_STEP;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (start > nextProgress) {
      onProgress?.(Math.min(start, text.length), text.length);
      nextProgress = start + PROGRESS_STEP;
    }
    if (!raw) continue;
    if (builder) builder.report.records++;
    const value = parseLine(raw, line, builder);
    if (value !== undefined) out.push({ line, value });
  }
  onProgress?.(text.length, text.length);
  return out;
}

function parseLine(raw: string, line: number, builder: SessionBuilder | null): unknown {
  if (raw.length > MAX_SESSION_LINE_CHARS) {
    builder?.problem(
      `line ${line} is ${raw.length.toLocaleString('en-US')} characters, over the ${MAX_SESSION_LINE_CHARS.toLocaleString('en-US')}-character line limit; not read`,
      line,
    );
    return undefined;
  }
  if (jsonDepthOverflow(raw) >= 0) {
    builder?.problem(`line ${line} nests more than ${MAX_JSON_DEPTH} levels deep; not read`, line);
    return undefined;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    builder?.problem(`line ${line} is not JSON`, line);
    return undefined;
  }
}
