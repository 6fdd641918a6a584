// Import session (issue 32): another agent's session file becomes a thread, with an import report.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, openApp, sendMessage } from './fixtures';

const FIXTURES = new URL('../tests/fixtures/sessions/', import.meta.url);
const fixturePath = (name: string) => new URL(name, FIXTURES).pathname;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import session' });
const report = (page: Page) => dialog(page).getByRole('region', { name: 'Import report' });
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

test('a Claude Code session with a compaction: the report, then the thread with its messages', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await page
    .getByRole('navigation', { name: 'Threads' })
    .getByRole('button', { name: 'Import session' })
    .click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('The file stays in this browser');
  await dialog(page)
    .getByLabel('Session file')
    .setInputFiles(fixturePath('claude-code-compaction.jsonl'));

  await expect(report(page)).toContainText('15 records → 10 messages.');
  await expect(report(page)).toContainText(
    /1 compaction by the source, each with its summary: Claude Code's compaction kept \d+ of \d+ specifics/,
  );
  await expect(report(page)).toContainText('1 image as a placeholder.');
  await expect(report(page)).toContainText('Line 14 is not JSON.');
  await expect(report(page)).toContainText(
    'Anthropic API key sk-ant-a… (101 characters) in message 7 (content)',
  );
  await expect(report(page)).not.toContainText('Zk3vQ9pLm2');
  // Left out of bundle exports unless the person says otherwise.
  await expect(
    report(page).getByRole('checkbox', { name: 'Include them in exports of this thread' }),
  ).not.toBeChecked();

  for (const [width, height] of [
    [1280, 720],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`import-dialog-${width}x${height}.png`) });
    // The whole dialog, its buttons included, is on screen.
    const box = (await dialog(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  }

  await dialog(page).getByRole('button', { name: 'Open thread' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(
    conversation(page).getByText('Imported from Claude Code · 2026-10-03'),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/thread\/thread_/);
  await expect(
    conversation(page).getByRole('article', { name: /^User/ }).filter({
      hasText: 'The date parser tests fail on CI',
    }),
  ).toBeVisible();
  await expect(
    conversation(page)
      .getByRole('article', { name: /^Assistant/ })
      .filter({
        hasText: 'parseDate now reads the UTC hour',
      }),
  ).toBeVisible();
  await expect(conversation(page).getByRole('article', { name: /^Tool/ })).toHaveCount(2);
  await expect(
    conversation(page).getByText(/Compacted by Claude Code \(manual\) at 48,210 tokens/),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Threads' }).getByRole('button', {
      name: /Fix the flaky date parser tests/,
    }),
  ).toBeVisible();

  // It is stored: after a reload the thread is still there.
  await page.reload();
  await expect(
    conversation(page).getByText('Imported from Claude Code · 2026-10-03'),
  ).toBeVisible();

  // And it can be continued here (with the Demo provider).
  const assistants = conversation(page).getByRole('article', { name: /^Assistant/ });
  const before = await assistants.count();
  await sendMessage(page, 'What did we change in parseDate?');
  await expect(assistants).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('a file dropped on the window opens the dialog and imports it', async ({ page }) => {
  await openApp(page);
  const text = readFileSync(fixturePath('codex-rollout.jsonl'), 'utf8');
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'rollout-2026-10-05.jsonl', { type: '' }));
    const target = document.querySelector('main') ?? document.body;
    target.dispatchEvent(
      new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }),
    );
    target.dispatchEvent(
      new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }),
    );
  }, text);
  await expect(dialog(page)).toBeVisible();
  await expect(report(page)).toContainText('Codex CLI · rollout-2026-10-05.jsonl');
  await expect(report(page)).toContainText('20 records → 11 messages.');
  await expect(report(page)).toContainText('GitHub token ghp_R8xK… (40 characters) in message 2');
});

test('a file in no known format is refused with the reason, and nothing is added', async ({
  page,
}) => {
  await openApp(page);
  const threads = page.getByRole('navigation', { name: 'Threads' });
  const before = await threads.getByRole('listitem').count();
  await threads.getByRole('button', { name: 'Import session' }).click();
  await dialog(page)
    .getByLabel('Session file')
    .setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just notes'),
    });
  await expect(dialog(page).getByRole('alert')).toContainText('notes.txt is not JSON or JSONL');
  await expect(report(page)).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(threads.getByRole('listitem')).toHaveCount(before);
});

test('from the arena’s transcript chooser, an imported session replays like any transcript', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Arena' }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  await arena.getByRole('button', { name: 'Import session' }).click();
  await dialog(page)
    .getByLabel('Session file')
    .setInputFiles(fixturePath('langchain-deepagents.json'));
  await expect(report(page)).toContainText('9 records → 9 messages.');
  await dialog(page).getByRole('button', { name: 'Replay in arena' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(arena).toContainText('Research the three largest lithium producers');
  await expect(arena).toContainText('1 turns, 8 messages');
});

test('the autopsy of a Claude Code compaction: its record lists what was lost, and the arena shows the session "As recorded"', async ({
  page,
}) => {
  await openApp(page);
  await page
    .getByRole('navigation', { name: 'Threads' })
    .getByRole('button', { name: 'Import session' })
    .click();
  await dialog(page)
    .getByLabel('Session file')
    .setInputFiles(fixturePath('claude-code-planted.jsonl'));
  await expect(report(page)).toContainText(/Claude Code's compaction kept \d+ of \d+ specifics/);
  await dialog(page).getByRole('button', { name: 'Open thread' }).click();
  await expect(dialog(page)).toBeHidden();

  // The compaction Claude Code made is an event of the thread, with its Compaction record: the
  // invoice total said before the boundary and missing from the summary is listed as lost.
  const tokens = page.getByRole('region', { name: 'Token usage' });
  await tokens
    .getByRole('list', { name: 'Context events' })
    .getByRole('button', { name: /summarized|compacted/i })
    .first()
    .click();
  const record = page.getByRole('region', { name: 'Compaction record' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('heading', { level: 3 })).toHaveText(
    /^[\d,]+ lost · [\d,]+ recoverable · [\d,]+ kept$/,
  );
  const lost = record.getByRole('list', { name: 'Lost' });
  await expect(lost).toContainText('$12,480.55');
  await expect(lost).toContainText('OPS-2291');
  await expect(record.getByRole('list', { name: 'Kept' })).toContainText(
    'scripts/export_billing.py',
  );
  await page
    .getByRole('dialog', { name: 'Flight recorder' })
    .getByRole('button', { name: 'Close' })
    .click();

  // The same session in the arena: Claude Code's own run is the "As recorded" row beside the
  // strategies that replay it.
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  await arena.getByRole('button', { name: 'Import session' }).click();
  await dialog(page)
    .getByLabel('Session file')
    .setInputFiles(fixturePath('claude-code-planted.jsonl'));
  await dialog(page).getByRole('button', { name: 'Replay in arena' }).click();
  await expect(dialog(page)).toBeHidden();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  const recorded = table.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: /^As recorded/ }),
  });
  await expect(recorded).toBeVisible();
  await expect(recorded).toContainText('Claude Code');
  await expect(recorded).toContainText(/\d+% \(\d+ of \d+, 1 compaction\)/);
  await expect(table.getByRole('rowheader', { name: /^Deep Agents/ }).first()).toBeVisible();
});
