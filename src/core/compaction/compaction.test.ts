import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest } from '../agent/types';
import { COMPACTION_PRESETS, type CompactionSettings } from './settings';
import {
  applyStoredSummary,
  buildCompactedMessages,
  compactRequest,
  findCutIndex,
  historyPath,
  isSafeCut,
  largeResultPath,
  originalMessage,
  sanitizeId,
  summaryCut,
  summaryMessage,
  truncateToolInputs,
  type SummaryRecord,
} from './compaction';
import { countRequest, isSummaryMessage, loadEncoder } from '../tokens/counter';
import {
  assistant,
  keepsToolGroups,
  randomThread,
  seeded,
  toolGroup,
  user,
} from '../../../tests/fixtures/threads';

const counterPromise = loadEncoder('cl100k_base');

describe('paths', () => {
  it('sanitizes ids into one safe path segment', () => {
    expect(sanitizeId('call_abc-123')).toBe('call_abc-123');
    expect(sanitizeId('toolu_01/../x:y|z')).toBe('toolu_01____x_y_z');
    expect(sanitizeId('')).toBe('unknown');
    expect(largeResultPath('call.1/2')).toBe('/large_tool_results/call_1_2');
    expect(historyPath('thread_9f')).toBe('/conversation_history/session_thread_9f.md');
  });
});

describe('findCutIndex', () => {
  const size = (message: ModelMessage) => message.content.length;

  it('keeps the most recent messages that fit, and at least the last one', () => {
    const messages = [user('a'.repeat(10)), assistant('b'.repeat(10)), user('c'.repeat(10))];
    expect(findCutIndex(messages, size, 25)).toBe(1);
    expect(findCutIndex(messages, size, 30)).toBe(0);
    expect(findCutIndex(messages, size, 1)).toBe(2);
  });

  it('moves the cut before the assistant message whose results would be kept', () => {
    const group = toolGroup([
      { name: 'read_file', args: { file_path: '/a' }, result: 'r'.repeat(5) },
      { name: 'read_file', args: { file_path: '/b' }, result: 'r'.repeat(5) },
    ]);
    const messages = [user('u'.repeat(50)), ...group];
    // Only the last result fits: the whole group is kept instead.
    expect(findCutIndex(messages, size, 6)).toBe(1);
    expect(isSafeCut(messages, 1)).toBe(true);
    expect(isSafeCut(messages, 2)).toBe(false);
  });

  it('reports nothing to cut when the tail is one tool-call group', () => {
    const messages = toolGroup([{ name: 'execute', args: {}, result: 'x'.repeat(100) }]);
    expect(findCutIndex(messages, size, 10)).toBe(0);
    expect(findCutIndex([user('only')], size, 0)).toBe(0);
    expect(findCutIndex([], size, 0)).toBe(0);
  });

  it('never separates a tool call from its results (random threads)', async () => {
    const counter = await counterPromise;
    const count = (m: ModelMessage) => counter.countMessage(m);
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed);
      const messages = randomThread(random, 1 + Math.floor(random() * 12));
      const total = messages.reduce((sum, m) => sum + count(m), 0);
      const keep = Math.floor(random() * total);
      const floor = random() < 0.3 ? 1 : 0;
      const cut = findCutIndex(messages, count, keep, floor);
      expect(cut).toBeGreaterThanOrEqual(floor);
      expect(cut).toBeLessThan(Math.max(messages.length, floor + 1));
      expect(keepsToolGroups(messages, cut), `seed ${seed}`).toBe(true);
      expect(messages[cut]?.role).not.toBe('tool');
      // Oracle: the longest suffix within budget (at least the last message), then moved back to
      // the nearest index that does not start with a tool result.
      let raw = messages.length - 1;
      let sum = count(messages[raw] as ModelMessage);
      while (raw - 1 >= floor && sum + count(messages[raw - 1] as ModelMessage) <= keep)
        sum += count(messages[--raw] as ModelMessage);
      let expected = Math.max(raw, floor);
      while (expected > floor && messages[expected]?.role === 'tool') expected--;
      if (messages.length - 1 <= floor) expected = floor;
      expect(cut, `seed ${seed}`).toBe(expected);
    }
  });
});

