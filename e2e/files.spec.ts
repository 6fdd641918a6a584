import type { Page } from '@playwright/test';
import { test, expect, openApp, waitForEditor, expectEditor } from './fixtures';

const fileButton = (page: Page, path: string) =>
  page.getByRole('region', { name: 'Files' }).getByRole('button', { name: path, exact: true });

async function typeAtEnd(page: Page, text: string) {
  const content = await waitForEditor(page);
  await content.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a file opens in the editor, saves, keeps its versions, and survives a reload', async ({
  page,
}) => {
  await openApp(page);
  await fileButton(page, '/notes/todo.md').click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expectEditor(editor).toContainText('Cache responses for ten minutes.');

  await typeAtEnd(page, '\n- Write the changelog.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Saved · v2')).toBeVisible();

  await page.reload();
  await fileButton(page, '/notes/todo.md').click();
  await expectEditor(editor).toContainText('Write the changelog.');

  // Version 1 can be compared with the current text in the diff editor.
  await editor.getByRole('button', { name: 'History' }).click();
  await editor.getByRole('list', { name: 'Versions' }).getByRole('button', { name: /^v1/ }).click();
  const diff = editor.getByRole('group', { name: /^Diff:/ });
  await expect(diff).toBeVisible();
  await expect(diff).toContainText('Write the changelog.');
});

test('two tabs editing one file: the second save is not silently written, and the user chooses', async ({
  context,
}) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openApp(tabA);
  await openApp(tabB);
  for (const tab of [tabA, tabB]) {
    await fileButton(tab, '/AGENTS.md').click();
    await expectEditor(tab.getByRole('region', { name: 'Editor' })).toContainText('weather-cli');
  }

  // B starts editing, then A saves first.
  await typeAtEnd(tabB, '\n- Edited in tab B.');
  await typeAtEnd(tabA, '\n- Edited in tab A.');
  await tabA.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Save' }).click();
  await expect(tabA.getByText('Saved · v2')).toBeVisible();

  // B is told, and its save asks instead of overwriting.
  const editorB = tabB.getByRole('region', { name: 'Editor' });
  await editorB.getByRole('button', { name: 'Save' }).click();
  const conflict = editorB.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Keep my version' })).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Load theirs' })).toBeVisible();

  await conflict.getByRole('button', { name: 'Keep my version' }).click();
  await expect(editorB.getByText('Saved · v3')).toBeVisible();

  // A learns about B's save (no unsaved edits there), and the stored file holds B's text.
  await expectEditor(tabA.getByRole('region', { name: 'Editor' })).toContainText(
    'Edited in tab B.',
  );
  await tabA.reload();
  await fileButton(tabA, '/AGENTS.md').click();
  await expectEditor(tabA.getByRole('region', { name: 'Editor' })).toContainText(
    'Edited in tab B.',
  );
  await expectEditor(tabA.getByRole('region', { name: 'Editor' })).not.toContainText(
    'Edited in tab A.',
  );
});

test('path tricks in a new file name are refused with a clear reason', async ({ page }) => {
  await openApp(page);
  const files = page.getByRole('region', { name: 'Files' });
  await files.getByRole('button', { name: 'New file' }).click();
  for (const bad of ['/../etc/passwd', '~/secrets.md', '\\windows\\file.txt']) {
    // The form stays open after a refusal, with the reason shown.
    await files.getByLabel('New file path').fill(bad);
    await files.getByRole('button', { name: 'Create' }).click();
    await expect(files.getByRole('alert')).toContainText('Invalid path');
    await files.getByRole('alert').getByRole('button').click();
  }
  await expect(files.getByRole('button', { name: /passwd|secrets|windows/ })).toHaveCount(0);

  await files.getByLabel('New file path').fill('/notes/ideas.md');
  await files.getByRole('button', { name: 'Create' }).click();
  await expect(fileButton(page, '/notes/ideas.md')).toBeVisible();
});
