// Driving the built app's Arena from a script (bench-arena-browser.mjs, measure-ui.ts).

/**
 * Clicks "Run arena" in the open Arena and waits until the results table has a row per strategy
 * (`count`) and "Run arena" is enabled again: the run is over.
 */
export async function runArenaToResults(page, arena, count, { timeout, polling }) {
  const run = arena.getByRole('button', { name: 'Run arena' });
  await run.click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('table[aria-label="Arena results"] tbody tr').length === n,
    count,
    { timeout, polling },
  );
  await run.and(page.locator(':enabled')).waitFor({ timeout });
}