describe('truncateToolInputs', () => {
  const long = 'L'.repeat(3_000);
  const messages: ModelMessage[] = [
    user('Write the report.'),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/report.md', content: long }, result: 'ok' },
    ]),
    ...toolGroup([
      {
        name: 'edit_file',
        args: { file_path: '/report.md', old_string: long, new_string: `${long}!` },
        result: 'ok',
      },
    ]),
    ...toolGroup([{ name: 'execute', args: { code: long }, result: 'done' }]),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/short.md', content: 'hi' }, result: 'ok' },
    ]),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/new.md', content: long }, result: 'ok' },
    ]),
  ];
  const snapshot = structuredClone(messages);

  it('cuts long write_file / edit_file arguments in the range to 20 characters and a pointer', () => {
    const { messages: out, truncated } = truncateToolInputs(messages, { from: 0, to: 9 }, 2_000);
    expect(truncated.map((t) => [t.toolName, t.path])).toEqual([
      ['write_file', '/report.md'],
      ['edit_file', '/report.md'],
    ]);
    const write = out[1] as Extract<ModelMessage, { role: 'assistant' }>;
    const args = JSON.parse(write.toolCalls?.[0]?.arguments ?? '{}') as Record<string, string>;
    expect(args.file_path).toBe('/report.md');
    expect(args.content).toBe(
      `${'L'.repeat(20)}…[truncated 2980 characters; the full content is in the file /report.md]`,
    );
    const edit = out[3] as Extract<ModelMessage, { role: 'assistant' }>;
    const editArgs = JSON.parse(edit.toolCalls?.[0]?.arguments ?? '{}') as Record<string, string>;
    expect(editArgs.old_string?.startsWith('L'.repeat(20) + '…[truncated')).toBe(true);
    expect(editArgs.new_string?.startsWith('L'.repeat(20) + '…[truncated')).toBe(true);
    // execute is not a file tool; short arguments and messages outside the range stay.
    expect(out[5]).toBe(messages[5]);
    expect(out[7]).toBe(messages[7]);
    expect(out[9]).toBe(messages[9]);
    // Copies, never the thread's own messages; the originals are reachable for the history file.
    expect(messages).toEqual(snapshot);
    expect(out[1]).not.toBe(messages[1]);
    expect(originalMessage(out[1] as ModelMessage)).toBe(messages[1]);
    expect(out[1]?.id).toBe(messages[1]?.id);
  });

  it('leaves malformed arguments alone', () => {
    const broken = assistant('', [{ name: 'write_file', args: {} }]);
    const call = broken.toolCalls?.[0];
    if (call) call.arguments = `{"file_path": "/x", "content": "${long}`;
    const { messages: out, truncated } = truncateToolInputs([broken], { from: 0, to: 1 }, 100);
    expect(truncated).toEqual([]);
    expect(out[0]).toBe(broken);
  });
});

describe('stored summary', () => {
  const thread = [user('one'), assistant('two'), user('three'), assistant('four')];
  const record: SummaryRecord = {
    summary: '## SESSION INTENT\nx\n## SUMMARY\ny\n## ARTIFACTS\nNone.\n## NEXT STEPS\nz',
    messageId: 'summary_1_x',
    firstKeptId: thread[2]?.id ?? '',
    historyPath: '/conversation_history/session_t.md',
    at: 0,
    count: 1,
    summarizedMessages: 2,
  };

  it('replaces the messages before the cut with the summary message', () => {
    const { messages, applied } = applyStoredSummary(thread, record);
    expect(applied).toBe(true);
    expect(messages.map((m) => m.id)).toEqual([record.messageId, thread[2]?.id, thread[3]?.id]);
    expect(isSummaryMessage(messages[0] as ModelMessage)).toBe(true);
    expect(messages[0]?.content).toContain(record.historyPath);
    expect(messages[0]?.content).toContain('<summary>\n## SESSION INTENT');
    // Idempotent: applying it again changes nothing.
    expect(applyStoredSummary(messages, record).messages).toEqual(messages);
    expect(buildCompactedMessages(thread, { compaction: { summary: record } })).toEqual(messages);
    expect(summaryCut({ compaction: { summary: record } })).toBe(thread[2]?.id);
  });

  it('sends everything when the cut point is not in the thread', () => {
    const { messages, applied } = applyStoredSummary(thread, { ...record, firstKeptId: 'gone' });
    expect(applied).toBe(false);
    expect(messages).toEqual(thread);
    expect(summaryMessage(record).role).toBe('user');
  });
});

