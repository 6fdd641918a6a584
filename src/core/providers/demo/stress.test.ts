// The Stress preset with the Demo, on the real loop and the one pipeline the app builds: the
// Demo's staged requests ("write a long file", "run a big computation") must produce offload,
// truncation and summarization within 8 user messages, starting from the sample workspace.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../../harness/harness';
import type { AgentEvent } from '../../agent/events';
import type { ThreadState } from '../../agent/middleware';
import { memoryFs } from '../../../../tests/fixtures/agent';
import type { Message } from '../../agent/types';
import { SAMPLE_FILES } from '../../sample-workspace';
import { DEFAULT_SETTINGS, settingsForThread } from '../../settings';
import { STRESS_CONTEXT_WINDOW, THREAD_PRESET_KEY } from '../../compaction/settings';
import { encodingForModel, loadEncoder } from '../../tokens/counter';
import { defaultSelection } from '../../strategies/registry';
import { createDemoProvider, splitSuggestions } from '.';
import { nodeRunner } from '../../../../tests/fixtures/node-runner';

async function stressSession() {
  const files = Object.fromEntries(SAMPLE_FILES.map((file) => [file.path, file.content]));
  const fs = await memoryFs(files);
  const provider = createDemoProvider({ delayMs: 0 });
  const counter = await loadEncoder(encodingForModel('demo'));
  // A thread started from "Show me compaction": the Stress preset from its state, as the app does.
  const settings = settingsForThread(DEFAULT_SETTINGS, { [THREAD_PRESET_KEY]: 'stress' });
  expect(settings.contextWindow).toBe(STRESS_CONTEXT_WINDOW);
  const history: Message[] = [];
  const state: ThreadState = {};
  const events: AgentEvent[] = [];
  const harness = createHarness({
    provider,
    model: 'demo',
    // The Demo: strategy steps by the offline stand-ins, summaries by the Demo itself.
    offlineSteps: true,
    counter,
    contextWindow: settings.contextWindow ?? 0,
    settings: () => settings,
    strategy: () => defaultSelection('deep-agents'),
    fs,
    codeRunner: nodeRunner,
  });
  async function send(text: string) {
    history.push({ role: 'user', id: `u${history.length}`, content: text, createdAt: Date.now() });
    const outcome = await harness.run({
      threadId: 'thread_stress',
      history,
      state,
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

  it('"Show me compaction", then its suggestions, shows all three within 8 user messages', async () => {
    const s = await stressSession();
    let text = 'Show me compaction';
    const said: string[] = [];
    const firstAt: Record<string, number> = {};
    while (said.length < 8) {
      said.push(text);
      await s.send(text);
      for (const kind of s.kinds()) firstAt[kind] ??= said.length;
      if (firstAt.offload && firstAt.truncate && firstAt.summarize) break;
      const last = s.history.at(-1);
      const { suggestions } = splitSuggestions(last?.content ?? '');
      // The first suggestion is the next step of the tour.
      expect(suggestions[0]).toBeDefined();
      text = suggestions[0]!;
    }
    expect(firstAt).toEqual({
      offload: 1,
      truncate: expect.any(Number),
      summarize: expect.any(Number),
    });
    expect(said.length).toBeLessThanOrEqual(8);
    expect(said.slice(1).every((t) => t === 'Write a long file')).toBe(true);
    // The last answer says so, and suggests what to try next instead of another file.
    const last = s.history.at(-1)?.content ?? '';
    expect(last).toContain('Compaction so far: offload ✓, truncation ✓, summarization ✓.');
    expect(splitSuggestions(last).suggestions).not.toContain('Write a long file');
  });
});
