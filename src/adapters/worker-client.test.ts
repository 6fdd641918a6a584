// The worker-client base (status, calls by id, crash, dispose) through a minimal client, and the
// generator client that extends it (streaming, Stop, a new worker after a crash), against scripted
// fake workers. The real workers run in the browser tests (e2e/embedder.spec.ts, local-model.spec.ts).
import { describe, expect, it } from 'vitest';
import type { LocalGenerateResult } from '../core/providers/local';
import type { GeneratorStatus } from '../core/providers/local/status';
import type { GeneratorRequest, GeneratorResponse } from '../workers/generator.worker';
import { FakeWorker } from '../../tests/fixtures/fake-worker';
import { GeneratorClient } from './generator-client';
import { WorkerClient, type StatusMessage } from './worker-client';

type EchoStatus = { state: 'idle' } | { state: 'ready' } | { state: 'failed'; message: string };
type EchoRequest = { type: 'echo'; id: number; text: string } | { type: 'hush'; id: number };
type EchoResponse =
  | StatusMessage<EchoStatus>
  | { type: 'echo'; id: number; text: string }
  | { type: 'part'; id: number; text: string };

/** The smallest client: echoes text, streams parts, reports a crash as 'failed'. */
class EchoClient extends WorkerClient<EchoStatus, EchoRequest, EchoResponse, string, string> {
  echo(text: string, signal?: AbortSignal, onPart?: (part: string) => void): Promise<string> {
    this.startWorker();
    return this.call((id) => ({ type: 'echo', id, text }), {
      signal,
      onAbort: (id) => {
        if (this.reject(id, new Error('hushed'))) this.post({ type: 'hush', id });
      },
      onPartial: onPart,
    });
  }
  ready(signal?: AbortSignal): Promise<void> {
    this.startWorker();
    return this.untilReady(
      signal,
      (s) => (s.state === 'failed' ? new Error(s.message) : null),
      () => new Error('aborted'),
    );
  }
  dispose() {
    this.close(new Error('disposed'));
  }
  protected receive(message: Exclude<EchoResponse, StatusMessage<EchoStatus>>) {
    if (message.type === 'part') this.partial(message.id, message.text);
    else this.resolve(message.id, message.text);
  }
  protected crashed(message: string) {
    this.setStatus({ state: 'failed', message });
    this.stopWorker(new Error(message));
  }
}

function echoSetup() {
  const workers = FakeWorker.factory<EchoRequest, EchoResponse>();
  const client = new EchoClient('m', 'The echo worker', workers.create, { state: 'idle' });
  const statuses: EchoStatus[] = [];
  const unsubscribe = client.subscribe((s) => statuses.push(s));
  return { workers, client, statuses, unsubscribe };
}

