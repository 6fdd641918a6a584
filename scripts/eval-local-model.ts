// How reliably an in-browser model calls the app's file tools: the measurement behind the default
// model's choice, for anyone who has the weights. It runs the app's own pieces in Node (the agent
// loop, the six file tools on an in-memory filesystem, the app's system prompt, the in-browser
// model's provider and its transformers.js engine on onnxruntime-node) over a fixed set of tasks and
// prints, per task and in total:
//
//   well-formed: the first answer makes a tool call (when the task needs one) and every call names
//                a tool and carries a JSON object (a call the loop answers with an error fails it);
//   right call:  the first answer calls the expected tool with the expected argument;
//   done:        after the whole run (up to 6 model calls) the files or the answer show the task done;
//   plus time to first token and tokens per second.
//
// With several models (--models a,b,c) each runs the same tasks in turn and the figures are printed
// side by side, one column per model, so the choices can be compared in one run.
//
//   npm run eval:local-model -- --models onnx-community/Qwen3-0.6B-ONNX,onnx-community/Qwen2.5-0.5B-Instruct
//   npm run eval:local-model -- --model onnx-community/Qwen2.5-0.5B-Instruct --dtype q8 --runs 3
//   npm run eval:local-model -- --models Qwen3-0.6B-ONNX,Qwen2.5-0.5B-Instruct --local-dir /models
//   npm run eval:local-model -- --models test-tiny-qwen2,test-tiny-qwen3 --local-dir public/test-lm
// --local-dir: a folder holding <model>/config.json, <model>/onnx/…; without it the files come
// from the Hugging Face Hub (network). --sample uses the model's sampling settings instead of
// greedy decoding (then use several --runs). A model that cannot be loaded gets a column saying
// why; the others still run. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { runAgent } from '../src/core/agent/loop';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import { memoryFs } from '../src/core/fs/in-memory';
import type { AssistantMessage, Message, ToolCall } from '../src/core/agent/types';
import { createFsTools } from '../src/core/fs/tools';
import type { VirtualFs } from '../src/core/fs/types';
import {
  createLocalProvider,
  DEFAULT_LOCAL_MODEL,
  type LocalGenerator,
  type LocalDtype,
} from '../src/core/providers/local';
import { resolveDtype } from '../src/core/providers/local/models';
import { loadEngine } from '../src/workers/generator-engine';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const modelIds = (argument('models') ?? argument('model') ?? DEFAULT_LOCAL_MODEL)
  .split(',')
  .map((id) => id.trim())
  .filter(Boolean);
const localDir = argument('local-dir');
const dtype = resolveDtype((argument('dtype') ?? 'q8') as LocalDtype, 'wasm');
const runs = Number(argument('runs') ?? 1);
const maxNewTokens = Number(argument('max-new') ?? 256);
const greedy = !process.argv.includes('--sample');

const SEED_FILES: Record<string, string> = {
  '/notes/todo.md': '# To do\n\n- Buy milk\n- Call the bank\n- Book the train to Lyon\n',
  '/src/forecast.ts': 'export function forecast(days: number) {\n  return days * 2;\n}\n',
  '/README.md': '# Project\n\nA small weather project.\n',
  '/memories/AGENTS.md': '# Memory\n\n- The user is called Sam.\n',
};

interface Task {
  id: string;
  prompt: string;
  /** The call expected first: tool name and one argument that must match. */
  expect: { tool: string; arg?: [string, (value: unknown) => boolean] } | 'no-tool';
  /** Whether the task got done, from the files after the run and the last answer. */
  done(fs: VirtualFs, answer: string): Promise<boolean>;
}

const text = async (fs: VirtualFs, path: string) => (await fs.read(path))?.content ?? '';
/** The path, also written without its leading '/': the tools read such a path from / (issue 34). */
const equalsPath = (path: string) => (value: unknown) =>
  typeof value === 'string' && `/${value.replace(/^\/+|\/+$/g, '')}` === path;

