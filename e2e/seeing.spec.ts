// Seeing it well (issue 11), at 1280×720 and 1024×768: the token chart's axis follows the data with
// the compaction trigger readable off the scale, distinct event marks and the compaction drop; the
// editor header stays in view while typing; the chat column stays usable; the Stress preset with the
// Demo produces offload, truncation and summarization within 8 messages; suggestions send themselves.
// Screenshots go to test-results (and to MP_SHOTS when set) for reading by eye.
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  boxesOf,
  expect,
  openApp,
  overlapping,
  sendMessage,
  test,
  waitForEditor,
} from './fixtures';

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

async function shot(page: Page, info: TestInfo, name: string) {
  const file = `${name}-${page.viewportSize()?.width}x${page.viewportSize()?.height}.png`;
  const dir = process.env.MP_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/${file}` : info.outputPath(file) });
}

/** The y-axis tick values of the token chart, in tokens (the labels drawn). */
async function yTicks(tokens: Locator): Promise<number[]> {
  const labels = await tokens
    .locator('.token-plot .chart-y-axis .chart-tick text')
    .allTextContents();
  return labels.map((label) => {
    const n = parseFloat(label);
    return label.endsWith('M') ? n * 1_000_000 : label.endsWith('k') ? n * 1000 : n;
  });
}

async function answered(page: Page, count: number) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(size, () => {
    test.use({ viewport });

    test(`suggestions are buttons that send themselves (${size})`, async ({ page }, info) => {
      await openApp(page);
      const conversation = page.getByRole('region', { name: 'Conversation' });
      await shot(page, info, 'empty');
      for (const name of ['Show me compaction', 'Show me offload', 'Show me fact memory'])
        await expect(conversation.getByRole('button', { name })).toBeVisible();
      await conversation.getByRole('button', { name: 'What do you know about me?' }).click();
      await expect(conversation.getByRole('article', { name: 'User' })).toHaveText(
        /What do you know about me\?/,
      );
      await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
        'Here is what my memory holds about you',
      );
      // The suggestions make way for the conversation.
      await expect(conversation.getByRole('button', { name: 'Show me compaction' })).toHaveCount(0);
    });

    test(`the chart's axis follows the data; the trigger stays readable (${size})`, async ({
      page,
    }, info) => {
      await openApp(page);
      await sendMessage(page, 'what do you know about me?');
      await answered(page, 1);
      await sendMessage(page, 'list files');
      await answered(page, 2);
      const tokens = page.getByRole('region', { name: 'Token usage' });
      await expect(tokens.getByRole('img', { name: /^Input tokens by call/ })).toBeVisible();

      // A few thousand tokens of input: the axis ends near them, not at the 108,800 trigger.
      const total = Number(
        (await tokens.locator('.headline strong').textContent())?.replace(/,/g, ''),
      );
      expect(total).toBeGreaterThan(1000);
      await expect.poll(async () => (await yTicks(tokens)).length).toBeGreaterThan(2);
      const top = Math.max(...(await yTicks(tokens)));
      expect(top).toBeGreaterThanOrEqual(total);
      expect(top).toBeLessThan(total * 3);
      // The trigger, off the scale, is a labelled mark with how far away it is.
      await expect(tokens.getByLabel("Above the chart's scale")).toContainText(
        /compaction at 108,800 · \d+% away/,
      );
      await expect(
        tokens.getByRole('meter', { name: 'Context used before compaction' }),
      ).toBeVisible();
      await expect(tokens).toContainText(
        /[\d,]+ tokens left before compaction · about [\d,]+ turns of ~[\d,]+ tokens/,
      );
      await expect(tokens.getByRole('list', { name: 'Chart legend' })).toContainText('input');
      await shot(page, info, 'chart-few-calls');

      // The full scale reaches the window, with the trigger drawn as a labelled line.
      await tokens.getByLabel(/Full scale/).check();
      await expect
        .poll(async () => Math.max(...(await yTicks(tokens))))
        .toBeGreaterThanOrEqual(128_000);
      await expect(tokens.locator('svg')).toContainText(['compaction at 108,800']);
      await expect(tokens.getByLabel("Above the chart's scale")).toHaveCount(0);
      await shot(page, info, 'chart-full-scale');
    });

    test(`the Stress preset with the Demo: offload, truncation and summarization within 8 messages, drawn distinctly (${size})`, async ({
      page,
    }, info) => {
      test.setTimeout(120_000);
      await openApp(page);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByLabel('Compaction preset').selectOption('stress');
      await expect(dialog.getByLabel('Context window', { exact: true })).toHaveValue('32000');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      const tokens = page.getByRole('region', { name: 'Token usage' });
      const events = tokens.getByRole('list', { name: 'Context events' });
      const wanted = [
        'Large tool result offloaded',
        'Old tool inputs truncated',
        'Conversation summarized',
      ];
      const script = [
        'Show me offload',
        'Show me compaction',
        'write a long file',
        'write a long file',
        'write a long file',
        'write a long file',
        'write a long file',
        'write a long file',
      ];
      let sent = 0;
      for (const text of script) {
        await sendMessage(page, text);
        await answered(page, ++sent);
        const listed = (await events.count()) ? await events.textContent() : '';
        if (wanted.every((kind) => listed?.includes(kind))) break;
      }
      expect(sent).toBeLessThanOrEqual(8);
      for (const kind of wanted) await expect(events).toContainText(kind);
      await shot(page, info, 'chart-compaction');
      // No answer looks broken: no failed tool, no help text in place of an answer.
      const conversation = page.getByRole('region', { name: 'Conversation' });
      await expect(conversation.getByRole('article', { name: /\(error\)/ })).toHaveCount(0);
      await expect(conversation).not.toContainText('I only understand a few requests');

      // Each event kind has its own colour and shape, in the chart and in the legend.
      const legend = tokens.getByRole('list', { name: 'Chart legend' });
      for (const kind of wanted) await expect(legend).toContainText(kind);
      // One group of markers per event kind (the chart's marker layer).
      const marks = tokens.locator('.chart-marker-kind');
      expect(await marks.count()).toBeGreaterThanOrEqual(3);
      const looks = await marks.evaluateAll((groups) =>
        groups.map((group) => {
          const path = group.querySelector('path');
          return `${path?.getAttribute('fill')} ${path?.getAttribute('d')?.replace(/[\d.-]+/g, '')}`;
        }),
      );
      expect(new Set(looks).size).toBe(looks.length);
      // The compaction drop carries its before → after figures on the mark.
      await expect(tokens.locator('svg text', { hasText: /\d.* → \d/ }).first()).toBeVisible();
      // With compaction under way, the trigger is on the scale as a labelled line.
      await expect(tokens.locator('svg')).toContainText(['compaction at 4,800']);
      // The chart's text overlaps nothing: no label over another label or over a marker.
      const labels = await boxesOf(tokens.locator('.chart-labels text'));
      expect(labels.length).toBeGreaterThanOrEqual(2);
      expect(overlapping(labels, labels)).toEqual([]);
      expect(overlapping(labels, await boxesOf(tokens.locator('.chart-marker')))).toEqual([]);
      // The legend is whole between the chart and what follows it: nothing is drawn over it.
      const [chart, legendBox, fullScale] = await Promise.all([
        tokens.locator('.token-chart').boundingBox(),
        legend.boundingBox(),
        tokens.locator('label.check', { hasText: 'Full scale' }).boundingBox(),
      ]);
      expect(legendBox!.y).toBeGreaterThanOrEqual(chart!.y + chart!.height - 1);
      expect(legendBox!.y + legendBox!.height).toBeLessThanOrEqual(fullScale!.y + 1);
    });

    test(`the editor header stays in view while typing; the chat column stays usable (${size})`, async ({
      page,
    }, info) => {
      await openApp(page);
      await page
        .getByRole('region', { name: 'Files' })
        .getByRole('button', { name: '/README.md' })
        .click();
      const editor = page.getByRole('region', { name: 'Editor' });
      await waitForEditor(editor);
      await editor.locator('.monaco-editor .view-lines').click();
      await page.keyboard.press('Control+End');
      for (let i = 1; i <= 30; i++) {
        await page.keyboard.press('Enter');
        await page.keyboard.insertText(`line ${i} typed while the header must stay`);
      }
      const save = editor.getByRole('button', { name: 'Save' });
      await expect(save).toBeEnabled();
      await expect(save).toBeInViewport();
      await expect(editor.getByRole('button', { name: 'History' })).toBeInViewport();
      await expect(editor.getByText('Unsaved changes')).toBeInViewport();
      await expect(editor.getByText('/README.md', { exact: true })).toBeInViewport();
      // The header sits at the top of the editor region.
      const [region, header] = await Promise.all([
        editor.boundingBox(),
        editor.locator('header').boundingBox(),
      ]);
      expect(header!.y - region!.y).toBeLessThan(4);
      // Enough room for the file: at least 20 lines at 1280×720.
      const lines = await editor.locator('.monaco-editor').evaluate((el) => {
        const line = el.querySelector('.view-line') as HTMLElement | null;
        return Math.floor(el.clientHeight / (line?.offsetHeight || 19));
      });
      if (viewport.width === 1280) expect(lines).toBeGreaterThanOrEqual(20);
      await shot(page, info, 'editor-typing');

      // The chat column: a usable width, the composer and Send in view.
      const chat = await page.getByRole('region', { name: 'Conversation' }).boundingBox();
      expect(chat!.width).toBeGreaterThanOrEqual(360);
      await expect(page.getByLabel('Message', { exact: true })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
    });
  });
}

