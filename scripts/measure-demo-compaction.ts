// How many user messages the Demo needs to show offload, truncation and summarization: "Show me
// compaction", then its first suggestion each time, on the real loop and the app's pipeline with
// the sample workspace. Once on a thread with the Stress preset (what the empty-screen suggestion
// sets), once on the default settings. Prints the message at which each event first happened.
//   node scripts/run-ts.mjs scripts/measure-demo-compaction.ts [max messages, default 60]
import { createHarness } from '../src/core/harness/harness';
import type { AgentEvent } from '../src/core/agent/events';
import type { ThreadState } from '../src/core/agent/middleware';
import { memoryFs } from '../src/core/fs/in-memory';
import type { Message } from '../src/core/agent/types';
import { encodingForModel, loadEncoder } from '../src/core/tokens/counter';
import { createDemoProvider, splitSuggestions } from '../src/core/providers/demo';
import { resolveProfile } from '../src/core/providers/profiles';
import { SAMPLE_FILES } from '../src/core/sample-workspace';
import { DEFAULT_SETTINGS, settingsForThread } from '../src/core/settings';
import { THREAD_PRESET_KEY } from '../src/core/compaction/settings';
import { defaultSelection } from '../src/core/strategies/registry';
import { nodeRunner } from '../tests/fixtures/node-runner';

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
  const harness = createHarness({
    provider,
    model: 'demo',
    // The Demo: strategy steps by the offline stand-ins, summaries by the Demo itself.
    offlineSteps: true,
    counter,
    contextWindow,
    settings: () => settings,
    strategy: () => defaultSelection('deep-agents'),
    fs,
    codeRunner: nodeRunner,
  });
  const firstAt: Record<string, number> = {};
  let text = 'Show me compaction';
  let sent = 0;
  while (sent < max && !(firstAt.offload && firstAt.truncate && firstAt.summarize)) {
    sent++;
    history.push({ role: 'user', id: `u${sent}`, content: text, createdAt: sent });
    await harness.run({
      threadId: 'thread_measure',
      history,
      state,
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
