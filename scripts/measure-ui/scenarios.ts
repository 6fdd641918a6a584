// The scenarios of issue 21, each a setup and its measured phases: a long thread, the token chart,
// the Facts panel, the Files panel, and the arena with every strategy over a LoCoMo conversation.

import type { Page } from '@playwright/test';
import { STRATEGY_LIST } from '../../src/core/strategies/registry';
import type { scenarioBundles } from '../ui-scenarios';
import { runArenaToResults } from '../lib/arena-ui.mjs';
import { sleep } from '../lib/served-app.mjs';
import {
  conversation,
  dragScroll,
  importAndOpenShortThread,
  importBundle,
  LONG_THREAD,
  sendMessage,
  threadButton,
  typeMessage,
  waitForChart,
  waitForId,
  wheel,
} from './actions';

/** The arena's strategies as its chooser names them. */
export const STRATEGIES = STRATEGY_LIST.map((strategy) => strategy.label);

export type Phase = (page: Page) => Promise<void>;
export interface Scenario {
  name: string;
  title: string;
  setup(page: Page): Promise<void>;
  phases: [string, Phase][];
  /** What the screenshots show (after the phases). */
  shoot?(page: Page): Promise<void>;
}

/** The bundle files the scenarios import, by scenario. */
export type BundleFiles = Record<keyof Awaited<ReturnType<typeof scenarioBundles>>, string>;

