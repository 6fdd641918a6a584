// The compaction flight recorder (issue 20): a summary that drops a needle number and a file path is
// shown in the "Compaction record" with both under "Recoverable" (the history file holds them and
// the summary names it); a pinned message survives the next summarization verbatim; "Compact now"
// previews a summarization and changes nothing until Apply.
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { longThread, threadsBundle } from '../scripts/ui-scenarios';
import type { FakeServer, RecordedRequest } from './fake-servers/common';
import { test, expect, openApp, sendMessage, configureProvider } from './fixtures';

const isSummaryRequest = (req: RecordedRequest) =>
  String(req.body.messages?.[0]?.content ?? '').includes(
    'You condense the working memory of an AI agent',
  );
type Msg = { role: string; content?: string | null };
const messagesOf = (req: RecordedRequest) => req.body.messages as Msg[];

const NEEDLE =
  'Remember: the vault holds 4,817 kg of ore, and the ledger is /srv/vault/ledger.csv.';

const SUMMARY = [
  '## SESSION INTENT',
  'Plan the weather-cli release with the user.',
  '## SUMMARY',
  'We worked through the release steps one by one.',
  '## ARTIFACTS',
  'None.',
  '## NEXT STEPS',
  'Continue the release checklist, then tag the release.',
].join('\n');

const longAnswer = (k: number) =>
  `Step ${k} of the release plan. ` +
  Array.from(
    { length: 40 },
    (_, i) => `Checklist item ${k}.${i}: verify the forecast output and the changelog entry.`,
  ).join(' ');

async function useOpenAI(page: Page, url: string, options: { stress?: boolean } = {}) {
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: url,
    apiKey: 'sk-recorder',
    model: 'gpt-4o-mini',
  });
  if (!options.stress) return;
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Context window', { exact: true }).fill('16000');
  await dialog.getByLabel('Compaction preset').selectOption('stress');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Answers summaries with SUMMARY (which drops the needle) and turns with long answers. */
function scriptServer(openai: FakeServer) {
  let step = 0;
  const summaries: RecordedRequest[] = [];
  openai.setDefault((req) => {
    if (isSummaryRequest(req)) {
      summaries.push(req);
      return { text: SUMMARY };
    }
    step += 1;
    return { text: longAnswer(step) };
  });
  return summaries;
}

async function talk(page: Page, from: number, to: number) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  for (let k = from; k <= to; k++) {
    if (k > 1) await sendMessage(page, `next step ${k - 1}`);
    await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
      `Step ${k} of the release plan`,
    );
  }
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
}

