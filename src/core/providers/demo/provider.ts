// The provider shell: streams the script's reply in pieces with a short pause, reports a token
// estimate as usage, and honours the abort signal.

import { newId } from '../../agent/ids';
import {
  ProviderError,
  type AssistantMessage,
  type ModelProvider,
  type ModelResponse,
  type StreamEvent,
  type Usage,
} from '../../agent/types';
import { countRequest, encodingForModel, loadEncoder } from '../../tokens/counter';
import { resolveProfile } from '../profiles';
import { planDemoReply, readAhead } from './dispatcher';
import type { ContextWindow } from './turn';

/** One-line label for the UI (provider picker, chat header). */
export const DEMO_PROVIDER_NOTICE =
  'Demo (offline): a scripted stand-in that shows the memory mechanisms; it is not a language model.';

export interface DemoProviderOptions {
  /** Pause between streamed pieces, so the UI shows streaming (default 30 ms; 0 in tests). */
  delayMs?: number;
  /** The context window set in Settings (none: the model profile's, 128,000 for "demo"). */
  contextWindow?: number;
}

export function createDemoProvider(options: DemoProviderOptions = {}): ModelProvider {
  const delayMs = Math.max(0, options.delayMs ?? 30);
  return {
    id: 'demo',
    async complete(request, { signal, onStream }): Promise<ModelResponse> {
      throwIfAborted(signal);
      await readAhead(request, () => pause(0, signal, true));
      // Token estimate instead of reported usage, so the charts have figures offline too. Only
      // "how many tokens…" reads it: if the tokenizer cannot load, the call goes on without usage.
      const counter = await loadEncoder(encodingForModel(request.model)).catch(() => undefined);
      throwIfAborted(signal);
      const requestTokens = counter ? countRequest(counter, request).total : undefined;
      const contextWindow: ContextWindow =
        options.contextWindow !== undefined
          ? { tokens: options.contextWindow, from: 'settings' }
          : { tokens: resolveProfile(request.model).contextWindow, from: 'profile' };
      const reply = planDemoReply(request, {
        contextWindow,
        ...(requestTokens === undefined ? {} : { requestTokens }),
      });

      for (const piece of splitForStreaming(reply.content)) {
        await pause(delayMs, signal);
        onStream?.({ type: 'text-delta', text: piece });
      }
      for (const [index, call] of (reply.toolCalls ?? []).entries()) {
        await pause(delayMs, signal);
        const event: StreamEvent = {
          type: 'tool-call-delta',
          index,
          id: call.id,
          name: call.name,
          argumentsDelta: call.arguments,
        };
        onStream?.(event);
      }
      throwIfAborted(signal);

      let usage: Usage | undefined;
      if (counter) {
        let outputTokens = counter.count(reply.content);
        for (const call of reply.toolCalls ?? [])
          outputTokens += counter.count(call.name) + counter.count(call.arguments);
        usage = { inputTokens: requestTokens ?? 0, outputTokens };
      }
      const message: AssistantMessage = {
        role: 'assistant',
        // Ids must be unique in a thread (a retried request may be identical), so they are not
        // derived from the request; everything else is.
        id: newId('msg'),
        content: reply.content,
        ...(reply.toolCalls?.length ? { toolCalls: reply.toolCalls } : {}),
        createdAt: Date.now(),
        ...(usage ? { usage } : {}),
      };
      return usage ? { message, usage } : { message };
    },
  };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new ProviderError('aborted', 'Stopped by the user');
}

/** Waits `ms` (a task's turn at least when `yieldTask`, so the page gets its frame). */
function pause(ms: number, signal: AbortSignal, yieldTask = false): Promise<void> {
  throwIfAborted(signal);
  if (ms === 0 && !yieldTask) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('aborted', 'Stopped by the user'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A few pieces cut at spaces, deterministic, that join back to the text. */
function splitForStreaming(text: string): string[] {
  if (text === '') return [];
  const pieces: string[] = [];
  const target = Math.max(24, Math.ceil(text.length / 5));
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + target);
    if (end < text.length) {
      const space = text.indexOf(' ', end);
      end = space === -1 ? text.length : space + 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
