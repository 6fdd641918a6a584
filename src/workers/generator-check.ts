// Entry of generator-check.html, a development and benchmark page: runs the real generator client
// and worker against a model (by default the generated tiny test model the app serves under
// /test-lm/) and times generations, for people and for `npm run bench:local-model`.
//   ?prompt=short: one short user message, no tools;
//   ?prompt=app:   the app's system prompt and its tool schemas, as a chat request sends them.
import { GeneratorClient } from '../adapters/generator-client';
import { BASE_SYSTEM_PROMPT } from '../core/agent/prompt';
import type { ModelMessage } from '../core/agent/types';
import { createFsTools } from '../core/fs/tools';
import { createExecuteTool } from '../core/tools/execute';
import type { LocalDtype, LocalGenerateResult } from '../core/providers/local';
import type { GeneratorStatus } from '../core/providers/local/status';

const params = new URLSearchParams(location.search);
const modelId = params.get('model') ?? 'test-tiny-qwen2';
const baseUrl = params.get('base') ?? '/test-lm/';
const dtype = (params.get('dtype') ?? 'auto') as LocalDtype;
const device = (params.get('device') ?? 'auto') as 'auto' | 'wasm' | 'webgpu';
const prompt = params.get('prompt') ?? 'short';
const newTokens = Number(params.get('new') ?? 128);
const runs = Number(params.get('runs') ?? 3);

const statusEl = document.getElementById('status')!;
const resultEl = document.getElementById('result')!;
const statuses: Array<GeneratorStatus & { at: number }> = [];

const client = new GeneratorClient({ modelId, baseUrl, dtype, device });
client.subscribe((status) => {
  statuses.push({ ...status, at: Math.round(performance.now()) });
  statusEl.textContent = status.state;
});

function finish(state: 'done' | 'failed', extra: Record<string, unknown>) {
  resultEl.textContent = JSON.stringify(
    { state, modelId, baseUrl, prompt, statuses: statuses.slice(-3), ...extra },
    null,
    2,
  );
  resultEl.dataset.state = state;
}

const user: ModelMessage = {
  role: 'user',
  id: 'check',
  content: 'Please list the files in the workspace and tell me what the notes say.',
  createdAt: 0,
};
const tools =
  prompt === 'app'
    ? [
        ...createFsTools().map((t) => t.schema),
        createExecuteTool({ run: () => Promise.resolve({ output: '' }) }).schema,
      ]
    : [];

try {
  const loadStart = performance.now();
  await client.whenReady();
  const loadMs = performance.now() - loadStart;
  const results: LocalGenerateResult[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(
      await client.generate(
        {
          system: prompt === 'app' ? BASE_SYSTEM_PROMPT : '',
          messages: [user],
          tools,
          maxNewTokens: newTokens,
        },
        { signal: new AbortController().signal },
      ),
    );
  }
  const ready = client.status.state === 'ready' ? client.status : null;
  finish('done', {
    loadMs,
    device: ready?.device,
    dtype: ready?.dtype,
    runs: results.map(({ text, ...figures }) => ({ ...figures, chars: text.length })),
  });
} catch (error) {
  finish('failed', {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}
