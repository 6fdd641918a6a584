// The built app served by `vite preview` and Debian's Chromium, for the scripts that drive the real
// app (benchmarks and measurements; the browser tests get the same from playwright.config.ts).
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';

/** Chromium's flags here (as playwright.config.ts gives them to the browser tests). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (CHROMIUM_PATH to use another). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** `vite build` into `dist` (with `env`, e.g. MP_TEST_PAGES); throws when the build fails. */
export function buildApp(dist, env = process.env) {
  console.log(`Building the app into ${dist}/ …`);
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist], {
    stdio: 'inherit',
    env,
  });
  if (built.status !== 0) throw new Error(`the build into ${dist}/ failed`);
}

/**
 * The app of `dist` at http://127.0.0.1:port/: a server already answering there is used as it is;
 * otherwise `vite preview` is started and stopped by `stop()`. Throws when nothing answers in 30 s.
 */
export async function serveApp({ dist = 'dist', port = 4173 } = {}) {
  const url = `http://127.0.0.1:${port}/`;
  let server;
  if (!(await reachable(url))) {
    server = spawn(
      'npx',
      [
        'vite',
        'preview',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--strictPort',
        '--outDir',
        dist,
      ],
      { stdio: 'ignore', detached: true },
    );
    for (let i = 0; i < 150 && !(await reachable(url)); i++) await sleep(200);
    if (!(await reachable(url))) {
      stopServer(server);
      throw new Error(`${url} did not answer (vite preview of ${dist}/)`);
    }
  }
  return { url, stop: () => stopServer(server) };
}

function stopServer(server) {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid);
  } catch {
    // Already gone.
  }
}

export async function reachable(url) {
  try {
    const response = await fetch(url);
    return response.ok;
  } catch {
    return false;
  }
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
