// Addresses (SPEC 15: #/thread/<id>, #/arena, #/arena/<run>): a reload returns to the thread with
// its strategy, the side tab and the scroll position; Back and Forward move between threads and the
// arena; a link to a thread or run that is not kept says so and offers the list; a kept run's link
// opens it after a reload and in another tab. On the Demo provider (offline), but for an answer
// streamed slowly by the fake OpenAI server.
import type { Locator, Page } from '@playwright/test';
import {
  configureProvider,
  expect,
  openApp,
  scrollPositionSaved,
  sendMessage,
  test,
} from './fixtures';

const hashOf = (page: Page) => new URL(page.url()).hash;

/** Sends a message and waits until the Demo has answered. */
async function say(page: Page, text: string) {
  await sendMessage(page, text);
  await expect(
    page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('article', { name: 'User' })
      .filter({ hasText: text.slice(0, 40) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
}

/** A user message long enough to take several lines. */
const longNote = (n: number) =>
  `Paragraph ${n}: ${Array.from({ length: 60 }, (_, i) => `word${n}x${i}`).join(' ')}`;

/** The address of the open thread, once the first message has given it one. */
async function threadHash(page: Page) {
  await expect.poll(() => hashOf(page)).toMatch(/^#\/thread\/thread_[0-9a-f]{16}$/);
  return hashOf(page);
}

/** The text that starts the first user message whose bottom is below the top of the conversation. */
function topMessage(conversation: Locator) {
  return conversation.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const first = [...el.querySelectorAll('article[aria-label="User"]')].find(
      (a) => a.getBoundingClientRect().bottom > top + 1,
    );
    return first?.textContent?.slice(0, 40) ?? '';
  });
}

const distanceToEnd = (conversation: Locator) =>
  conversation.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

test('a reload returns to the thread, its strategy, the side tab and where the conversation was scrolled', async ({
  page,
}) => {
  await openApp(page);
  // Nothing is open yet and there is no thread: the address names the new-thread screen.
  expect(hashOf(page)).toBe('#/new');
  const conversation = page.getByRole('region', { name: 'Conversation' });

  // Thread A: Sliding window, eight long messages.
  await page
    .getByLabel('Context strategy', { exact: true })
    .selectOption({ label: 'Sliding window' });
  for (let n = 1; n <= 8; n++) await say(page, longNote(n));
  const threadA = await threadHash(page);

  // Thread B, newer than A, also long (and left at its end).
  await page.getByRole('button', { name: 'New thread' }).click();
  expect(hashOf(page)).toBe('#/new');
  for (let n = 11; n <= 16; n++) await say(page, longNote(n));
  const threadB = await threadHash(page);
  expect(threadB).not.toBe(threadA);

  // Back to A (not the most recent thread), the Strategy tab, scrolled to the middle.
  const threads = page.getByRole('navigation', { name: 'Threads' });
  await threads.getByRole('button', { name: /^Paragraph 1:/ }).click();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(conversation.getByRole('article', { name: 'User' }).first()).toContainText(
    'Paragraph 1:',
  );
  await page.getByRole('tab', { name: 'Strategy' }).click();
  await expect(page.getByRole('region', { name: 'Strategy' })).toBeVisible();
  const scrolled = await conversation.evaluate((el) => {
    el.scrollTop = Math.round((el.scrollHeight - el.clientHeight) / 2);
    return el.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(200);
  const before = await topMessage(conversation);
  expect(before).toMatch(/Paragraph [2-7]:/);
  await scrollPositionSaved(page); // written a moment after the scroll

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(8);
  await expect(page.getByLabel('Context strategy', { exact: true })).toHaveValue('sliding-window');
  await expect(page.getByRole('tab', { name: 'Strategy' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Strategy' })).toBeVisible();
  await expect(threads.getByRole('button', { name: /^Paragraph 1:/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(await topMessage(conversation)).toBe(before);
  const restored = await conversation.evaluate((el) => el.scrollTop);
  expect(Math.abs(restored - scrolled)).toBeLessThan(4);

  // B was left at its end: it opens there, and stays pinned to the end after a reload.
  await threads.getByRole('button', { name: /^Paragraph 11:/ }).click();
  await expect(page).toHaveURL(new RegExp(`${threadB}$`));
  await expect(conversation.getByRole('article', { name: 'User' }).last()).toContainText(
    'Paragraph 16:',
  );
  expect(await distanceToEnd(conversation)).toBeLessThan(8);
  await page.reload();
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(6);
  expect(await distanceToEnd(conversation)).toBeLessThan(8);
  await say(page, longNote(17));
  expect(await distanceToEnd(conversation)).toBeLessThan(8);

  // A still opens where it was left.
  await threads.getByRole('button', { name: /^Paragraph 1:/ }).click();
  await expect(conversation.getByRole('article', { name: 'User' }).first()).toContainText(
    'Paragraph 1:',
  );
  expect(await topMessage(conversation)).toBe(before);
});

test('Back and Forward move between two threads and the arena, without duplicate entries', async ({
  page,
}) => {
  await openApp(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const arena = page.getByRole('region', { name: 'Arena' });
  const threads = page.getByRole('navigation', { name: 'Threads' });
  const firstUser = conversation.getByRole('article', { name: 'User' }).first();

  await say(page, 'remember that my favourite colour is teal');
  const threadA = await threadHash(page);
  await page.getByRole('button', { name: 'New thread' }).click();
  await say(page, 'list files');
  const threadB = await threadHash(page);

  // Opening the thread already open adds no entry; opening A and the arena do.
  await threads.getByRole('button', { name: /^list files/ }).click();
  await threads.getByRole('button', { name: /favourite colour is teal/ }).click();
  await expect(firstUser).toContainText('favourite colour is teal');
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  await expect(arena).toBeVisible();
  expect(hashOf(page)).toBe('#/arena');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(arena).toBeHidden();
  await expect(firstUser).toContainText('favourite colour is teal');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${threadB}$`));
  await expect(firstUser).toContainText('list files');
  await expect(conversation.getByRole('article', { name: /^Tool ls/ })).toBeVisible();

  // Before B came A: the new-thread screens became the threads their first messages started.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(firstUser).toContainText('favourite colour is teal');

  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${threadB}$`));
  await expect(firstUser).toContainText('list files');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(firstUser).toContainText('favourite colour is teal');
  await page.goForward();
  await expect(arena).toBeVisible();
  expect(hashOf(page)).toBe('#/arena');

  // The arena's own button back to the chat is a step too, and Back undoes it.
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await page.goBack();
  await expect(arena).toBeVisible();
});

test('Back while an answer is being written stays on that thread and says why', async ({
  page,
  openai,
}) => {
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: openai.url,
    apiKey: 'sk-routes',
    model: 'gpt-4o-mini',
  });
  openai.enqueue({ text: 'Short answer.' });
  await say(page, 'first thread');
  const threadA = await threadHash(page);
  await page.getByRole('button', { name: 'New thread' }).click();
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  openai.enqueue({ text: `Slow answer: ${words}`, chunkDelayMs: 100 });
  await sendMessage(page, 'second thread');
  const threadB = await threadHash(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation).toContainText('word3');

  await page.goBack();
  await expect(
    page.getByRole('status').filter({ hasText: 'A reply is being written in the open thread' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${threadB}$`));
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText('second thread');

  // Once the answer is stopped, the thread list opens A, and the message goes.
  await page.getByRole('button', { name: 'Stop' }).click();
  await page
    .getByRole('navigation', { name: 'Threads' })
    .getByRole('button', { name: /^first thread/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(page.getByText('A reply is being written in the open thread')).toBeHidden();
});

test('a link to a thread that does not exist says so, offers the thread list and creates nothing', async ({
  page,
}) => {
  await openApp(page);
  await say(page, 'remember that my favourite colour is teal');
  const threadA = await threadHash(page);
  const threads = page.getByRole('navigation', { name: 'Threads' });
  await expect(threads.getByRole('listitem')).toHaveCount(1);

  const missing = 'thread_0000000000000000';
  await page.goto(`/#/thread/${missing}`);
  await page.reload(); // opened from the link itself, not from within the app
  const heading = page.getByRole('heading', { name: 'This thread no longer exists' });
  await expect(heading).toBeVisible();
  await expect(page.getByText(`No thread with the id “${missing}”`)).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeHidden();
  expect(hashOf(page)).toBe(`#/thread/${missing}`);

  // The thread list is offered, even from a collapsed sidebar.
  await page
    .getByRole('group', { name: 'Layout' })
    .getByRole('button', { name: 'Threads and files' })
    .click();
  const width = async () => (await threads.boundingBox())?.width ?? 0;
  await expect.poll(width).toBeLessThan(2);
  await page.getByRole('button', { name: 'Show the thread list' }).click();
  await expect.poll(width).toBeGreaterThan(100);
  await expect(threads).toBeFocused();
  await expect(threads.getByRole('listitem')).toHaveCount(1);

  await threads.getByRole('button', { name: /favourite colour is teal/ }).click();
  await expect(heading).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${threadA}$`));
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();

  // Back returns to the link, which still says so; "New thread" leaves it for the new-thread screen.
  await page.goBack();
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'New thread' }).click();
  await expect(heading).toBeHidden();
  expect(hashOf(page)).toBe('#/new');
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();

  // A long id is shown cut, and the cut is said; an address of no known shape says that.
  const long = `thread_${'a'.repeat(120)}`;
  await page.goto(`/#/thread/${long}`);
  await expect(heading).toBeVisible();
  await expect(
    page.getByText(`“${long.slice(0, 60)}…” (cut: the first 60 of 127 characters)`),
  ).toBeVisible();
  await page.goto('/#/threads/everything');
  await expect(page.getByRole('heading', { name: 'This address names no view' })).toBeVisible();
  await expect(page.getByText('“#/threads/everything”')).toBeVisible();
  await expect(
    page.getByText(/the app’s addresses are #\/thread\/<id>, #\/arena and #\/arena\/<run>/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the thread list' })).toBeVisible();

  // Nothing was created by any of it.
  await page.reload();
  await expect(threads.getByRole('listitem')).toHaveCount(1);
});

test('a kept arena run has its own address: a reload and another tab open that run; an unknown run says so', async ({
  page,
  context,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  await expect(arena).toBeVisible();
  expect(hashOf(page)).toBe('#/arena');
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Personal assistant: facts stated early, asked late' });
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = page.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Kept: the address now names the run (the same history entry).
  await expect.poll(() => hashOf(page)).toMatch(/^#\/arena\/arena_[0-9a-z]+_[0-9a-z]+$/);
  const runHash = hashOf(page);

  await page.reload();
  await expect(arena).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(arena.getByRole('status').filter({ hasText: 'Personal assistant' })).toBeVisible();
  expect(hashOf(page)).toBe(runHash);

  const other = await context.newPage();
  await other.goto(`/${runHash}`);
  await expect(other.getByRole('table', { name: 'Arena results' }).getByRole('row')).toHaveCount(4);
  await other.close();

  // A second run, then Back to the first by its address.
  await arena.getByRole('checkbox', { name: 'OS-like paging', exact: true }).check();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  await expect(table.getByRole('row')).toHaveCount(5);
  // Kept too (its own address): until then the run is going, and Back would be refused.
  await expect
    .poll(() => {
      const hash = hashOf(page);
      return hash !== runHash && /^#\/arena\/arena_[0-9a-z]+_[0-9a-z]+$/.test(hash);
    })
    .toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${runHash}$`));
  await expect(table.getByRole('row')).toHaveCount(4);

  // A run that is not kept here: said in the arena, with the way to the past runs.
  const missing = 'arena_zzzzzz_0000';
  await page.goto(`/#/arena/${missing}`);
  await expect(
    page.getByRole('heading', { name: 'This arena run no longer exists' }),
  ).toBeVisible();
  await expect(arena.getByText(`No kept arena run has the id “${missing}”`)).toBeVisible();
  await expect(table).toBeHidden();
  await arena.getByRole('button', { name: 'Show past runs' }).click();
  const past = arena.getByRole('navigation', { name: 'Past runs' });
  await expect(past).toBeFocused();
  await past.getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'This arena run no longer exists' })).toBeHidden();
  await expect(table).toBeVisible();
});
