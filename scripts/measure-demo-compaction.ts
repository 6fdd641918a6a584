// How many user messages the Demo needs to show offload, truncation and summarization: "Show me
// compaction", then its first suggestion each time, on the real loop and the app's pipeline with
// the sample workspace. Once on a thread with the Stress preset (what the empty-screen suggestion
// sets), once on the default settings. Prints the message at which each event first happened.
//   node scripts/run-ts.mjs scripts/measure-demo-compaction.ts [max messages, default 60]
import vm from 'node:vm';
import type { AgentEvent } from '../src/core/agent/events';
import { runAgent } from '../src/core/agent/loop';
import type { ThreadState } from '../src/core/agent/middleware';
import { BASE_SYSTEM_PROMPT } from '../src/core/agent/prompt';
import { memoryFs } from '../src/core/fs/in-memory';
import type { Message } from '../src/core/agent/types';
import { summarizerFromProvider } from '../src/core/compaction/summarization';
import { encodingForModel, loadEncoder } from '../src/core/tokens/counter';
import { createFsTools } from '../src/core/fs/tools';
import { createMemoryLoader } from '../src/core/memory/facts/store';
import { buildPipeline } from '../src/core/harness/pipeline';
import { createDemoProvider, splitSuggestions } from '../src/core/providers/demo';
import { resolveProfile } from '../src/core/providers/profiles';
import { createRankerResolver } from '../src/core/retrieval/rank';
import { SAMPLE_FILES } from '../src/core/sample-workspace';
import { DEFAULT_SETTINGS, settingsForThread } from '../src/core/settings';
import { THREAD_PRESET_KEY } from '../src/core/compaction/settings';
import { offlineStep } from '../src/core/strategies/offline';
import { defaultSelection } from '../src/core/strategies/registry';
import { createExecuteTool, type CodeRunner } from '../src/core/tools/execute';
import { OutputCollector, formatConsoleArgs } from '../src/core/tools/sandbox-output';

/** node:vm stands in for the app's Web Worker sandbox (a measurement, not a security boundary). */
const nodeRunner: CodeRunner = {
  async run(code, { timeoutMs, maxOutputChars }) {
    const output = new OutputCollector(maxOutputChars);
    const print = (...args: unknown[]) => void output.append(formatConsoleArgs(args));
    const context = vm.createContext({ console: { log: print } });
    await (vm.runInContext(`(async () => {\n${code}\n})()`, context, {
      timeout: timeoutMs,
    }) as Promise<unknown>);
    return { output: output.text };
  },
};

const max = Number(process.argv[2] ?? 60);

async function measure(label: string, threadState: ThreadState) {
  const settings = settingsForThread(DEFAULT_SETTINGS, threadState);
  const contextWindow = resolveProfile('demo', settings.contextWindow ?? undefined).contextWindow;
  const fs = await memoryFs(Object.fromEntries(SAMPLE_FILES.map((f) => [f.path, f.content])));
  const provider = createDemoProvider({ delayMs: 0 });
  const counter = await loadEncoder(encodingForModel('demo'));
  const history: Message[] = [];
  const state: ThreadState = { ...threadState };
  const events: AgentEvent[] = [];
  const middleware = buildPipeline({
    settings: () => settings,
    strategy: () => defaultSelection('deep-agents'),
    contextWindow,
    counter,
    summarize: summarizerFromProvider(provider),
    step: offlineStep((text) => counter.count(text)),
    loadMemory: createMemoryLoader(fs),
    factRankers: createRankerResolver(),
  });
  const firstAt: Record<string, number> = {};
  let text = 'Show me compaction';
  let sent = 0;
  while (sent < max && !(firstAt.offload && firstAt.truncate && firstAt.summarize)) {
    sent++;
    history.push({ role: 'user', id: `u${sent}`, content: text, createdAt: sent });
    await runAgent({
      threadId: 'thread_measure',
      history,
      provider,
      model: 'demo',
      systemPrompt: BASE_SYSTEM_PROMPT,
      tools: [...createFsTools(), createExecuteTool(nodeRunner)],
      middleware,
      fs,
      state,
      signal: new AbortController().signal,
      emit: (event) => {
        events.push(event);
        if (event.type === 'message') history.push(event.message);
        if (event.type === 'context-event') firstAt[event.event.kind] ??= sent;
      },
    });
    text = splitSuggestions(history.at(-1)?.content ?? '').suggestions[0] ?? 'Write a long file';
  }
  const at = (kind: string) => (firstAt[kind] ? `message ${firstAt[kind]}` : `not within ${sent}`);
  console.log(
    `${label} (window ${contextWindow.toLocaleString('en-US')}, trigger ${Math.round(settings.compaction.triggerFraction * 100)}%): ` +
      `offload ${at('offload')}, truncation ${at('truncate')}, summarization ${at('summarize')}; ${sent} user messages sent`,
  );
}

await measure('Thread on the Stress preset', { [THREAD_PRESET_KEY]: 'stress' });
await measure('Default settings', {});
