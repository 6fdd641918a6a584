import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import {
  test,
  expect,
  openApp,
  sendMessage,
  configureProvider,
  freshContext,
  waitForEditor,
  expectEditor,
} from './fixtures';
import type { RecordedRequest } from './fake-servers/common';
import { startFakeOpenAI } from './fake-servers/openai';

const KEY = 'sk-ant-bundle-secret';

const MEMORY_JSON = JSON.stringify({
  version: '1.0',
  lastUpdated: '2025-01-01T00:00:00Z',
  user: {},
  history: {},
  facts: [{ id: 'f1', content: 'Prefers tabs', category: 'preference', confidence: 0.9 }],
});

const files = (page: Page) => page.getByRole('region', { name: 'Files' });
const fileButton = (page: Page, path: string) =>
  files(page).getByRole('button', { name: path, exact: true });

async function rememberTabs(page: Page) {
  await sendMessage(page, 'remember that I prefer tabs over spaces');
  await expect(
    page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
}

/** Creates /memories/memory.json through the Files panel and the editor. */
async function createMemoryJson(page: Page) {
  await files(page).getByRole('button', { name: 'New file' }).click();
  await files(page).getByLabel('New file path').fill('/memories/memory.json');
  await files(page).getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  const content = await waitForEditor(editor);
  await content.focus();
  // insertText, not type: the editor would auto-close brackets and quotes typed one by one.
  await page.keyboard.insertText(MEMORY_JSON);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(/Saved · v2/)).toBeVisible();
}

async function exportThroughUi(page: Page, path: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^default-memory-\d{4}-\d{2}-\d{2}\.zip$/);
  await download.saveAs(path);
  await expect(
    page.getByRole('region', { name: 'Memory bundle' }).getByRole('status'),
  ).toContainText('Exported default-memory-');
  return new Uint8Array(readFileSync(path));
}

