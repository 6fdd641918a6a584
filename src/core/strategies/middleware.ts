// The thread's context strategy as middleware: before each model call it builds the history part of
// the request (past turns kept as messages, blocks in the system prompt, each a named section);
// after a turn completes it lets the strategy update its state (through the injected step function
// when it needs a model). Its state lives in thread state under `strategy` and is saved with it.

import { z } from 'zod';
import {
  stateSlot,
  type Middleware,
  type ModelCallHandler,
  type RunContext,
  type ThreadState,
} from '../agent/middleware';
import type { ContextEvent } from '../thread/thread';
import type { ModelMessage, ModelRequest, ModelResponse, RequestSection } from '../agent/types';
import { requestWith } from '../agent/request';
import { errorText } from '../text/errors';
import { preamble } from './blocks';
import { getStrategy, normalizeSelection } from './registry';
import { STEP_LABELS } from './steps';
import { isComplete, pastAndCurrent, splitTurns, userText } from './turns';
import type {
  BuiltContext,
  StepFn,
  StrategyEnv,
  StrategySelection,
  StrategyThreadState,
  Turn,
} from './types';
import { STRATEGY_IDS } from './types';
import type { StepRequest } from './types';
import { getPins, mustKeepInstruction, type Pins } from '../recorder/pins';
import type { RecordBuilder } from '../recorder/record';
import { emitWithRecord, settleRecords } from '../recorder/delivery';
import { strategyRemoval, turnList, withPinned } from './removals';

export const STRATEGY_STATE_KEY = 'strategy';
/** Request sections that a strategy added carry this kind, so token accounting can name them. */
export const STRATEGY_SECTION_KIND = 'strategy';
/** At most this many past turns are processed at once for a model-backed strategy (a switch mid-thread). */
export const MAX_CATCH_UP_TURNS = 12;

export interface StrategyMiddlewareOptions {
  /** The thread's choice, read before every model call (a switch takes effect at the next call). */
  selection: () => StrategySelection;
  step: StepFn;
  env: StrategyEnv;
  /** Build only: no updates, no model steps (the Context inspector's preview). */
  preview?: boolean;
  /** Builds the record of what a call left out, after the request left (the app: in a Worker). */
  buildRecord?: RecordBuilder;
  now?: () => number;
}

/**
 * The strategy's slot in thread state: `{ id, settings, data }` as the middleware keeps it. The
 * strategy's own store and the last call's report are checked by the strategy (parseData) and the
 * Strategy panel, not here.
 */
const lastCallSchema = z.custom<NonNullable<StrategyThreadState['data']['lastCall']>>(
  (value) => typeof value === 'object' && value !== null,
);
const strategyThreadStateSchema: z.ZodType<StrategyThreadState> = z.object({
  id: z.enum(STRATEGY_IDS),
  settings: z.record(z.string(), z.unknown()),
  data: z.object({
    processed: z.number(),
    store: z.unknown(),
    lastCall: lastCallSchema.optional(),
  }),
});
export const strategySlot = stateSlot(STRATEGY_STATE_KEY, strategyThreadStateSchema);

/**
 * The same slot, shape only (`{ id, settings, data }` as a bundle may carry it): what
 * loadStrategyState repairs from.
 */
