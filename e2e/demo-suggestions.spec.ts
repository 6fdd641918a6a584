// Every suggestion the Demo offers works when clicked (issue 33): each button on a fresh thread's
// empty screen, and each suggestion under the answer it gets, is clicked and answered with
// something other than a fallback ("I don't understand …", "Sorry that missed", "I don't
// know …"). Each suggestion is clicked on a fresh thread that got the same first answer, so the
// button clicked is one the Demo really offered there.
import type { Locator, Page } from '@playwright/test';
import { NOT_UNDERSTOOD } from '../tests/fixtures/demo-session-fallbacks';
import { expect, openApp, test } from './fixtures';

const STARTERS = 'Start a conversation, or try one of these:';
const FALLBACKS = [...NOT_UNDERSTOOD, "I don't know"];

function conversationOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Conversation' });
}

/** A new, empty thread: its screen offers the starters. */
async function freshThread(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New thread' }).click();
  const starters = conversationOf(page).getByRole('list', { name: STARTERS });
  await expect(starters).toBeVisible();
  return starters;
}

/** Waits for the answer to the `count`th message; its text. */
async function answered(page: Page, count: number): Promise<string> {
  const conversation = conversationOf(page);
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  const answer = conversation.getByRole('article', { name: 'Assistant', exact: true }).last();
  await expect(answer).toContainText('Demo provider');
  return (await answer.textContent()) ?? '';
}

function expectUnderstood(answer: string, said: string) {
  for (const fallback of FALLBACKS)
    expect(answer, `the answer to “${said}”`).not.toContain(fallback);
}

/** The suggestions under the latest answer. */
async function offered(page: Page): Promise<string[]> {
  const list = conversationOf(page).getByRole('list', { name: 'Suggested replies' });
  return (await list.count()) > 0 ? list.getByRole('button').allTextContents() : [];
}

test('every suggestion the Demo offers on a fresh thread works when clicked', async ({ page }) => {
  test.setTimeout(300_000);
  await openApp(page);
  const names = (await (await freshThread(page)).getByRole('button').allTextContents()).filter(
    (name) => name !== 'Compare strategies',
  );
  expect(names.length).toBeGreaterThanOrEqual(5);
  let clicked = 0;
  for (const starter of names) {
    await (await freshThread(page)).getByRole('button', { name: starter, exact: true }).click();
    expectUnderstood(await answered(page, 1), starter);
    clicked++;
    const suggestions = await offered(page);
    for (const [i, suggestion] of suggestions.entries()) {
      if (i > 0) {
        await (await freshThread(page)).getByRole('button', { name: starter, exact: true }).click();
        await answered(page, 1);
        expect(await offered(page)).toEqual(suggestions);
      }
      await conversationOf(page)
        .getByRole('list', { name: 'Suggested replies' })
        .getByRole('button', { name: suggestion, exact: true })
        .click();
      expectUnderstood(await answered(page, 2), suggestion);
      clicked++;
    }
  }
  expect(clicked).toBeGreaterThan(names.length);

  // The one starter that sends nothing opens the arena.
  await (await freshThread(page)).getByRole('button', { name: 'Compare strategies' }).click();
  await expect(page.getByRole('region', { name: 'Arena' })).toBeVisible();
});