describe('WorkerClient', () => {
  it('starts no worker until asked, then answers calls by id in any order', async () => {
    const { workers, client } = echoSetup();
    expect(workers.created).toHaveLength(0);
    const parts: string[] = [];
    const a = client.echo('a', undefined, (p) => parts.push(p));
    const b = client.echo('b');
    const [worker] = workers.created;
    expect(workers.created).toHaveLength(1);
    const [ida, idb] = worker!.sent.map((m) => m.id);
    worker!.reply({ type: 'part', id: ida!, text: 'a1' });
    worker!.reply({ type: 'echo', id: idb!, text: 'B' });
    worker!.reply({ type: 'echo', id: ida!, text: 'A' });
    expect(await a).toBe('A');
    expect(await b).toBe('B');
    expect(parts).toEqual(['a1']);
  });

  it('shares the status with subscribers until they unsubscribe; untilReady resolves on ready', async () => {
    const { workers, client, statuses, unsubscribe } = echoSetup();
    const ready = client.ready();
    workers.created[0]!.reply({ type: 'status', status: { state: 'ready' } });
    await ready;
    expect(client.status).toEqual({ state: 'ready' });
    unsubscribe();
    workers.created[0]!.reply({ type: 'status', status: { state: 'idle' } });
    expect(statuses.map((s) => s.state)).toEqual(['idle', 'ready']);
  });

  it('an aborted call rejects, tells the worker, and ignores the late reply', async () => {
    const { workers, client } = echoSetup();
    const controller = new AbortController();
    const pending = client.echo('slow', controller.signal);
    const worker = workers.created[0]!;
    const { id } = worker.last('echo');
    controller.abort();
    await expect(pending).rejects.toThrow('hushed');
    expect(worker.last('hush')).toEqual({ type: 'hush', id });
    worker.reply({ type: 'echo', id, text: 'late' }); // no effect, no error
    const waiting = new AbortController();
    const ready = client.ready(waiting.signal);
    waiting.abort();
    await expect(ready).rejects.toThrow('aborted');
  });

  it('a crash rejects every call in flight, fails the status, and silences the old worker', async () => {
    const { workers, client, statuses } = echoSetup();
    const a = client.echo('a');
    const b = client.echo('b');
    const ready = client.ready();
    const worker = workers.created[0]!;
    worker.crash('Uncaught RangeError: out of memory');
    const message = 'The echo worker crashed: Uncaught RangeError: out of memory';
    await expect(a).rejects.toThrow(message);
    await expect(b).rejects.toThrow(message);
    await expect(ready).rejects.toThrow(message);
    expect(worker.terminated).toBe(true);
    expect(statuses.at(-1)).toEqual({ state: 'failed', message });
    worker.reply({ type: 'status', status: { state: 'ready' } }); // a stopped worker is not heard
    expect(client.status.state).toBe('failed');
  });

  it('a message that cannot be read counts as a crash', async () => {
    const { workers, client } = echoSetup();
    const a = client.echo('a');
    workers.created[0]!.garble();
    await expect(a).rejects.toThrow('The echo worker sent a message that could not be read.');
    expect(client.status.state).toBe('failed');
  });

  it('dispose terminates the worker, rejects what is in flight, and starts no other', async () => {
    const { workers, client, statuses } = echoSetup();
    const a = client.echo('a');
    client.dispose();
    expect(workers.created[0]!.terminated).toBe(true);
    await expect(a).rejects.toThrow('disposed');
    await expect(client.echo('b')).rejects.toThrow('disposed');
    expect(workers.created).toHaveLength(1); // nothing starts after dispose
    workers.created[0]!.reply({ type: 'status', status: { state: 'ready' } });
    expect(statuses.map((s) => s.state)).toEqual(['idle']);
    client.dispose(); // twice is harmless
  });
});

const RESULT: LocalGenerateResult = {
  text: 'Hello',
  inputTokens: 3,
  outputTokens: 1,
  timeToFirstTokenMs: 1,
  tokensPerSecond: null,
  interrupted: false,
  truncated: false,
};

function generatorSetup() {
  const workers = FakeWorker.factory<GeneratorRequest, GeneratorResponse>();
  const client = new GeneratorClient({
    modelId: 'tiny',
    baseUrl: 'local:',
    dtype: 'q8',
    createWorker: workers.create,
  });
  const statuses: GeneratorStatus[] = [];
  client.subscribe((s) => statuses.push(s));
  const ready = (worker: FakeWorker<GeneratorRequest, GeneratorResponse>) =>
    worker.reply({
      type: 'status',
      status: { state: 'ready', device: 'wasm', dtype: 'q8', contextLimit: 512 },
    });
  return { workers, client, statuses, ready };
}

describe('GeneratorClient on the base', () => {
  it('streams text, and Stop asks the worker to interrupt', async () => {
    const { workers, client, ready } = generatorSetup();
    const controller = new AbortController();
    const texts: string[] = [];
    const request = { system: '', messages: [], tools: [], maxNewTokens: 8 };
    const answer = client.generate(request, {
      signal: controller.signal,
      onText: (t) => texts.push(t),
    });
    const worker = workers.created[0]!;
    expect(worker.sent[0]).toMatchObject({ type: 'load', config: { modelId: 'tiny' } });
    ready(worker);
    await Promise.resolve();
    await Promise.resolve();
    const { id } = worker.last('generate');
    worker.reply({ type: 'text', id, text: 'Hel' });
    controller.abort();
    expect(worker.last('interrupt')).toEqual({ type: 'interrupt', id });
    worker.reply({ type: 'result', id, result: { ...RESULT, interrupted: true } });
    expect(await answer).toMatchObject({ text: 'Hello', interrupted: true });
    expect(texts).toEqual(['Hel']);
  });

  it('a crash fails with the reason "other"; loading again starts a new worker', async () => {
    const { workers, client, statuses, ready } = generatorSetup();
    const waiting = client.whenReady();
    workers.created[0]!.crash('boom');
    await expect(waiting).rejects.toMatchObject({
      name: 'GeneratorUnavailableError',
      reason: 'other',
      message: "The in-browser model's worker crashed: boom",
    });
    expect(statuses.at(-1)).toMatchObject({ state: 'failed', reason: 'other' });
    const again = client.whenReady();
    expect(workers.created).toHaveLength(2);
    ready(workers.created[1]!);
    await again;
    expect(client.status.state).toBe('ready');
  });
});
