// What the scenarios do on the page, the way a person does it: import a bundle, open a thread,
// type, send, scroll with the wheel or by dragging the scroll position.
//
// Inside the phases the script finds things with CSS selectors and plain DOM checks: Playwright's
// role and text queries walk the whole page on the main thread (accessible names of thousands of
// elements), which would be measured as the app's own stalls.

import type { Page } from '@playwright/test';
import { sleep } from '../lib/served-app.mjs';

export const MESSAGE =
  'What is the state of the release? Please list what is left before Friday, shortly.';

export const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
export const threadButton = (page: Page, name: RegExp) =>
  page.locator('nav.thread-list button', { hasText: name });

export async function importBundle(page: Page, file: string) {
  await page.getByLabel('Import bundle', { exact: true }).setInputFiles(file);
  const preview = page.getByRole('dialog', { name: 'Import preview' });
  await preview.getByRole('button', { name: 'Apply import' }).click({ timeout: 600_000 });
  await preview.waitFor({ state: 'hidden', timeout: 300_000 });
}

export async function typeMessage(page: Page) {
  await page.locator('#message-input').click();
  await page.keyboard.type(MESSAGE, { delay: 25 });
}

export async function sendMessage(page: Page) {
  const before = await page.evaluate(
    () => document.querySelectorAll('article.message.assistant').length,
  );
  await page.keyboard.press('Enter');
  // The run ends: Send is back (Stop gone) and the answer is in the conversation.
  await page.waitForFunction(
    () =>
      !document.querySelector('.composer button.stop') &&
      !!document.querySelector('.composer button[type="submit"]') &&
      !document.querySelector('article.message.streaming'),
    undefined,
    { timeout: 600_000, polling: 100 },
  );
  void before;
}

/** Wheel steps over an element (a person's scrolling), then back. */
export async function wheel(
  page: Page,
  target: ReturnType<Page['locator']>,
  steps: number,
  dy: number,
) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to scroll');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, dy);
    await sleep(30);
  }
}

/** Drags the scroll position like a scrollbar thumb: scrollTop in `steps` jumps to `to` (0..1). */
export async function dragScroll(
  target: ReturnType<Page['locator']>,
  from: number,
  to: number,
  steps: number,
) {
  for (let i = 0; i <= steps; i++) {
    const at = from + ((to - from) * i) / steps;
    await target.evaluate((el, f) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
    }, at);
    await sleep(30);
  }
}

export async function waitForChart(page: Page) {
  await page.locator('.token-readout svg.token-plot').first().waitFor({ timeout: 300_000 });
}

/** Waits for an element by id (a message: `msg-<id>`), cheaply. */
export async function waitForId(page: Page, id: string) {
  await page.waitForFunction((id) => !!document.getElementById(id), id, {
    timeout: 300_000,
    polling: 100,
  });
}

export const LONG_THREAD = /^A long working thread/;

/** Imports a scenario's bundle and opens its short thread, so the phases start from a quiet page. */
export async function importAndOpenShortThread(page: Page, bundle: string) {
  await importBundle(page, bundle);
  await threadButton(page, /^A short thread/).click();
  await conversation(page).getByText('Hello! How can I help?').waitFor();
  await sleep(1_000);
}