const storedStrategySlot = stateSlot(
  STRATEGY_STATE_KEY,
  z.object({
    id: z.string(),
    settings: z.record(z.string(), z.unknown()).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
);

export function getStrategyState(state: ThreadState): StrategyThreadState | undefined {
  return strategySlot.read(state);
}

/** A fresh state for a selection (no turns processed yet). */
export function initialStrategyState(selection: StrategySelection): StrategyThreadState {
  return {
    id: selection.id,
    settings: structuredClone(selection.settings),
    data: { processed: 0, store: getStrategy(selection.id).initialData() },
  };
}

/**
 * The thread's strategy state as stored, checked: an unknown id, bad settings or a store that does
 * not match the strategy's shape (an edited bundle) start that strategy afresh.
 */
export function loadStrategyState(state: ThreadState): StrategyThreadState | undefined {
  const raw = storedStrategySlot.read(state);
  if (!raw) return undefined;
  const selection = normalizeSelection(raw);
  if (selection.id !== raw.id) return undefined;
  const strategy = getStrategy(selection.id);
  const data = raw.data;
  const store = strategy.parseData(data?.store);
  const processed = data?.processed;
  const lastCall = lastCallSchema.safeParse(data?.lastCall);
  if (store === undefined) return initialStrategyState(selection);
  return {
    id: selection.id,
    settings: selection.settings,
    data: {
      processed: typeof processed === 'number' && processed >= 0 ? Math.floor(processed) : 0,
      store: store ?? strategy.initialData(),
      ...(lastCall.success ? { lastCall: lastCall.data } : {}),
    },
  };
}

type EventInput = Omit<ContextEvent, 'id' | 'at'>;

export function createStrategyMiddleware(options: StrategyMiddlewareOptions): Middleware {
  const now = options.now ?? Date.now;
  /**
   * The turn that completed in this run: the messages sent and the answer (set when the model
   * answers without tools; joined only when a strategy takes them in).
   */
  let completed: { sent: readonly ModelMessage[]; answer: ModelMessage } | undefined;

  const emit = (context: RunContext, event: EventInput) =>
    context.emit({ type: 'context-event', event });

  // What the last call settled, so that a call with the same selection on the same thread state
  // does not check them again: the selection as given (JSON) and what it normalised to, and the
  // state object this middleware wrote (a bundle import or a reset writes another object).
  // The selection object itself is kept too: the app hands the same object while the thread's
  // choice is unchanged (registry.strategyOf), and then nothing is stringified again.
  let lastSelection:
    | { object: StrategySelection; raw: string; selection: StrategySelection; settings: string }
    | undefined;
  // Its settings object too: settings are replaced, never changed in place (nothing in the app
  // does; this middleware writes a new state with a copy when they change), so the same object
  // means the same settings, and a call does not stringify them again (about 0.8 µs a call).
  let lastWritten:
    { state: StrategyThreadState; settings: string; settingsObject: unknown } | undefined;

  /** The state for the current selection; a switch is recorded on the timeline. */
  function current(context: RunContext): StrategyThreadState {
    const raw = options.selection();
    if (lastSelection?.object !== raw) {
      const rawKey = JSON.stringify(raw);
      if (lastSelection?.raw !== rawKey) {
        const selection = normalizeSelection(raw);
        lastSelection = {
          object: raw,
          raw: rawKey,
          selection,
          settings: JSON.stringify(selection.settings),
        };
      } else lastSelection = { ...lastSelection, object: raw };
    }
    const selection = lastSelection.selection;
    const settingsKey = lastSelection.settings;
    const slot = context.state[STRATEGY_STATE_KEY];
    if (
      slot !== undefined &&
      slot === lastWritten?.state &&
      lastWritten.state.id === selection.id &&
      lastWritten.settings === settingsKey &&
      lastWritten.state.settings === lastWritten.settingsObject
    )
      return lastWritten.state;
    const stored = loadStrategyState(context.state);
    let state = stored;
    if (!state || state.id !== selection.id) {
      state = initialStrategyState(selection);
      if (stored) {
        emit(context, {
          kind: 'strategy-changed',
          detail: `Context strategy: ${getStrategy(stored.id).label} → ${getStrategy(selection.id).label}. The thread's messages are all kept; the new strategy starts from them.`,
        });
      }
    } else if (JSON.stringify(state.settings) !== JSON.stringify(selection.settings)) {
      state = { ...state, settings: structuredClone(selection.settings) };
      emit(context, {
        kind: 'strategy-changed',
        detail: `${getStrategy(selection.id).label} settings changed: ${describeSettings(selection)}.`,
      });
    }
    strategySlot.write(context.state, state);
    lastWritten = { state, settings: settingsKey, settingsObject: state.settings };
    return state;
  }

  /** Lets the strategy take in the turns it has not seen, oldest first. */
  async function process(
    context: RunContext,
    state: StrategyThreadState,
    turns: readonly Turn[],
  ): Promise<void> {
    const strategy = getStrategy(state.id);
    if (state.data.processed >= turns.length) return;
    if (!strategy.update) {
      state.data.processed = turns.length;
      return;
    }
    const unseen = turns.length - state.data.processed;
    if (strategy.usesModel && unseen > MAX_CATCH_UP_TURNS) {
      const skipTo = turns.length - MAX_CATCH_UP_TURNS;
      emit(context, {
        kind: 'strategy-note',
        detail: `${strategy.label} starts from turn ${skipTo + 1}: turns ${state.data.processed + 1}–${skipTo} were not processed (at most ${MAX_CATCH_UP_TURNS} turns are caught up at once, to bound extra model calls).`,
      });
      state.data.processed = skipTo;
    }
    for (let i = state.data.processed; i < turns.length; i++) {
      if (context.signal.aborted) return;
      const turn = turns[i]!;
      const seen = turns.slice(0, i + 1);
      const step: StepFn = async (asked, signal) => {
        const request = withMustKeep(asked, getPins(context.state));
        const result = await options.step(request, signal);
        emit(context, {
          kind: 'strategy-step',
          detail: `${strategy.label}: ${STEP_LABELS[request.kind]} after turn ${turn.index + 1}${result.offline ? ' (offline stand-in, not a language model)' : ''}, ${result.inputTokens} tokens in, ${result.outputTokens} out.`,
          step: {
            kind: request.kind,
            inputTokens: result.inputTokens,
            outputTokens: result.outputTokens,
            offline: result.offline,
          },
        });
        return result;
      };
      try {
        const result = await strategy.update({
          turn,
          turns: seen,
          settings: state.settings,
          data: state.data.store,
          step,
          env: options.env,
          signal: context.signal,
        });
        state.data.store = result.data;
        for (const note of result.notes ?? [])
          emit(context, { kind: note.kind, detail: note.detail });
      } catch (error) {
        if (context.signal.aborted) return;
        emit(context, {
          kind: 'strategy-step-failed',
          detail: `${strategy.label} could not take in turn ${turn.index + 1}: ${errorText(error)}. Its memory is unchanged and the conversation goes on with it.`,
        });
      }
      state.data.processed = i + 1;
    }
  }

  /** A strategy that chooses what to carry: build its context, pin back, record what it left out. */
  async function buildAndSend(
    request: ModelRequest,
    next: ModelCallHandler,
    context: RunContext,
    state: StrategyThreadState,
  ): Promise<ModelResponse> {
    const strategy = getStrategy(state.id);
    const { past, current: turn } = pastAndCurrent(request.messages);
    if (!options.preview) await process(context, state, past);

    const query = userText({ index: past.length, messages: turn });
    let built: BuiltContext;
    try {
      built = await strategy.build({
        turns: past,
        query,
        settings: state.settings,
        data: state.data.store,
        env: options.env,
      });
    } catch (error) {
      emit(context, {
        kind: 'strategy-step-failed',
        detail: `${strategy.label} could not build the context: ${errorText(error)}. This call carries the whole conversation instead.`,
      });
      built = {
        messages: past.flatMap((t) => t.messages),
        blocks: [],
        report: { keptTurns: past.map((t) => t.index) },
      };
    }
    const previous = state.data.lastCall;
    state.data.lastCall = { ...built.report, query, at: now(), pastTurns: past.length };
    const pins = getPins(context.state);
    built = withPinned(built, past, pins);
    if (!options.preview) {
      const removal = strategyRemoval({ previous, past, built, system: request.system, pins });
      // The event goes out now, placed at this call; its record is built after the request left.
      if (removal)
        emitWithRecord(
          context,
          {
            kind: 'strategy-dropped',
            messageId: removal.messages[0]?.id,
            detail: `${strategy.label} left out ${turnList(removal.turns)} (${removal.messages.length} message${removal.messages.length === 1 ? '' : 's'}) that the previous call carried or that completed since.`,
          },
          removal.recordInput,
          options.buildRecord,
        );
    }

    const response = await next(withStrategy(request, strategy.label, built, turn));
    if (!response.message.toolCalls?.length)
      completed = { sent: request.messages, answer: response.message };
    return response;
  }

  /** At a run's end: the strategy takes in the turn just completed (when it has one). */
  function takeIn(context: RunContext): Promise<void> | undefined {
    if (options.preview || !completed) return undefined;
    const { sent, answer } = completed;
    completed = undefined;
    const state = getStrategyState(context.state);
    if (!state) return undefined;
    const strategy = getStrategy(state.id);
    // A strategy with nothing to take in only counts the turns (the one just answered included:
    // the answer, an assistant message, starts none).
    if (!strategy.update) {
      state.data.processed = Math.max(state.data.processed, turnCount(sent).pastTurns + 1);
      return undefined;
    }
    const turns = splitTurns([...sent, answer]);
    if (!isComplete(turns[turns.length - 1]!)) return undefined;
    return process(context, state, turns);
  }

  return {
    name: 'Context strategy',
    state: strategySlot,
    events: ['context-event', 'context-record'],
    beforeAgent() {
      completed = undefined;
    },
    // Not async: a strategy that carries every message hands the request on as it came.
    wrapModelCall(request, next, context) {
      const state = current(context);
      const strategy = getStrategy(state.id);
      if (!strategy.carriesEverything || strategy.update)
        return buildAndSend(request, next, context, state);
      // Nothing to build, pin back or record as left out.
      const { pastTurns, query } = turnCount(request.messages);
      if (!options.preview) state.data.processed = pastTurns;
      // Every past turn is kept (a plain loop: this runs before every model call).
      const keptTurns: number[] = [];
      for (let i = 0; i < pastTurns; i++) keptTurns.push(i);
      state.data.lastCall = {
        keptTurns,
        query,
        at: now(),
        pastTurns,
      };
      return next(request).then((response) => {
        if (!response.message.toolCalls?.length)
          completed = { sent: request.messages, answer: response.message };
        return response;
      });
    },
    // Not async either: with no record in flight and nothing to take in, nothing to wait for.
    afterAgent(context) {
      // The records of this run's calls are delivered before it ends.
      const settling = settleRecords(context);
      if (settling) return settling.then(() => takeIn(context));
      return takeIn(context);
    },
  };
}

/**
 * How many past turns the messages hold (as pastAndCurrent counts them) and the current turn's
 * question, in one pass and without building the turns.
 */
export function turnCount(messages: readonly ModelMessage[]): { pastTurns: number; query: string } {
  let turns = 0;
  let lastStart = -1;
  for (let i = 0; i < messages.length; i++) {
    if (messages[i]!.role === 'user' || i === 0) {
      turns++;
      lastStart = i;
    }
  }
  const first = messages[lastStart];
  return {
    pastTurns: Math.max(0, turns - 1),
    query: first?.role === 'user' ? first.content : '',
  };
}

/** The request with the strategy's history: kept turns, then the current turn; blocks appended. */
export function withStrategy(
  request: ModelRequest,
  label: string,
  built: BuiltContext,
  currentTurn: readonly ModelMessage[],
): ModelRequest {
  const messages = [...built.messages, ...currentTurn];
  if (built.blocks.length === 0) return { ...request, messages };
  const sections: RequestSection[] = built.blocks.map((b) => ({
    name: b.section,
    text: b.text,
    kind: STRATEGY_SECTION_KIND,
  }));
  const system = [request.system, preamble(label), ...built.blocks.map((b) => b.text)].join('\n\n');
  return requestWith(request, {
    system,
    messages,
    sections: [...(request.sections ?? []), ...sections],
  });
}

function describeSettings(selection: StrategySelection): string {
  const strategy = getStrategy(selection.id);
  return strategy.fields
    .map((field) => {
      const value = selection.settings[field.key];
      return `${field.label} ${Array.isArray(value) ? value.join(', ') : String(value)}`;
    })
    .join('; ');
}

/** Summary-writing steps carry the pinned specifics as must-keep (pins.ts). */
function withMustKeep(request: StepRequest, pins: Pins): StepRequest {
  if (request.kind !== 'summary-merge' && request.kind !== 'compression') return request;
  const mustKeep = mustKeepInstruction(pins);
  return mustKeep ? { ...request, prompt: `${request.prompt}\n\n${mustKeep}` } : request;
}
