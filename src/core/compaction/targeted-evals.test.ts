// Targeted evals, as the Deep Agents team runs them, on the harness the app runs (createHarness:
// the real loop and pipeline, Deep Agents strategy) with the offline Demo provider as both the agent
// and the summarizer, under the "stress" preset:
// - needle recovery: a fact stated early is summarized out of the context, and is then found again
//   in /conversation_history/ with grep;
// - goal preservation: after summarization the request still carries the session intent and the
//   next steps of the original task.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events';
import type { ContextEvent } from '../thread/thread';
import type { ThreadState } from '../agent/middleware';
import { BASE_SYSTEM_PROMPT } from '../agent/prompt';
import { memoryFs } from '../../../tests/fixtures/agent';
import type { Message, ModelRequest } from '../agent/types';
import { createFsTools } from '../fs/tools';
import { DEFAULT_MEMORY_SOURCES, withMemory } from '../memory/agents-md';
import { createHarness } from '../harness/harness';
import { createDemoProvider } from '../providers/demo';
import { COMPACTION_PRESETS } from './settings';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import { defaultSelection } from '../strategies/registry';
import { historyPath } from './compaction';
import { countRequest, encodingForModel, isSummaryMessage, loadEncoder } from '../tokens/counter';

const NEEDLE = 'BLUE-HERON-7731';
const GOAL =
  'Goal for this session: plan a three-day trip to Lisbon in May for two people, with a budget of 900 euros, and keep a list of bookings.';

/** A statement the Demo answers in a sentence, saving nothing: the conversation grows each turn. */
const dayPlan = (day: number) =>
  `Draft for day ${day}: a walk through Alfama in the morning, lunch near the river, tram 28 in the afternoon and fado in the evening.`;

async function session() {
  const fs = await memoryFs();
  const provider = createDemoProvider({ delayMs: 0 });
  const counter = await loadEncoder(encodingForModel('demo'));
  const tools = createFsTools();
  const settings = { ...COMPACTION_PRESETS.stress };
  // A window where the fixed part (system prompt, memory block, tool schemas) sits well under the
  // 15% trigger and about 1,500 tokens of conversation go over it.
  const fixed = countRequest(
    counter,
    withMemory(
      {
        model: 'demo',
        system: BASE_SYSTEM_PROMPT,
        messages: [],
        tools: tools.map((t) => t.schema),
      },
      [],
    ),
  ).total;
  const contextWindow = Math.ceil((fixed + 1_500) / settings.triggerFraction);
  // The pipeline the app builds for a thread on the Deep Agents strategy, both memory layers on (no
  // memory.json exists here, so fact memory injects nothing).
  const appSettings: Settings = {
    ...DEFAULT_SETTINGS,
    memorySources: [...DEFAULT_MEMORY_SOURCES],
    refreshMemoryAfterEdits: true,
    compaction: settings,
  };
  const harness = createHarness({
    provider,
    model: 'demo',
    // The Demo: strategy steps by the offline stand-ins, summaries by the Demo itself.
    offlineSteps: true,
    counter,
    contextWindow,
    settings: () => appSettings,
    strategy: () => defaultSelection('deep-agents'),
    fs,
  });
  const threadId = 'thread_eval';
  const history: Message[] = [];
  const state: ThreadState = {};
  const events: AgentEvent[] = [];
  const requests: ModelRequest[] = [];

  async function send(text: string) {
    history.push({ role: 'user', id: `u${history.length}`, content: text, createdAt: Date.now() });
    const outcome = await harness.run({
      threadId,
      history,
      state,
      emit: (event) => {
        events.push(event);
        if (event.type === 'message') history.push(event.message);
        if (event.type === 'model-call-start') requests.push(event.request);
      },
    });
    expect(outcome).toEqual({ status: 'done' });
  }

  const contextEvents = () =>
    events.flatMap((e) =>
      e.type === 'context-event' ? [e.event as Pick<ContextEvent, 'kind' | 'detail'>] : [],
    );
  return { fs, tools, threadId, history, state, requests, send, contextEvents };
}

describe('targeted evals (Demo provider, stress preset)', () => {
  it('needle recovery: a summarized-away fact is in the history file and grep finds it', async () => {
    const s = await session();
    await s.send(GOAL);
    await s.send(`Some background first. The locker code at the hostel is ${NEEDLE}.`);
    for (let day = 1; day <= 14; day++) await s.send(dayPlan(day));

    const summaries = s.contextEvents().filter((e) => e.kind === 'summarize');
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    // The fact left the active context: the last request does not carry it any more.
    const last = s.requests.at(-1);
    expect(last && isSummaryMessage(last.messages[0] ?? { role: '', id: '' })).toBe(true);
    expect(JSON.stringify(last?.messages)).not.toContain(NEEDLE);
    // The summary message tells the model where the full record is.
    expect(last?.messages[0]?.content).toContain(historyPath(s.threadId));

    // The canonical record has it, once.
    const file = (await s.fs.read(historyPath(s.threadId)))?.content ?? '';
    expect(file.split(NEEDLE).length - 1).toBe(1);
    expect(file).toContain(
      `### User\nSome background first. The locker code at the hostel is ${NEEDLE}.`,
    );

    // The grep tool finds it there.
    const grep = s.tools.find((tool) => tool.schema.name === 'grep');
    const found = await grep?.run(
      { pattern: NEEDLE, path: '/conversation_history', output_mode: 'content' },
      { fs: s.fs, signal: new AbortController().signal, toolCallId: 'g' },
    );
    expect(found?.content).toContain(`${historyPath(s.threadId)}:`);
    expect(found?.content).toContain(`The locker code at the hostel is ${NEEDLE}.`);

    // And the agent recovers it through the tool.
    await s.send(`search for ${NEEDLE} in /conversation_history`);
    const result = s.history.filter((m) => m.role === 'tool').at(-1);
    expect(result?.content).toContain(historyPath(s.threadId));
    expect(result?.content).toContain('The locker code at the hostel is');
    const answer = s.history.at(-1);
    expect(answer?.role).toBe('assistant');
    expect(answer?.content).toContain(NEEDLE);
  });

  it('goal preservation: after summarization the request carries the intent and next steps', async () => {
    const s = await session();
    await s.send(GOAL);
    for (let day = 1; day <= 20; day++) await s.send(dayPlan(day));
    await s.send('Which hotel should we book for the first night?');

    const summaries = s.contextEvents().filter((e) => e.kind === 'summarize');
    expect(summaries.length).toBeGreaterThanOrEqual(2); // chained at least once
    const last = s.requests.at(-1);
    const summary = last?.messages[0];
    expect(summary && isSummaryMessage(summary)).toBe(true);
    // The original request is no longer among the messages sent, but its intent is.
    expect(last?.messages.slice(1).some((m) => m.content === GOAL)).toBe(false);
    expect(summary?.content).toContain(`## SESSION INTENT\n${GOAL}`);
    expect(summary?.content).toMatch(/## NEXT STEPS\n\S/);
    for (const section of ['SESSION INTENT', 'SUMMARY', 'ARTIFACTS', 'NEXT STEPS'])
      expect(summary?.content).toContain(`## ${section}`);
    // Each summarization appended its own section to the history file.
    const file = (await s.fs.read(historyPath(s.threadId)))?.content ?? '';
    expect(file.match(/^## Summarized at /gm)).toHaveLength(summaries.length);
    expect(file.split(GOAL).length - 1).toBe(1);
  });
});
