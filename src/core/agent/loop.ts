// The agent loop. One run reads top to bottom: before-agent hooks, then model call -> tool calls
// until the model answers without tools, then after-agent hooks. Everything observable goes out
// as events; middleware wraps the model and tool calls.

import type { VirtualFs } from '../fs/types';
import { authored, refusingWrites, threadOf, type MemoryWriteFeed } from '../fs/authorship';
import { BOUNDS } from '../limits';
import type { AgentEvent } from './events';
import {
  composeModelCall,
  composeToolCall,
  contextFor,
  type Middleware,
  type RunContext,
  type RunOutcome,
  type ThreadState,
} from './middleware';
import type { Tool } from './tool';
import {
  ProviderError,
  isModelMessage,
  type AssistantMessage,
  type Message,
  type ModelProvider,
  type ModelRequest,
  type ToolCall,
  type ToolMessage,
  type ToolResult,
} from './types';
import { newId } from './ids';
import { errorText } from '../text/errors';

export interface RunInput {
  threadId: string;
  /** The thread so far, ending with the new user message. Not mutated. */
  history: readonly Message[];
  provider: ModelProvider;
  model: string;
  systemPrompt: string;
  tools: readonly Tool[];
  middleware: readonly Middleware[];
  fs: VirtualFs;
  /**
   * The memory journal of `fs`: every write of this run to long-term memory (by a tool call or by
   * middleware) comes back from it as a 'memory-updated' event, whatever memory layers are on.
   */
  journal?: MemoryWriteFeed;
  /** Per-thread middleware state; mutated in place and meant to be saved with the thread. */
  state: ThreadState;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  maxSteps?: number;
  maxOutputTokens?: number;
  /** Writes to long-term memory one run may make (default BOUNDS.memoryWritesPerRun). */
  maxMemoryWrites?: number;
}

const DEFAULT_MAX_STEPS = 25;

