import { test, expect, openApp, sendMessage, configureProvider } from './fixtures';
import type { Page } from '@playwright/test';

async function useOpenAI(page: Page, url: string) {
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: url,
    apiKey: 'sk-secret-key-42',
    model: 'gpt-4o-mini',
  });
}

const lastAlert = (page: Page) =>
  page.getByRole('region', { name: 'Conversation' }).getByRole('alert').last();

test('a wrong key (401) ends the run with a clear message; the thread is kept and a retry works', async ({
  page,
  openai,
}) => {
  openai.enqueue(
    { error: { status: 401, message: 'Incorrect API key provided' } },
    { text: 'Now it works.' },
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'first question');
  await expect(lastAlert(page)).toContainText('rejected the API key');
  await expect(lastAlert(page)).toContainText('401');
  await expect(lastAlert(page)).not.toContainText('sk-secret-key-42');

  await sendMessage(page, 'second try');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'Assistant' })).toContainText(
    'Now it works.',
  );
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(2);
});

test('an unknown model (404) names the model id', async ({ page, openai }) => {
  openai.enqueue({ error: { status: 404, message: 'The model `gpt-4o-mini` does not exist' } });
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'hello');
  await expect(lastAlert(page)).toContainText('not found');
  await expect(lastAlert(page)).toContainText('"gpt-4o-mini"');
});

test('a rate limit (429) with retry-after is retried by the SDK and the answer arrives', async ({
  page,
  openai,
}) => {
  openai.enqueue(
    { error: { status: 429, message: 'Rate limit reached', headers: { 'retry-after': '1' } } },
    { text: 'Answer after waiting.' },
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'hello');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText(
    'Answer after waiting.',
  );
  expect(openai.requests).toHaveLength(2);
});

test('a server error (500) that persists is reported after the retries', async ({
  page,
  openai,
}) => {
  openai.setDefault({
    error: { status: 500, message: 'upstream exploded', headers: { 'retry-after': '0' } },
  });
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'hello');
  await expect(lastAlert(page)).toContainText('server error');
  await expect(lastAlert(page)).toContainText('500');
});

test('the network dropping mid-stream keeps the streamed text and says what happened', async ({
  page,
  openai,
}) => {
  openai.enqueue({
    text: 'The first part of a long answer that will never finish',
    dropAfterChunks: 4,
    chunkDelayMs: 150,
  });
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'hello');
  await expect(lastAlert(page)).toBeVisible();
  const partial = page.getByRole('article', { name: 'Assistant' });
  await expect(partial).toContainText('interrupted');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('Stop aborts the stream; what streamed so far stays, and the next message works', async ({
  page,
  openai,
}) => {
  openai.enqueue(
    { text: 'one two three four five six seven eight nine ten eleven twelve', chunkDelayMs: 400 },
    { text: 'Fresh answer.' },
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'count slowly');
  const streaming = page.getByRole('article', { name: 'Assistant (streaming)' });
  await expect(streaming).toContainText('one');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('stopped');
  await sendMessage(page, 'again');
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Fresh answer.',
  );
  // The retry carried the whole history, the stopped partial answer included.
  const last = openai.requests.at(-1)!.body.messages as { role: string }[];
  expect(last.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
});

test('a model calling an unknown tool or sending malformed arguments gets a tool error back', async ({
  page,
  openai,
}) => {
  openai.enqueue(
    {
      toolCalls: [
        { name: 'delete_everything', arguments: {} },
        { name: 'read_file', arguments: '{"file_path": "/README.md"' },
        { name: 'read_file', arguments: { file_path: '/../../etc/passwd' } },
      ],
    },
    { text: 'I could not do that.' },
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'do something odd');
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'I could not do that.',
  );
  const toolMessages = openai.requests[1]!.body.messages.filter(
    (m: { role: string }) => m.role === 'tool',
  );
  expect(toolMessages).toHaveLength(3);
  expect(toolMessages[0].content).toMatch(/unknown tool 'delete_everything'/);
  expect(toolMessages[1].content).toMatch(/not valid JSON/);
  expect(toolMessages[2].content).toMatch(/\.\./);
  await expect(page.getByRole('article', { name: /^Tool .*\(error\)/ })).toHaveCount(3);
});

test('invalid settings are refused with the reason before anything is sent', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'Anthropic' });
  await dialog.getByLabel('Base URL', { exact: true }).fill('ftp://example');
  await dialog.getByLabel('API key', { exact: true }).fill('');
  await dialog.getByLabel('Context window', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const problems = dialog.getByRole('alert');
  await expect(problems).toContainText('https://');
  await expect(problems).toContainText('API key is required');
  await expect(problems).toContainText('1,024');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('scripted stand-in, not a language model')).toBeVisible();
});
