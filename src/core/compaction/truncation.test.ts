import { describe, expect, it } from 'vitest';
import {
  composeModelCall,
  type Middleware,
  type RunContext,
  type ThreadState,
} from '../agent/middleware';
import { collect, memoryFs } from '../../../tests/fixtures/agent';
import type { AgentEvent } from '../agent/events';
import type { ModelMessage, ModelRequest } from '../agent/types';
import type { CompactionSettings } from './settings';
import { getCompactionState, historyPath } from './compaction';
import { createSummarizationMiddleware } from './summarization';
import { countRequest, isSummaryMessage, loadEncoder } from '../tokens/counter';
import { createTruncationMiddleware } from './truncation';
import { assistant, toolGroup, user } from '../../../tests/fixtures/threads';

const SETTINGS: CompactionSettings = {
  offloadTokens: 20_000,
  triggerFraction: 0.85,
  keepFraction: 0.1,
  truncateArgChars: 2_000,
};
const PAGE = 'A line of the generated page, with some words in it.\n'.repeat(60); // ~3,000 chars

function session(): ModelMessage[] {
  return [
    user('Build me a small site.'),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/index.html', content: PAGE }, result: 'ok' },
    ]),
    ...toolGroup([
      {
        name: 'edit_file',
        args: { file_path: '/index.html', old_string: PAGE, new_string: `${PAGE}<footer/>` },
        result: 'ok',
      },
    ]),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/a.txt', content: 'short' }, result: 'ok' },
    ]),
    assistant('Done with the first page.'),
    user('Add an about page.'),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/about.html', content: PAGE }, result: 'ok' },
    ]),
  ];
}

async function run(
  middleware: Middleware[],
  messages: ModelMessage[],
  state: ThreadState,
  fs?: RunContext['fs'],
): Promise<{ sent: ModelRequest; events: AgentEvent[] }> {
  const { events, emit } = collect();
  const context: RunContext = {
    threadId: 'thread_1',
    fs: fs ?? (await memoryFs()),
    signal: new AbortController().signal,
    state,
    emit,
  };
  let sent: ModelRequest | undefined;
  const call = composeModelCall(
    middleware,
    async (request) => {
      sent = request;
      return { message: assistant('ok') };
    },
    context,
  );
  await call({ model: 'gpt-4o', system: 'You build sites.', messages, tools: [] });
  if (!sent) throw new Error('not sent');
  return { sent, events };
}

const args = (message: ModelMessage | undefined) =>
  message?.role === 'assistant'
    ? (JSON.parse(message.toolCalls?.[0]?.arguments ?? '{}') as Record<string, string>)
    : {};

describe('tool-input truncation middleware', () => {
  it('changes nothing under the trigger', async () => {
    const counter = await loadEncoder('cl100k_base');
    const mw = createTruncationMiddleware({
      settings: () => SETTINGS,
      contextWindow: 1_000_000,
      counter,
    });
    const thread = session();
    const { sent, events } = await run([mw], thread, {});
    expect(sent.messages).toEqual(thread);
    expect(events).toEqual([]);
  });

  it('over the trigger, cuts long write/edit arguments older than the kept tail, in the request only', async () => {
    const counter = await loadEncoder('cl100k_base');
    const thread = session();
    const snapshot = structuredClone(thread);
    const total = countRequest(counter, {
      model: 'gpt-4o',
      system: 'You build sites.',
      messages: thread,
      tools: [],
    }).total;
    // 90% of the window: over the 85% trigger; 10% of it keeps only the last tool group.
    const contextWindow = Math.floor(total / 0.9);
    const state: ThreadState = {};
    const mw = createTruncationMiddleware({
      settings: () => SETTINGS,
      contextWindow: () => contextWindow,
      counter: () => counter,
    });
    const { sent, events } = await run([mw], thread, state);

    expect(args(sent.messages[1]).content).toBe(
      `${PAGE.slice(0, 20)}…[truncated ${PAGE.length - 20} characters; the full content is in the file /index.html]`,
    );
    expect(args(sent.messages[3]).old_string?.length).toBeLessThan(120);
    expect(args(sent.messages[3]).new_string).toMatch(/^A line of the genera…\[truncated/);
    expect(sent.messages[5]).toBe(thread[5]); // short arguments stay
    // The kept tail (the newest write) is sent in full.
    expect(sent.messages.at(-2)).toBe(thread.at(-2));
    expect(args(sent.messages.at(-2)).content).toBe(PAGE);
    // The thread is untouched.
    expect(thread).toEqual(snapshot);

    expect(events).toHaveLength(1);
    const event = events[0];
    expect(event?.type === 'context-event' && event.event).toMatchObject({
      kind: 'truncate',
      tokensBefore: total,
      path: '/index.html',
      messageId: thread[1]?.id,
    });
    if (event?.type === 'context-event') {
      expect(event.event.tokensAfter).toBe(
        countRequest(counter, { ...sent, sections: undefined }).total,
      );
      expect(event.event.tokensAfter).toBeLessThan(total - 1_000);
      expect(event.event.detail).toMatch(/2 old tool calls/);
    }

    // Next call: still truncated (the request is rebuilt from the full thread), reported once.
    const again = await run([mw], [...thread, user('Thanks!')], state);
    expect(args(again.sent.messages[1]).content).toMatch(/…\[truncated/);
    expect(again.events).toEqual([]);
    expect(getCompactionState(state).truncatedCallIds).toHaveLength(2);
  });

  it('applies the stored summary first, and the history file keeps the full arguments', async () => {
    const counter = await loadEncoder('cl100k_base');
    const fs = await memoryFs();
    const state: ThreadState = {};
    const thread = session();
    const total = countRequest(counter, {
      model: 'gpt-4o',
      system: 'You build sites.',
      messages: thread,
      tools: [],
    }).total;
    const contextWindow = Math.floor(total / 0.95);
    const settings = { ...SETTINGS, triggerFraction: 0.2, keepFraction: 0.1 };
    const chain = [
      createTruncationMiddleware({ settings: () => settings, contextWindow, counter }),
      createSummarizationMiddleware({
        settings: () => settings,
        contextWindow,
        counter,
        summarize: async () =>
          '## SESSION INTENT\nA site.\n## SUMMARY\nPages written.\n## ARTIFACTS\n/index.html\n## NEXT STEPS\nAbout page.',
      }),
    ];
    const first = await run(chain, thread, state, fs);
    expect(first.events.map((e) => e.type === 'context-event' && e.event.kind)).toEqual([
      'truncate',
      'summarize',
    ]);
    expect(isSummaryMessage(first.sent.messages[0] as ModelMessage)).toBe(true);
    const file = (await fs.read(historyPath('thread_1')))?.content ?? '';
    // The canonical record holds the arguments as the model wrote them, not the truncated copies.
    expect(file).toContain(JSON.stringify({ file_path: '/index.html', content: PAGE }));
    expect(file).not.toContain('…[truncated');

    // Later calls see the summary in the truncation step too (its count is what is sent).
    const second = await run(chain, [...thread, user('And a contact page.')], state, fs);
    expect(isSummaryMessage(second.sent.messages[0] as ModelMessage)).toBe(true);
    expect(second.events).toEqual([]);
  });
});