export function makeScenarios(bundleFiles: BundleFiles, locomoFile: string): Scenario[] {
  return [
    {
      name: 'thread',
      title: 'a thread of 5,000 messages (2,000 model calls)',
      async setup(page) {
        await importAndOpenShortThread(page, bundleFiles.thread);
      },
      phases: [
        [
          'open',
          async (page) => {
            await threadButton(page, LONG_THREAD).click();
            await waitForId(page, 'msg-msg_f1000');
            await waitForChart(page);
          },
        ],
        [
          'scroll',
          async (page) => {
            const region = page.locator('section.conversation');
            await wheel(page, region, 40, -400);
            await dragScroll(region, 0.9, 0, 20);
            await wheel(page, region, 20, 400);
            await dragScroll(region, 0.1, 1, 20);
          },
        ],
        ['type', typeMessage],
        ['send', sendMessage],
      ],
    },
    {
      name: 'chart',
      title: 'the token chart with 2,000 calls',
      async setup(page) {
        await importBundle(page, bundleFiles.thread);
        await threadButton(page, LONG_THREAD).click();
        await conversation(page)
          .getByText(/^Turn 1000: what/)
          .waitFor({ timeout: 300_000 });
        // The token usage panel starts hidden: "open" shows it.
        await page
          .getByRole('group', { name: 'Layout' })
          .getByRole('button', { name: 'Token usage' })
          .click();
        await sleep(1_500);
      },
      phases: [
        [
          'open',
          async (page) => {
            await page.locator('.layout-toggles button', { hasText: 'Token usage' }).click();
            await waitForChart(page);
          },
        ],
        [
          'scroll',
          async (page) => {
            // Across the plot (a tooltip per call under the pointer), a zoom with the brush, and the
            // panel scrolled to the event list and back.
            const region = page.locator('section.token-readout');
            const plot = region.locator('svg.token-plot').first();
            const box = (await plot.boundingBox())!;
            for (let i = 0; i <= 40; i++) {
              await page.mouse.move(
                box.x + 60 + ((box.width - 80) * i) / 40,
                box.y + box.height / 2,
              );
              await sleep(30);
            }
            const traveller = region.locator('.call-brush-handle').first();
            if (await traveller.count()) {
              const t = (await traveller.boundingBox())!;
              await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
              await page.mouse.down();
              for (let i = 1; i <= 10; i++) {
                await page.mouse.move(t.x + t.width / 2 + i * 20, t.y + t.height / 2);
                await sleep(30);
              }
              await page.mouse.up();
            }
            await wheel(page, region, 10, 300);
            await wheel(page, region, 10, -300);
          },
        ],
        ['type', typeMessage],
        ['send', sendMessage],
      ],
    },
    {
      name: 'facts',
      title: 'the Facts panel with 1,000 facts',
      async setup(page) {
        await page.getByRole('button', { name: 'Settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Settings' });
        await dialog.getByLabel('Maximum facts', { exact: true }).fill('1000');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await importAndOpenShortThread(page, bundleFiles.facts);
      },
      phases: [
        [
          'open',
          async (page) => {
            await page.locator('#tab-facts').click();
            await page.locator('[aria-label="Facts list"] li').first().waitFor();
          },
        ],
        [
          'scroll',
          async (page) => {
            const panel = page.locator('section.facts-panel');
            await wheel(page, panel, 40, 500);
            await dragScroll(panel, 1, 0, 20);
          },
        ],
        [
          'search',
          async (page) => {
            const search = page.locator('section.facts-panel input[type="search"]');
            await search.click();
            await page.keyboard.type('number 7', { delay: 25 });
            await search.fill('');
          },
        ],
        ['type', typeMessage],
        ['send', sendMessage],
      ],
    },
    {
      name: 'files',
      title: 'the Files panel with 5,000 files',
      async setup(page) {
        await importAndOpenShortThread(page, bundleFiles.files);
      },
      phases: [
        [
          'open',
          async (page) => {
            // The app opened again with the files in it: the panel lists them at start.
            await page.reload();
            await page
              .locator('.mp-files-folder-toggle[title="/logs/"]')
              .waitFor({ timeout: 300_000 });
            await page.locator('#message-input:enabled').waitFor();
          },
        ],
        [
          'scroll',
          async (page) => {
            const tree = page.locator('.mp-files-tree');
            await wheel(page, tree, 40, 600);
            await dragScroll(tree, 1, 0, 20);
          },
        ],
        ['type', typeMessage],
        ['send', sendMessage],
      ],
    },
    {
      name: 'arena',
      title: 'the arena: 10 strategies × a LoCoMo conversation, context view open',
      async setup(page) {
        await page.getByRole('button', { name: 'Arena', exact: true }).click();
        const arena = page.getByRole('region', { name: 'Arena' });
        await arena.getByLabel('Import transcript').setInputFiles(locomoFile);
        await arena.getByText(/turns, \d+ messages/).waitFor();
        for (const name of STRATEGIES)
          await arena.getByRole('checkbox', { name, exact: true }).check();
        await runArenaToResults(page, arena, STRATEGIES.length, { timeout: 900_000, polling: 200 });
        // Back to the chat: "open" comes back to the results.
        await page.getByRole('button', { name: 'Arena', exact: true }).click();
        await conversation(page).waitFor();
        await sleep(1_000);
      },
      async shoot(page) {
        // The charts, at the top of the view (the phases leave the view on the grid).
        await page
          .locator('figure[aria-label="Tokens sent per turn"]')
          .evaluate((el) => el.scrollIntoView({ block: 'start' }));
      },
      phases: [
        [
          'open',
          async (page) => {
            await page.locator('.topbar-actions button', { hasText: /^Arena$/ }).click();
            const grid = page.locator('table[aria-label="Probe outcomes"]');
            await grid.waitFor({ timeout: 300_000 });
            // The context view: the Sequential strategy's context at the 8th probe (the grid, a
            // scroll box of its own, renders the rows near its view: it is brought into view first).
            await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
            await grid.locator('button[aria-label^="Sequential: "]').nth(8).click();
            await page.locator('section[aria-label="Context at probe"]').waitFor();
          },
        ],
        [
          'scroll',
          async (page) => {
            const main = page.locator('.arena-main');
            await wheel(page, main, 40, 400);
            await dragScroll(main, 1, 0, 20);
          },
        ],
        [
          'select',
          async (page) => {
            // Probe cells one after another: each shows another strategy's context (the grid brought
            // into view first: it renders the rows near the view).
            const grid = page.locator('table[aria-label="Probe outcomes"]');
            await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
            for (const name of STRATEGIES.slice(0, 6)) {
              await grid.locator(`button[aria-label^="${name}: "]`).nth(10).click();
              await sleep(100);
            }
          },
        ],
        [
          'type',
          async (page) => {
            const field = page.locator('input[aria-label="Sliding window: Window size (turns)"]');
            await field.click();
            await page.keyboard.press('End');
            await page.keyboard.type('2', { delay: 25 });
            await page.keyboard.press('Backspace');
          },
        ],
      ],
    },
  ];
}
