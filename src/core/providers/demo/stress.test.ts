// The Stress preset with the Demo, on the real loop and the one pipeline the app builds: the
// Demo's staged requests ("write a long file", "run a big computation") must produce offload,
// truncation and summarization within 8 user messages, starting from the sample workspace.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../agent/events';
import { runAgent } from '../../agent/loop';
import type { ThreadState } from '../../agent/middleware';
import { BASE_SYSTEM_PROMPT } from '../../agent/prompt';
import { memoryFs } from '../../agent/test-helpers';
import type { Message } from '../../agent/types';
import { createFsTools } from '../../fs/tools';
import { createMemoryLoader } from '../../memory/facts/store';
import { buildPipeline } from '../../pipeline';
import { createRankerResolver } from '../../retrieval/rank';
import { SAMPLE_FILES } from '../../sample-workspace';
import { COMPACTION_PRESETS, DEFAULT_SETTINGS, STRESS_CONTEXT_WINDOW } from '../../settings';
import { summarizerFromProvider } from '../../context/summarization';
import { encodingForModel, loadEncoder } from '../../context/tokens';
import { defaultSelection } from '../../strategies/registry';
import { offlineStep } from '../../strategies/offline';
import { createExecuteTool, type CodeRunner } from '../../tools/execute';
import { OutputCollector, formatConsoleArgs } from '../../tools/sandbox-output';
import { createDemoProvider } from '.';

/** node:vm stands in for the app's Web Worker sandbox (not a security boundary; tests only). */
const nodeRunner: CodeRunner = {
  async run(code, { timeoutMs, maxOutputChars }) {
    const output = new OutputCollector(maxOutputChars);
    const print = (...args: unknown[]) => void output.append(formatConsoleArgs(args));
    const context = vm.createContext({ console: { log: print } });
    await (vm.runInContext(`(async () => {\n${code}\n})()`, context, {
      timeout: timeoutMs,
    }) as Promise<unknown>);
    return { output: output.text, ...(output.truncated ? { truncated: true } : {}) };
  },
};

async function stressSession() {
  const files = Object.fromEntries(SAMPLE_FILES.map((file) => [file.path, file.content]));
  const fs = await memoryFs(files);
  const provider = createDemoProvider({ delayMs: 0 });
  const counter = await loadEncoder(encodingForModel('demo'));
  const tools = [...createFsTools(), createExecuteTool(nodeRunner)];
  const settings = {
    ...DEFAULT_SETTINGS,
    compaction: { ...COMPACTION_PRESETS.stress },
    contextWindow: STRESS_CONTEXT_WINDOW,
  };
  const history: Message[] = [];
  const state: ThreadState = {};
  const events: AgentEvent[] = [];
  const middleware = buildPipeline({
    settings: () => settings,
    strategy: () => defaultSelection('deep-agents'),
    contextWindow: STRESS_CONTEXT_WINDOW,
    counter,
    summarize: summarizerFromProvider(provider),
    step: offlineStep((text) => counter.count(text)),
    loadMemory: createMemoryLoader(fs),
    factRankers: createRankerResolver(),
  });
  async function send(text: string) {
    history.push({ role: 'user', id: `u${history.length}`, content: text, createdAt: Date.now() });
    const outcome = await runAgent({
      threadId: 'thread_stress',
      history,
      provider,
      model: 'demo',
      systemPrompt: BASE_SYSTEM_PROMPT,
      tools,
      middleware,
      fs,
      state,
      signal: new AbortController().signal,
      emit: (event) => {
        events.push(event);
        if (event.type === 'message') history.push(event.message);
      },
    });
    expect(outcome).toEqual({ status: 'done' });
  }
  const kinds = () => events.flatMap((e) => (e.type === 'context-event' ? [e.event.kind] : []));
  return { fs, send, kinds, history };
}

describe('Stress preset with the Demo', () => {
  it('produces offload, truncation and summarization within 8 user messages', async () => {
    const s = await stressSession();
    const script = [
      'run a big computation',
      'write a long file',
      'write a long file',
      'write a long file',
      'write a long file',
      'write a long file',
    ];
    for (const text of script) await s.send(text);
    expect(script.length).toBeLessThanOrEqual(8);
    const kinds = s.kinds();
    expect(kinds).toContain('offload');
    expect(kinds).toContain('truncate');
    expect(kinds).toContain('summarize');
    // What was produced is real: the offloaded result, the written files and the history file.
    expect((await s.fs.listUnder('/large_tool_results/')).length).toBe(1);
    expect((await s.fs.read('/notes/long-notes-5.md'))?.content).toContain('## Section 12');
    expect((await s.fs.listUnder('/conversation_history/')).length).toBe(1);
    // No answer is a failure or the help text.
    for (const message of s.history)
      if (message.role === 'tool') expect(message.isError ?? false).toBe(false);
  });
});