test('a summary that drops a needle number and a path: the record lists both, recoverable from the history file', async ({
  page,
  openai,
}) => {
  const summaries = scriptServer(openai);
  await useOpenAI(page, openai.url, { stress: true });
  await sendMessage(page, `${NEEDLE} Now help me plan the weather-cli release.`);
  await talk(page, 1, 6);
  expect(summaries.length).toBeGreaterThan(0);

  const tokens = page.getByRole('region', { name: 'Token usage' });
  await tokens
    .getByRole('list', { name: 'Context events' })
    .getByRole('button', { name: /Conversation summarized/ })
    .first()
    .click();
  const record = page.getByRole('region', { name: 'Compaction record' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('heading', { level: 3 })).toHaveText(
    /^[\d,]+ lost · [\d,]+ recoverable · [\d,]+ kept$/,
  );
  const recoverable = record.getByRole('list', { name: 'Recoverable' });
  await expect(recoverable).toContainText('4,817 kg');
  await expect(recoverable).toContainText('/srv/vault/ledger.csv');
  // Where each came from: the user message that said it, and the file that holds it.
  await expect(recoverable.getByRole('listitem').filter({ hasText: /^4,817 kg/ })).toContainText(
    'from User message “Remember: the vault holds',
  );
  await expect(recoverable.getByRole('listitem').filter({ hasText: /^4,817 kg/ })).toContainText(
    '/conversation_history/session_',
  );
  await expect(record.getByRole('list', { name: 'Kept' })).not.toContainText('4,817 kg');
  await expect(record.getByRole('list', { name: 'Lost' })).not.toContainText('4,817 kg');
  await expect(record.getByLabel('Intent survival')).toContainText(/Intent/);

  // The same record opens from the summarization's mark on the token chart.
  const dialog = page.getByRole('dialog', { name: 'Flight recorder' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(record).toBeHidden();
  // The chart's plot is an image (its marks are not named; the event list above is its accessible
  // twin): its marks are found by their layer.
  await tokens.locator('.chart-marker-kind[data-kind="summarize"] .chart-marker').first().click();
  await expect(record).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Conversation summarized');
  await expect(record.getByRole('list', { name: 'Recoverable' })).toContainText('4,817 kg');
  await expect(record.getByRole('list', { name: 'Recoverable' })).toContainText(
    '/srv/vault/ledger.csv',
  );

  // Reload: the record is kept with the thread.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Token usage' })
    .getByRole('list', { name: 'Context events' })
    .getByRole('button', { name: /Conversation summarized/ })
    .first()
    .click();
  await expect(
    page.getByRole('region', { name: 'Compaction record' }).getByRole('list', {
      name: 'Recoverable',
    }),
  ).toContainText('/srv/vault/ledger.csv');
});

test('a pinned message is never summarized: it stays verbatim after the summary, and its specifics are kept', async ({
  page,
  openai,
}) => {
  const summaries = scriptServer(openai);
  await useOpenAI(page, openai.url, { stress: true });
  await sendMessage(page, `${NEEDLE} Now help me plan the weather-cli release.`);
  await talk(page, 1, 1);
  const first = page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('article', { name: 'User' })
    .first();
  const pin = first.getByRole('button', { name: 'Pin' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await talk(page, 2, 6);
  expect(summaries.length).toBeGreaterThan(0);

  // The requests after the summary carry the summary and the pinned message, word for word.
  const afterSummary = openai.requests.filter((r) => !isSummaryRequest(r)).at(-1)!;
  const sent = JSON.stringify(messagesOf(afterSummary));
  expect(sent).toContain('SESSION INTENT');
  expect(sent).toContain('the vault holds 4,817 kg of ore');
  // The summarizer was not given it to summarize away: it stays out of the removed part.
  await page
    .getByRole('region', { name: 'Token usage' })
    .getByRole('list', { name: 'Context events' })
    .getByRole('button', { name: /Conversation summarized/ })
    .first()
    .click();
  const record = page.getByRole('region', { name: 'Compaction record' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('list', { name: 'Lost' })).not.toContainText('4,817 kg');
  await expect(record.getByRole('list', { name: 'Recoverable' })).not.toContainText('4,817 kg');
  await expect(record.getByText('Removed text', { exact: false })).toBeVisible();
});

test('Compact now previews the summarization and changes nothing until Apply', async ({
  page,
  openai,
}) => {
  scriptServer(openai);
  await useOpenAI(page, openai.url);
  await sendMessage(page, `${NEEDLE} Now help me plan the weather-cli release.`);
  await talk(page, 1, 3);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const files = page.getByRole('region', { name: 'Files' });
  const articles = await conversation.getByRole('article').count();
  const filesBefore = await files.getByRole('button').allTextContents();

  await page.getByRole('tab', { name: 'Context' }).click();
  const inspector = page.getByRole('region', { name: 'Context' });
  await inspector.getByRole('button', { name: 'Compact now' }).click();
  const record = page.getByRole('region', { name: 'Compaction record' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('heading', { level: 3 })).toHaveText(/ lost · .* kept$/);
  await expect(record.getByRole('list', { name: 'Recoverable' })).toContainText('4,817 kg');
  await expect(record.getByRole('list', { name: 'Kept' })).toBeVisible();
  await expect(record.getByRole('list', { name: 'Lost' })).toBeVisible();

  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(record).toBeHidden();
  // Nothing changed: the same messages, the same files, no summary divider, no event.
  await expect(conversation.getByRole('article')).toHaveCount(articles);
  expect(await files.getByRole('button').allTextContents()).toEqual(filesBefore);
  await expect(files.getByRole('button', { name: /^\/conversation_history\// })).toHaveCount(0);
  await expect(conversation.getByRole('separator', { name: 'Summary took over here' })).toHaveCount(
    0,
  );
  await expect(inspector.getByRole('list', { name: 'Request sections' })).not.toContainText(
    'Summary (replaces the older messages)',
  );

  await inspector.getByRole('button', { name: 'Compact now' }).click();
  await expect(record).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
  await page
    .getByRole('dialog', { name: 'Flight recorder' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(conversation.getByRole('article')).toHaveCount(articles);
  await expect(
    conversation.getByRole('separator', { name: 'Summary took over here' }),
  ).toBeVisible();
  await expect(
    files.getByRole('button', { name: /^\/conversation_history\/session_/ }),
  ).toBeVisible();
  await expect(inspector.getByRole('list', { name: 'Request sections' })).toContainText(
    'Summary (replaces the older messages)',
  );
});

test('the arena shows "Specifics kept" per strategy and can plot it against tokens', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Personal assistant: facts stated early, asked late' });
  await arena.getByLabel('Sliding window: Window size (turns)').fill('1');
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Specifics kept' })).toBeVisible();
  const column = await table.getByRole('columnheader').allTextContents();
  const at = column.indexOf('Specifics kept');
  const cell = (name: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
      .getByRole('cell')
      .nth(at - 1);
  // Sequential removes nothing; a window of one turn loses what the early turns said.
  await expect(cell('Sequential')).toHaveText('— (nothing removed)');
  await expect(cell('Sliding window')).toContainText(/^0% \(0 of \d+, \d+ removals\)$/);

  await arena.getByLabel('y-axis').selectOption({ label: 'Specifics kept' });
  await expect(
    arena
      .getByRole('figure', { name: 'Tokens sent against specifics kept' })
      .locator('.arena-scatter-point'),
  ).toHaveCount(2);
});

test('a sliding window leaving a turn out is recorded (Lost), and a pinned message stays in the window', async ({
  page,
  openai,
}) => {
  openai.setDefault({ text: 'Noted.' });
  await useOpenAI(page, openai.url);
  await page
    .getByLabel('Context strategy', { exact: true })
    .selectOption({ label: 'Sliding window' });
  const picker = page.locator('.strategy-picker');
  await picker.getByText('Strategy settings').click();
  await picker.getByLabel('Window size (turns)', { exact: true }).fill('1');
  await picker.getByRole('button', { name: 'Apply settings' }).click();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const say = async (text: string) => {
    await sendMessage(page, text);
    await expect(conversation.getByRole('article', { name: 'User' }).last()).toContainText(text);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  };
  await say(NEEDLE);
  await say('second message');
  await say('third message');

  await page
    .getByRole('region', { name: 'Token usage' })
    .getByRole('list', { name: 'Context events' })
    .getByRole('button', { name: /Strategy left turns out/ })
    .first()
    .click();
  const record = page.getByRole('region', { name: 'Compaction record' });
  await expect(record).toContainText('Context strategy left turns out');
  const lost = record.getByRole('list', { name: 'Lost' });
  await expect(lost).toContainText('4,817 kg');
  await expect(lost).toContainText('/srv/vault/ledger.csv');
  await page
    .getByRole('dialog', { name: 'Flight recorder' })
    .getByRole('button', { name: 'Close' })
    .click();

  // Pinned, the first message rides along with the window from the next call on.
  await conversation
    .getByRole('article', { name: 'User' })
    .first()
    .getByRole('button', { name: 'Pin' })
    .click();
  await say('fourth message');
  const last = openai.requests.at(-1)!;
  const users = messagesOf(last)
    .filter((m) => m.role === 'user')
    .map((m) => m.content);
  expect(users).toEqual([NEEDLE, 'third message', 'fourth message']);
});

test('a record the page closed on before it was built says so, in the event list and when opened', async ({
  page,
}, testInfo) => {
  // A summarization whose record was still being built when the page went away: the thread keeps
  // the event, marked pending, with no record (a bundle carries it as it was saved).
  const thread = longThread('thread_cut', 3);
  const lastCall = thread.calls.at(-1)!;
  thread.events.push({
    id: 'evt_cut_record',
    kind: 'summarize',
    at: lastCall.startedAt,
    callId: lastCall.callId,
    tokensBefore: 100_000,
    tokensAfter: 9_000,
    detail: 'Older messages were summarized.',
    pending: true,
  });
  const file = testInfo.outputPath('cut-record.zip');
  writeFileSync(file, await threadsBundle([thread]));
  await openApp(page);
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(file);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Threads' })
    .getByRole('button', { name: /^A long working thread/ })
    .click();

  const tokens = page.getByRole('region', { name: 'Token usage' });
  const list = tokens.getByRole('list', { name: 'Context events' });
  // The list opens by itself when it is short; opened by its summary otherwise.
  const events = tokens.getByRole('group').filter({ hasText: /^\d+ events?/ });
  if ((await events.getAttribute('open')) === null) await events.getByText(/^\d+ events?$/).click();
  const cut = list.getByRole('button', { name: /record not finished/ });
  await expect(cut).toBeVisible();
  await expect(list).not.toContainText('building record');
  await cut.click();
  await expect(page.getByRole('alert').filter({ hasText: 'was not finished' })).toContainText(
    'the page closed or reloaded while it was being built',
  );
});
