// The page-side model of an arena run with a real provider: the worker asks for memory steps and
// probe answers, and this side answers them with the provider the Settings name (or the
// in-browser model when memory steps are given to it). Step answers are cached per answerer.

import { cachedStep } from '../../core/arena/cache';
import type { FromArenaWorker, ToArenaWorker } from '../../core/arena/protocol';
import { providerStep } from '../../core/strategies/steps';
import { errorText } from '../../core/text/errors';
import { connectionOf, useSettingsStore } from '../settings';
import { createProviderFor, memoryStepsProvider } from '../provider';
import type { ArenaRuntime } from './runtime';

/**
 * Connects the page-side model for a run whose steps go to `stepModel`: sets the runtime's
 * pageStep, pageAsk and pageAbort. Gives the answerer's name and the chat model, or the problems.
 */
export async function connectPageModel(
  runtime: ArenaRuntime,
  stepModel: string,
): Promise<{ ok: true; answerer: string; model: string } | { ok: false; problems: string[] }> {
  const { settings, apiKeys } = useSettingsStore.getState();
  const connection = connectionOf(settings, apiKeys);
  const created = await createProviderFor(connection);
  if (!created.ok) return { ok: false, problems: created.problems };
  // The in-browser model answers steps and questions when Settings give memory steps to it.
  const memory = await memoryStepsProvider(connection, created.provider);
  const own = memory.provider !== created.provider;
  runtime.pageAbort = new AbortController();
  const count = (text: string) => Math.ceil(text.length / 4);
  const answerer = own ? `in-browser ${memory.model}` : `${connection.baseURL} ${stepModel}`;
  runtime.pageStep = cachedStep(
    providerStep(memory.provider, stepModel, count),
    runtime.pageCacheFor(answerer),
    { hits: 0, misses: 0 },
  );
  const chatModel = own ? memory.model : connection.model;
  const asker = own ? memory.provider : created.provider;
  runtime.pageAsk = async (request, signal) =>
    (await asker.complete({ ...request, model: chatModel, maxOutputTokens: 300 }, { signal }))
      .message.content;
  return { ok: true, answerer, model: connection.model };
}

/**
 * Answers the worker's request `id` (a memory step or a probe question) with the page-side model,
 * or says that none is connected. `stepAnswered` is told of each step answered.
 */
export function answerRequest(
  runtime: ArenaRuntime,
  message: Extract<FromArenaWorker, { type: 'step-request' | 'ask-request' }>,
  post: (message: ToArenaWorker) => void,
  stepAnswered: () => void,
): void {
  const { id } = message;
  const signal = runtime.pageAbort?.signal;
  const failed = (error: unknown) => post({ type: 'step-answer', id, error: errorText(error) });
  if (message.type === 'step-request') {
    const step = runtime.pageStep;
    if (!step || !signal) {
      post({ type: 'step-answer', id, error: 'no model is connected' });
      return;
    }
    step(message.request, signal).then((result) => {
      stepAnswered();
      post({ type: 'step-answer', id, result });
    }, failed);
  } else {
    const ask = runtime.pageAsk;
    if (!ask || !signal) {
      post({ type: 'step-answer', id, error: 'no model is connected' });
      return;
    }
    ask(message.request, signal).then(
      (answer) => post({ type: 'step-answer', id, answer }),
      failed,
    );
  }
}