function storedApiKeys(page: Page, entry = 'apiKeys') {
  return page.evaluate(
    (entry) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('mp-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('kv').objectStore('kv').get(entry);
          get.onsuccess = () => {
            resolve(get.result);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    entry,
  );
}

const contains = (haystack: Uint8Array, needle: string) =>
  Buffer.from(haystack).includes(Buffer.from(needle, 'utf8'));

test('export a bundle, clear the site data, import it back: memory, threads and settings return, the key does not', async ({
  page,
  browser,
  requestedUrls,
}, testInfo) => {
  await openApp(page);
  await rememberTabs(page);
  await createMemoryJson(page);
  await configureProvider(page, {
    provider: 'Anthropic',
    baseURL: 'http://127.0.0.1:9/',
    apiKey: KEY,
    remember: true,
  });
  // The key really is on the device (encrypted: src/adapters/key-vault.ts), so the export had a
  // chance to leak it.
  expect(await storedApiKeys(page, 'apiKeyVault')).toBeDefined();

  const zipPath = testInfo.outputPath('bundle.zip');
  const bytes = await exportThroughUi(page, zipPath);

  // No trace of the key: not in the raw bytes, not in any entry's name or inflated content.
  expect(contains(bytes, KEY)).toBe(false);
  const entries = unzipSync(bytes);
  for (const [name, data] of Object.entries(entries)) {
    expect(name).not.toContain(KEY);
    expect(contains(data, KEY), name).toBe(false);
  }
  const text = (name: string) => new TextDecoder().decode(entries[name]);
  const names = Object.keys(entries);
  expect(names).toEqual(expect.arrayContaining(['manifest.json', 'settings.json']));
  expect(text('files/memories/AGENTS.md')).toContain('User prefers tabs over spaces');
  expect(JSON.parse(text('files/memories/memory.json'))).toEqual(JSON.parse(MEMORY_JSON));
  expect(names.filter((n) => n.startsWith('threads/'))).toHaveLength(1);
  expect(names.filter((n) => n.startsWith('metrics/'))).toHaveLength(1);
  expect(JSON.parse(text('settings.json'))).toMatchObject({ provider: 'anthropic' });
  expect(JSON.parse(text('manifest.json'))).toMatchObject({
    format: 'memory-playground-bundle',
    formatVersion: 1,
    counts: { threads: 1 },
  });

  // A browser with no site data: the sample workspace, no threads, the Demo provider.
  const fresh = await freshContext(browser, testInfo.project.use.baseURL, requestedUrls);
  const page2 = await fresh.newPage();
  await openApp(page2);
  await expect(page2.getByRole('navigation', { name: 'Threads' })).toContainText('No threads yet');
  await expect(page2.getByText('scripted stand-in, not a language model')).toBeVisible();
  await expect(fileButton(page2, '/memories/memory.json')).toHaveCount(0);

  await page2.getByLabel('Import bundle', { exact: true }).setInputFiles(zipPath);
  const preview = page2.getByRole('dialog', { name: 'Import preview' });
  await expect(preview).toBeVisible();
  // The preview says what would change, before anything does.
  const previewFiles = preview.getByRole('region', { name: 'Files to import' });
  await expect(previewFiles.getByText('/memories/memory.json')).toBeVisible();
  // The fresh browser's AGENTS.md is the untouched sample: the bundle's memory replaces it, even
  // in the default merge (a renamed copy would never be loaded by the agent).
  await expect(
    previewFiles.getByRole('listitem').filter({ hasText: '/memories/AGENTS.md' }),
  ).toContainText('will be replaced (yours is the unchanged sample the app starts with)');
  await previewFiles
    .getByRole('listitem')
    .filter({ hasText: '/memories/AGENTS.md' })
    .getByRole('button', { name: 'Show diff' })
    .click();
  await expect(previewFiles.getByLabel(/^Diff of \/memories\/AGENTS\.md/)).toContainText(
    '+ - User prefers tabs over spaces.',
  );
  await expect(preview.getByRole('region', { name: 'Threads to import' })).toContainText(
    'remember that I prefer tabs over spaces',
  );
  // Where messages go is a connection change: marked, and not imported unless ticked.
  const connection = preview
    .getByRole('region', { name: 'Settings to import' })
    .getByRole('list', { name: 'Connection changes' });
  await expect(connection).toContainText('Connection provider: "demo" → "anthropic"');
  await expect(connection).toContainText('anthropic.baseURL');
  const importConnection = preview.getByLabel(
    'Import connection settings (provider, base URLs, models to download)',
  );
  await expect(importConnection).not.toBeChecked();
  await importConnection.check();

  await preview.getByLabel('Replace everything').check();
  await expect(
    previewFiles.getByRole('listitem').filter({ hasText: '/memories/AGENTS.md' }),
  ).toContainText('will be replaced');
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview).toBeHidden();
  await expect(
    page2.getByRole('region', { name: 'Memory bundle' }).getByRole('status'),
  ).toContainText(
    'Imported bundle.zip: files: 1 added, 1 replaced; threads: 1 added; settings applied.',
  );

  // Everything is back and shown: AGENTS.md with the preference, memory.json, the thread, settings.
  await fileButton(page2, '/memories/AGENTS.md').click();
  await expectEditor(page2.getByRole('region', { name: 'Editor' })).toContainText(
    'User prefers tabs over spaces',
  );
  await fileButton(page2, '/memories/memory.json').click();
  await expectEditor(page2.getByRole('region', { name: 'Editor' })).toContainText('Prefers tabs');
  const threads = page2.getByRole('navigation', { name: 'Threads' });
  await threads.getByRole('button', { name: /remember that I prefer tabs over spaces/ }).click();
  const conversation = page2.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText(
    'tabs over spaces',
  );
  await expect(
    conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' }),
  ).toBeVisible();
  await expect(page2.locator('.topbar')).toContainText('Anthropic');
  // The key did not come with it.
  expect(await storedApiKeys(page2)).toBeUndefined();
  await page2.getByRole('button', { name: 'Settings' }).click();
  await expect(
    page2.getByRole('dialog', { name: 'Settings' }).getByLabel('API key', { exact: true }),
  ).toHaveValue('');

  // After a reload it is all still there (it was written, not just shown).
  await page2.reload();
  await expect(page2.getByLabel('Message', { exact: true })).toBeEditable();
  await expect(
    page2
      .getByRole('navigation', { name: 'Threads' })
      .getByRole('button', { name: /tabs over spaces/ }),
  ).toBeVisible();
  await fresh.close();
});

test('a corrupted, truncated or foreign file is refused with the reason, and the data stays as it was', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await rememberTabs(page);
  const bytes = await exportThroughUi(page, testInfo.outputPath('good.zip'));
  const fileList = await files(page).getByRole('button').allTextContents();
  const threads = page.getByRole('navigation', { name: 'Threads' }).getByRole('listitem');
  await expect(threads).toHaveCount(1);

  const input = page.getByLabel('Import bundle', { exact: true });
  const alert = page.getByRole('region', { name: 'Memory bundle' }).getByRole('alert');
  const buffer = Buffer.from(bytes);

  await input.setInputFiles({
    name: 'truncated.zip',
    mimeType: 'application/zip',
    buffer: buffer.subarray(0, Math.floor(buffer.length / 2)),
  });
  await expect(alert).toContainText('truncated.zip was not imported');
  await expect(alert).toContainText('truncated or corrupted');
  await expect(alert).toContainText('Nothing was changed.');

  const damaged = Buffer.from(buffer);
  for (let i = 0; i < 16; i++) damaged[Math.floor(damaged.length / 2) + i]! ^= 0x5a;
  await input.setInputFiles({ name: 'damaged.zip', mimeType: 'application/zip', buffer: damaged });
  await expect(alert).toContainText('damaged.zip was not imported');
  await expect(alert).toContainText(/corrupted/);

  await input.setInputFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('# not a zip at all\n'),
  });
  await expect(alert).toContainText('not a ZIP archive');

  // No preview opened, nothing changed.
  await expect(page.getByRole('dialog', { name: 'Import preview' })).toHaveCount(0);
  expect(await files(page).getByRole('button').allTextContents()).toEqual(fileList);
  await expect(threads).toHaveCount(1);
  await fileButton(page, '/memories/AGENTS.md').click();
  await expectEditor(page.getByRole('region', { name: 'Editor' })).toContainText(
    'User prefers tabs over spaces',
  );
});

