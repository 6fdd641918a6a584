// Large tool result offload (Deep Agents): a tool result over the limit (20,000 tokens by default)
// is written to /large_tool_results/{tool call id} and the model gets, instead, the path, how to
// read it in slices, and its first 10 lines. The filesystem tools are excluded: their output is
// already bounded or points to a file. If the file cannot be written, the result is kept as it was.

import type { Middleware } from '../agent/middleware';
import type { ToolCall, ToolResult } from '../agent/types';
import { formatContentWithLineNumbers, splitLines } from '../fs/tools';
import type { CompactionSettings } from './settings';
import { OFFLOAD_EXCLUDED_TOOLS, largeResultPath } from './compaction';
import type { TokenCounter } from '../tokens/counter';
import {
  buildCompactionRecord,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
} from '../recorder/record';
import { emitWithRecord, settleRecords } from '../recorder/delivery';

export interface OffloadOptions {
  /** Read on every tool call, so changed settings apply at once. */
  settings: () => CompactionSettings;
  /** The counter of the model's encoding (a tool call has no request to pick it from). */
  counter: TokenCounter | (() => TokenCounter | Promise<TokenCounter>);
  /** Builds the compaction record after the result has gone on (the app: in a Web Worker). */
  buildRecord?: RecordBuilder;
}

export const OFFLOAD_PREVIEW_LINES = 10;
/** Preview lines are cut to this many characters: a single huge line must not defeat the offload. */
export const OFFLOAD_PREVIEW_LINE_CHARS = 1_000;
const SLICE_LINES = 100;

export function createOffloadMiddleware(options: OffloadOptions): Middleware {
  return {
    name: 'Large tool result offload',
    events: ['context-event', 'context-record'],
    async wrapToolCall(call, next, context) {
      const result = await next(call);
      if (OFFLOAD_EXCLUDED_TOOLS.includes(call.name)) return result;
      const limit = options.settings().offloadTokens;
      // A token is at least one UTF-8 byte and a UTF-16 unit at most three: short texts skip counting.
      if (result.content.length * 3 <= limit) return result;

      const counter =
        typeof options.counter === 'function' ? await options.counter() : options.counter;
      const tokens = counter.count(result.content);
      if (tokens <= limit) return result;

      const path = largeResultPath(call.id);
      try {
        await context.fs.write(path, result.content);
      } catch {
        // Quota, size limit, a read-only view: the model gets the original result, as it would
        // have without offloading. Nothing is lost.
        return result;
      }
      const replacement = offloadedResultText(call, path, result.content, tokens);
      const after = counter.count(replacement);
      // The record is built once the result has gone on (the run waits for it at its end).
      emitWithRecord(
        context,
        {
          kind: 'offload',
          tokensBefore: tokens,
          tokensAfter: after,
          path,
          detail:
            `The ${call.name} result (${tokens.toLocaleString('en-US')} tokens) was over ` +
            `${limit.toLocaleString('en-US')} tokens, so it was saved to ${path}; the model sees ` +
            `the path and its first ${OFFLOAD_PREVIEW_LINES} lines (${after.toLocaleString('en-US')} tokens).`,
        },
        () => offloadRecordInput(call, result.content, replacement, path),
        options.buildRecord,
      );
      return { ...result, content: replacement } satisfies ToolResult;
    },
    afterAgent: (context) => settleRecords(context),
  };
}

/** The message that replaces an offloaded result (our wording of Deep Agents' notice). */
export function offloadedResultText(
  call: Pick<ToolCall, 'name' | 'id'>,
  path: string,
  content: string,
  tokens: number,
): string {
  const lines = splitLines(content);
  const preview = lines
    .slice(0, OFFLOAD_PREVIEW_LINES)
    .map((line) =>
      line.length > OFFLOAD_PREVIEW_LINE_CHARS
        ? `${line.slice(0, OFFLOAD_PREVIEW_LINE_CHARS)}… [line cut here: ${line.length.toLocaleString('en-US')} characters in all]`
        : line,
    );
  return [
    `The result of ${call.name} was too large to show here (${tokens.toLocaleString('en-US')} tokens, ${lines.length.toLocaleString('en-US')} lines), so it was saved to ${path}.`,
    '',
    `Read it in slices with read_file: read_file(file_path="${path}", offset=0, limit=${SLICE_LINES}), then offset=${SLICE_LINES}, offset=${2 * SLICE_LINES} and so on.`,
    `To find specific lines, use grep(pattern="…", path="${path}", output_mode="content").`,
    '',
    `The first ${Math.min(OFFLOAD_PREVIEW_LINES, lines.length)} lines:`,
    formatContentWithLineNumbers(preview),
  ].join('\n');
}

/** The record of one offload: the result before, the notice after, the file that holds it all. */
export function offloadRecord(
  call: Pick<ToolCall, 'name' | 'id'>,
  content: string,
  replacement: string,
  path: string,
): CompactionRecord {
  return buildCompactionRecord(offloadRecordInput(call, content, replacement, path));
}

/** The record's input for an offload (plain data, for a builder in a worker). */
export function offloadRecordInput(
  call: Pick<ToolCall, 'name' | 'id'>,
  content: string,
  replacement: string,
  path: string,
): RecordInput {
  const label = `Tool result (${call.name}, ${call.id})`;
  return {
    kind: 'offload',
    before: [{ label, text: content, role: 'tool' }],
    after: [{ label: `${label} as sent`, text: replacement, role: 'tool' }],
    removed: [{ label, text: content, role: 'tool' }],
    readableFiles: [{ path, content }],
  };
}
