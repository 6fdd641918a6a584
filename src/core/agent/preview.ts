// The exact next request, without sending it: the same before-agent hooks and model-call middleware
// as a real run, on a copy of the thread state and a read-only view of the filesystem, with an inner
// handler that captures the request instead of calling a provider. Used by the Context inspector.

import { FsError, type VirtualFs } from '../fs/types';
import type { AgentEvent } from './events';
import { newId } from './ids';
import { composeModelCall, type Middleware, type RunContext, type ThreadState } from './middleware';
import type { Tool } from './tool';
import { isModelMessage, type Message, type ModelRequest } from './types';

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

export async function previewNextRequest(input: PreviewInput): Promise<RequestPreview> {
  const events: AgentEvent[] = [];
  const context: RunContext = {
    threadId: input.threadId,
    fs: readOnly(input.fs),
    signal: new AbortController().signal,
    state: structuredClone(input.state),
    emit: (event) => events.push(event),
  };
  for (const mw of input.middleware) await mw.beforeAgent?.(context);
  let captured: ModelRequest | undefined;
  const capture = composeModelCall(
    input.middleware,
    async (request) => {
      captured = request;
      return {
        message: { role: 'assistant', id: newId('preview'), content: '', createdAt: Date.now() },
      };
    },
    context,
  );
  await capture({
    model: input.model,
    system: input.systemPrompt,
    messages: input.history.filter(isModelMessage),
    tools: input.tools.map((tool) => tool.schema),
    ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
  });
  if (!captured) throw new Error('The middleware did not build a request.');
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
