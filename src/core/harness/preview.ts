// The exact next request, without sending it: a run of the agent loop (runAgent) whose provider
// captures the request instead of sending it, on a copy of the thread state and a read-only view of
// the filesystem. The request is built by the loop itself, so there is no second copy of request
// building. Used by the harness's preview (the Context inspector, the arena's probes).

import { runAgent } from '../agent/loop';
import type { AgentEvent, LoopEvent } from '../agent/events';
import { newId } from '../agent/ids';
import { copyState, type Middleware, type ThreadState } from '../agent/middleware';
import type { Tool } from '../agent/tool';
import type { Message, ModelProvider, ModelRequest } from '../agent/types';
import { FsError, type VirtualFs } from '../fs/types';

export interface PreviewInput {
  threadId: string;
  history: readonly Message[];
  model: string;
  systemPrompt: string;
  tools: readonly Tool[];
  middleware: readonly Middleware[];
  fs: VirtualFs;
  state: ThreadState;
  maxOutputTokens?: number;
}

export interface RequestPreview {
  request: ModelRequest;
  /** What the middleware reported while building it (e.g. a summarization that would run). */
  events: AgentEvent[];
}

/** The loop's own events: a preview reports only what the middleware said. */
const LOOP_EVENTS: ReadonlySet<LoopEvent['type']> = new Set([
  'run-start',
  'message',
  'stream',
  'model-call-start',
  'model-call-end',
  'run-end',
]);

export async function previewNextRequest(input: PreviewInput): Promise<RequestPreview> {
  const events: AgentEvent[] = [];
  let captured: ModelRequest | undefined;
  const capture: ModelProvider = {
    id: 'preview',
    async complete(request) {
      captured = request;
      return {
        message: { role: 'assistant', id: newId('preview'), content: '', createdAt: Date.now() },
      };
    },
  };
  const outcome = await runAgent({
    threadId: input.threadId,
    history: input.history,
    provider: capture,
    model: input.model,
    systemPrompt: input.systemPrompt,
    tools: input.tools,
    middleware: input.middleware,
    fs: readOnly(input.fs),
    state: copyState(input.state),
    signal: new AbortController().signal,
    emit: (event) => {
      if (event.type === 'context-record') {
        // A record built after the request: merged into its event, as the thread recorder does.
        const at = events.findLastIndex(
          (e) => e.type === 'context-event' && e.event.id === event.eventId,
        );
        const target = events[at];
        if (target?.type === 'context-event') {
          const { pending: _pending, ...rest } = target.event;
          events[at] = {
            ...target,
            event: { ...rest, ...event.attachments, detail: event.detail },
          };
        }
        return;
      }
      if (!LOOP_EVENTS.has(event.type as LoopEvent['type'])) events.push(event);
    },
    maxSteps: 1,
    ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
  });
  if (!captured) {
    throw new Error(
      outcome.status === 'error' ? outcome.message : 'The middleware did not build a request.',
    );
  }
  return { request: captured, events };
}

/** Reads pass through; any write is refused, so a preview can never change the workspace. */
export function readOnly(fs: VirtualFs): VirtualFs {
  const refuse = async (): Promise<never> => {
    throw new FsError('io', 'The request preview is read-only.');
  };
  return {
    read: (path) => fs.read(path),
    list: () => fs.list(),
    listUnder: (dir) => fs.listUnder(dir),
    history: (path) => fs.history(path),
    write: refuse,
    delete: refuse,
  };
}