const TASKS: Task[] = [
  {
    id: 'read',
    prompt: 'What is the first item in /notes/todo.md?',
    expect: { tool: 'read_file', arg: ['file_path', equalsPath('/notes/todo.md')] },
    done: async (_fs, answer) => /milk/i.test(answer),
  },
  {
    id: 'ls',
    prompt: 'Which files are in the /notes folder?',
    expect: { tool: 'ls', arg: ['path', equalsPath('/notes')] },
    done: async (_fs, answer) => /todo\.md/i.test(answer),
  },
  {
    id: 'write',
    prompt: 'Create a file /hello.txt that says: hello world',
    expect: { tool: 'write_file', arg: ['file_path', equalsPath('/hello.txt')] },
    done: async (fs) => /hello world/i.test(await text(fs, '/hello.txt')),
  },
  {
    id: 'edit',
    prompt: "In /notes/todo.md, change 'Buy milk' to 'Buy oat milk'.",
    expect: { tool: 'read_file', arg: ['file_path', equalsPath('/notes/todo.md')] },
    done: async (fs) => /Buy oat milk/.test(await text(fs, '/notes/todo.md')),
  },
  {
    id: 'memory',
    prompt:
      'Remember that I prefer tabs over spaces: save it in my memory file /memories/AGENTS.md.',
    expect: { tool: 'read_file', arg: ['file_path', equalsPath('/memories/AGENTS.md')] },
    done: async (fs) => /tabs/i.test(await text(fs, '/memories/AGENTS.md')),
  },
  {
    id: 'grep',
    prompt: 'Which file mentions the word "forecast"? Search for it.',
    expect: { tool: 'grep', arg: ['pattern', (v) => typeof v === 'string' && /forecast/i.test(v)] },
    done: async (_fs, answer) => /forecast\.ts/.test(answer),
  },
  {
    id: 'no-tool',
    prompt: 'What is 12 times 3? Answer directly, without using any tool.',
    expect: 'no-tool',
    done: async (_fs, answer) => /\b36\b/.test(answer),
  },
];

/** Edits that would be fine after a read are also a right first call for these tasks. */
const ALSO_RIGHT: Record<string, string[]> = {
  edit: ['edit_file'],
  memory: ['edit_file', 'write_file'],
};

interface Outcome {
  wellFormed: boolean;
  rightCall: boolean;
  done: boolean;
  calls: number;
  ttft: number[];
  tps: number[];
  firstAnswer: string;
}

function wellFormed(task: Task, calls: readonly ToolCall[], names: Set<string>): boolean {
  if (task.expect !== 'no-tool' && calls.length === 0) return false;
  return calls.every((c) => {
    if (!names.has(c.name)) return false;
    try {
      const args: unknown = JSON.parse(c.arguments || '{}');
      return typeof args === 'object' && args !== null && !Array.isArray(args);
    } catch {
      return false;
    }
  });
}

function rightCall(task: Task, message: AssistantMessage | undefined): boolean {
  const calls = message?.toolCalls ?? [];
  if (task.expect === 'no-tool') return calls.length === 0;
  const expected = task.expect;
  const first = calls[0];
  if (!first) return false;
  if (first.name !== expected.tool) return (ALSO_RIGHT[task.id] ?? []).includes(first.name);
  if (!expected.arg) return true;
  try {
    const args = JSON.parse(first.arguments || '{}') as Record<string, unknown>;
    return expected.arg[1](args[expected.arg[0]]);
  } catch {
    return false;
  }
}

async function runTask(task: Task, generator: LocalGenerator, modelId: string): Promise<Outcome> {
  const fs = await memoryFs(SEED_FILES);
  const tools = createFsTools();
  const names = new Set(tools.map((t) => t.schema.name));
  const provider = createLocalProvider({ generator, maxNewTokens });
  const messages: Message[] = [];
  const outcome = await runAgent({
    threadId: `eval-${task.id}`,
    history: [{ role: 'user', id: 'u', content: task.prompt, createdAt: Date.now() }],
    provider,
    model: modelId,
    systemPrompt: BASE_SYSTEM_PROMPT,
    tools,
    middleware: [],
    fs,
    state: {},
    signal: new AbortController().signal,
    emit: (event) => {
      if (event.type === 'message') messages.push(event.message);
    },
    maxSteps: 6,
  });
  const answers = messages.filter((m): m is AssistantMessage => m.role === 'assistant');
  const first = answers[0];
  const last = answers.at(-1);
  return {
    wellFormed: first !== undefined && wellFormed(task, first.toolCalls ?? [], names),
    rightCall: rightCall(task, first),
    done: outcome.status === 'done' && (await task.done(fs, last?.content ?? '')),
    calls: answers.length,
    ttft: answers.flatMap((a) => (a.usage?.timeToFirstTokenMs ? [a.usage.timeToFirstTokenMs] : [])),
    tps: answers.flatMap((a) => (a.usage?.tokensPerSecond ? [a.usage.tokensPerSecond] : [])),
    firstAnswer: first
      ? [first.content, ...(first.toolCalls ?? []).map((c) => `${c.name}(${c.arguments})`)]
          .filter(Boolean)
          .join(' | ')
          .slice(0, 100)
      : '(no answer)',
  };
}