/** The system prompt of a recorded OpenAI chat completions request. */
const systemOf = (request: RecordedRequest) =>
  JSON.stringify(
    (request.body.messages as { role: string; content: unknown }[] | undefined)?.find(
      (m) => m.role === 'system',
    )?.content ?? '',
  );
/** The last request whose last message is `text` (the facts updater sends others). */
const requestFor = (requests: RecordedRequest[], text: string) =>
  requests
    .filter((r) =>
      JSON.stringify((r.body.messages as unknown[] | undefined)?.at(-1)).includes(text),
    )
    .at(-1);

test('export, import into a fresh browser with the default merge: the next model call carries the imported AGENTS.md memory', async ({
  page,
  browser,
  openai,
  requestedUrls,
}, testInfo) => {
  // The person's browser: the Demo remembers a preference in /memories/AGENTS.md.
  await openApp(page);
  await rememberTabs(page);
  const zipPath = testInfo.outputPath('memory.zip');
  await exportThroughUi(page, zipPath);

  // A fresh browser (new context: empty IndexedDB), set up with an OpenAI-compatible server.
  const fresh = await freshContext(browser, testInfo.project.use.baseURL, requestedUrls);
  const page2 = await fresh.newPage();
  await openApp(page2);
  await configureProvider(page2, {
    provider: 'OpenAI-compatible',
    baseURL: openai.url,
    apiKey: 'sk-fresh',
    model: 'gpt-4o-mini',
  });
  // A thread open before the import has loaded the sample memory.
  openai.enqueue({ text: 'Hello there.' });
  await sendMessage(page2, 'first message before the import');
  await expect(page2.getByRole('article', { name: 'Assistant' }).last()).toContainText('Hello');
  const before = requestFor(openai.requests, 'first message before the import')!;
  expect(systemOf(before)).toContain('Prefers concise answers with code examples.');
  expect(systemOf(before)).not.toContain('User prefers tabs over spaces');

  await page2.getByLabel('Import bundle', { exact: true }).setInputFiles(zipPath);
  const preview = page2.getByRole('dialog', { name: 'Import preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByLabel('Merge: keep both')).toBeChecked();
  const agentsRow = preview
    .getByRole('region', { name: 'Files to import' })
    .getByRole('listitem')
    .filter({ hasText: '/memories/AGENTS.md' });
  await expect(agentsRow).toContainText('Memory');
  await expect(agentsRow).toContainText('will be replaced');
  // The bundle's provider (the Demo) is a connection change: listed, unticked, not applied.
  await expect(
    preview
      .getByRole('region', { name: 'Settings to import' })
      .getByRole('list', { name: 'Connection changes' }),
  ).toContainText('provider: "openai" → "demo"');
  await expect(
    preview.getByLabel('Import connection settings (provider, base URLs, models to download)'),
  ).not.toBeChecked();
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview).toBeHidden();
  const status = page2.getByRole('region', { name: 'Memory bundle' }).getByRole('status');
  await expect(status).toContainText('Memory restored: /memories/AGENTS.md');
  await expect(status).toContainText('The open thread reloads it before its next model call');
  // No copy that nobody loads.
  await expect(fileButton(page2, '/memories/AGENTS (imported).md')).toHaveCount(0);
  // Still talking to the same server, with the key entered here.
  await expect(page2.locator('.topbar')).toContainText('OpenAI');

  // The open thread's next model call carries the imported memory.
  openai.enqueue({ text: 'Tabs, noted.' });
  await sendMessage(page2, 'second message in the same thread');
  await expect(page2.getByRole('article', { name: 'Assistant' }).last()).toContainText('Tabs');
  const same = requestFor(openai.requests, 'second message in the same thread')!;
  expect(systemOf(same)).toContain('User prefers tabs over spaces');

  // And a new thread loads it.
  await page2.getByRole('button', { name: 'New thread' }).click();
  openai.enqueue({ text: 'Tabs again.' });
  await sendMessage(page2, 'a message in a new thread');
  await expect(page2.getByRole('article', { name: 'Assistant' }).last()).toContainText('Tabs');
  const next = requestFor(openai.requests, 'a message in a new thread')!;
  expect(systemOf(next)).toContain('<agent_memory>');
  expect(systemOf(next)).toContain('User prefers tabs over spaces');
  expect(next.headers.authorization).toBe('Bearer sk-fresh');
  await fresh.close();
});

test('memory the person changed is not overwritten silently: the preview asks per memory file', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await rememberTabs(page);
  const zipPath = testInfo.outputPath('tabs.zip');
  await exportThroughUi(page, zipPath);
  // Since the export, the memory here changed too.
  await sendMessage(page, 'remember that I like haiku');
  await expect(
    page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' }),
  ).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(zipPath);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  const memory = preview.getByRole('region', { name: 'Memory files' });
  await expect(memory).toContainText('the agent does not load');
  const agents = memory.getByRole('group', { name: /\/memories\/AGENTS\.md/ });
  const apply = preview.getByRole('button', { name: 'Apply import' });
  await expect(apply).toBeDisabled();
  await expect(preview).toContainText('Choose what to do with /memories/AGENTS.md');

  await agents.getByLabel('Keep both').check();
  await expect(agents).toContainText(
    'the bundle’s is saved as /memories/AGENTS (imported).md, which the agent does not load',
  );
  await agents.getByLabel('Keep mine').check();
  await expect(agents).toContainText('Yours stays');
  await agents.getByLabel('Take theirs').check();
  await expect(agents).toContainText('The bundle’s replaces yours');
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(preview).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Memory bundle' }).getByRole('status'),
  ).toContainText('Memory restored: /memories/AGENTS.md');
  await fileButton(page, '/memories/AGENTS.md').click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expectEditor(editor).toContainText('User prefers tabs over spaces');
  await expectEditor(editor).not.toContainText('haiku');
});

