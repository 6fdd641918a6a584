import type { Page } from '@playwright/test';
import { test, expect, openApp, sendMessage, configureProvider, expectEditor } from './fixtures';

async function openFacts(page: Page) {
  await page.getByRole('tab', { name: 'Facts' }).click();
  return page.getByRole('region', { name: 'Facts' });
}

const UPDATE = {
  user: { workContext: { summary: 'Builds a weather CLI in TypeScript.', shouldUpdate: true } },
  newFacts: [
    { content: 'Prefers tabs over spaces', category: 'preference', confidence: 0.95 },
    { content: 'Works on a weather CLI', category: 'context', confidence: 0.9 },
    { content: 'Might like Rust', category: 'preference', confidence: 0.4 },
  ],
  factsToRemove: [],
};

test('a scripted memory update lands in memory.json and the next request carries the facts in <memory>', async ({
  page,
  openai,
}) => {
  openai.enqueue({ text: 'Noted, tabs it is.' });
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: openai.url,
    apiKey: 'sk-facts',
    model: 'gpt-4o-mini',
  });
  await sendMessage(page, 'I prefer tabs over spaces and I work on a weather CLI');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('Noted');

  const facts = await openFacts(page);
  openai.enqueue((request) => {
    // The updater's request: the conversation (user messages and final answers) and the memory.
    expect(JSON.stringify(request.body.messages)).toContain('I prefer tabs over spaces');
    return { text: '```json\n' + JSON.stringify(UPDATE) + '\n```' };
  });
  await facts.getByRole('button', { name: 'Update memory now' }).click();
  await expect(facts.getByRole('status').filter({ hasText: 'memory.json updated' })).toBeVisible();
  const list = facts.getByRole('list', { name: 'Facts list' });
  await expect(list.getByRole('listitem', { name: 'Prefers tabs over spaces' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Works on a weather CLI' })).toBeVisible();
  // Under the 0.7 threshold: not stored.
  await expect(list.getByRole('listitem', { name: 'Might like Rust' })).toHaveCount(0);

  // memory.json is a normal file that opens in the editor.
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/memory.json', exact: true })
    .click();
  await expectEditor(page.getByRole('region', { name: 'Editor' })).toContainText(
    'Builds a weather CLI in TypeScript.',
  );

  openai.enqueue({ text: 'Tabs, as you prefer.' });
  await sendMessage(page, 'which indentation should I use?');
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Tabs, as you prefer.',
  );
  const system: string = openai.requests.at(-1)!.body.messages[0].content;
  expect(system).toContain('<memory>');
  expect(system).toContain('- [preference | 0.95] Prefers tabs over spaces');
  expect(system).toContain('Builds a weather CLI in TypeScript.');

  // The panel shows why each fact reached the model.
  await page.getByRole('tab', { name: 'Facts' }).click();
  await expect(list.getByRole('listitem', { name: 'Prefers tabs over spaces' })).toContainText(
    'injected',
  );
});

test('an invalid memory-update answer changes nothing and is shown', async ({ page, openai }) => {
  openai.enqueue({ text: 'Hello.' });
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: openai.url,
    apiKey: 'sk-facts',
    model: 'gpt-4o-mini',
  });
  await sendMessage(page, 'I like green tea');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('Hello.');
  const facts = await openFacts(page);
  // Wrong outside the new facts too (a malformed new fact alone is left out and the rest applied).
  openai.enqueue({
    text: '{"newFacts": [{"content": "Likes green tea", "category": "preference", "confidence": "very"}], "factsToRemove": "all"}',
  });
  await facts.getByRole('button', { name: 'Update memory now' }).click();
  const alert = facts.getByRole('alert').filter({ hasText: 'not a valid memory update' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('confidence');
  await alert.getByText("The model's answer").click();
  await expect(alert).toContainText('"very"');
  await expect(
    page
      .getByRole('region', { name: 'Files' })
      .getByRole('button', { name: '/memories/memory.json', exact: true }),
  ).toHaveCount(0);
});

