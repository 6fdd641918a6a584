// Entry of embedder-check.html, a development and test page: runs the real embedder client and
// worker against a model (by default the generated tiny test model the app serves) and writes what
// happened into the page, for people and for the Playwright test.
import { createEmbedderClient, type EmbedderClientOptions } from '../adapters/embedder-client';
import { dot, type EmbedderStatus } from '../core/retrieval/embedder';

const params = new URLSearchParams(location.search);
const modelId = params.get('model') ?? 'Xenova-test-tiny-bert';
const baseUrl = params.get('base') ?? '/test-model/';
const device = (params.get('device') ?? 'auto') as NonNullable<EmbedderClientOptions['device']>;
const batchSize = Number(params.get('batch') ?? 32);
const throughputTexts = Number(params.get('n') ?? 512);
const texts = params.getAll('text').length
  ? params.getAll('text')
  : ['The user has a dog named Rex.', 'What is the name of the dog?', 'Quarterly tax filing'];

const statusEl = document.getElementById('status')!;
const progressEl = document.getElementById('progress') as HTMLProgressElement;
const resultEl = document.getElementById('result')!;

const statuses: Array<EmbedderStatus & { at: number }> = [];
const client = createEmbedderClient({
  modelId,
  baseUrl,
  device,
  batchSize,
  // A worker whose script throws: exercises the crash path.
  ...(params.get('worker') === 'broken'
    ? {
        createWorker: () =>
          new Worker(
            URL.createObjectURL(
              new Blob(['throw new Error("worker boom")'], { type: 'text/javascript' }),
            ),
            { type: 'module' },
          ),
      }
    : {}),
});

client.subscribe((status) => {
  statuses.push({ ...status, at: Math.round(performance.now()) });
  statusEl.textContent =
    status.state === 'loading'
      ? `loading ${status.progress === null ? '' : `${status.progress.toFixed(0)}%`}`
      : status.state === 'failed'
        ? `failed: ${status.message}`
        : status.state;
  if (status.state === 'loading' && status.progress !== null) progressEl.value = status.progress;
});

function finish(state: 'done' | 'failed', extra: Record<string, unknown>) {
  resultEl.textContent = JSON.stringify({ state, modelId, baseUrl, statuses, ...extra }, null, 2);
  resultEl.dataset.state = state;
}

try {
  const started = performance.now();
  const vectors = await client.embed(texts);
  const firstMs = performance.now() - started;
  // Throughput once loaded: many short texts through the worker, batched.
  const many = Array.from(
    { length: throughputTexts },
    (_, i) => `fact ${i}: ${texts[i % texts.length]}`,
  );
  const t0 = performance.now();
  await client.embed(many);
  const ms = performance.now() - t0;
  finish('done', {
    dimensions: vectors[0]?.length ?? 0,
    norms: vectors.map((v) => Math.sqrt(dot(v, v))),
    similarities: vectors.map((a) => vectors.map((b) => dot(a, b))),
    firstVector: Array.from(vectors[0] ?? []),
    firstEmbedMs: firstMs,
    throughput: { texts: many.length, batchSize, ms, textsPerSecond: (many.length / ms) * 1000 },
  });
} catch (error) {
  finish('failed', {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}