test('panels resize from the keyboard, collapse, and the layout is remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  const chat = page.getByRole('region', { name: 'Conversation' });
  const before = (await chat.boundingBox())!.width;
  const handle = page.getByRole('separator', { name: 'Resize the chat and the side panels' });
  await handle.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await chat.boundingBox())!.width).toBeGreaterThan(before + 20);
  const resized = (await chat.boundingBox())!.width;

  // Collapse the token usage panel and the sidebar with the layout buttons.
  const layout = page.getByRole('group', { name: 'Layout' });
  await layout.getByRole('button', { name: 'Token usage' }).click();
  await expect(layout.getByRole('button', { name: 'Token usage' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('region', { name: 'Token usage' })).not.toBeInViewport();
  await layout.getByRole('button', { name: 'Threads and files' }).click();
  await expect(page.getByRole('region', { name: 'Files' })).not.toBeInViewport();
  const editor = page.getByRole('region', { name: 'Editor' });
  const widths = async () => ({
    chat: Math.round((await chat.boundingBox())!.width),
    editor: Math.round((await editor.boundingBox())!.width),
    editorHeight: Math.round((await editor.boundingBox())!.height),
  });
  const collapsed = await widths();
  expect(collapsed.chat).toBeGreaterThan(resized);
  // The layout is saved when a change settles: wait for the stored one, not for a clock.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const read = (id: string) =>
          JSON.parse(localStorage.getItem(`react-resizable-panels:${id}`) ?? '{}') as Record<
            string,
            number
          >;
        return [read('mp-layout-columns').sidebar, read('mp-layout-inspector').tokens];
      }),
    )
    .toEqual([0, 0]);

  await page.reload();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  await expect(page.getByRole('region', { name: 'Files' })).not.toBeInViewport();
  await expect(page.getByRole('region', { name: 'Token usage' })).not.toBeInViewport();
  const restored = await widths();
  expect(Math.abs(restored.chat - collapsed.chat)).toBeLessThan(4);
  expect(Math.abs(restored.editor - collapsed.editor)).toBeLessThan(4);
  expect(Math.abs(restored.editorHeight - collapsed.editorHeight)).toBeLessThan(4);
  await layout.getByRole('button', { name: 'Threads and files' }).click();
  await expect(page.getByRole('region', { name: 'Files' })).toBeInViewport();
});

