// The token chart as a person uses it: bars per call with call numbers and token ticks on a short
// thread, a tooltip naming the call under the pointer (and under the arrow keys), a marker that
// opens its event; on a long thread (an imported bundle of 300 calls) stacked steps, and the brush's
// two sliders ("Calls in view") zooming into calls by keyboard and by dragging, back to bars.
import type { Locator, Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { exportBundle } from '../src/core/bundle/export';
import { fixture } from '../tests/fixtures/bundle';
import { longThread } from '../scripts/ui-scenarios';

const plotOf = (tokens: Locator) => tokens.getByRole('img', { name: /^Input tokens by call/ });

/** The call numbers on the x-axis. */
async function xTicks(tokens: Locator): Promise<number[]> {
  const labels = await tokens
    .locator('.token-plot .chart-x-axis .chart-tick text')
    .allTextContents();
  return labels.map(Number);
}

/** Moves the pointer over the plot at a share of its width, half way down. */
async function hover(page: Page, plot: Locator, share: number) {
  const box = (await plot.boundingBox())!;
  // The plot starts past the y-axis (60 px) and ends 16 px before the right edge.
  const x = box.x + 60 + (box.width - 76) * share;
  await page.mouse.move(x, box.y + box.height / 2);
}

test('a short thread: bars per call, ticks, a tooltip per call, a marker opens its event', async ({
  page,
}) => {
  await openApp(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('button', { name: 'Show me offload' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
  const tokens = page.getByRole('region', { name: 'Token usage' });
  const calls = Number(
    (await tokens.locator('.headline').textContent())?.match(/^Call (\d+)/)?.[1] ?? 0,
  );
  expect(calls).toBeGreaterThanOrEqual(2);

  const plot = plotOf(tokens);
  await expect(plot).toBeVisible();
  await expect(plot).toHaveAccessibleName(`Input tokens by call: calls 1 to ${calls}`);
  // Bars (a few calls), every call numbered, token ticks from 0.
  await expect(tokens.locator('.token-plot .chart-bars path').first()).toBeVisible();
  await expect(tokens.locator('.token-plot .chart-steps')).toHaveCount(0);
  expect(await xTicks(tokens)).toEqual(Array.from({ length: calls }, (_, i) => i + 1));
  const yLabels = await tokens
    .locator('.token-plot .chart-y-axis .chart-tick text')
    .allTextContents();
  expect(yLabels[0]).toBe('0');
  expect(yLabels.length).toBeGreaterThanOrEqual(3);
  await expect(tokens.locator('.token-plot')).toContainText('input tokens');
  // Few calls: no brush.
  await expect(tokens.getByRole('group', { name: 'Calls in view' })).toHaveCount(0);

  // The pointer over the last call: its tooltip; away from the plot: gone. (The tooltip is in the
  // page's top layer, so that a short token panel does not clip it.)
  const tooltip = page.getByRole('tooltip');
  await hover(page, plot, 0.99);
  await expect(tooltip).toContainText(`Call ${calls}:`);
  await expect(tooltip).toContainText('estimated input tokens');
  await hover(page, plot, 0.01);
  await expect(tooltip).toContainText('Call 1:');
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);

  // The arrow keys on the focused plot go call by call.
  await plot.focus();
  await page.keyboard.press('End');
  await expect(tooltip).toContainText(`Call ${calls}:`);
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toContainText(`Call ${calls - 1}:`);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  // The offload's marker opens the offloaded result in the editor.
  const marker = tokens.locator('.chart-marker-kind[data-kind="offload"] .chart-marker');
  await expect(marker).toHaveCount(1);
  await marker.click();
  await expect(
    page
      .getByRole('region', { name: 'Editor' })
      .getByText(/\/large_tool_results\//)
      .first(),
  ).toBeVisible();
});

test('a long thread: steps, and the brush zooms into calls by keyboard and by dragging', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  // A bundle the app's own exporter writes: a working thread of 150 turns (300 model calls).
  const now = () => Date.UTC(2026, 0, 8);
  const f = fixture({ now });
  await f.threads.put(longThread('thread_long', 150));
  const bytes = (await exportBundle(f.source, { appVersion: '0.1.0', now })).bytes;
  const zip = info.outputPath('long.zip');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(zip, bytes);

  await openApp(page);
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(zip);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview).toBeHidden({ timeout: 60_000 });
  await page
    .getByRole('navigation', { name: 'Threads' })
    .getByRole('button', { name: /A long working thread/ })
    .click();

  const tokens = page.getByRole('region', { name: 'Token usage' });
  const plot = plotOf(tokens);
  await expect(plot).toHaveAccessibleName('Input tokens by call: calls 1 to 300, grouped');
  // Too many calls for bars: stacked steps, a round call number every so often.
  await expect(tokens.locator('.token-plot .chart-steps path').first()).toBeVisible();
  await expect(tokens.locator('.token-plot .chart-bars')).toHaveCount(0);
  const ticks = await xTicks(tokens);
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  expect(ticks.at(-1)).toBeLessThanOrEqual(300);
  const step = ticks[1]! - ticks[0]!;
  for (const tick of ticks) expect(tick % step).toBe(0);
  // A grouped point's tooltip says which calls it stands for.
  await hover(page, plot, 0.5);
  await expect(page.getByRole('tooltip')).toContainText(/Calls \d+–\d+, drawn as the largest/);
  // Whole in the window, though taller than the plot at 1024×768: not cut by the panel's edge.
  await page.setViewportSize({ width: 1024, height: 768 });
  await hover(page, plot, 0.5);
  await expect(page.getByRole('tooltip')).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.mouse.move(5, 5);

  // The brush: two sliders over every call.
  const brush = tokens.getByRole('group', { name: 'Calls in view' });
  const first = brush.getByRole('slider', { name: 'First call in view' });
  const last = brush.getByRole('slider', { name: 'Last call in view' });
  await expect(first).toHaveAttribute('aria-valuenow', '1');
  await expect(last).toHaveAttribute('aria-valuenow', '300');

  // By keyboard: the first call up to 251 (End, then back 49): 50 calls in view, as bars.
  await first.focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 49; i++) await page.keyboard.press('ArrowLeft');
  await expect(first).toHaveAttribute('aria-valuenow', '251');
  await expect(plot).toHaveAccessibleName('Input tokens by call: calls 251 to 300');
  await expect(tokens.locator('.token-plot .chart-bars path').first()).toBeVisible();
  const zoomed = await xTicks(tokens);
  expect(Math.min(...zoomed)).toBeGreaterThanOrEqual(251);
  expect(Math.max(...zoomed)).toBeLessThanOrEqual(300);
  await hover(page, plot, 0.01);
  await expect(page.getByRole('tooltip')).toContainText('Call 251:');
  await page.mouse.move(5, 5);

  // By dragging: the last call's handle to the left shows fewer calls.
  const handle = (await last.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++)
    await page.mouse.move(handle.x + handle.width / 2 - i * 4, handle.y + handle.height / 2);
  await page.mouse.up();
  const end = Number(await last.getAttribute('aria-valuenow'));
  expect(end).toBeLessThan(300);
  expect(end).toBeGreaterThanOrEqual(251);
  await expect(plot).toHaveAccessibleName(`Input tokens by call: calls 251 to ${end}`);

  // A press on the bare strip, near its left end: the window moves there with its span.
  const strip = (await brush.boundingBox())!;
  await page.mouse.click(strip.x + strip.width * 0.1, strip.y + strip.height / 2);
  const moved = Number(await first.getAttribute('aria-valuenow'));
  expect(moved).toBeLessThan(60);
  await expect(last).toHaveAttribute('aria-valuenow', String(moved + end - 251));

  // Home on the first handle and End on the last: every call again.
  await first.focus();
  await page.keyboard.press('Home');
  await last.focus();
  await page.keyboard.press('End');
  await expect(plot).toHaveAccessibleName('Input tokens by call: calls 1 to 300, grouped');
});
