// Context strategies in the app: per family, a thread on the fake OpenAI server whose recorded
// requests show the strategy's shape, the Strategy panel showing its state, and a reload keeping it.
import type { Page } from '@playwright/test';
import type { RecordedRequest } from './fake-servers/common';
import { test, expect, openApp, sendMessage, configureProvider } from './fixtures';

type Msg = { role: string; content?: string | null };
const messagesOf = (req: RecordedRequest) => req.body.messages as Msg[];
const systemOf = (req: RecordedRequest) => String(messagesOf(req)[0]?.content ?? '');
const STEP_SYSTEMS = [
  'You merge conversations into a concise running summary.',
  'You pick out facts worth remembering for a long time.',
  'You extract knowledge-graph triples.',
  'You are a data compression engine.',
];
const isStep = (req: RecordedRequest) => STEP_SYSTEMS.some((s) => systemOf(req).startsWith(s));
const isFactUpdate = (req: RecordedRequest) => systemOf(req).includes('memory.json');
const chatRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.endsWith('/chat/completions') && !isStep(r) && !isFactUpdate(r));
const userTexts = (req: RecordedRequest) =>
  messagesOf(req)
    .filter((m) => m.role === 'user')
    .map((m) => m.content);

async function useOpenAI(page: Page, url: string) {
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: url,
    apiKey: 'sk-strategies',
    model: 'gpt-4o-mini',
  });
}

async function chooseStrategy(page: Page, label: string, settings: Record<string, string> = {}) {
  await page.getByLabel('Context strategy', { exact: true }).selectOption({ label });
  if (Object.keys(settings).length === 0) return;
  const picker = page.locator('.strategy-picker');
  await picker.getByText('Strategy settings').click();
  for (const [field, value] of Object.entries(settings))
    await picker.getByLabel(field, { exact: true }).fill(value);
  await picker.getByRole('button', { name: 'Apply settings' }).click();
}

