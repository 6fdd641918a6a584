import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events';
import type { Message, ModelRequest } from '../agent/types';
import { memoryFs } from '../../../tests/fixtures/agent';
import { createDemoProvider } from '../providers/demo';
import { DEFAULT_SETTINGS } from '../settings';
import { defaultSelection } from '../strategies/registry';
import { createApproximateCounter } from '../tokens/counter';
import { createHarness, type HarnessDeps } from './harness';
import { emptyMemory, type MemoryJson } from '../memory/facts/schema';
import { serializeMemory } from '../memory/facts/store';
import { buildCompactionRecord } from '../recorder/record';

async function demoHarness(overrides: Partial<HarnessDeps> = {}) {
  const fs = await memoryFs({ '/memories/AGENTS.md': '- Prefers tabs.\n' });
  const harness = createHarness({
    provider: createDemoProvider({ delayMs: 0 }),
    model: 'demo',
    offlineSteps: true,
    counter: createApproximateCounter(),
    contextWindow: 128_000,
    settings: () => DEFAULT_SETTINGS,
    strategy: () => defaultSelection('deep-agents'),
    fs,
    ...overrides,
  });
  return { harness, fs };
}

const said = (content: string, id = 'u1'): Message => ({
  role: 'user',
  id,
  content,
  createdAt: 1,
});

describe('createHarness', () => {
  it('previews exactly the request its run then sends, and the preview changes nothing', async () => {
    const { harness, fs } = await demoHarness();
    const history = [said('What do you know about me?')];
    const state = {};
    const preview = await harness.preview({ threadId: 't', history, state });
    expect(state).toEqual({});
    expect(preview.request.purpose).toBe('chat');
    expect(preview.request.system).toContain('- Prefers tabs.');

    const sent: ModelRequest[] = [];
    const outcome = await harness.run({
      threadId: 't',
      history,
      state,
      emit: (event) => {
        if (event.type === 'model-call-start') sent.push(event.request);
      },
    });
    expect(outcome).toEqual({ status: 'done' });
    expect(preview.request).toEqual(sent[0]);
    expect((await fs.read('/memories/AGENTS.md'))?.content).toBe('- Prefers tabs.\n');
  });

  it("gives a fact update's result back as a 'facts-updated' event", async () => {
    const { harness, fs } = await demoHarness();
    const events: AgentEvent[] = [];
    const outcome = await harness.updateFacts({
      threadId: 't',
      messages: [said('My name is Ada and I prefer short answers.')],
      emit: (event) => events.push(event),
    });
    expect(outcome.status).toBe('updated');
    expect(events).toEqual([expect.objectContaining({ type: 'facts-updated', threadId: 't' })]);
    expect((await fs.read('/memories/memory.json'))?.content).toContain('Ada');
  });

  it('injects no more facts than "Maximum facts" when it loads memory.json itself', async () => {
    const facts = Array.from({ length: 5 }, (_, i) => ({
      id: `f${i}`,
      content: `The user keeps fact number ${i} in mind`,
      category: 'context',
      confidence: 0.9 - i * 0.01,
    }));
    const fs = await memoryFs({
      '/memories/memory.json': serializeMemory({ ...emptyMemory(), facts } as MemoryJson),
    });
    const capped = { ...DEFAULT_SETTINGS, facts: { ...DEFAULT_SETTINGS.facts, maxFacts: 2 } };
    const { harness } = await demoHarness({ fs, settings: () => capped });
    const preview = await harness.preview({
      threadId: 't',
      history: [said('Which fact number do I keep in mind?')],
      state: {},
    });
    const injected = facts.filter((fact) => preview.request.system.includes(fact.content));
    expect(injected.map((fact) => fact.id)).toEqual(['f0', 'f1']);
  });

  it('without a provider, previews but refuses to run', async () => {
    const { harness } = await demoHarness({ provider: undefined });
    const history = [said('hello')];
    const { request } = await harness.preview({ threadId: 't', history, state: {} });
    expect(request.messages.map((m) => m.content)).toEqual(['hello']);
    expect(() => harness.run({ threadId: 't', history, state: {} })).toThrow('only preview');
  });

  it('with recordsAfterRun, a summarizing run ends when the model has answered; its record follows', async () => {
    // A history long enough to summarize in a 4,000-token window, and a record builder held back.
    const history: Message[] = Array.from({ length: 40 }, (_, i) =>
      said(`Step ${i}: ${'we check the changelog and the forecast. '.repeat(8)}`, `u${i}`),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const turn = async (recordsAfterRun: boolean) => {
      const { harness } = await demoHarness({
        contextWindow: 4_000,
        summarize: async () =>
          '## SESSION INTENT\nPlan.\n## SUMMARY\n- Work so far.\n## ARTIFACTS\nNone.\n## NEXT STEPS\nGo on.',
        buildRecord: async (input) => {
          await gate;
          return buildCompactionRecord(input);
        },
      });
      const order: string[] = [];
      const state = {};
      const run = harness.run({
        threadId: 't',
        history,
        state,
        recordsAfterRun,
        emit: (event) => {
          if (event.type === 'run-end' || event.type === 'context-record') order.push(event.type);
          if (event.type === 'context-event') order.push(event.event.kind);
        },
      });
      return { harness, order, state, run };
    };

    const after = await turn(true);
    expect(await after.run).toEqual({ status: 'done' });
    expect(after.order).toEqual(['summarize', 'run-end']);
    const waiting = await turn(false);
    let ended = false;
    void waiting.run.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Without it, the run waits for its record.
    expect(ended).toBe(false);
    release();
    await after.harness.recordsDelivered(after.state);
    expect(after.order).toEqual(['summarize', 'run-end', 'context-record']);
    await waiting.run;
    expect(waiting.order).toEqual(['summarize', 'context-record', 'run-end']);
  });
});
