// Old tool-input truncation (Deep Agents): when a request exceeds the trigger (85% of the context
// window by default), write_file / edit_file arguments longer than the limit in messages older than
// the kept tail are cut to their first 20 characters plus a pointer to the file that holds the
// content. Only the request changes; the thread keeps every message as it was.

import type { Middleware } from '../agent/middleware';
import type { CompactionSettings } from './settings';
import { requestTokensAtMost } from '../tokens/counter';
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
} from './compaction';

export interface TruncationOptions {
  /** Read on every model call, so changed settings apply to the next call. */
  settings: () => CompactionSettings;
  /** The model's input context window in tokens. */
  contextWindow: NumberSource;
  counter: CounterSource;
}

export function createTruncationMiddleware(options: TruncationOptions): Middleware {
  return {
    name: 'Tool-input truncation',
    state: compactionSlot,
    events: ['context-event'],
    async wrapModelCall(request, next, context) {
      // Truncation starts above the trigger: a thread under it by its length alone (see
      // requestTokensAtMost) needs no count, only the stored summary applied (as compactRequest).
      const settings = options.settings();
      const { triggerTokens } = thresholds(settings, resolveNumber(options.contextWindow));
      const summary = getCompactionState(context.state).summary;
      const applied = {
        ...request,
        messages: applyStoredSummary(request.messages, summary).messages,
      };
      if (requestTokensAtMost(applied) <= triggerTokens) return next(applied);
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
        context.emit({
          type: 'context-event',
          event: {
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
        });
      }
      return next(view.request);
    },
  };
}
