// Summarization (Deep Agents): when a request is still over the trigger after truncation, the older
// part of the conversation (everything but the most recent keepFraction of the window, never
// separating a tool call from its results) is appended verbatim to
// /conversation_history/session_{thread}.md, and the model gets a summary message naming that file
// followed by the kept messages. The summary (SESSION INTENT, SUMMARY, ARTIFACTS, NEXT STEPS) is
// written by a model. The result is kept in thread state, so later calls reuse it without
// summarizing again, and the next summarization folds the previous summary in (chaining).
// A summarization that fails, or whose answer is unusable, changes nothing and says so.

import type { Middleware, ModelCallHandler, RunContext } from '../agent/middleware';
import {
  ProviderError,
  type ModelMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
} from '../agent/types';
import { DEFAULT_SPECIFICS_BUDGET, type CompactionSettings } from './settings';
import {
  applyStoredSummary,
  compactionSlot,
  findCutIndex,
  getCompactionState,
  historyPath as historyPathFor,
  originalMessage,
  resolveCounter,
  resolveNumber,
  summaryMessageId,
  thresholds,
  updateCompactionState,
  type CounterSource,
  type NumberSource,
  type SummaryRecord,
} from './compaction';
import { errorText } from '../text/errors';
import {
  countRequest,
  isSummaryMessage,
  requestTokensAtMost,
  type TokenCounter,
} from '../tokens/counter';
import { getPins, mustKeepInstruction, pinnedIds, type Pins } from '../recorder/pins';
import { nextStepsFromMessages } from '../recorder/intent';
import {
  RECORD_SCAN_CHARS,
  buildCompactionRecord,
  messagePart,
  requestParts,
  type CompactionRecord,
  type RecordBuilder,
  type RecordInput,
} from '../recorder/record';
import { emitWithRecord, settleRecords } from '../recorder/delivery';
import { keepSpecificsInstruction, rankSpecifics, withSpecificsBlock } from './keep-specifics';
import { appendHistory, buildSummaryRequest, checkSummary } from './summary-text';

// The summarizer's request, the answer check and the history file live in summary-text.ts.
export * from './summary-text';

/** Asks a model for the summary; resolves with its text. The app passes the configured provider. */
export type SummarizeFn = (request: ModelRequest, signal: AbortSignal) => Promise<string>;

export interface SummarizationOptions {
  /** Read on every model call, so changed settings apply to the next call. */
  settings: () => CompactionSettings;
  /** The model's input context window in tokens. */
  contextWindow: NumberSource;
  counter: CounterSource;
  summarize: SummarizeFn;
  /**
   * For the Context inspector: never call the model or write files; when a summarization is due,
   * report it as an event and pass the request on uncompressed.
   */
  preview?: boolean;
  /** Builds the compaction record once the request has left (the app: in a Web Worker). */
  buildRecord?: RecordBuilder;
  /** Clock, for tests. */
  now?: () => number;
}

/** A summarizer backed by a provider (the configured one, or a separate memory model). */
export function summarizerFromProvider(provider: ModelProvider, model?: string): SummarizeFn {
  return async (request, signal) => {
    const response = await provider.complete(model ? { ...request, model } : request, { signal });
    return response.message.content;
  };
}

