// The "In-browser model" provider in Chromium: the generator worker loads the tiny generated qwen2
// model (scripts/make-test-lm.mjs) through transformers.js on onnxruntime-web (WASM: no GPU here)
// from a model host on 127.0.0.1, downloads it with a progress bar, streams its (noise) answer,
// stops on Stop, keeps it in Cache Storage for the next visit, removes it on request, and says so
// when the host cannot be reached. The tiny qwen3 model (the default's architecture and template,
// with a scripted tool call) runs a whole tool turn. The fixture fails any test in which a request
// leaves 127.0.0.1.
import type { Page } from '@playwright/test';
import { test, expect, openApp, sendMessage } from './fixtures';
import { startModelHost, unreachableHost, type ModelHost } from './fake-servers/model-host';

const MODEL = 'test-tiny-qwen2';
const ONNX = `/${MODEL}/onnx/model_quantized.onnx`; // q8: what 'auto' picks on WASM

async function chooseInBrowserModel(
  page: Page,
  options: { host: string; maxNewTokens?: number; model?: string },
) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'In-browser model' });
  await dialog.getByLabel('Model', { exact: true }).fill(options.model ?? MODEL);
  await dialog.getByLabel('Model host', { exact: true }).fill(options.host);
  await dialog
    .getByLabel('Maximum new tokens', { exact: true })
    .fill(String(options.maxNewTokens ?? 40));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

let host: ModelHost;
test.beforeEach(async () => {
  host = await startModelHost();
});
test.afterEach(async () => {
  await host.close();
});

