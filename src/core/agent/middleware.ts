// Middleware hooks around the agent loop, after Deep Agents' before_agent / wrap_model_call /
// wrap_tool_call / after_agent. Each hook is optional.

import type { VirtualFs } from '../fs/types';
import { authored } from '../fs/journal';
import type { AgentEvent } from './events';
import type { ModelRequest, ModelResponse, ToolCall, ToolResult } from './types';

/**
 * Per-thread agent state that middleware keeps between runs and that is stored with the thread
 * (for instance the AGENTS.md contents loaded once per thread). Keys belong to middleware.
 */
export type ThreadState = Record<string, unknown>;

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

export type RunOutcome =
  | { status: 'done' }
  | { status: 'aborted' }
  | { status: 'max-steps'; steps: number }
  | { status: 'error'; message: string };

export interface Middleware {
  name: string;
  /** Once per run, before the first model call. Throwing ends the run with an error. */
  beforeAgent?(context: RunContext): Promise<void>;
  /** Around every model call: change the request, inspect the response. Call next exactly once. */
  wrapModelCall?(
    request: ModelRequest,
    next: ModelCallHandler,
    context: RunContext,
  ): Promise<ModelResponse>;
  /** Around every tool call. */
  wrapToolCall?(call: ToolCall, next: ToolCallHandler, context: RunContext): Promise<ToolResult>;
  /** Once per run, whatever the outcome. Errors here are reported but do not change the outcome. */
  afterAgent?(context: RunContext, outcome: RunOutcome): Promise<void>;
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

/** Compose wrap hooks so that the first middleware is the outermost. */
export function composeModelCall(
  middleware: readonly Middleware[],
  inner: ModelCallHandler,
  context: RunContext,
): ModelCallHandler {
  return middleware.reduceRight<ModelCallHandler>((next, mw) => {
    const wrap = mw.wrapModelCall;
    if (!wrap) return next;
    const own = contextFor(context, mw);
    return (request) => wrap.call(mw, request, next, own);
  }, inner);
}

export function composeToolCall(
  middleware: readonly Middleware[],
  inner: ToolCallHandler,
  context: RunContext,
): ToolCallHandler {
  return middleware.reduceRight<ToolCallHandler>((next, mw) => {
    const wrap = mw.wrapToolCall;
    if (!wrap) return next;
    const own = contextFor(context, mw);
    return (call) => wrap.call(mw, call, next, own);
  }, inner);
}