export function createSummarizationMiddleware(options: SummarizationOptions): Middleware {
  const now = options.now ?? Date.now;
  return {
    name: 'Summarization',
    state: compactionSlot,
    events: ['context-event', 'context-record'],
    // Not async: with no summary yet and a request under the trigger by its length alone, the
    // request goes as it came, without a promise of its own.
    wrapModelCall(request, next, context) {
      const settings = options.settings();
      const contextWindow = resolveNumber(options.contextWindow);
      const { triggerTokens } = thresholds(settings, contextWindow);
      const stored = getCompactionState(context.state).summary;
      if (!stored && requestTokensAtMost(request) <= triggerTokens) return next(request);
      return summarizeAndSend(request, next, context, settings, contextWindow);
    },
    afterAgent: (context) => settleRecords(context),
  };

  async function summarizeAndSend(
    request: ModelRequest,
    next: ModelCallHandler,
    context: RunContext,
    settings: CompactionSettings,
    contextWindow: number,
  ): Promise<ModelResponse> {
    const { triggerTokens, keepTokens } = thresholds(settings, contextWindow);
    const stored = getCompactionState(context.state).summary;
    const pins = getPins(context.state);
    const keep = pinnedIds(request.messages, pins);
    const applied = applyStoredSummary(request.messages, stored, keep);
    const effective: ModelRequest = { ...request, messages: applied.messages };
    // A short thread is under the trigger by its length alone: nothing to count.
    if (requestTokensAtMost(effective) <= triggerTokens) return next(effective);
    const counter = await resolveCounter(options.counter, request);
    const tokensBefore = countRequest(counter, effective).total;
    if (tokensBefore <= triggerTokens) return next(effective);

    const plan = planSummary(applied, keep, (message) => counter.countMessage(message), keepTokens);
    // Nothing older than the kept tail (one huge message, or one long tool-call group).
    if (!plan) return next(effective);
    const { newlyCut, kept, firstKept } = plan;
    const path = historyPathFor(context.threadId);

    if (options.preview) {
      context.emit({
        type: 'context-event',
        event: {
          kind: 'summarize',
          tokensBefore,
          path,
          messageId: firstKept.id,
          detail:
            `Over ${triggerTokens.toLocaleString('en-US')} tokens: before the next model call, ` +
            `${newlyCut.length} older messages will be summarized and appended to ${path}.`,
        },
      });
      return next(effective);
    }

    const fail = (reason: string) => {
      context.emit({
        type: 'context-event',
        event: {
          kind: 'summarize-failed',
          tokensBefore,
          tokensAfter: tokensBefore,
          detail:
            `Summarization failed: ${reason} The request was sent without compaction; ` +
            'nothing was dropped.',
        },
      });
      return next(effective);
    };

    let summary: string;
    try {
      const answer = await requestSummary(options.summarize, context.signal, {
        model: request.model,
        plan,
        counter,
        contextWindow,
        path,
        pins,
        ...(settings.keepSpecifics
          ? {
              keepSpecifics: { budgetTokens: settings.specificsBudget ?? DEFAULT_SPECIFICS_BUDGET },
            }
          : {}),
      });
      if (!answer.ok) return fail(answer.reason);
      summary = answer.summary;
    } catch (error) {
      // Stop means stop: the run ends as aborted, not with a compaction notice.
      if (context.signal.aborted || (error instanceof ProviderError && error.kind === 'aborted'))
        throw error;
      return fail(`the summarizer call failed (${errorText(error)}).`);
    }

    const at = now();
    // A history file that cannot be written (quota, a conflict, a store error) does not stop the
    // summarization, as in Deep Agents: sending the request uncompressed could overflow the window.
    // The removed messages stay in this removal's record, and the notice says what failed.
    let history: string | undefined;
    let unsaved: string | undefined;
    try {
      history = await appendHistory(
        context.fs,
        path,
        context.threadId,
        newlyCut.map(originalMessage),
        at,
      );
    } catch (error) {
      unsaved = errorText(error);
    }

    const updated = nextSummary(stored, plan, summary, history === undefined ? '' : path, at);
    updateCompactionState(context.state, { summary: updated });
    const compacted: ModelRequest = {
      ...request,
      messages: applyStoredSummary(request.messages, updated, keep).messages,
    };
    const tokensAfter = countRequest(counter, compacted).total;
    // The event goes out now (the recorder places it at this call); its record is built once the
    // request has left, from what this call saw (the pins as they are now).
    const pinsNow = structuredClone(pins);
    emitWithRecord(
      context,
      {
        kind: 'summarize',
        tokensBefore,
        tokensAfter,
        path,
        messageId: firstKept.id,
        detail:
          `${newlyCut.length} older messages were summarized` +
          (applied.applied ? ' (folding in the previous summary)' : '') +
          (unsaved === undefined
            ? ` and appended verbatim to ${path}`
            : `; the history file ${path} could not be written (${unsaved}), so they are kept ` +
              'in this removal’s record only, and the model is not pointed to a file') +
          `; the model now sees the summary and the ${kept.length} most recent messages` +
          (keep.size > 0 ? ' (pinned messages stay as they were)' : '') +
          '.',
      },
      () =>
        summarizationRecordInput({
          before: effective,
          after: compacted,
          removed: removedMessages(plan),
          history: history === undefined ? undefined : { path, content: history },
          pins: pinsNow,
        }),
      options.buildRecord,
    );
    return next(compacted);
  }
}

