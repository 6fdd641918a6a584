// Shared Playwright fixtures: fake provider servers on 127.0.0.1, and a guard that fails any test
// in which the page sent a request anywhere but 127.0.0.1.
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { startFakeOpenAI } from './fake-servers/openai';
import { startFakeAnthropic } from './fake-servers/anthropic';
import type { FakeServer } from './fake-servers/common';

interface Fixtures {
  openai: FakeServer;
  anthropic: FakeServer;
  /** Every URL the page requested during the test. */
  requestedUrls: string[];
}

export const test = base.extend<Fixtures>({
  openai: async ({}, use) => {
    const server = await startFakeOpenAI();
    await use(server);
    await server.close();
  },
  anthropic: async ({}, use) => {
    const server = await startFakeAnthropic();
    await use(server);
    await server.close();
  },
  requestedUrls: [
    async ({ context }, use) => {
      const urls: string[] = [];
      await guard(context, urls);
      await use(urls);
      const external = urls.filter((url) => !isLocal(url));
      expect(external, 'requests that left 127.0.0.1').toEqual([]);
    },
    { auto: true },
  ],
});

function isLocal(href: string): boolean {
  if (href.startsWith('data:') || href.startsWith('blob:')) return true;
  try {
    const { hostname, protocol } = new URL(href);
    return (protocol === 'http:' || protocol === 'ws:') && hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

export { expect };

/** Records every request of the context in `urls`; anything not on loopback is refused outright. */
async function guard(context: BrowserContext, urls: string[]): Promise<void> {
  context.on('request', (request) => urls.push(request.url()));
  await context.route(
    (url) => !isLocal(url.href),
    (route) => route.abort('blockedbyclient'),
  );
}

/**
 * A browser context of its own (no site data at all), guarded like the test's: its requests go
 * to the same `requestedUrls`, so a request that left 127.0.0.1 fails the test too.
 */
export async function freshContext(
  browser: Browser,
  baseURL: string | undefined,
  requestedUrls: string[],
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await guard(context, requestedUrls);
  return context;
}

/**
 * How long Monaco may take to appear: its chunk is the app's largest, and on two busy cores it has
 * taken longer than the default 10 s expect (issue 33). Wait for the editor's state, not the clock.
 */
export const EDITOR_TIMEOUT = 60_000;

/** `expect` for what the file editor shows: Monaco's text may take that long to appear. */
export const expectEditor = expect.configure({ timeout: EDITOR_TIMEOUT });

/** Waits until the file editor (Monaco) in `within` shows its text field; returns that field. */
export async function waitForEditor(within: Page | Locator): Promise<Locator> {
  const editor = 'goto' in within ? within.getByRole('region', { name: 'Editor' }) : within;
  const content = editor.getByRole('textbox', { name: 'File content' });
  await expect(content).toBeVisible({ timeout: EDITOR_TIMEOUT });
  return content;
}

/**
 * Waits until the conversation's scroll position is written (to sessionStorage, a moment after
 * the scroll): the most recently scrolled thread is stored as not at its end. A state, not a clock.
 */
export async function scrollPositionSaved(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const stored = JSON.parse(sessionStorage.getItem('mp-scroll') ?? '[]') as unknown;
          const last = Array.isArray(stored) ? (stored.at(-1) as unknown) : undefined;
          return Array.isArray(last) && (last[1] as { bottom?: boolean })?.bottom === false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Opens the app and waits until the chat is usable. */
export async function openApp(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
}

export async function sendMessage(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Switches the provider in Settings. */
export async function configureProvider(
  page: Page,
  options: {
    provider: 'OpenAI-compatible' | 'Anthropic' | 'Demo (offline)';
    baseURL?: string;
    apiKey?: string;
    model?: string;
    remember?: boolean;
  },
) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: options.provider });
  if (options.baseURL !== undefined)
    await dialog.getByLabel('Base URL', { exact: true }).fill(options.baseURL);
  if (options.apiKey !== undefined)
    await dialog.getByLabel('API key', { exact: true }).fill(options.apiKey);
  if (options.model !== undefined)
    await dialog.getByLabel('Model', { exact: true }).fill(options.model);
  if (options.remember) await dialog.getByLabel('Remember key on this device').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** A drawn element's box on the page (a chart's label or mark). */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes on the page of the elements a locator finds. */
export async function boxesOf(locator: Locator): Promise<PageBox[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
}

/**
 * The pairs of boxes, one from each list, that overlap by more than half a pixel each way (within
 * one list when both are the same list); empty when none do.
 */
export function overlapping(a: PageBox[], b: PageBox[]): [PageBox, PageBox][] {
  const pairs: [PageBox, PageBox][] = [];
  const over = (p: PageBox, q: PageBox) =>
    Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x) > 0.5 &&
    Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y) > 0.5;
  a.forEach((p, i) =>
    b.forEach((q, j) => {
      if (a === b && j <= i) return;
      if (over(p, q)) pairs.push([p, q]);
    }),
  );
  return pairs;
}