async function say(page: Page, text: string) {
  await sendMessage(page, text);
  await expect(
    page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('article', { name: /^User/ })
      .filter({ hasText: text }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
}

async function openStrategyPanel(page: Page) {
  await page.getByRole('tab', { name: 'Strategy' }).click();
  return page.getByRole('region', { name: 'Strategy' });
}

test('sliding window: the request carries only the last N turns; the choice survives a reload', async ({
  page,
  openai,
}) => {
  openai.setDefault({ text: 'Noted.' });
  await useOpenAI(page, openai.url);
  await chooseStrategy(page, 'Sliding window', { 'Window size (turns)': '1' });
  await say(page, 'first: the locker code is 4417');
  await say(page, 'second message');
  await say(page, 'third message');
  const chats = chatRequests(openai.requests);
  expect(userTexts(chats[2]!)).toEqual(['second message', 'third message']);

  const panel = await openStrategyPanel(page);
  await expect(panel.getByRole('heading', { name: 'Sliding window' })).toBeVisible();
  await expect(panel).toContainText('Sent as messages: turn 2.');

  await page.reload();
  await page
    .getByRole('button', { name: /first: the locker code/ })
    .first()
    .click();
  await expect(page.getByLabel('Context strategy', { exact: true })).toHaveValue('sliding-window');
  await say(page, 'fourth message');
  expect(userTexts(chatRequests(openai.requests)[3]!)).toEqual(['third message', 'fourth message']);
});

test('a strategy setting out of range is refused with its valid range, and nothing changes', async ({
  page,
}) => {
  await openApp(page);
  await chooseStrategy(page, 'Sliding window');
  const picker = page.locator('.strategy-picker');
  await picker.getByText('Strategy settings').click();
  await picker.getByLabel('Window size (turns)', { exact: true }).fill('0');
  await picker.getByRole('button', { name: 'Apply settings' }).click();
  await expect(picker.getByRole('alert')).toContainText('from 1 to 100');
  await expect(picker.getByLabel('Window size (turns)', { exact: true })).toHaveValue('0');
  await say(page, 'hello');
  await expect(page.getByLabel('Context strategy', { exact: true })).toHaveValue('sliding-window');
});

test('summarization: the model merges the buffer into a running summary that the next request carries', async ({
  page,
  openai,
}) => {
  openai.setDefault((req) =>
    isStep(req)
      ? {
          text: 'The user is Dana from Porto; budget 900 euros.',
          usage: { input: 120, output: 14 },
        }
      : { text: 'Noted.' },
  );
  await useOpenAI(page, openai.url);
  await chooseStrategy(page, 'Summarization');
  await say(page, 'My name is Dana and I live in Porto.');
  await say(page, 'The budget is 900 euros.');
  // Threshold 4 messages: after the second turn the buffer is merged.
  await expect.poll(() => openai.requests.filter(isStep).length).toBe(1);
  await say(page, 'What is my name?');
  const third = chatRequests(openai.requests)[2]!;
  expect(systemOf(third)).toContain('<conversation_memory section="Running summary">');
  expect(systemOf(third)).toContain('The user is Dana from Porto');
  expect(userTexts(third)).toEqual(['What is my name?']);

  const panel = await openStrategyPanel(page);
  await expect(panel.getByRole('region', { name: 'Running summary' })).toContainText(
    'Dana from Porto',
  );
  await expect(panel).toContainText('Extra model calls');
  await expect(panel).toContainText('1 (120 tokens in, 14 out)');

  await page.reload();
  await page
    .getByRole('button', { name: /My name is Dana/ })
    .first()
    .click();
  const after = await openStrategyPanel(page);
  await expect(after.getByRole('region', { name: 'Running summary' })).toContainText(
    'Dana from Porto',
  );
});

test('a failing strategy step changes nothing, is shown, and the chat goes on', async ({
  page,
  openai,
}) => {
  openai.setDefault((req) =>
    isStep(req) ? { error: { status: 500, message: 'memory model down' } } : { text: 'Noted.' },
  );
  await useOpenAI(page, openai.url);
  await chooseStrategy(page, 'Compression');
  await say(page, 'My flight leaves at 7:40.');
  await say(page, 'When do I fly?');
  const panel = await openStrategyPanel(page);
  await expect(panel.getByRole('status')).toContainText('could not take in turn');
  await expect(panel.getByRole('region', { name: 'Compressed facts' })).toContainText(
    'No turn compressed yet',
  );
  expect(chatRequests(openai.requests)).toHaveLength(2);
});

test('retrieval: the past message sharing the question words is injected, with its score in the panel', async ({
  page,
  openai,
}) => {
  openai.setDefault({ text: 'Noted.' });
  await useOpenAI(page, openai.url);
  await chooseStrategy(page, 'Retrieval', { 'Retrieved (k)': '1' });
  await say(page, 'The locker code is 4417.');
  await say(page, 'I like green tea.');
  await say(page, 'We go hiking tomorrow.');
  await say(page, 'What was the locker code?');
  const last = chatRequests(openai.requests)[3]!;
  expect(systemOf(last)).toContain('<conversation_memory section="Retrieved">');
  expect(systemOf(last)).toContain('locker code is 4417');
  expect(userTexts(last)).toEqual(['What was the locker code?']);
  const panel = await openStrategyPanel(page);
  const scores = panel.getByRole('table', { name: 'Retrieved' });
  await expect(scores).toContainText('BM25');
  await expect(scores.getByRole('row').filter({ hasText: 'yes' })).toContainText('turn 1');
});

test('graph: extracted triples are drawn, linked case-insensitively, and injected', async ({
  page,
  openai,
}) => {
  openai.setDefault((req) =>
    isStep(req)
      ? { text: "[('Alice', 'works at', 'Acme'), ('Bob', 'lives in', 'Paris')]" }
      : { text: 'Noted.' },
  );
  await useOpenAI(page, openai.url);
  await chooseStrategy(page, 'Graph');
  await say(page, 'Alice works at Acme and Bob lives in Paris.');
  await say(page, 'where does alice work?');
  const second = chatRequests(openai.requests)[1]!;
  expect(systemOf(second)).toContain('Alice --[works at]--> Acme');
  expect(systemOf(second)).not.toContain('Bob --[lives in]');
  const panel = await openStrategyPanel(page);
  await expect(panel.getByRole('img', { name: /Knowledge graph: 4 nodes, 2 edges/ })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Edges' })).toContainText(
    'Alice --[works at]--> Acme',
  );
  await expect(panel).toContainText('Linked entities: Alice');
});

test('OS-like paging with the Demo: pages go out to disk and come back on a shared word', async ({
  page,
}) => {
  await openApp(page);
  await chooseStrategy(page, 'OS-like paging');
  await say(page, 'The wifi password is sunflower42.');
  await say(page, 'Dinner is at eight.');
  await say(page, 'The train is late.');
  await say(page, 'What is the wifi password?');
  const panel = await openStrategyPanel(page);
  await expect(panel.getByRole('list', { name: 'RAM pages' }).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('list', { name: 'Disk pages' })).toContainText('wifi password');
  await expect(panel).toContainText('Page faults: turn 1');
});

test('switching strategy mid-thread shows on the timeline and keeps every message', async ({
  page,
  openai,
}) => {
  openai.setDefault({ text: 'Noted.' });
  await useOpenAI(page, openai.url);
  await say(page, 'one');
  await say(page, 'two');
  await chooseStrategy(page, 'Sliding window', { 'Window size (turns)': '1' });
  await say(page, 'three');
  expect(userTexts(chatRequests(openai.requests)[2]!)).toEqual(['two', 'three']);
  await expect(
    page.getByRole('region', { name: 'Conversation' }).getByRole('article', { name: /^User/ }),
  ).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Token usage' })).toContainText(
    /Context strategy changed|Deep Agents → Sliding window/,
  );
});

test('the "Compare strategies" suggestion opens the arena', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Compare strategies' }).click();
  await expect(page.getByRole('region', { name: 'Arena' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sliding window', exact: true })).toBeVisible();
});