test('facts added, edited and deleted in the panel persist across a reload', async ({ page }) => {
  await openApp(page);
  let facts = await openFacts(page);
  await facts.getByRole('button', { name: 'Add fact' }).click();
  const form = facts.getByRole('form', { name: 'Add fact' });
  await form.getByLabel('Fact', { exact: true }).fill('Drinks coffee black');
  await form.getByLabel('Confidence').fill('1.5');
  await form.getByRole('button', { name: 'Save fact' }).click();
  await expect(facts.getByRole('alert')).toContainText('Confidence must be a number from 0 to 1');
  await form.getByLabel('Confidence').fill('0.8');
  await form.getByRole('button', { name: 'Save fact' }).click();
  await facts.getByRole('button', { name: 'Add fact' }).click();
  await form.getByLabel('Fact', { exact: true }).fill('Lives in Lisbon');
  await form.getByLabel('Category').selectOption('context');
  await form.getByRole('button', { name: 'Save fact' }).click();

  const list = facts.getByRole('list', { name: 'Facts list' });
  // The second fact's save lands first (it is placed above the first: a click while it lands could
  // press where a row has just moved away from).
  await expect(list.getByRole('listitem', { name: 'Lives in Lisbon' })).toBeVisible();
  await list.getByRole('button', { name: 'Edit Drinks coffee black' }).click();
  const edit = facts.getByRole('form', { name: /^Edit fact/ });
  await edit.getByLabel('Fact', { exact: true }).fill('Drinks coffee with oat milk');
  await edit.getByRole('button', { name: 'Save fact' }).click();
  await list.getByRole('button', { name: 'Delete Lives in Lisbon' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await page.reload();
  facts = await openFacts(page);
  await expect(facts.getByRole('listitem', { name: 'Drinks coffee with oat milk' })).toContainText(
    'confidence 0.80',
  );
  await expect(facts.getByRole('listitem', { name: 'Lives in Lisbon' })).toHaveCount(0);
  await expect(facts.getByRole('listitem', { name: 'Drinks coffee black' })).toHaveCount(0);
});

test('with local embeddings chosen, the model downloads in the worker and ranks the facts; a missing model falls back visibly', async ({
  page,
}) => {
  await openApp(page);
  let facts = await openFacts(page);
  await facts.getByRole('button', { name: 'Add fact' }).click();
  const form = facts.getByRole('form', { name: 'Add fact' });
  await form.getByLabel('Fact', { exact: true }).fill('Owns a golden retriever named Biscuit');
  await form.getByRole('button', { name: 'Save fact' }).click();

  const chooseModel = async (model: string, source: string) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Similarity method').selectOption({ label: 'Local embeddings' });
    await dialog.getByLabel('Embedding model', { exact: true }).fill(model);
    await dialog.getByLabel('Embedding model source').fill(source);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  };

  // A model that is not there: a clear notice, and ranking stays lexical.
  await chooseModel('no-such-model', '/test-model/');
  facts = await openFacts(page);
  await expect(
    facts.getByRole('alert').filter({ hasText: 'Embeddings unavailable' }),
  ).toContainText('BM25');

  // The generated tiny model, served by the app itself.
  await chooseModel('Xenova-test-tiny-bert', '/test-model/');
  facts = await openFacts(page);
  await expect(facts.getByRole('status').filter({ hasText: 'Embedding model ready' })).toBeVisible({
    timeout: 45_000,
  });
  await sendMessage(page, 'tell me about my dog');
  await expect(page.getByRole('article', { name: 'Assistant' })).toBeVisible();
  await page.getByRole('tab', { name: 'Facts' }).click();
  await expect(facts.getByText('Scores from the last model call (Local embeddings)')).toBeVisible();
  await expect(
    facts.getByRole('listitem', { name: 'Owns a golden retriever named Biscuit' }),
  ).toContainText('injected');
});

test('at Maximum facts, a fact that would be dropped at once is refused with the reason; a stronger one replaces the weakest', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Maximum facts', { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const facts = await openFacts(page);
  const list = facts.getByRole('list', { name: 'Facts list' });
  const add = async (content: string, confidence: string) => {
    await facts.getByRole('button', { name: 'Add fact' }).click();
    const form = facts.getByRole('form', { name: 'Add fact' });
    await form.getByLabel('Fact').fill(content);
    await form.getByLabel('Confidence').fill(confidence);
    await form.getByRole('button', { name: 'Save fact' }).click();
  };
  await add('Drinks tea', '0.9');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await add('Maybe likes jazz', '0.5');
  await expect(facts.getByRole('alert')).toContainText(
    'Maximum facts (1) is reached and every fact has a higher confidence than 0.5, so this one would be dropped at once.',
  );
  await facts.getByRole('button', { name: 'Cancel' }).click();
  await add('Lives in Oslo', '0.95');
  await expect(list.getByRole('listitem', { name: 'Lives in Oslo' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
