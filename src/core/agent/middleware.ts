// Middleware hooks around the agent loop, after Deep Agents' before_agent / wrap_model_call /
// wrap_tool_call / after_agent. Each hook is optional.

import type { z } from 'zod';
import type { VirtualFs } from '../fs/types';
import { authored } from '../fs/authorship';
import type { AgentEvent, FeatureEvents, RunOutcome } from './events';
import type { ModelRequest, ModelResponse, ToolCall, ToolResult } from './types';

export type { RunOutcome };

/**
 * Per-thread agent state that middleware keeps between runs and that is stored with the thread
 * (for instance the AGENTS.md contents loaded once per thread): JSON, one key per owner. Read and
 * write it through the owner's StateSlot, never by key.
 */
export type ThreadState = Record<string, unknown>;

/**
 * One owner's part of thread state: a key and the schema of what is kept under it. `read` checks the
 * stored value against the schema (a thread from IndexedDB or a bundle may hold anything) and gives
 * it typed, or undefined when it is absent or does not match; `write` keeps a value. The value read
 * is the stored object itself, so changing it changes the thread's state (schemas here must not
 * transform). An object is checked once, then trusted until another value replaces it.
 */
export interface StateSlot<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  read(state: Readonly<ThreadState> | undefined): T | undefined;
  write(state: ThreadState, value: T): void;
  clear(state: ThreadState): void;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
/** Each slot's objects checked against its schema, by the slot's key (slots are module constants). */
const checkedByKey = new Map<string, WeakSet<object>[]>();

export function stateSlot<T>(key: string, schema: z.ZodType<T>): StateSlot<T> {
  const checked = new WeakSet<object>();
  checkedByKey.set(key, [...(checkedByKey.get(key) ?? []), checked]);
  return {
    key,
    schema,
    read(state) {
      const raw = state?.[key];
      if (raw === undefined) return undefined;
      if (isObject(raw) && checked.has(raw)) return raw as T;
      if (!schema.safeParse(raw).success) return undefined;
      if (isObject(raw)) checked.add(raw);
      // Checked against the schema just above (the stored object, not zod's copy: see the interface).
      return raw as T;
    },
    write(state, value) {
      state[key] = value;
      if (isObject(value)) checked.add(value);
    },
    clear(state) {
      delete state[key];
    },
  };
}

/**
 * A deep copy of thread state whose values keep their slots' trust: a copy of a value its slot has
 * checked is not checked again. Each run works on a copy of the thread (copyThread), and checking a
 * long thread's strategy state against its schema again took several milliseconds per send.
 */
export function copyState(state: Readonly<ThreadState>): ThreadState {
  const copy = structuredClone(state) as ThreadState;
  for (const key of Object.keys(copy)) {
    const original = state[key];
    const cloned = copy[key];
    if (!isObject(original) || !isObject(cloned)) continue;
    for (const checked of checkedByKey.get(key) ?? [])
      if (checked.has(original)) checked.add(cloned);
  }
  return copy;
}

export interface RunContext {
  threadId: string;
  fs: VirtualFs;
  signal: AbortSignal;
  /** Mutable; the loop persists it with the thread after the run. */
  state: ThreadState;
  emit(event: AgentEvent): void;
}

export type ModelCallHandler = (request: ModelRequest) => Promise<ModelResponse>;
export type ToolCallHandler = (call: ToolCall) => Promise<ToolResult>;

export interface Middleware {
  name: string;
  /** Its part of thread state, when it keeps one (two middleware may share one slot). */
  state?: StateSlot<unknown>;
  /** The feature events it emits (each declared in FeatureEvents by its module). */
  events?: readonly (keyof FeatureEvents)[];
  /**
   * Once per run, before the first model call. Throwing ends the run with an error. Nothing to wait
   * for: it may return undefined (the loop then does not wait a microtask for it).
   */
  beforeAgent?(context: RunContext): Promise<void> | void;
  /** Around every model call: change the request, inspect the response. Call next exactly once. */
  wrapModelCall?(
    request: ModelRequest,
    next: ModelCallHandler,
    context: RunContext,
  ): Promise<ModelResponse>;
  /** Around every tool call. */
  wrapToolCall?(call: ToolCall, next: ToolCallHandler, context: RunContext): Promise<ToolResult>;
  /**
   * Once per run, whatever the outcome. Errors here are reported but do not change the outcome. It
   * may return undefined when there is nothing to wait for.
   */
  afterAgent?(context: RunContext, outcome: RunOutcome): Promise<void> | void;
}

/**
 * The run context as one middleware sees it: the same state and events, and a filesystem on which
 * its own writes are journaled as its own (a memory write by middleware or a strategy is seen too).
 */
export function contextFor(context: RunContext, mw: Middleware): RunContext {
  return {
    ...context,
    fs: authored(context.fs, { kind: 'agent', threadId: context.threadId, name: mw.name }),
  };
}

/** A wrap hook: the call, the handler it wraps, and the middleware's own context. */
type Wrap<A, R> = (arg: A, next: (arg: A) => Promise<R>, context: RunContext) => Promise<R>;

/** Compose one kind of wrap hook so that the first middleware is the outermost. */
function composeWraps<A, R>(
  middleware: readonly Middleware[],
  inner: (arg: A) => Promise<R>,
  context: RunContext,
  hookOf: (mw: Middleware) => Wrap<A, R> | undefined,
): (arg: A) => Promise<R> {
  return middleware.reduceRight<(arg: A) => Promise<R>>((next, mw) => {
    const wrap = hookOf(mw);
    if (!wrap) return next;
    const own = contextFor(context, mw);
    return (arg) => wrap.call(mw, arg, next, own);
  }, inner);
}

export function composeModelCall(
  middleware: readonly Middleware[],
  inner: ModelCallHandler,
  context: RunContext,
): ModelCallHandler {
  return composeWraps(middleware, inner, context, (mw) => mw.wrapModelCall);
}

export function composeToolCall(
  middleware: readonly Middleware[],
  inner: ToolCallHandler,
  context: RunContext,
): ToolCallHandler {
  return composeWraps(middleware, inner, context, (mw) => mw.wrapToolCall);
}