/** The bundle with /memories/memory.json replaced by `content` (manifest size kept consistent). */
function withMemoryJson(bytes: Uint8Array, content: string): Buffer {
  const entries = unzipSync(bytes);
  const data = new TextEncoder().encode(content);
  const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
  manifest.files.find((f: { entry: string }) => f.entry === 'files/memories/memory.json').size =
    data.length;
  entries['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest));
  entries['files/memories/memory.json'] = data;
  return Buffer.from(zipSync(entries));
}

test('a bundle with a hostile memory.json is refused, naming the file, line and field; facts and files stay', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createMemoryJson(page);
  const bytes = await exportThroughUi(page, testInfo.outputPath('facts.zip'));
  await page.getByRole('tab', { name: 'Facts' }).click();
  const facts = page.getByRole('region', { name: 'Facts' });
  const list = facts.getByRole('list', { name: 'Facts list' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem', { name: 'Prefers tabs' })).toBeVisible();
  const fileList = await files(page).getByRole('button').allTextContents();

  const fact = (confidence: string) =>
    `{\n  "version": "1.0",\n  "facts": [\n    {\n      "id": "f1",\n      "content": "Evil",\n      "category": "preference",\n      "confidence": ${confidence}\n    }\n  ]\n}\n`;
  const variants = [
    { name: 'infinity.zip', content: fact('1e999'), field: 'facts[0].confidence' },
    { name: 'nan.zip', content: fact('"NaN"'), field: 'facts[0].confidence' },
    { name: 'range.zip', content: fact('1.5'), field: 'facts[0].confidence' },
    { name: 'object.zip', content: '{\n  "facts": {}\n}\n', field: 'facts: expected an array' },
  ];
  const input = page.getByLabel('Import bundle', { exact: true });
  const alert = page.getByRole('region', { name: 'Memory bundle' }).getByRole('alert');
  for (const variant of variants) {
    await input.setInputFiles({
      name: variant.name,
      mimeType: 'application/zip',
      buffer: withMemoryJson(bytes, variant.content),
    });
    await expect(alert).toContainText(`${variant.name} was not imported`);
    await expect(alert).toContainText('files/memories/memory.json');
    await expect(alert).toContainText(/line \d+, column \d+/);
    await expect(alert).toContainText(variant.field);
    await expect(alert).toContainText('Nothing was changed.');
    await expect(page.getByRole('dialog', { name: 'Import preview' })).toHaveCount(0);
  }

  // Nothing changed: the same facts, the same files, the same memory.json.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem', { name: 'Prefers tabs' })).toBeVisible();
  await expect(facts).not.toContainText('Evil');
  expect(await files(page).getByRole('button').allTextContents()).toEqual(fileList);
  await page.getByRole('tab', { name: 'Editor' }).click();
  await fileButton(page, '/memories/memory.json').click();
  await expectEditor(page.getByRole('region', { name: 'Editor' })).toContainText('Prefers tabs');
  await expectEditor(page.getByRole('region', { name: 'Editor' })).not.toContainText('Evil');
});

test('a bundle that moves the base URL: unticked, the connection stays; ticked, the key is not sent to the new host', async ({
  page,
  openai,
}, testInfo) => {
  const KEY_HERE = 'sk-original-endpoint-key';
  const other = await startFakeOpenAI();
  try {
    await openApp(page);
    await configureProvider(page, {
      provider: 'OpenAI-compatible',
      baseURL: openai.url,
      apiKey: KEY_HERE,
      model: 'gpt-4o-mini',
    });
    const bytes = await exportThroughUi(page, testInfo.outputPath('mine.zip'));
    // The bundle someone shared: the same memory, but the OpenAI base URL points elsewhere.
    const entries = unzipSync(bytes);
    const settings = JSON.parse(new TextDecoder().decode(entries['settings.json']));
    settings.openai.baseURL = other.url;
    settings.compaction.triggerFraction = 0.5;
    entries['settings.json'] = new TextEncoder().encode(JSON.stringify(settings, null, 2));
    const shared = Buffer.from(zipSync(entries));

    const input = page.getByLabel('Import bundle', { exact: true });
    const preview = page.getByRole('dialog', { name: 'Import preview' });
    const connectionBox = preview.getByLabel(
      'Import connection settings (provider, base URLs, models to download)',
    );
    await input.setInputFiles({ name: 'shared.zip', mimeType: 'application/zip', buffer: shared });
    await expect(
      preview
        .getByRole('region', { name: 'Settings to import' })
        .getByRole('list', { name: 'Connection changes' }),
    ).toContainText(`openai.baseURL: "${openai.url}" → "${other.url}"`);
    await expect(connectionBox).not.toBeChecked();
    await expect(preview.getByLabel('Import settings', { exact: true })).toBeChecked();
    await preview.getByRole('button', { name: 'Apply import' }).click();
    await expect(preview).toBeHidden();

    // Unticked: the other settings came, the messages (and the key) still go where they went.
    openai.enqueue({ text: 'Still here.' });
    await sendMessage(page, 'where do you live?');
    await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText(
      'Still here.',
    );
    expect(requestFor(openai.requests, 'where do you live?')!.headers.authorization).toBe(
      `Bearer ${KEY_HERE}`,
    );
    expect(other.requests).toHaveLength(0);

    // Ticked: the endpoint moves, and the key stays behind (it is entered again for the new one).
    await input.setInputFiles({ name: 'shared.zip', mimeType: 'application/zip', buffer: shared });
    await connectionBox.check();
    await expect(preview).toContainText('Connection: will change');
    await preview.getByRole('button', { name: 'Apply import' }).click();
    await expect(preview).toBeHidden();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByLabel('Base URL', { exact: true })).toHaveValue(other.url);
    await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await sendMessage(page, 'and now?');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await page.waitForTimeout(500);
    for (const request of other.requests)
      expect(JSON.stringify(request.headers)).not.toContain(KEY_HERE);
  } finally {
    await other.close();
  }
});