// ---- the plan, shared with "Compact now" ------------------------------------------------------

/** What a summarization cuts: the same for the middleware and "Compact now" (manual.ts). */
export interface SummaryPlan {
  /** The messages with the stored summary applied (see applyStoredSummary). */
  applied: ReturnType<typeof applyStoredSummary>;
  /** Index in applied.messages of the first kept message. */
  cut: number;
  /** The messages newly summarized: from the floor to the cut, pinned ones left out. */
  newlyCut: ModelMessage[];
  /** What the summarizer reads: everything before the cut (the earlier summary first). */
  toSummarize: ModelMessage[];
  kept: ModelMessage[];
  firstKept: ModelMessage;
}

/**
 * Where a summarization of `applied` cuts: the kept tail is the most recent keepTokens (findCutIndex);
 * with `atLeastLatestTurn` ("Compact now"), a thread that fits keeps only its latest turn. Pinned
 * messages (`keep`) are never cut. Undefined when there is nothing older than the kept tail.
 */
export function planSummary(
  applied: ReturnType<typeof applyStoredSummary>,
  keep: ReadonlySet<string>,
  countMessage: (message: ModelMessage) => number,
  keepTokens: number,
  { atLeastLatestTurn = false }: { atLeastLatestTurn?: boolean } = {},
): SummaryPlan | undefined {
  const { messages, floor } = applied;
  let cut = findCutIndex(messages, countMessage, keepTokens, floor);
  if (cut <= floor && atLeastLatestTurn) {
    const lastUser = messages.findLastIndex((m, i) => i >= floor && m.role === 'user');
    cut = lastUser > floor ? lastUser : floor;
  }
  const newlyCut = messages.slice(floor, cut).filter((m) => !keep.has(m.id));
  if (cut <= floor || newlyCut.length === 0) return undefined;
  const kept = messages.slice(cut);
  return {
    applied,
    cut,
    newlyCut,
    toSummarize: messages.slice(0, cut),
    kept,
    firstKept: kept[0] as ModelMessage,
  };
}

/** Asks the summarizer for the plan's summary (pinned specifics as must-keep) and checks it. */
export async function requestSummary(
  summarize: SummarizeFn,
  signal: AbortSignal,
  input: {
    model: string;
    plan: SummaryPlan;
    counter: TokenCounter;
    contextWindow: number;
    path: string;
    pins: Pins;
    /**
     * "Keep specifics": the removed text's specifics go to the summarizer ranked, and those its
     * summary drops are kept beside it in a block of at most this many tokens.
     */
    keepSpecifics?: { budgetTokens: number };
  },
): Promise<ReturnType<typeof checkSummary>> {
  const ranked = input.keepSpecifics
    ? rankSpecifics(removedMessages(input.plan), input.plan.kept, input.pins)
    : [];
  const mustKeep = [mustKeepInstruction(input.pins), keepSpecificsInstruction(ranked)]
    .filter(Boolean)
    .join('\n\n');
  const text = await summarize(
    buildSummaryRequest(input.model, input.plan.toSummarize, {
      counter: input.counter,
      contextWindow: input.contextWindow,
      path: input.path,
      mustKeep,
    }),
    signal,
  );
  const checked = checkSummary(text);
  if (!checked.ok || !input.keepSpecifics) return checked;
  const { summary } = withSpecificsBlock(
    checked.summary,
    ranked,
    input.keepSpecifics.budgetTokens,
    (t) => input.counter.count(t),
  );
  return { ok: true, summary };
}

