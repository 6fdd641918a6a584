// Build-side security: the Content-Security-Policy headers that `vite preview` / `npm start` and
// the dev server send, and the execute sandbox's worker source (src/workers/execute.worker.ts,
// bundled into one classic script that the page hands to the sandbox iframe).
//
// Two policies, each taken from the <meta> tag of its own page so header and meta cannot drift:
// - the app (index.html), plus frame-ancestors 'none' (a meta tag cannot carry it);
// - the execute sandbox (public/sandbox/execute.html): no network, its own inline script by hash,
//   workers from blob: only; frame-ancestors 'self' (only the app may embed it).
// A page gets exactly one of them: two policies would both apply, and the app's would forbid the
// sandbox's eval while the sandbox's would forbid the app everything.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SANDBOX_PATH = '/sandbox/execute.html';
const WORKER_ID = 'virtual:execute-worker-source';
const RESOLVED_WORKER_ID = `\0${WORKER_ID}`;

/** The content of the page's Content-Security-Policy <meta> tag. */
export function metaPolicy(html: string): string {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"\s*\/?>/i.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no Content-Security-Policy meta tag');
  return match[1].replace(/\s+/g, ' ').trim();
}

/** sha256 source of each inline <script> (one without src) of a page, as CSP writes it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

export function appPolicy(indexHtml = readFileSync(`${root}index.html`, 'utf8')): string {
  return `${metaPolicy(indexHtml)}; frame-ancestors 'none'`;
}

export function sandboxPolicy(
  sandboxHtml = readFileSync(`${root}public${SANDBOX_PATH}`, 'utf8'),
): string {
  return `${metaPolicy(sandboxHtml)}; frame-ancestors 'self'`;
}

/**
 * The dev server: the inline scripts Vite and the React plugin add to index.html (the refresh
 * preamble) are allowed by hash, and the HMR websocket by address. Only `vite` (serve) does this;
 * a build keeps index.html's policy as written.
 */
function devPolicy(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .replace(/script-src ([^;]*)/, (_m, sources: string) =>
      ['script-src', sources, ...scriptHashes].join(' '),
    )
    .replace(/connect-src ([^;]*)/, 'connect-src $1 ws://localhost:* ws://127.0.0.1:*');
}

function setHeaders(res: ServerResponse, path: string, app: string): void {
  res.setHeader('Content-Security-Policy', path.endsWith(SANDBOX_PATH) ? sandboxPolicy() : app);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

const pathOf = (req: Connect.IncomingMessage) => (req.url ?? '/').split('?')[0] ?? '/';

/** Sends the policies as HTTP headers from `vite` and `vite preview`. */
export function securityHeaders(): Plugin {
  let devHashes: Promise<string[]> | undefined;
  return {
    name: 'security-headers',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.server) return html;
        const hashes = inlineScriptHashes(html);
        return html.replace(
          /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]+)(")/i,
          (_m, open: string, policy: string, close: string) =>
            `${open}${devPolicy(policy.replace(/\s+/g, ' ').trim(), hashes)}${close}`,
        );
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        devHashes ??= server
          .transformIndexHtml('/', readFileSync(`${root}index.html`, 'utf8'))
          .then(inlineScriptHashes);
        devHashes.then(
          (hashes) => {
            setHeaders(res, pathOf(req), devPolicy(appPolicy(), hashes));
            next();
          },
          (error: unknown) => next(error),
        );
      });
    },
    configurePreviewServer(server) {
      const app = appPolicy();
      server.middlewares.use((req, res, next) => {
        setHeaders(res, pathOf(req), app);
        next();
      });
    },
  };
}

/**
 * `import source from 'virtual:execute-worker-source'`: the execute worker bundled into one classic
 * script (no imports left), as a string. The sandbox iframe cannot fetch anything, so the page
 * posts it the source, and the iframe starts the worker from a blob: URL.
 */
export function executeWorkerSource(): Plugin {
  return {
    name: 'execute-worker-source',
    resolveId(id) {
      return id === WORKER_ID ? RESOLVED_WORKER_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_WORKER_ID) return null;
      const entry = `${root}src/workers/execute.worker.ts`;
      this.addWatchFile(entry);
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        root,
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry, formats: ['iife'], name: 'executeSandbox', fileName: 'execute-sandbox' },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      for (const out of outputs) {
        if (!('output' in out)) continue;
        const chunk = out.output.find((o) => o.type === 'chunk');
        if (chunk && chunk.type === 'chunk') return `export default ${JSON.stringify(chunk.code)};`;
      }
      throw new Error('the execute worker did not build');
    },
  };
}
