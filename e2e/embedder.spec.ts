// The embedding worker in Chromium: transformers.js's real loading path on onnxruntime-web (WASM)
// against the tiny generated model the app serves, under the app's CSP. The fixture fails any test
// in which a request leaves 127.0.0.1 (no CDN for the runtime, no Hub for the model).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

interface CheckResult {
  state: 'done' | 'failed';
  statuses: Array<{ state: string; progress?: number | null; message?: string; device?: string }>;
  dimensions?: number;
  norms?: number[];
  similarities?: number[][];
  error?: string;
  throughput?: { texts: number; ms: number; textsPerSecond: number };
  firstEmbedMs?: number;
}

async function runCheck(page: Page, query: string): Promise<CheckResult> {
  await page.goto(`/embedder-check.html?${query}`);
  const result = page.locator('#result');
  await expect(result).toHaveAttribute('data-state', /done|failed/, { timeout: 45_000 });
  return JSON.parse((await result.textContent()) ?? '{}') as CheckResult;
}

test('the tiny model loads in the worker and embeds texts, all from 127.0.0.1', async ({
  page,
  requestedUrls,
}) => {
  const result = await runCheck(page, 'model=Xenova-test-tiny-bert&base=/test-model/');
  expect(result.error).toBeUndefined();
  expect(result.state).toBe('done');

  // (a) vectors: one per text, unit length, of the model's size; related texts score higher.
  expect(result.dimensions).toBe(32);
  expect(result.norms).toHaveLength(3);
  for (const norm of result.norms!) expect(norm).toBeCloseTo(1, 4);
  const [dog, question, tax] = result.similarities!;
  expect(dog![1]).toBeGreaterThan(dog![2]! + 0.1);
  expect(question![0]).toBeGreaterThan(question![2]! + 0.1);
  expect(tax![2]).toBeCloseTo(1, 4);

  // (b) progress was reported while the files downloaded, then ready on WASM (no GPU here).
  const loading = result.statuses.filter((s) => s.state === 'loading');
  expect(loading.length).toBeGreaterThan(1);
  expect(loading.some((s) => typeof s.progress === 'number' && s.progress > 0)).toBe(true);
  const last = result.statuses.at(-1)!;
  expect(last).toMatchObject({ state: 'ready', device: 'wasm' });
  await expect(page.locator('#status')).toHaveText('ready');

  // The runtime came from the app itself, and so did the model (quantized on WASM).
  expect(requestedUrls.some((u) => /\/assets\/ort-wasm-simd-threaded[^/]*\.wasm$/.test(u))).toBe(
    true,
  );
  expect(
    requestedUrls.some((u) =>
      u.endsWith('/test-model/Xenova-test-tiny-bert/onnx/model_quantized.onnx'),
    ),
  ).toBe(true);
  console.log(
    `embedder throughput (tiny model, WASM, Chromium): ${result.throughput!.textsPerSecond.toFixed(0)} texts/s ` +
      `(${result.throughput!.texts} texts in ${result.throughput!.ms.toFixed(0)} ms); ` +
      `first embed incl. load ${result.firstEmbedMs!.toFixed(0)} ms`,
  );
  // (c) is checked by the fixture after the test: no request left 127.0.0.1.
});

test('a missing model gives a clear failure, not a JSON parse error', async ({ page }) => {
  const result = await runCheck(page, 'model=no-such-model&base=/test-model/');
  expect(result.state).toBe('failed');
  const failed = result.statuses.at(-1)!;
  expect(failed.state).toBe('failed');
  expect(failed.message).toContain('Could not load the embedding model "no-such-model"');
  expect(failed.message).toMatch(/missing/i);
  expect(failed.message).not.toMatch(/JSON|Unexpected token/);
  expect(result.error).toContain(failed.message!);
  await expect(page.locator('#status')).toContainText('failed: Could not load');
});

test('a model without a quantized export falls back to onnx/model.onnx on WASM', async ({
  page,
}) => {
  const result = await runCheck(page, 'model=test-tiny-bert-fp32-only&base=local:/test-model/');
  expect(result.error).toBeUndefined();
  expect(result.statuses.at(-1)).toMatchObject({ state: 'ready', device: 'wasm', dtype: 'fp32' });
  expect(result.dimensions).toBe(32);
});

test('a worker crash becomes a failed status and rejects the request', async ({ page }) => {
  const result = await runCheck(page, 'worker=broken');
  expect(result.state).toBe('failed');
  expect(result.statuses.at(-1)).toMatchObject({ state: 'failed' });
  expect(result.statuses.at(-1)!.message).toContain('The embedding worker crashed');
  expect(result.error).toContain('The embedding worker crashed');
});