interface ModelRun {
  modelId: string;
  /** Outcomes per task id, or why the model could not be loaded. */
  byTask?: Map<string, Outcome[]>;
  loadSeconds?: number;
  failure?: string;
}

async function evaluate(modelId: string): Promise<ModelRun> {
  const started = performance.now();
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  try {
    engine = await loadEngine({
      modelId,
      source: localDir ? { kind: 'local', path: `${resolve(localDir)}/` } : { kind: 'hub' },
      device: 'cpu',
      dtype,
    });
  } catch (error) {
    return { modelId, failure: error instanceof Error ? error.message : String(error) };
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const generator: LocalGenerator = {
    generate: (request, options) => engine.generate(request, { ...options, greedy }),
  };
  const byTask = new Map<string, Outcome[]>();
  for (const task of TASKS) {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < runs; i++) outcomes.push(await runTask(task, generator, modelId));
    byTask.set(task.id, outcomes);
    console.error(`${modelId}: ${task.id} done`);
  }
  await engine.dispose();
  return { modelId, byTask, loadSeconds };
}

const pct = (n: number, of: number) => (of === 0 ? '-' : `${((n / of) * 100).toFixed(0)}%`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
type Rate = 'wellFormed' | 'rightCall' | 'done';
const rates = (outcomes: Outcome[]) =>
  (['wellFormed', 'rightCall', 'done'] as Rate[])
    .map((key) => pct(outcomes.filter((o) => o[key]).length, outcomes.length).padStart(5))
    .join(' ');

/** The table: a row per task and per total, a column per model (well-formed, right call, done). */
function printTable(results: ModelRun[]): void {
  const width = Math.max(17, ...results.map((r) => r.modelId.length)) + 2;
  const row = (label: string, cells: string[]) =>
    console.log(
      label.padEnd(12) +
        cells
          .map((c) => c.padEnd(width))
          .join('')
          .trimEnd(),
    );
  const cell = (r: ModelRun, f: (all: Outcome[]) => string, taskId?: string) => {
    if (!r.byTask) return 'not loaded';
    const outcomes = taskId ? (r.byTask.get(taskId) ?? []) : [...r.byTask.values()].flat();
    return f(outcomes);
  };
  row(
    '',
    results.map((r) => r.modelId),
  );
  row(
    'task',
    results.map(() => ' form right  done'),
  );
  for (const task of TASKS)
    row(
      task.id,
      results.map((r) => cell(r, rates, task.id)),
    );
  row(
    'total',
    results.map((r) => cell(r, rates)),
  );
  row(
    'ttft (ms)',
    results.map((r) => cell(r, (all) => median(all.flatMap((o) => o.ttft)).toFixed(0))),
  );
  row(
    'tokens/s',
    results.map((r) => cell(r, (all) => median(all.flatMap((o) => o.tps)).toFixed(1))),
  );
  row(
    'calls/task',
    results.map((r) => cell(r, (all) => String(median(all.map((o) => o.calls))))),
  );
  row(
    'loaded (s)',
    results.map((r) => (r.loadSeconds === undefined ? '-' : r.loadSeconds.toFixed(1))),
  );
  for (const r of results) {
    if (r.failure) console.log(`\n${r.modelId} could not be loaded: ${r.failure}`);
    else {
      console.log(`\n${r.modelId}, first answer per task (last run):`);
      for (const task of TASKS)
        console.log(`  ${task.id.padEnd(9)} ${r.byTask?.get(task.id)?.at(-1)?.firstAnswer ?? ''}`);
    }
  }
}

console.log(
  `Tool-call evaluation: ${modelIds.join(', ')} (${dtype}, onnxruntime-node CPU, ` +
    `${greedy ? 'greedy' : 'sampled'}), ${TASKS.length} tasks x ${runs} run${runs === 1 ? '' : 's'}; ` +
    'per model: well-formed, right first call, task done.',
);
const results: ModelRun[] = [];
for (const modelId of modelIds) results.push(await evaluate(modelId));
printTable(results);
