// Old tool-input truncation (Deep Agents): when a request exceeds the trigger (85% of the context
// window by default), write_file / edit_file arguments longer than the limit in messages older than
// the kept tail are cut to their first 20 characters plus a pointer to the file that holds the
// content. Only the request changes; the thread keeps every message as it was.

import type { Middleware, ModelCallHandler, RunContext } from '../agent/middleware';
import type { CompactionSettings } from './settings';
import { requestTokensAtMost } from '../tokens/counter';
import type { ModelMessage, ModelRequest, ModelResponse } from '../agent/types';
import type { VirtualFs } from '../fs/types';
import {
  buildCompactionRecord,
  messagePart,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
  type RecordPart,
} from '../recorder/record';
import { emitWithRecord, settleRecords } from '../recorder/delivery';
import type { ReadableFile } from '../recorder/fate';
import {
  applyStoredSummary,
  compactRequest,
  thresholds,
  compactionSlot,
  getCompactionState,
  resolveCounter,
  resolveNumber,
  updateCompactionState,
  type CounterSource,
  type NumberSource,
  type TruncatedInput,
  originalMessage,
} from './compaction';

export interface TruncationOptions {
  /** Read on every model call, so changed settings apply to the next call. */
  settings: () => CompactionSettings;
  /** The model's input context window in tokens. */
  contextWindow: NumberSource;
  counter: CounterSource;
  /** Builds the compaction record once the request has left (the app: in a Web Worker). */
  buildRecord?: RecordBuilder;
}

export function createTruncationMiddleware(options: TruncationOptions): Middleware {
  return {
    name: 'Tool-input truncation',
    state: compactionSlot,
    events: ['context-event', 'context-record'],
    // Not async: a request under the trigger by its length alone goes on without a promise of its own.
    wrapModelCall(request, next, context) {
      // Truncation starts above the trigger: a thread under it by its length alone (see
      // requestTokensAtMost) needs no count, only the stored summary applied (as compactRequest).
      const settings = options.settings();
      const { triggerTokens } = thresholds(settings, resolveNumber(options.contextWindow));
      const summary = getCompactionState(context.state).summary;
      const applied = summary
        ? { ...request, messages: applyStoredSummary(request.messages, summary).messages }
        : request;
      if (requestTokensAtMost(applied) <= triggerTokens) return next(applied);
      return truncateAndSend(request, next, context, settings);
    },
    afterAgent: (context) => settleRecords(context),
  };

  async function truncateAndSend(
    request: ModelRequest,
    next: ModelCallHandler,
    context: RunContext,
    settings: CompactionSettings,
  ): Promise<ModelResponse> {
    const counter = await resolveCounter(options.counter, request);
    const view = compactRequest(request, context.state, {
      settings,
      contextWindow: resolveNumber(options.contextWindow),
      counter,
    });

    // The truncation is redone on every call (the thread is never changed), but each tool call
    // is reported once: the chart marks when it first happened.
    const reported = new Set(getCompactionState(context.state).truncatedCallIds ?? []);
    const fresh = view.truncated.filter((item) => !reported.has(item.toolCallId));
    if (fresh.length > 0) {
      updateCompactionState(context.state, {
        truncatedCallIds: [...reported, ...fresh.map((item) => item.toolCallId)],
      });
      const paths = [...new Set(fresh.map((item) => item.path).filter(Boolean))] as string[];
      const chars = fresh.reduce((sum, item) => sum + item.removedChars, 0);
      const calls = fresh.length === 1 ? '1 old tool call' : `${fresh.length} old tool calls`;
      // The files are read as the request leaves (the reads start now, nothing waits for them);
      // the record is built from them afterwards.
      const files = readFiles(context.fs, fresh);
      emitWithRecord(
        context,
        {
          kind: 'truncate',
          tokensBefore: view.tokensBefore,
          tokensAfter: view.breakdown.total,
          ...(paths[0] ? { path: paths[0] } : {}),
          messageId: fresh[0]?.messageId,
          detail:
            `The request was over ${view.triggerTokens.toLocaleString('en-US')} tokens, so the ` +
            `long write_file / edit_file arguments of ${calls} (${chars.toLocaleString('en-US')} ` +
            `characters) were cut to a pointer to their file` +
            (paths.length > 0 ? ` (${paths.join(', ')})` : '') +
            '. The thread keeps them in full.',
        },
        async () => truncationRecordInput(view.request.messages, fresh, await files),
        options.buildRecord,
      );
    }
    return next(view.request);
  }
}

/**
 * The record of one truncation: each cut message before (the thread's original) and after (the
 * copy sent), the removed arguments, and the fate of their specifics against the request and the
 * files the arguments were written to (the pointer names them).
 */
export async function truncationRecord(
  sent: readonly ModelMessage[],
  items: readonly TruncatedInput[],
  fs: Pick<VirtualFs, 'read'>,
): Promise<CompactionRecord> {
  return buildCompactionRecord(truncationRecordInput(sent, items, await readFiles(fs, items)));
}

/** The files the truncated arguments were written to, as they are now (absent ones left out). */
export function readFiles(
  fs: Pick<VirtualFs, 'read'>,
  items: readonly TruncatedInput[],
): Promise<ReadableFile[]> {
  const paths = [...new Set(items.map((item) => item.path).filter(Boolean) as string[])];
  return Promise.all(
    paths.map((path) =>
      fs.read(path).then(
        (file) => (file ? { path, content: file.content } : undefined),
        () => undefined,
      ),
    ),
  ).then((files) => files.filter((file): file is ReadableFile => file !== undefined));
}

/** The record's input for a truncation (plain data, for a builder in a worker). */
export function truncationRecordInput(
  sent: readonly ModelMessage[],
  items: readonly TruncatedInput[],
  files: readonly ReadableFile[],
): RecordInput {
  const before: RecordPart[] = [];
  const after: RecordPart[] = [];
  const removed: RecordPart[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const copy = sent.find((m) => m.id === item.messageId);
    if (!copy) continue;
    const original = originalMessage(copy);
    if (!seen.has(copy.id)) {
      seen.add(copy.id);
      before.push(messagePart(original));
      after.push(messagePart(copy));
    }
    const call =
      original.role === 'assistant'
        ? original.toolCalls?.find((c) => c.id === item.toolCallId)
        : undefined;
    if (call)
      removed.push({
        label: `${call.name} arguments (${item.toolCallId}${item.path ? `, ${item.path}` : ''})`,
        text: call.arguments,
        messageId: item.messageId,
        role: 'assistant',
      });
  }
  // The whole request after the cut counts as the new context: the other messages keep what they say.
  const rest = sent.filter((m) => !seen.has(m.id)).map(messagePart);
  return {
    kind: 'truncate',
    before,
    after: [...after, ...rest],
    removed,
    readableFiles: files,
  };
}
