// A long thread (over the 100 messages the conversation renders whole) is a virtualized list: it
// opens at its last message with only the rows near the view in the page, and a thread left in the
// middle opens there again. The thread comes in the way a person brings one: a memory bundle
// through "Import bundle" (the same builder as `npm run measure:ui`'s thread of 5,000 messages).
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { scenarioBundles } from '../scripts/ui-scenarios';
import { expect, openApp, scrollPositionSaved, test } from './fixtures';

/** 80 turns: 400 messages. */
const TURNS = 80;

async function importThreads(page: Page, file: string) {
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(file);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview).toBeHidden();
}

/** The app opened with the long thread (and a short one) imported from a bundle. */
async function openWithLongThread(page: Page, file: string) {
  const { thread } = await scenarioBundles({ turns: TURNS, facts: 1, files: 1 });
  writeFileSync(file, thread);
  await openApp(page);
  await importThreads(page, file);
}

/** "Turn n" of the first user message whose bottom is below the top of the view. */
const topMessage = (conversation: Locator) =>
  conversation.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const first = [...el.querySelectorAll('article[aria-label="User"]')].find(
      (a) => a.getBoundingClientRect().bottom > top + 1,
    );
    return /Turn \d+/.exec(first?.textContent ?? '')?.[0] ?? '';
  });

test('a long thread opens at its last message, renders only the rows near the view, and reopens where it was left', async ({
  page,
}, testInfo) => {
  await openWithLongThread(page, testInfo.outputPath('long-thread.zip'));

  const threads = page.getByRole('navigation', { name: 'Threads' });
  const conversation = page.getByRole('region', { name: 'Conversation' });
  // Whether the thread's first message is ever put in the page on the way to its end (it was: the
  // list first rendered and measured the thread's first rows, then scrolled).
  await page.evaluate(() => {
    const flag = window as unknown as { firstRowSeen: boolean };
    flag.firstRowSeen = false;
    new MutationObserver(() => {
      if (document.getElementById('msg-msg_f1')) flag.firstRowSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await threads.getByRole('button', { name: /^A long working thread/ }).click();
  // At its end: the last turn's question is in view, the first turn's is not in the page at all.
  await expect(conversation.getByText(`Turn ${TURNS}: what`)).toBeInViewport();
  await expect(conversation.getByText(/^Turn 1: what/)).toHaveCount(0);
  expect(
    await conversation.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight),
  ).toBeLessThan(10);
  expect(await conversation.locator('article').count()).toBeLessThan(60);
  expect(
    await page.evaluate(() => (window as unknown as { firstRowSeen: boolean }).firstRowSeen),
  ).toBe(false);

  // Left in the middle, then another thread, then back: the same message at the top.
  await conversation.evaluate((el) => {
    el.scrollTop = Math.round((el.scrollHeight - el.clientHeight) / 2);
  });
  await expect.poll(() => topMessage(conversation)).toMatch(/^Turn \d+$/);
  const middle = await topMessage(conversation);
  expect([`Turn 1`, `Turn ${TURNS}`]).not.toContain(middle);
  await scrollPositionSaved(page); // written a moment after the scroll
  await threads.getByRole('button', { name: /^A short thread/ }).click();
  await expect(conversation.getByText('Hello! How can I help?')).toBeVisible();
  await threads.getByRole('button', { name: /^A long working thread/ }).click();
  await expect.poll(() => topMessage(conversation)).toBe(middle);
});

test('a message sent in a long thread is kept after a reload, with every earlier message', async ({
  page,
}, testInfo) => {
  // Threads are saved in chunks (a save writes only what changed): the reload reads them all back.
  await openWithLongThread(page, testInfo.outputPath('long-thread.zip'));
  const threads = page.getByRole('navigation', { name: 'Threads' });
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await threads.getByRole('button', { name: /^A long working thread/ }).click();
  await expect(conversation.getByText(`Turn ${TURNS}: what`)).toBeInViewport();
  await page.getByLabel('Message', { exact: true }).fill('Remember that the launch moved to March');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    /March/,
  );
  // The run has ended (Stop gives Send its place back).
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.reload();
  await threads.getByRole('button', { name: /^A long working thread/ }).click();
  await expect(conversation.getByText('Remember that the launch moved to March')).toBeVisible();
  await conversation.evaluate((el) => (el.scrollTop = 0));
  await expect(conversation.getByText(/^Turn 1: what/)).toBeVisible();
});