/** The summary to store after `stored`, for the plan. */
export function nextSummary(
  stored: SummaryRecord | undefined,
  plan: SummaryPlan,
  summary: string,
  historyPath: string,
  at: number,
): SummaryRecord {
  const count = (stored?.count ?? 0) + 1;
  return {
    summary,
    messageId: summaryMessageId(count, plan.firstKept.id),
    firstKeptId: plan.firstKept.id,
    historyPath,
    at,
    count,
    summarizedMessages:
      (plan.applied.applied ? (stored?.summarizedMessages ?? 0) : 0) + plan.newlyCut.length,
  };
}

/** What the record lists as removed: the earlier summary when it is folded in, and the messages. */
export function removedMessages(plan: SummaryPlan): ModelMessage[] {
  return [
    ...(plan.applied.applied ? plan.applied.messages.slice(0, 1) : []),
    ...plan.newlyCut.map(originalMessage),
  ];
}

// ---- the record ---------------------------------------------------------------------------------

/**
 * The flight record of one summarization: the request before and after, the removed messages (the
 * earlier summary included when it was folded in), the fate of their specifics against the new
 * request and the history file, the intent check, and the pinned specifics the summary dropped.
 */
export function summarizationRecord(input: SummarizationRecordSource): CompactionRecord {
  return buildCompactionRecord(summarizationRecordInput(input));
}

export interface SummarizationRecordSource {
  before: ModelRequest;
  after: ModelRequest;
  removed: readonly ModelMessage[];
  history: { path: string; content: string } | undefined;
  pins: Pins;
  preview?: boolean;
}

/** The record's input for a summarization (plain data, for a builder in a worker). */
export function summarizationRecordInput(input: SummarizationRecordSource): RecordInput {
  const summary = input.after.messages.find(isSummaryMessage);
  const latestUser = [...input.before.messages]
    .reverse()
    .find((m) => m.role === 'user' && !isSummaryMessage(m));
  const after = requestParts(input.after);
  const afterText = after
    .slice(1)
    .map((part) => part.text)
    .join('\n\n');
  // The history file only grows at its end, where this summarization's messages were appended: a
  // file over the record's reading bound is searched in its last part (and the record says so).
  const history = input.history && historyTail(input.history);
  return {
    kind: 'summarize',
    before: requestParts(input.before),
    after,
    removed: input.removed.map(messagePart),
    ...(history ? { readableFiles: [history.file] } : {}),
    pinned: input.pins.specifics,
    ...(summary
      ? {
          intent: {
            latestUserRequest: latestUser?.content ?? '',
            nextSteps: nextStepsFromMessages(
              input.before.messages.map((m) => ({ role: m.role, content: m.content })),
            ),
            summary: afterText,
          },
        }
      : {}),
    ...(history?.cut ? { scanCuts: [history.cut] } : {}),
    ...(input.preview ? { preview: true } : {}),
  };
}

/** The history file's last RECORD_SCAN_CHARS characters, and the cut in words when it is longer. */
function historyTail(file: { path: string; content: string }): {
  file: { path: string; content: string };
  cut?: string;
} {
  const total = file.content.length;
  if (total <= RECORD_SCAN_CHARS) return { file };
  return {
    file: { path: file.path, content: file.content.slice(total - RECORD_SCAN_CHARS) },
    cut: `${file.path}: searched in its last ${RECORD_SCAN_CHARS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} characters`,
  };
}
