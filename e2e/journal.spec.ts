// The memory journal across tabs (issue 18): a memory write in one tab is seen in the other, and a
// change no journal explains (a tab of an older build writing straight to IndexedDB) is recorded
// as another tab's all the same.
import type { Page } from '@playwright/test';
import { test, expect, openApp, waitForEditor } from './fixtures';

const journalItems = async (page: Page) => {
  await page.getByRole('tab', { name: 'Memory journal' }).click();
  return page.getByRole('list', { name: 'Memory journal' }).getByRole('listitem');
};

test('a memory file saved in one tab is noticed in the other, and listed there with its diff', async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await openApp(b);

  await a
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/AGENTS.md' })
    .click();
  const editor = a.getByRole('region', { name: 'Editor' });
  const content = await waitForEditor(editor);
  await content.focus();
  await a.keyboard.press('Control+End');
  await a.keyboard.insertText('\n- Answers in French.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(/Saved · v2/)).toBeVisible();

  // Tab A says it too: a write outside a chat is a notice.
  await expect(a.getByRole('region', { name: 'Memory notices' })).toContainText(
    'Memory updated by you, in the editor: /memories/AGENTS.md (+1 −0).',
  );
  // Tab B hears of it from tab A.
  const notices = b.getByRole('region', { name: 'Memory notices' });
  await expect(notices).toContainText(
    'Memory updated by you, in the editor in another tab: /memories/AGENTS.md',
  );
  await notices.getByRole('button', { name: 'Show in journal' }).click();
  const newest = b.getByRole('list', { name: 'Memory journal' }).getByRole('listitem').first();
  await expect(newest).toContainText('/memories/AGENTS.md');
  await expect(newest).toContainText('changed by you, in the editor');
  await expect(newest.getByLabel('Diff of /memories/AGENTS.md')).toContainText(
    '+ - Answers in French.',
  );
});

test('a memory change written past the journal (an older tab) is recorded as another tab’s', async ({
  page,
}) => {
  await openApp(page);
  const before = await (await journalItems(page)).count();
  // An older build in another tab writes /memories/AGENTS.md straight to IndexedDB, then says so.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('mp-fs-user');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('files', 'readwrite').objectStore('files');
    await new Promise<void>((resolve, reject) => {
      const get = store.get('/AGENTS.md');
      get.onsuccess = () => {
        const file = get.result as {
          versions: { version: number; content: string; modifiedAt: number }[];
        };
        const last = file.versions[file.versions.length - 1]!;
        file.versions.push({
          version: last.version + 1,
          content: `${last.content}- POISONED by a tab without a journal.\n`,
          modifiedAt: Date.now(),
        });
        const put = store.put(file, '/AGENTS.md');
        put.onsuccess = () => resolve();
        put.onerror = () => reject(put.error);
      };
      get.onerror = () => reject(get.error);
    });
    db.close();
    const channel = new BroadcastChannel('memory-playground-fs');
    channel.postMessage({ type: 'fs-changed', paths: ['/memories/AGENTS.md'] });
    channel.close();
  });
  await expect(page.getByRole('region', { name: 'Memory notices' })).toContainText(
    'Memory updated by another tab (not journaled there)',
  );
  const items = await journalItems(page);
  await expect(items).toHaveCount(before + 1);
  await expect(items.first()).toContainText('changed by another tab (not journaled there)');
  await items.first().getByRole('button', { name: 'Diff' }).click();
  await expect(items.first().getByLabel('Diff of /memories/AGENTS.md')).toContainText(
    '+ - POISONED by a tab without a journal.',
  );
});
