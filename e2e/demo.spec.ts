import { test, expect, openApp, sendMessage } from './fixtures';

test('with no key, the Demo provider remembers a preference, shows the diff, and can undo it', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByText('scripted stand-in, not a language model')).toBeVisible();

  // The sample workspace is there from the first start.
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('button', { name: '/memories/AGENTS.md' })).toBeVisible();
  await expect(files.getByRole('button', { name: '/AGENTS.md', exact: true })).toBeVisible();

  await sendMessage(page, 'remember that I prefer tabs over spaces');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText(
    'tabs over spaces',
  );
  const toolCall = conversation.getByText('edit_file').first();
  await expect(toolCall).toBeVisible();
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    '/memories/AGENTS.md',
  );
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    'not a language model',
  );

  // The chip shows the change as a diff.
  const chip = conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' });
  await chip.getByRole('button', { name: /Memory updated/ }).click();
  await expect(chip.getByLabel('Diff of /memories/AGENTS.md')).toContainText(
    '+ - I prefer tabs over spaces.',
  );

  // The file itself changed, and the editor shows it.
  await files.getByRole('button', { name: '/memories/AGENTS.md' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expect(editor).toContainText('I prefer tabs over spaces');

  // The next question is answered from the refreshed memory, citing the line used.
  await sendMessage(page, 'do I prefer tabs or spaces?');
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    'tabs over spaces',
  );
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    '/memories/AGENTS.md',
  );

  // Undo restores the earlier content.
  await chip.getByRole('button', { name: 'Undo' }).click();
  await expect(chip.getByRole('button', { name: /Memory edit undone/ })).toBeVisible();
  await expect(editor).not.toContainText('I prefer tabs over spaces');
});

test('threads, files and settings survive a reload, and past threads reopen', async ({ page }) => {
  await openApp(page);
  await sendMessage(page, 'remember that my favourite editor is Helix');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('group', { name: /Memory updated/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.getByRole('button', { name: 'New thread' }).click();
  await expect(conversation.getByRole('article')).toHaveCount(0);
  await sendMessage(page, 'list files');
  await expect(conversation.getByRole('article', { name: /^Tool ls/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  const threads = page.getByRole('navigation', { name: 'Threads' });
  await expect(threads.getByRole('button')).toHaveCount(2);
  await threads.getByRole('button', { name: /favourite editor is Helix/ }).click();
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText(
    'favourite editor is Helix',
  );
  await expect(conversation.getByRole('group', { name: /Memory updated/ })).toBeVisible();

  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/AGENTS.md' })
    .click();
  await expect(page.getByRole('region', { name: 'Editor' })).toContainText(
    'My favourite editor is Helix',
  );
});

test('the side panels work from the keyboard (arrow keys move between tabs)', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Editor' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Context' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Context' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Context' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('region', { name: 'Strategy' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('region', { name: 'Memory journal' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('region', { name: 'Facts' })).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Editor' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
});
