// The right column shows what matters (issue 33): at 1280×720 and 1024×768, after the compaction
// tour, the token chart's legend is whole inside its panel, the event list's first rows are in
// view without scrolling anything, and an empty editor is one slim row; nothing in the top bar or
// the Files header is cut or wrapped. A reload keeps the side tab, the Memory journal included.
import type { Locator, Page } from '@playwright/test';
import { boxesOf, expect, openApp, test, waitForEditor, type PageBox } from './fixtures';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

/** Runs "Show me compaction" and follows the Demo's first suggestion until all three showed. */
async function compactionTour(page: Page) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const answered = async (count: number) => {
    await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(count);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  };
  await conversation.getByRole('button', { name: 'Show me compaction' }).click();
  await answered(1);
  const events = page
    .getByRole('region', { name: 'Token usage' })
    .getByRole('list', { name: 'Context events' });
  const wanted = [
    'Large tool result offloaded',
    'Old tool inputs truncated',
    'Conversation summarized',
  ];
  const seen = async () => {
    const listed = (await events.count()) ? await events.textContent() : '';
    return wanted.every((kind) => listed?.includes(kind));
  };
  for (let sent = 1; !(await seen()) && sent < 8;) {
    await conversation
      .getByRole('list', { name: 'Suggested replies' })
      .getByRole('button')
      .first()
      .click();
    await answered(++sent);
  }
  for (const kind of wanted) await expect(events).toContainText(kind);
}

function inside(box: PageBox, frame: PageBox): boolean {
  return (
    box.x >= frame.x - 0.5 &&
    box.y >= frame.y - 0.5 &&
    box.x + box.width <= frame.x + frame.width + 0.5 &&
    box.y + box.height <= frame.y + frame.height + 0.5
  );
}

/** The token usage panel: the box its content is seen through (it scrolls when too short). */
function tokenPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Token usage' }).locator('xpath=..');
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the token legend is whole, the events in view and an empty editor slim`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    await openApp(page);
    await compactionTour(page);

    const panel = tokenPanel(page);
    const [frame] = await boxesOf(panel);
    // Nothing of what follows is reached by scrolling the panel.
    expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);

    // Every legend item is whole inside the panel, the marker kinds of the tour included.
    const legend = page.getByRole('list', { name: 'Chart legend' });
    await expect(legend).toContainText('Conversation summarized');
    const items = await boxesOf(legend.getByRole('listitem'));
    expect(items.length).toBeGreaterThan(8);
    const cut = items.filter((box) => !inside(box, frame!));
    expect(cut, 'legend items outside the token panel').toEqual([]);

    // The event list's first rows are in the panel's view and on screen.
    const rows = page.getByRole('list', { name: 'Context events' }).getByRole('listitem');
    await expect(rows.first()).toBeInViewport();
    const firstRows = (await boxesOf(rows)).slice(0, 3);
    expect(firstRows).toHaveLength(3);
    for (const row of firstRows) expect(inside(row, frame!), 'event row in the panel').toBe(true);

    // The empty editor is one slim row, under the side tabs.
    const editor = page.getByRole('region', { name: 'Editor' });
    await expect(editor).toContainText('No file open');
    const [editorBox] = await boxesOf(editor);
    expect(editorBox!.height).toBeLessThan(48);
    await expect(page.getByRole('tab', { name: 'Memory journal' })).toBeInViewport({ ratio: 1 });

    // Nothing in the top bar or the Files header is cut or wrapped.
    const badge = page.locator('.provider-badge');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const files = page.getByRole('region', { name: 'Files' });
    for (const name of ['New file', 'Delete file']) {
      const [box] = await boxesOf(files.getByRole('button', { name }));
      expect(box!.height, `${name} on one line`).toBeLessThan(30);
    }
    for (const name of ['Arena', 'New thread', 'Settings']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }

    // A file open takes its height back: the token panel is short again, and its headline leads
    // down to the event list.
    await files.getByRole('button', { name: '/notes/todo.md' }).click();
    await waitForEditor(editor);
    const jump = page.getByRole('button', { name: /^\d+ events ↓$/ });
    await jump.click();
    const [shortFrame] = await boxesOf(panel);
    const [firstRow] = await boxesOf(rows.first());
    expect(inside(firstRow!, shortFrame!), 'first event row in the short panel').toBe(true);
  });
}

test('opening a file gives the editor its height back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  const editor = page.getByRole('region', { name: 'Editor' });
  const [slim] = await boxesOf(editor);
  expect(slim!.height).toBeLessThan(48);
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/notes/todo.md' })
    .click();
  await waitForEditor(editor);
  await expect.poll(async () => (await boxesOf(editor))[0]!.height).toBeGreaterThan(250);
});

test('a reload shows the same side tab, the Memory journal included', async ({ page }) => {
  await openApp(page);
  // Every tab, each chosen after another one (the Editor, the default, last).
  for (const name of ['Memory journal', 'Facts', 'Context', 'Strategy', 'Editor']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.getByRole('tabpanel')).toBeVisible();
});

test('Settings: sections to jump to, buttons that cover nothing, help that says the state', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // The fields scroll between the title and the buttons: the buttons are never over a field.
  const body = dialog.locator('.settings-body');
  const [bodyBox] = await boxesOf(body);
  const [buttons] = await boxesOf(dialog.locator('.dialog-actions'));
  expect(buttons!.y).toBeGreaterThanOrEqual(bodyBox!.y + bodyBox!.height - 0.5);
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

  // A section link brings its section to the top of the fields.
  const sections = dialog.getByRole('navigation', { name: 'Settings sections' });
  await sections.getByRole('button', { name: 'Compaction' }).click();
  await expect(dialog.getByLabel('Compaction preset')).toBeInViewport({ ratio: 1 });
  await sections.getByRole('button', { name: 'Provider' }).click();
  await expect(dialog.getByLabel('Provider', { exact: true })).toBeInViewport({ ratio: 1 });

  // The help of "Refresh memory after edits" follows the box.
  const refresh = dialog.getByLabel('Refresh memory after edits');
  const help = dialog
    .locator('label', { hasText: 'Refresh memory after edits' })
    .locator('xpath=following-sibling::p[1]');
  await expect(refresh).toBeChecked();
  await expect(help).toContainText('On: an edit to AGENTS.md reaches the model');
  await refresh.uncheck();
  await expect(help).toContainText('Off: AGENTS.md is loaded once per thread');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a memory notice goes away by itself after a while, and can be dismissed before', async ({
  page,
}) => {
  await page.clock.install();
  await openApp(page);
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/AGENTS.md' })
    .click();
  const editor = page.getByRole('region', { name: 'Editor' });
  const content = await waitForEditor(editor);
  const save = async (line: string) => {
    await content.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(`\n- ${line}`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText(/^Saved · v/)).toBeVisible();
  };
  const notices = page.getByRole('region', { name: 'Memory notices' });
  await save('Answers in French.');
  await expect(notices.getByRole('status')).toHaveCount(1);
  // Information goes away by itself.
  await page.mouse.move(1, 1);
  await page.clock.fastForward(13_000);
  await expect(notices).toHaveCount(0);

  // Not yet gone after a few seconds; dismissed by its button.
  await save('Prefers short answers.');
  await page.clock.fastForward(5_000);
  await expect(notices.getByRole('status')).toHaveCount(1);
  await notices.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notices).toHaveCount(0);
});