export async function runAgent(input: RunInput): Promise<RunOutcome> {
  checkSlots(input.middleware);
  const { emit, signal } = input;
  const history: Message[] = [...input.history];
  // A run that writes long-term memory more than the bound allows is stopped: every later write
  // is refused, no further tool or model call is made, and the run ends with a message naming the
  // count.
  const maxMemoryWrites = input.maxMemoryWrites ?? BOUNDS.memoryWritesPerRun.value;
  let memoryWrites = 0;
  let flooded: string | undefined;
  const fs = refusingWrites(input.fs, () => flooded);
  const context: RunContext = {
    threadId: input.threadId,
    fs,
    signal,
    state: input.state,
    emit,
  };
  const append = (message: Message) => {
    history.push(message);
    emit({ type: 'message', message });
  };

  emit({ type: 'run-start', threadId: input.threadId });
  const stopWatching = input.journal?.subscribe(({ entry, before, after }) => {
    const author = entry.author;
    if (entry.origin !== 'local' || threadOf(author) !== input.threadId) return;
    if (author.kind !== 'tool' && author.kind !== 'agent') return;
    if (++memoryWrites > maxMemoryWrites && flooded === undefined) {
      flooded =
        `Stopped: this run wrote to long-term memory ${memoryWrites} times, more than the ` +
        `${maxMemoryWrites} writes a run may make; later writes were refused. The journal lists every write.`;
    }
    emit({
      type: 'memory-updated',
      path: entry.path,
      before,
      after: after ?? '',
      version: entry.versionAfter ?? entry.versionBefore ?? 0,
      ...(author.kind === 'tool' ? { toolCallId: author.toolCallId } : {}),
      journalId: entry.id,
      ...(entry.op === 'delete' ? { deleted: true } : {}),
    });
  });
  let outcome: RunOutcome;
  try {
    outcome = await runSteps();
  } catch (error) {
    outcome = outcomeOf(error);
    if (outcome.status === 'error') append(notice(outcome.message));
  }
  if (flooded !== undefined && outcome.status !== 'aborted') {
    outcome = { status: 'error', message: flooded };
    append(notice(flooded));
  }

  for (const mw of input.middleware) {
    if (!mw.afterAgent) continue;
    try {
      const done = mw.afterAgent(contextFor(context, mw), outcome);
      if (done) await done;
    } catch (error) {
      append(notice(`${mw.name}: ${errorText(error)}`));
    }
  }
  stopWatching?.();
  emit({ type: 'run-end', outcome });
  return outcome;

  async function runSteps(): Promise<RunOutcome> {
    // 1. Before the run: memory loading and the like.
    for (const mw of input.middleware) {
      const ready = mw.beforeAgent?.(contextFor(context, mw));
      if (ready) await ready;
    }

    const toolsByName = new Map(input.tools.map((tool) => [tool.schema.name, tool]));
    const callModel = composeModelCall(input.middleware, sendToProvider, context);
    const callTool = composeToolCall(input.middleware, (call) => executeTool(call), context);
    const maxSteps = input.maxSteps ?? DEFAULT_MAX_STEPS;

    for (let step = 0; step < maxSteps; step++) {
      if (signal.aborted) return { status: 'aborted' };

      // 2. One model call; middleware sees and may rewrite the request on its way out.
      const request: ModelRequest = {
        purpose: 'chat',
        model: input.model,
        system: input.systemPrompt,
        messages: history.filter(isModelMessage),
        tools: input.tools.map((tool) => tool.schema),
        ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
      };
      const { message } = await callModel(request);
      append(message);
      if (!message.toolCalls?.length) return { status: 'done' };

      // 3. Tool calls, in order. Every call gets a result, even after Stop, so the thread stays
      //    valid for the next request (providers reject tool calls without results).
      for (const call of message.toolCalls) {
        const result: ToolResult = signal.aborted
          ? {
              content: 'Error: the run was stopped by the user before this tool ran.',
              isError: true,
            }
          : flooded !== undefined
            ? { content: `Error: not run. ${flooded}`, isError: true }
            : await callTool(call).catch((error: unknown) => ({
                content: `Error: ${errorText(error)}`,
                isError: true,
              }));
        append(toolMessage(call, result));
      }
      if (flooded !== undefined) return { status: 'error', message: flooded };
    }
    append(notice(`Stopped after ${maxSteps} model calls without a final answer.`));
    return { status: 'max-steps', steps: maxSteps };

    async function executeTool(call: ToolCall): Promise<ToolResult> {
      const tool = toolsByName.get(call.name);
      if (!tool) {
        const names = [...toolsByName.keys()].join(', ');
        return {
          content: `Error: unknown tool '${call.name}'. Available tools: ${names}.`,
          isError: true,
        };
      }
      let args: unknown;
      try {
        args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
      } catch {
        return {
          content: `Error: the arguments for ${call.name} are not valid JSON: ${call.arguments.slice(0, 200)}`,
          isError: true,
        };
      }
      // The tool writes as itself: its memory writes are journaled as this tool call's.
      const toolFs = authored(fs, {
        kind: 'tool',
        threadId: input.threadId,
        toolCallId: call.id,
        toolName: call.name,
      });
      return tool.run(args, { fs: toolFs, signal, toolCallId: call.id });
    }
  }

  /** The innermost model handler: the request as middleware left it goes to the provider. */
  async function sendToProvider(request: ModelRequest) {
    const callId = newId('call');
    emit({ type: 'model-call-start', callId, request, startedAt: Date.now() });
    let streamedText = '';
    try {
      const response = await input.provider.complete(request, {
        signal,
        onStream: (event) => {
          if (event.type === 'text-delta') streamedText += event.text;
          emit({ type: 'stream', event });
        },
      });
      emit({ type: 'model-call-end', callId, usage: response.usage, endedAt: Date.now() });
      return response;
    } catch (error) {
      emit({ type: 'model-call-end', callId, endedAt: Date.now(), error: errorText(error) });
      // Keep what already streamed: the user saw it, and losing it would be surprising.
      if (streamedText) {
        const partial: AssistantMessage = {
          role: 'assistant',
          id: newId('msg'),
          content: streamedText,
          createdAt: Date.now(),
          stopped: isAbort(error, signal) ? 'aborted' : 'error',
        };
        append(partial);
      }
      throw error;
    }
  }

  function outcomeOf(error: unknown): RunOutcome {
    if (isAbort(error, signal)) return { status: 'aborted' };
    return { status: 'error', message: errorText(error) };
  }
}

/** Two middleware may share a slot of thread state, never claim one key with different schemas. */
export function checkSlots(middleware: readonly Middleware[]): void {
  const owners = new Map<string, { slot: unknown; name: string }>();
  for (const mw of middleware) {
    if (!mw.state) continue;
    const owner = owners.get(mw.state.key);
    if (owner && owner.slot !== mw.state)
      throw new Error(
        `${mw.name} and ${owner.name} both keep thread state under '${mw.state.key}' with different schemas.`,
      );
    owners.set(mw.state.key, { slot: mw.state, name: mw.name });
  }
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return (error instanceof ProviderError && error.kind === 'aborted') || signal.aborted;
}

function toolMessage(call: ToolCall, result: ToolResult): ToolMessage {
  return {
    role: 'tool',
    id: newId('msg'),
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    ...(result.isError ? { isError: true } : {}),
    createdAt: Date.now(),
  };
}

function notice(content: string): Message {
  return { role: 'notice', id: newId('msg'), kind: 'error', content, createdAt: Date.now() };
}