test('a version diff opens at the first change; the memory chip wraps long lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await sendMessage(page, 'write a long file');
  await answered(page, 1);
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: 'long-notes-1.md' })
    .click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await waitForEditor(editor);
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('A change at the very end of the file.');
  await page.keyboard.press('Control+S');
  await expect(editor.getByText(/Saved · v2/)).toBeVisible();
  await editor.getByRole('button', { name: 'History' }).click();
  await editor.getByRole('list', { name: 'Versions' }).getByRole('button', { name: /^v1/ }).click();
  const diff = editor.getByRole('group', { name: /^Diff:/ });
  // Monaco renders only the lines in view: the change at the end is shown without scrolling.
  await expect(diff.getByText('A change at the very end of the file.')).toBeInViewport();

  // A long memory line wraps inside the chip's diff instead of running off to the side.
  await sendMessage(
    page,
    `remember that ${'my-very-long-unbroken-preference-token-'.repeat(6)}end and more words after it`,
  );
  await answered(page, 2);
  const chip = page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('group', { name: /Memory updated/ });
  await chip.getByRole('button', { name: /Memory updated/ }).click();
  const pre = chip.getByLabel(/Diff of/);
  await expect(pre).toContainText('end and more words');
  const { scrollWidth, clientWidth } = await pre.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
});
