// Time to first token and tokens per second of the in-browser model's path, on the tiny generated
// test model (random weights, scripts/make-test-lm.mjs): what the machinery costs around a model,
// not what a real model does (a 0.5B model's figures are set by its weights; see the README).
//
//   Chromium, onnxruntime-web WASM (one thread), through the real generator worker and client
//     (generator-check.html in a build with MP_TEST_PAGES=1; built into MP_DIST if missing);
//   Node, onnxruntime-node (CPU), through the same engine (src/workers/generator-engine.ts).
//
// Two prompts: "short" (one user message, no tools) and "app" (the app's system prompt and its
// seven tool schemas, as a chat request sends them). Medians over the runs; prints, asserts nothing.
//   npm run bench:local-model [-- --runs 5 --new 128 --only node|chromium]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import type { ModelMessage } from '../src/core/agent/types';
import { createFsTools } from '../src/core/fs/tools';
import { createExecuteTool } from '../src/core/tools/execute';
import type { LocalGenerateResult } from '../src/core/providers/local';
import { loadEngine } from '../src/workers/generator-engine';
import { buildApp, launchChromium, serveApp } from './lib/served-app.mjs';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(argument('runs') ?? 5);
const newTokens = Number(argument('new') ?? 128);
const only = argument('only');
const MODEL = 'test-tiny-qwen2';
const root = resolve('.');
const dist = process.env.MP_DIST ?? 'dist-test';
const port = Number(process.env.MP_PORT ?? 4185);

type Figures = Pick<
  LocalGenerateResult,
  'inputTokens' | 'outputTokens' | 'timeToFirstTokenMs' | 'tokensPerSecond'
>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function line(label: string, results: Figures[]) {
  const ttft = median(results.map((r) => r.timeToFirstTokenMs ?? NaN));
  const tps = median(results.map((r) => r.tokensPerSecond ?? NaN));
  const range = (values: number[]) =>
    `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  console.log(
    `  ${label.padEnd(7)} prompt ${String(results[0]?.inputTokens ?? '?').padStart(5)} tokens: ` +
      `time to first token ${ttft.toFixed(0)} ms (${range(results.map((r) => r.timeToFirstTokenMs ?? 0))}), ` +
      `${tps.toFixed(0)} tokens/s (${range(results.map((r) => r.tokensPerSecond ?? 0))}), ` +
      `${results[0]?.outputTokens ?? '?'} new tokens, median of ${results.length}`,
  );
}

const user: ModelMessage = {
  role: 'user',
  id: 'bench',
  content: 'Please list the files in the workspace and tell me what the notes say.',
  createdAt: 0,
};
const appTools = [
  ...createFsTools().map((t) => t.schema),
  createExecuteTool({ run: () => Promise.resolve({ output: '' }) }).schema,
];

async function benchNode() {
  const engine = await loadEngine({
    modelId: MODEL,
    source: { kind: 'local', path: `${join(root, 'public', 'test-lm')}/` },
    device: 'cpu',
    dtype: 'q8',
  });
  console.log('Node, onnxruntime-node (CPU), q8, the generator engine:');
  for (const prompt of ['short', 'app'] as const) {
    const results: Figures[] = [];
    // One warm-up run, not counted.
    for (let i = 0; i <= runs; i++) {
      const result = await engine.generate(
        {
          system: prompt === 'app' ? BASE_SYSTEM_PROMPT : '',
          messages: [user],
          tools: prompt === 'app' ? appTools : [],
          maxNewTokens: newTokens,
        },
        {},
      );
      if (i > 0) results.push(result);
    }
    line(prompt, results);
  }
  await engine.dispose();
}

async function benchChromium() {
  if (!existsSync(join(dist, 'generator-check.html'))) {
    buildApp(dist, { ...process.env, MP_TEST_PAGES: '1' });
  }
  const { url: base, stop } = await serveApp({ dist, port });
  const browser = await launchChromium();
  try {
    console.log(
      'Chromium, onnxruntime-web WASM (1 thread), q8, the generator worker and client (generator-check.html):',
    );
    const page = await browser.newPage();
    for (const prompt of ['short', 'app']) {
      await page.goto(
        `${base}generator-check.html?model=${MODEL}&base=/test-lm/&device=wasm&prompt=${prompt}&new=${newTokens}&runs=${runs + 1}`,
      );
      await page.waitForSelector('#result[data-state="done"], #result[data-state="failed"]', {
        timeout: 300_000,
      });
      const result = JSON.parse((await page.textContent('#result')) ?? '{}') as {
        state: string;
        error?: string;
        runs?: Figures[];
        loadMs?: number;
      };
      if (result.state !== 'done') throw new Error(result.error ?? 'the check page failed');
      line(prompt, result.runs!.slice(1));
    }
  } finally {
    await browser.close();
    stop();
  }
}

if (!existsSync(join(root, 'public', 'test-lm', MODEL, 'onnx', 'model_quantized.onnx'))) {
  spawnSync('node', ['scripts/make-test-lm.mjs'], { stdio: 'inherit' });
}
const [one, five] = loadavg();
console.log(
  `In-browser model path on the tiny test model (${MODEL}: random weights, 2 layers, hidden 32); ` +
    `load average ${one!.toFixed(1)} / ${five!.toFixed(1)}. One warm-up run per prompt is not counted.`,
);
if (only !== 'node') await benchChromium();
if (only !== 'chromium') await benchNode();
