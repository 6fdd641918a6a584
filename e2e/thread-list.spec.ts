// A saved thread is a listed thread (issue 31): the list's entry of a thread is kept beside it in
// the threads database and written in the thread's own transaction; a thread stored without one (by
// an earlier version, whose list entry lived in another database and could fail to be written when
// storage was full) gets it back at the next page load. On the Demo provider (offline).
import { expect, openApp, sendMessage, test } from './fixtures';

test('a stored thread that has no list entry is in the thread list after a reload', async ({
  page,
}) => {
  await openApp(page);
  await sendMessage(page, 'Plan the garden beds for spring');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/thread\/thread_[0-9a-f]{16}$/);
  const id = new URL(page.url()).hash.slice('#/thread/'.length);
  const threads = page.getByRole('navigation', { name: 'Threads' });
  await expect(threads.getByRole('button', { name: /^Plan the garden beds/ })).toBeVisible();

  // The thread's records stay; its list entry goes, as an earlier version could leave it.
  const removed = await page.evaluate(
    (threadId) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mp-threads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('threads', 'readwrite');
          const store = tx.objectStore('threads');
          const key = `\u0001index\u0000${threadId}`;
          const before = store.count(key);
          store.delete(key);
          tx.oncomplete = () => {
            open.result.close();
            resolve(before.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    id,
  );
  expect(removed).toBe(1);

  await page.goto('/#/new');
  await page.reload();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  await expect(threads.getByRole('button', { name: /^Plan the garden beds/ })).toBeVisible();
  // And it opens, with its conversation.
  await threads.getByRole('button', { name: /^Plan the garden beds/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/thread/${id}$`));
  await expect(
    page.getByRole('region', { name: 'Conversation' }).getByRole('article', { name: 'User' }),
  ).toContainText('Plan the garden beds for spring');
});