describe('compactRequest', () => {
  const settings: CompactionSettings = { ...COMPACTION_PRESETS.default, truncateArgChars: 200 };
  const big = 'word '.repeat(400);
  const thread: ModelMessage[] = [
    user('Build the site.'),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/index.html', content: big }, result: 'ok' },
    ]),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/app.js', content: big }, result: 'ok' },
    ]),
    user('Now the styles.'),
    ...toolGroup([
      { name: 'write_file', args: { file_path: '/style.css', content: big }, result: 'ok' },
    ]),
  ];
  const request: ModelRequest = {
    model: 'gpt-4o',
    system: 'You help.',
    messages: thread,
    tools: [],
  };

  it('changes nothing under the trigger', async () => {
    const counter = await counterPromise;
    const view = compactRequest(request, {}, { settings, contextWindow: 100_000, counter });
    expect(view.request.messages).toEqual(thread);
    expect(view.truncated).toEqual([]);
    expect(view.summarizeDue).toBe(false);
    expect(view.breakdown).toEqual(countRequest(counter, request));
  });

  it('compacts only when the request exceeds the trigger (settings thresholds)', async () => {
    const counter = await counterPromise;
    const total = countRequest(counter, request).total;
    const half = { ...settings, triggerFraction: 0.5 };
    const at = compactRequest(request, {}, { settings: half, contextWindow: 2 * total, counter });
    expect(at.triggerTokens).toBe(total);
    expect(at.truncated).toEqual([]);
    const over = compactRequest(
      request,
      {},
      { settings: half, contextWindow: 2 * total - 2, counter },
    );
    expect(over.triggerTokens).toBe(total - 1);
    expect(over.truncated.length).toBeGreaterThan(0);
    // The stress preset starts at 15% of the window and keeps 5%.
    const stress = compactRequest(
      request,
      {},
      {
        settings: COMPACTION_PRESETS.stress,
        contextWindow: 100_000,
        counter,
      },
    );
    expect([stress.triggerTokens, stress.keepTokens]).toEqual([15_000, 5_000]);
    // Arguments at or under the limit stay, whatever the size of the request.
    const loose = compactRequest(
      request,
      {},
      {
        settings: { ...half, truncateArgChars: 100_000 },
        contextWindow: 1_000,
        counter,
      },
    );
    expect(loose.truncated).toEqual([]);
    expect(loose.summarizeDue).toBe(true);
  });

  it('over the trigger, truncates only messages older than the kept tail', async () => {
    const counter = await counterPromise;
    const total = countRequest(counter, request).total;
    // The window puts the request over 85%; 10% of it keeps only the last group.
    const contextWindow = Math.floor(total / 0.9);
    const view = compactRequest(request, {}, { settings, contextWindow, counter });
    expect(view.tokensBefore).toBe(total);
    expect(view.truncated.map((t) => t.path)).toEqual(['/index.html', '/app.js']);
    expect(view.keptFrom).toBe(6);
    expect(view.request.messages[6]).toBe(thread[6]);
    expect(view.breakdown.total).toBeLessThan(total);
    expect(view.summarizeDue).toBe(view.breakdown.total > view.triggerTokens);
  });
});
