import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { executeWorkerSource, securityHeaders } from './scripts/vite-security.js';

/**
 * @monaco-editor/loader ships a default `paths.vs` pointing at cdn.jsdelivr.net. We always hand it
 * the bundled Monaco (loader.config({ monaco }) in src/ui/editor/monaco.ts), so that default is
 * dead code, but the URL would still sit in the bundle: strip it so no CDN address ships at all.
 */
function noMonacoCdn(): Plugin {
  return {
    name: 'no-monaco-cdn',
    transform(code, id) {
      if (!id.includes('@monaco-editor/loader') || !code.includes('cdn.jsdelivr.net')) return null;
      return {
        code: code.replace(/(['"])https:\/\/cdn\.jsdelivr\.net\/[^'"]*\1/g, "''"),
        map: null,
      };
    },
  };
}

/**
 * transformers.js defaults onnxruntime-web's wasmPaths to jsDelivr. The embedder worker always
 * points them at the binary the app bundles (src/workers/embedder.worker.ts), so that default is
 * dead code too: strip its URL the same way.
 */
function noOrtCdn(): Plugin {
  return {
    name: 'no-ort-cdn',
    transform(code, id) {
      if (!id.includes('@huggingface/transformers') || !code.includes('cdn.jsdelivr.net'))
        return null;
      return { code: code.replace(/`https:\/\/cdn\.jsdelivr\.net\/[^`]*`/g, "''"), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), noMonacoCdn(), noOrtCdn(), executeWorkerSource(), securityHeaders()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The test page for the embedding worker (e2e/embedder.spec.ts) is built only for the tests
        // (`npm test` sets MP_TEST_PAGES=1), so a release build ships the app alone.
        ...(process.env.MP_TEST_PAGES === '1'
          ? {
              'embedder-check': fileURLToPath(new URL('./embedder-check.html', import.meta.url)),
              // The in-browser model's page, for `npm run bench:local-model`.
              'generator-check': fileURLToPath(new URL('./generator-check.html', import.meta.url)),
            }
          : {}),
      },
    },
  },
  // Monaco's editor and JSON workers are ES modules (imported with ?worker).
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
