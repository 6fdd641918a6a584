// The arena's replays, off the page's thread: the page stays responsive while every chosen strategy
// replays the transcript. Progress after each turn, a result per strategy as it finishes, Stop
// between turns. With a real provider the page answers the model steps (the SDKs and the key live
// there); the answer cache lives here, shared by strategies and reruns in this session.

import { runArena } from '../core/arena/arena';
import { createStepCache } from '../core/arena/cache';
import type { FromArenaWorker, ToArenaWorker } from '../core/arena/protocol';
import { createApproximateCounter, encodingForModel, loadEncoder } from '../core/tokens/counter';
import type { StepFn, StepResult } from '../core/strategies/types';
import type { ModelRequest } from '../core/agent/types';
import { errorText } from '../core/text/errors';

const post = (message: FromArenaWorker) => self.postMessage(message);
// One answer cache per answerer: offline stand-in answers never stand in for a model's, nor one
// model's for another's.
const caches = new Map<string, ReturnType<typeof createStepCache>>();
const cacheFor = (key: string) => {
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = createStepCache()));
  return cache;
};
let controller: AbortController | undefined;
let currentRun = '';
let nextStep = 1;
const pending = new Map<
  number,
  { resolve: (r: StepResult | string) => void; reject: (e: Error) => void }
>();

// Yield to the event loop (to take Stop) at most every ~30 ms; a MessageChannel is not clamped like
// setTimeout.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
let lastYield = 0;
function pause(): Promise<void> {
  const now = performance.now();
  if (now - lastYield < 30) return Promise.resolve();
  lastYield = now;
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

self.onmessage = (event: MessageEvent<ToArenaWorker>) => {
  const message = event.data;
  if (message.type === 'stop') {
    if (message.runId === currentRun) controller?.abort();
    for (const [, p] of pending) p.reject(new Error('The arena run was stopped.'));
    pending.clear();
    return;
  }
  if (message.type === 'step-answer') {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (!waiter) return;
    if (message.result) waiter.resolve(message.result);
    else if (message.answer !== undefined) waiter.resolve(message.answer);
    else waiter.reject(new Error(message.error ?? 'the step failed'));
    return;
  }
  void run(message);
};

async function run(message: Extract<ToArenaWorker, { type: 'run' }>) {
  controller?.abort();
  const own = new AbortController();
  controller = own;
  currentRun = message.runId;
  const runId = message.runId;
  try {
    const counter = await loadEncoder(encodingForModel(message.model)).catch(() =>
      createApproximateCounter(),
    );
    const step: StepFn | undefined =
      message.mode === 'model'
        ? (request) =>
            new Promise<StepResult>((resolve, reject) => {
              const id = nextStep++;
              pending.set(id, { resolve: resolve as (r: StepResult | string) => void, reject });
              post({ type: 'step-request', runId, id, request });
            })
        : undefined;
    const ask =
      message.mode === 'model' && message.ask
        ? (request: ModelRequest) =>
            new Promise<string>((resolve, reject) => {
              const id = nextStep++;
              pending.set(id, { resolve: resolve as (r: StepResult | string) => void, reject });
              post({ type: 'ask-request', runId, id, request });
            })
        : undefined;
    const cache = cacheFor(message.mode === 'model' ? `model:${message.stepModel}` : 'offline');
    await runArena({
      transcript: message.transcript,
      entries: message.entries,
      counter,
      model: message.model,
      ...(step ? { step } : {}),
      cache,
      ...(ask ? { ask } : {}),
      signal: own.signal,
      pause,
      onProgress: (key, done, total) => post({ type: 'progress', runId, key, done, total }),
      onResult: (result) => post({ type: 'result', runId, run: result }),
    });
    post({ type: 'done', runId, stopped: own.signal.aborted, cache: { size: cache.size } });
  } catch (error) {
    post({ type: 'error', runId, message: errorText(error) });
  }
}
