// Types for arena-ui.mjs (plain JavaScript so that the .mjs scripts run under node as they are).
import type { Locator, Page } from '@playwright/test';

export declare function runArenaToResults(
  page: Page,
  arena: Locator,
  count: number,
  options: { timeout: number; polling: number },
): Promise<void>;