test('downloads with a progress bar, streams an answer with its speed, and reuses the cache after a reload', async ({
  page,
}) => {
  await openApp(page);
  await chooseInBrowserModel(page, { host: host.url });
  // Choosing the provider downloads nothing by itself.
  await page.waitForTimeout(300);
  expect(host.requests).toEqual([]);

  host.throttle({ bytes: 32 * 1024, delayMs: 120 });
  await sendMessage(page, 'Hello, who are you?');
  const bar = page.getByRole('progressbar', { name: 'Model download' });
  await expect(bar).toBeVisible();
  await expect(
    page.getByText(/Downloading test-tiny-qwen2: [\d.]+ [KM]B of [\d.]+ [KM]B \(\d+%\)/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // Bytes and percent move while the file arrives.
  const first = Number(await bar.getAttribute('value'));
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(first);
  expect(Number(await bar.getAttribute('max'))).toBeGreaterThan(100_000);

  // Tokens stream into an Assistant message, then the answer lands with the call's speed.
  const answer = page.getByRole('article', { name: 'Assistant', exact: true }).last();
  await expect(answer).toBeVisible({ timeout: 45_000 });
  await expect(answer).toContainText(/\w{2,}/);
  await expect(answer).toContainText(/[\d.]+ tokens\/s · first token after [\d.]+ s/);
  await expect(answer).toContainText('[Cut at 40 new tokens');
  await expect(bar).toBeHidden();
  await expect(page.getByRole('region', { name: 'Token usage' })).toContainText(/tokens\/s/);
  expect(host.downloads(ONNX)).toBe(1);
  expect(host.downloads(`/${MODEL}/tokenizer.json`)).toBe(1);

  // Next visit: the model comes from this browser's cache, nothing from the host.
  const before = host.requests.length;
  await page.reload();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  await sendMessage(page, 'And again?');
  await expect(page.getByRole('article', { name: 'Assistant', exact: true })).toContainText(
    /tokens\/s/,
    { timeout: 45_000 },
  );
  expect(host.requests.slice(before)).toEqual([]);
  expect(host.downloads(ONNX)).toBe(1);

  // Settings shows what is stored, and removes it.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toContainText(/Downloaded in this browser: [\d.]+ [KM]B \(\d+ files\)/);
  await dialog.getByRole('button', { name: 'Remove downloaded model' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Removed test-tiny-qwen2' }),
  ).toBeVisible();
  await expect(dialog).toContainText('Not downloaded in this browser yet.');
  await expect(dialog.getByRole('button', { name: 'Remove downloaded model' })).toHaveCount(0);
  const left = await page.evaluate(async () => {
    const cache = await caches.open('transformers-cache');
    return (await cache.keys()).map((r) => r.url);
  });
  expect(left.filter((url) => url.includes(MODEL))).toEqual([]);
});

test('the Qwen3-architecture model calls a tool through its own template; the call is parsed, run and answered', async ({
  page,
}) => {
  const qwen3 = 'test-tiny-qwen3';
  await openApp(page);
  await chooseInBrowserModel(page, { host: host.url, model: qwen3, maxNewTokens: 40 });
  await sendMessage(page, 'What files are there?');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  // Its answer after the result (scripts/make-test-lm.mjs, SCRIPTED_ANSWER), with the call's speed.
  const answer = conversation.getByRole('article', { name: 'Assistant', exact: true }).last();
  await expect(answer).toContainText('The ls result is above: those are the files.', {
    timeout: 60_000,
  });
  // The call was read from <tool_call> text, run on the workspace, and its result shown.
  await conversation.getByText('Called ls').click();
  await expect(conversation.getByLabel('Arguments of ls')).toContainText('"path": "/"');
  const result = conversation.getByRole('article', { name: 'Tool ls' });
  await expect(result).toBeVisible();
  await result.getByText('ls').first().click();
  await expect(result).toContainText("'/memories/'");
  // No reasoning and no tags in what the person reads.
  await expect(conversation).not.toContainText('<think>');
  await expect(conversation).not.toContainText('<tool_call>');
  expect(host.downloads(`/${qwen3}/onnx/model_quantized.onnx`)).toBe(1);
});

test('Stop interrupts a long generation and keeps what streamed', async ({ page }) => {
  await openApp(page);
  await chooseInBrowserModel(page, { host: host.url, maxNewTokens: 4000 });
  await sendMessage(page, 'Write a very long story.');
  const streaming = page.getByRole('article', { name: 'Assistant (streaming)' });
  await expect(streaming).toContainText(/\w+ \w+ \w+/, { timeout: 45_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped.' })).toBeVisible();
  const kept = page.getByRole('article', { name: 'Assistant', exact: true });
  await expect(kept).toContainText('stopped');
  await expect(kept).toContainText(/\w+ \w+/);
});

test('Cancel stops the download; sending again downloads it', async ({ page }) => {
  await openApp(page);
  await chooseInBrowserModel(page, { host: host.url });
  host.throttle({ bytes: 8 * 1024, delayMs: 200 });
  await sendMessage(page, 'Hello');
  await expect(page.getByRole('progressbar', { name: 'Model download' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('progressbar', { name: 'Model download' })).toBeHidden();
  await expect(page.getByText('The download of test-tiny-qwen2 was cancelled.')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'download was cancelled' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  host.throttle(null);
  await sendMessage(page, 'Hello again');
  await expect(page.getByRole('article', { name: 'Assistant', exact: true })).toContainText(
    /tokens\/s/,
    { timeout: 45_000 },
  );
});

test('an unreachable host says so once and offers the Demo, which sends the message again', async ({
  page,
}) => {
  await openApp(page);
  await chooseInBrowserModel(page, { host: await unreachableHost() });
  await sendMessage(page, 'Hello');
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'The in-browser model is not available' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText('Could not reach http://127.0.0.1:');
  // Said once: the box above the message field offers what to do, without repeating the error.
  const offer = page.getByRole('group', { name: 'The in-browser model is not available' });
  await expect(offer).toBeVisible();
  await expect(page.getByText(/Could not reach http:\/\/127\.0\.0\.1:/)).toHaveCount(1);
  await offer.getByRole('button', { name: 'Use the Demo instead' }).click();
  await expect(page.getByText('Demo (offline) — scripted stand-in')).toBeVisible();
  // "Hello" went again, to the Demo this time, and was answered.
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(2);
  await expect(conversation.getByRole('article', { name: 'User' }).last()).toContainText('Hello');
  await expect(
    conversation.getByRole('article', { name: 'Assistant', exact: true }).last(),
  ).toContainText(/Demo/i, { timeout: 30_000 });
});

test('memory steps can run on the in-browser model while the chat uses a hosted provider', async ({
  page,
  openai,
}) => {
  openai.enqueue({ text: 'Noted, tabs it is.' });
  await openApp(page);
  // Set the in-browser model up, then chat with the OpenAI-compatible server and give memory
  // steps to the in-browser model.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'In-browser model' });
  await dialog.getByLabel('Model', { exact: true }).fill(MODEL);
  await dialog.getByLabel('Model host', { exact: true }).fill(host.url);
  await dialog.getByLabel('Maximum new tokens', { exact: true }).fill('24');
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'OpenAI-compatible' });
  await dialog.getByLabel('Base URL', { exact: true }).fill(openai.url);
  await dialog.getByLabel('API key', { exact: true }).fill('sk-memory');
  await dialog.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await dialog.getByLabel('Run memory steps on the in-browser model').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await sendMessage(page, 'I prefer tabs over spaces');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('Noted');
  expect(host.requests).toEqual([]);

  // "Update memory now": the fact update goes to the in-browser model, not to the server.
  const requestsBefore = openai.requests.length;
  await page.getByRole('tab', { name: 'Facts' }).click();
  const facts = page.getByRole('region', { name: 'Facts' });
  await facts.getByRole('button', { name: 'Update memory now' }).click();
  // The random model's answer is noise: the update is refused and its raw answer shown.
  const alert = facts.getByRole('alert').filter({ hasText: 'not a valid memory update' });
  await expect(alert).toBeVisible({ timeout: 45_000 });
  expect(openai.requests.length).toBe(requestsBefore);
  expect(host.downloads(ONNX)).toBe(1);
});
