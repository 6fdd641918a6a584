import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/served-app.mjs';

// Browser tests run against the production build served by `vite preview`, in Debian's Chromium.
// `npm test` builds into dist-test/ and picks a free port (MP_DIST, MP_PORT); `npm run test:e2e`
// alone expects a fresh `MP_TEST_PAGES=1 npm run build` in dist/ and uses port 4183, so it never
// meets the app `npm start` serves on 4173. A server already on the port is never reused: the
// tests must run against this checkout's build.
const port = Number(process.env.MP_PORT ?? 4183);
const dist = process.env.MP_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder at start: side-by-side runs each get their own.
  outputDir: process.env.MP_DIST ? `${process.env.MP_DIST}-results` : 'test-results',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${dist}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
