// A reload while an answer is streaming keeps what had arrived, marked as cut off.
import { test, expect, openApp, sendMessage, configureProvider } from './fixtures';

test('a reload mid-stream keeps the part of the answer that had arrived, marked as cut off', async ({
  page,
  openai,
}) => {
  const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  openai.enqueue({ text: `Partial answer begins: ${words}`, chunkDelayMs: 120 });
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: openai.url,
    apiKey: 'sk-reload',
    model: 'gpt-4o-mini',
  });
  await sendMessage(page, 'tell me a long story');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation).toContainText('word12');
  // The draft is saved about once a second while it streams.
  await page.waitForTimeout(1_500);
  await page.reload();
  await page
    .getByRole('button', { name: /tell me a long story/ })
    .first()
    .click();
  const answer = conversation.getByRole('article', { name: /^Assistant/ });
  await expect(answer).toContainText('Partial answer begins: word0 word1');
  await expect(answer).toContainText('interrupted');
  await expect(conversation).toContainText('cut off');
});
