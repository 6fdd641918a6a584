#!/usr/bin/env node
// Prints memory-bundle timings: export, validate (readBundle), preview (planImport) and apply of a
// synthetic memory, against the in-memory stores (the core's own cost, no IndexedDB).
// Usage: node scripts/bench-bundle.mjs [files=1000] [threads=100] [out.zip]
// With out.zip, the exported bundle is also written there (e.g. to time an import in the browser).
// Loads the TypeScript core through Vite's SSR loader, so no extra tooling is needed.
import { writeFileSync } from 'node:fs';
import { createServer } from 'vite';

const fileCount = Number(process.argv[2] ?? 1000);
const threadCount = Number(process.argv[3] ?? 100);
const outPath = process.argv[4];

const vite = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { exportBundle } = await vite.ssrLoadModule('/src/core/bundle/export.ts');
  const { readBundle, planImport, applyImport } = await vite.ssrLoadModule(
    '/src/core/bundle/import/index.ts',
  );
  const { fixture, sampleThread, customSettings } = await vite.ssrLoadModule(
    '/tests/fixtures/bundle.ts',
  );

  const source = fixture();
  const paragraph =
    '- The user prefers tabs over spaces, short answers, and examples in TypeScript.\n';
  for (let i = 0; i < fileCount; i++) {
    const store = i % 10 === 0 ? source.user : source.workspace;
    await store.write(`/notes/topic-${i}.md`, `# Topic ${i}\n${paragraph.repeat(25)}`);
  }
  for (let i = 0; i < threadCount; i++) {
    const base = sampleThread(`thread_${String(i).padStart(4, '0')}`);
    const messages = [];
    const calls = [];
    for (let turn = 0; turn < 10; turn++) {
      for (const m of base.messages)
        messages.push({ ...m, id: `${m.id}-${turn}`, content: `${m.content} ${paragraph}` });
      for (const c of base.calls) calls.push({ ...c, callId: `${c.callId}-${turn}` });
    }
    await source.threads.put({ ...base, messages, calls });
  }
  await source.settings.set(customSettings());

  const time = async (fn) => {
    const start = performance.now();
    const value = await fn();
    return [value, performance.now() - start];
  };
  const [exported, exportMs] = await time(() =>
    exportBundle(source.source, { appVersion: 'bench' }),
  );
  if (outPath) writeFileSync(outPath, exported.bytes);
  const [bundle, readMs] = await time(() => readBundle(exported.bytes));
  const target = fixture();
  const [plan, planMs] = await time(() => planImport(bundle, target.target, { mode: 'keep-both' }));
  const [, applyMs] = await time(() => applyImport(bundle, plan, target.target));
  // A second import of the same bundle: every item compared, nothing written.
  const [plan2, replanMs] = await time(() =>
    planImport(bundle, target.target, { mode: 'keep-both' }),
  );
  const [, reapplyMs] = await time(() => applyImport(bundle, plan2, target.target));

  const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  const ms = (n) => `${n.toFixed(0)} ms`;
  console.log(
    `memory: ${fileCount} files, ${threadCount} threads (${bundle.manifest.counts.messages} messages, ${bundle.manifest.counts.modelCalls} model calls)`,
  );
  console.log(`bundle: ${mb(exported.bytes.length)} zip, ${mb(bundle.totalBytes)} uncompressed`);
  console.log(`export (read stores, serialise, deflate):  ${ms(exportMs)}`);
  console.log(`validate (readBundle: inflate, parse, check): ${ms(readMs)}`);
  console.log(`preview into an empty store (planImport):    ${ms(planMs)}`);
  console.log(`apply (stage + write, in-memory stores):     ${ms(applyMs)}`);
  console.log(`preview again, all unchanged:                ${ms(replanMs)}`);
  console.log(`apply again (nothing to write):              ${ms(reapplyMs)}`);
} finally {
  await vite.close();
}
