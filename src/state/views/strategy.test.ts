// The Strategy panel's view of a thread: what every strategy shows, then the strategy's own sections.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../core/settings';
import type { ContextEvent, Thread } from '../../core/thread/thread';
import type { Message } from '../../core/agent/types';
import { strategyPanelView } from './strategy';

const message = (i: number, role: 'user' | 'assistant', content: string): Message => ({
  id: `m${i}`,
  createdAt: i,
  role,
  content,
});
const step = (i: number, offline: boolean): ContextEvent => ({
  id: `e${i}`,
  kind: 'strategy-step',
  at: i,
  detail: 'merged',
  step: { kind: 'summary-merge', inputTokens: 1200, outputTokens: 30, offline },
});

function thread(state: Thread['state'], events: ContextEvent[] = []): Thread {
  return {
    id: 't',
    title: 't',
    workspace: 'default',
    createdAt: 0,
    updatedAt: 0,
    messages: [
      message(1, 'user', 'My name is Dana.'),
      message(2, 'assistant', 'Hello Dana.'),
      message(3, 'user', 'I live in Porto.'),
      message(4, 'assistant', 'Noted.'),
    ],
    state,
    calls: [],
    memoryEdits: [],
    events,
  };
}

const summarization = {
  strategyChoice: { id: 'summarization', settings: { threshold: 4 } },
  strategy: {
    id: 'summarization',
    settings: { threshold: 4 },
    data: {
      processed: 2,
      store: { summary: 'Dana lives in Porto.', bufferStart: 2, merges: 1 },
      lastCall: { keptTurns: [], query: 'Where do I live?', at: 5 },
    },
  },
};

describe('the Strategy panel view', () => {
  it('without a thread: the chosen strategy and nothing else', () => {
    const view = strategyPanelView(null, DEFAULT_SETTINGS);
    expect(view).toMatchObject({ label: 'Deep Agents', hasThread: false, stats: [], sections: [] });
  });

  it('counts turns and extra model calls, then the strategy’s sections and the last call', () => {
    const view = strategyPanelView(
      thread(summarization, [step(1, false), step(2, true)]),
      DEFAULT_SETTINGS,
    );
    expect(view.label).toBe('Summarization');
    expect(view.stats).toEqual([
      { label: 'Turns', value: '2 in the thread, 2 taken in' },
      {
        label: 'Extra model calls',
        value:
          '2 (2,400 tokens in, 60 out) · answered by the offline stand-in, not a language model',
      },
    ]);
    expect(view.sections.map((s) => s.title)).toEqual(['Running summary', 'Last model call']);
  });

  it('says the latest step failure', () => {
    const failed = (i: number, detail: string): ContextEvent => ({
      id: `f${i}`,
      kind: 'strategy-step-failed',
      at: i,
      detail,
    });
    const view = strategyPanelView(
      thread(summarization, [failed(1, 'first'), failed(2, 'could not take in turn 2')]),
      DEFAULT_SETTINGS,
    );
    expect(view.failure).toBe('could not take in turn 2');
  });

  it('after a switch, the stored state is not shown as the new strategy’s', () => {
    const switched = { ...summarization, strategyChoice: { id: 'graph', settings: {} } };
    const view = strategyPanelView(thread(switched), DEFAULT_SETTINGS);
    expect(view).toMatchObject({ label: 'Graph', stale: true, sections: [] });
  });
});
