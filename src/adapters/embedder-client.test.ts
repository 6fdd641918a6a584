// The client's RPC, status and failure handling against a scripted fake worker (the real worker
// runs in the browser tests, e2e/embedder.spec.ts).
import { describe, expect, it } from 'vitest';
import type { EmbedderStatus } from '../core/retrieval/embedder';
import type { EmbedderRequest, EmbedderResponse } from '../workers/embedder.worker';
import { EmbedderClient, resolveModelSource } from './embedder-client';

class FakeWorker extends EventTarget {
  sent: EmbedderRequest[] = [];
  terminated = false;
  postMessage(message: EmbedderRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: EmbedderResponse) {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  crash(message: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
  lastEmbed() {
    const embeds = this.sent.filter((m) => m.type === 'embed');
    return embeds[embeds.length - 1] as Extract<EmbedderRequest, { type: 'embed' }>;
  }
}

function setup() {
  const worker = new FakeWorker();
  const client = new EmbedderClient({
    modelId: 'Xenova/all-MiniLM-L6-v2',
    baseUrl: '',
    createWorker: () => worker as unknown as Worker,
  });
  const statuses: EmbedderStatus[] = [];
  client.subscribe((s) => statuses.push(s));
  return { worker, client, statuses };
}

describe('resolveModelSource', () => {
  const page = 'http://127.0.0.1:4173/app/index.html';
  it('maps the base URL setting to a model source', () => {
    expect(resolveModelSource('', page)).toEqual({ kind: 'hub' });
    expect(resolveModelSource('  ', page)).toEqual({ kind: 'hub' });
    expect(resolveModelSource('local:', page)).toEqual({ kind: 'local', path: '/models/' });
    expect(resolveModelSource('local:/test-model', page)).toEqual({
      kind: 'local',
      path: '/test-model/',
    });
    expect(resolveModelSource('/m/', page)).toEqual({ kind: 'local', path: '/m/' });
    // Relative to the page, not to the worker's script.
    expect(resolveModelSource('./models', page)).toEqual({ kind: 'local', path: '/app/models/' });
    expect(resolveModelSource('https://example.com/models', page)).toEqual({
      kind: 'remote',
      host: 'https://example.com/models/',
      pathTemplate: '{model}/',
    });
    expect(resolveModelSource('https://hf-mirror.com', page)).toEqual({
      kind: 'remote',
      host: 'https://hf-mirror.com/',
      pathTemplate: '{model}/resolve/{revision}/',
    });
    expect(resolveModelSource('https://cdn.example/{model}/v/{revision}/', page)).toEqual({
      kind: 'remote',
      host: 'https://cdn.example/',
      pathTemplate: '{model}/v/{revision}/',
    });
  });
});

describe('EmbedderClient', () => {
  it('starts and configures the worker on the first embed, not before', async () => {
    const { worker, client } = setup();
    expect(worker.sent).toEqual([]);
    expect(await client.embed([])).toEqual([]);
    expect(worker.sent).toEqual([]); // nothing to embed: no worker, no request
    const pending = client.embed(['a', 'b']);
    expect(worker.sent[0]).toEqual({
      type: 'configure',
      config: {
        modelId: 'Xenova/all-MiniLM-L6-v2',
        source: { kind: 'hub' },
        device: 'auto',
        batchSize: 32,
      },
    });
    const { id, texts } = worker.lastEmbed();
    expect(texts).toEqual(['a', 'b']);
    const vectors = [new Float32Array([1, 0]), new Float32Array([0, 1])];
    worker.reply({ type: 'result', id, vectors });
    expect(await pending).toEqual(vectors);
  });

  it('answers concurrent requests by id, whatever the order of replies', async () => {
    const { worker, client } = setup();
    const first = client.embed(['1']);
    const idFirst = worker.lastEmbed().id;
    const second = client.embed(['2']);
    const idSecond = worker.lastEmbed().id;
    worker.reply({ type: 'result', id: idSecond, vectors: [new Float32Array([2])] });
    worker.reply({ type: 'result', id: idFirst, vectors: [new Float32Array([1])] });
    expect([...(await first)[0]!]).toEqual([1]);
    expect([...(await second)[0]!]).toEqual([2]);
  });

  it('relays status and progress to subscribers, and whenReady resolves on ready', async () => {
    const { worker, client, statuses } = setup();
    const ready = client.whenReady();
    expect(worker.sent.some((m) => m.type === 'load')).toBe(true);
    const files = { 'onnx/model_quantized.onnx': { loaded: 50, total: 100 } };
    worker.reply({
      type: 'status',
      status: { state: 'loading', progress: 50, loaded: 50, total: 100, files },
    });
    worker.reply({
      type: 'status',
      status: { state: 'ready', device: 'wasm', dtype: 'q8', dimensions: 384 },
    });
    await ready;
    expect(statuses.map((s) => s.state)).toEqual(['idle', 'loading', 'ready']);
    expect(client.status).toMatchObject({ state: 'ready', dimensions: 384 });
  });

  it('a load failure rejects requests with the message and later calls at once', async () => {
    const { worker, client } = setup();
    const pending = client.embed(['x']);
    const { id } = worker.lastEmbed();
    const message = 'Could not load the embedding model "m": a model file is missing.';
    worker.reply({ type: 'status', status: { state: 'failed', message } });
    worker.reply({ type: 'error', id, name: 'EmbedderError', message });
    await expect(pending).rejects.toThrow(message);
    await expect(client.embed(['y'])).rejects.toThrow(message);
    await expect(client.whenReady()).rejects.toThrow(message);
  });

  it('a worker crash fails the status and rejects every request in flight', async () => {
    const { worker, client, statuses } = setup();
    const a = client.embed(['a']);
    const b = client.embed(['b']);
    worker.crash('Uncaught RangeError: out of memory');
    await expect(a).rejects.toThrow('The embedding worker crashed: Uncaught RangeError');
    await expect(b).rejects.toMatchObject({ name: 'EmbedderError' });
    expect(statuses.at(-1)).toEqual({
      state: 'failed',
      message: 'The embedding worker crashed: Uncaught RangeError: out of memory',
    });
    expect(worker.terminated).toBe(true);
    await expect(client.embed(['c'])).rejects.toThrow('crashed');
  });

  it('a message that cannot be read counts as a crash', async () => {
    const { worker, client } = setup();
    const a = client.embed(['a']);
    worker.dispatchEvent(new Event('messageerror'));
    await expect(a).rejects.toThrow('could not be read');
    expect(client.status.state).toBe('failed');
  });

  it('abort rejects with AbortError, tells the worker, and ignores a late reply', async () => {
    const { worker, client } = setup();
    const controller = new AbortController();
    const pending = client.embed(['slow'], controller.signal);
    const { id } = worker.lastEmbed();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.sent.at(-1)).toEqual({ type: 'cancel', id });
    worker.reply({ type: 'result', id, vectors: [new Float32Array([1])] }); // no effect
    const already = new AbortController();
    already.abort();
    await expect(client.embed(['x'], already.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('dispose terminates the worker and rejects what is in flight', async () => {
    const { worker, client } = setup();
    const pending = client.embed(['a']);
    client.dispose();
    expect(worker.terminated).toBe(true);
    await expect(pending).rejects.toThrow('disposed');
    await expect(client.embed(['b'])).rejects.toThrow('disposed');
  });
});
