// The flight recorder's records: each removal kind yields a record with the text before, after and
// removed, and the right fates; pins keep messages and hand specifics to the summary; "Compact now"
// writes nothing until applied.
import { describe, expect, it } from 'vitest';
import type { RunContext, ThreadState } from '../agent/middleware';
import type { ModelMessage, ModelRequest } from '../agent/types';
import { collect, memoryFs, timelineOf } from '../../../tests/fixtures/agent';
import { assistant, toolGroup, user } from '../../../tests/fixtures/threads';
import { loadEncoder } from '../tokens/counter';
import type { CompactionSettings } from '../compaction/settings';
import type { TimelineEntry } from '../thread/thread';
import { getCompactionState, historyPath, truncateToolInputs } from '../compaction/compaction';
import { createSummarizationMiddleware } from '../compaction/summarization';
import { offloadRecord, offloadedResultText } from '../compaction/offload';
import { truncationRecord } from '../compaction/truncation';
import {
  RECORD_TEXT_CHARS,
  buildCompactionRecord,
  readRecord,
  snippet,
  type CompactionRecord,
} from './record';
import { getPins, pinnedIds, toggleMessagePin, toggleSpecificPin } from './pins';
import { applyCompaction, previewCompaction } from '../compaction/manual';
import { extractSpecifics } from './specifics';
import { strategyRecord, strategyRemoval, withPinned } from '../strategies/removals';
import { slidingWindow } from '../strategies/kinds/sliding-window';
import { splitTurns } from '../strategies/turns';
import { createRetentionTally, retentionShare } from './retention';
import { runArena } from '../arena/arena';
import { totalsOf } from '../arena/results';
import type { Transcript } from '../arena/transcript';
import { defaultSelection } from '../strategies/registry';
import { createApproximateCounter, isSummaryMessage } from '../tokens/counter';
import { planDemoReply } from '../providers/demo';

const SETTINGS: CompactionSettings = {
  offloadTokens: 20_000,
  triggerFraction: 0.5,
  keepFraction: 0.2,
  truncateArgChars: 2_000,
};
const SUMMARY_DROPPING_NEEDLE = [
  '## SESSION INTENT',
  'Plan the weather-cli release.',
  '## SUMMARY',
  'We went through the release steps.',
  '## ARTIFACTS',
  'None.',
  '## NEXT STEPS',
  'Tag the release.',
].join('\n');
const NEEDLE = 'The vault holds 4,817 kg of ore and the ledger is /srv/vault/ledger.csv.';

const texts = (list: { text: string }[]) => list.map((s) => s.text);

function longThread(turns: number): ModelMessage[] {
  const messages: ModelMessage[] = [user(`${NEEDLE} Help me plan the weather-cli release.`)];
  messages.push(
    assistant(`Plan step 0. ${'We check the changelog and the forecast. '.repeat(10)}`),
  );
  for (let i = 1; i < turns; i++) {
    messages.push(user(`next step ${i} ${'please continue with the plan '.repeat(5)}`));
    messages.push(
      assistant(`Plan step ${i}. ${'We check the changelog and the forecast. '.repeat(10)}`),
    );
  }
  return messages;
}

async function summarizeOnce(
  messages: ModelMessage[],
  state: ThreadState,
  summary = SUMMARY_DROPPING_NEEDLE,
  summarizer?: (request: ModelRequest) => Promise<string>,
) {
  const counter = await loadEncoder('cl100k_base');
  const fs = await memoryFs();
  const requests: ModelRequest[] = [];
  const total = messages.reduce((n, m) => n + counter.countMessage(m), 0);
  const middleware = createSummarizationMiddleware({
    settings: () => SETTINGS,
    contextWindow: () => Math.floor(total / 0.7),
    counter,
    summarize: async (request) => {
      requests.push(request);
      return summarizer ? summarizer(request) : summary;
    },
    now: () => Date.UTC(2026, 0, 1),
  });
  const { events, emit } = collect();
  const context: RunContext = {
    threadId: 'thread_1',
    fs,
    signal: new AbortController().signal,
    state,
    emit,
  };
  let sent: ModelRequest | undefined;
  await middleware.wrapModelCall!(
    { model: 'gpt-4o', system: 'You are helpful.', messages, tools: [] },
    async (request) => {
      sent = request;
      return { message: assistant('ok') };
    },
    context,
  );
  // The record is built after the request left; the run's end waits for it.
  await middleware.afterAgent!(context, { status: 'done' });
  const entries = timelineOf(events);
  return { sent: sent!, entries, requests, fs };
}

const recordOf = (entries: TimelineEntry[], kind: string): CompactionRecord => {
  const entry = entries.find((e) => e.kind === kind);
  expect(entry?.record).toBeDefined();
  return entry!.record!;
};

describe('compaction records', () => {
  it('summarization: before, after and removed text; a dropped needle is recoverable from the history file', async () => {
    const { entries, fs } = await summarizeOnce(longThread(12), {});
    const record = recordOf(entries, 'summarize');
    expect(record.kind).toBe('summarize');
    expect(record.removed.map((r) => r.text).join('\n')).toContain(NEEDLE);
    // The removed messages are kept once, in removed; before points to them.
    const opening = record.before.find((b) => b.label.startsWith('User message “The vault'))!;
    expect(opening.text).toBe('');
    expect(record.removed[opening.sameAsRemoved!]?.text).toContain(NEEDLE);
    expect(record.removed[opening.sameAsRemoved!]?.label).toBe(opening.label);
    expect(record.after.map((r) => r.text).join('\n')).not.toContain('4,817');
    expect(record.after.map((r) => r.text).join('\n')).toContain('SESSION INTENT');
    // The kept messages and the system prompt are kept once, in after; before points to them.
    const unchanged = record.before.filter((b) => b.sameAsAfter !== undefined);
    expect(unchanged.length).toBeGreaterThan(1);
    for (const b of unchanged) {
      expect(b.text).toBe('');
      expect(record.after[b.sameAsAfter!]?.label).toBe(b.label);
      expect(record.after[b.sameAsAfter!]?.chars).toBe(b.chars);
    }
    expect(texts(record.recoverable)).toEqual(
      expect.arrayContaining(['4,817 kg', '/srv/vault/ledger.csv']),
    );
    const needle = record.recoverable.find((s) => s.text === '4,817 kg')!;
    expect(needle.where).toBe(historyPath('thread_1'));
    expect(needle.from).toMatch(/^User message “The vault holds/);
    expect(record.headline).toMatch(/^[\d,]+ lost · [\d,]+ recoverable · [\d,]+ kept$/);
    expect(record.counts.total).toBe(
      record.counts.kept + record.counts.recoverable + record.counts.lost,
    );
    // The history file really holds them.
    expect((await fs.read(historyPath('thread_1')))?.content).toContain('4,817 kg');
    // Intent: the latest request's terms are in the new context.
    expect(record.intent?.survived).not.toBe('unknown');
    expect(record.intent?.line).toMatch(/^Intent/);
  });

  it('without a file pointing to them, removed specifics are lost', () => {
    const record = buildCompactionRecord({
      kind: 'strategy',
      before: [{ label: 'User message', text: NEEDLE }],
      after: [{ label: 'System prompt', text: 'You are helpful.' }],
      removed: [{ label: 'User message “The vault…”', text: NEEDLE, messageId: 'u1' }],
      readableFiles: [{ path: '/notes/vault.md', content: NEEDLE }],
    });
    expect(texts(record.lost)).toEqual(['4,817 kg', '/srv/vault/ledger.csv']);
    // The file holds them, but nothing in the context points to it.
    expect(record.lost[0]?.where).toBe('/notes/vault.md');
    expect(record.lost[0]?.messageId).toBe('u1');
    expect(record.headline).toBe('2 lost · 0 recoverable · 0 kept');
  });

  it('offload: the preview lines keep their specifics, the rest is recoverable from the result file', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `row ${i}: latency ${1000 + i} ms`);
    const content = lines.join('\n');
    const call = { name: 'execute', id: 'call_1' };
    const path = '/large_tool_results/call_1';
    const replacement = offloadedResultText(call, path, content, 30_000);
    const record = offloadRecord(call, content, replacement, path);
    expect(record.kind).toBe('offload');
    // The result is kept once, as removed; before points to it.
    expect(record.before[0]).toMatchObject({ text: '', sameAsRemoved: 0, chars: content.length });
    expect(record.after[0]?.text).toBe(replacement);
    expect(record.removed[0]?.text).toBe(content);
    expect(texts(record.kept)).toContain('1000 ms');
    expect(texts(record.recoverable)).toContain('1039 ms');
    expect(record.recoverable.find((s) => s.text === '1039 ms')?.where).toBe(path);
    expect(record.lost).toEqual([]);
  });

  it('truncation: the cut arguments are recoverable from the written file, or lost when it changed', async () => {
    const fs = await memoryFs();
    const body = `# Plan\nBudget: $12,400 for the launch.\n${'filler line\n'.repeat(300)}`;
    await fs.write('/plan.md', body.replace('$12,400', '$9,000'));
    const messages = [
      user('write the plan'),
      ...toolGroup([
        { name: 'write_file', args: { file_path: '/plan.md', content: body }, result: 'ok' },
      ]),
      assistant('done'),
    ];
    const { messages: sent, truncated } = truncateToolInputs(messages, { from: 0, to: 3 }, 100);
    expect(truncated).toHaveLength(1);
    const record = await truncationRecord(sent, truncated, fs);
    expect(record.kind).toBe('truncate');
    expect(record.removed[0]?.text).toContain('$12,400');
    expect(record.before[0]?.text).toContain('$12,400');
    expect(record.after[0]?.text).toContain('[truncated');
    // The file was changed since: the old budget is in no file the context points to.
    expect(texts(record.lost)).toContain('$12,400');
    await fs.write('/plan.md', body);
    const again = await truncationRecord(sent, truncated, fs);
    expect(texts(again.recoverable)).toContain('$12,400');
    expect(again.recoverable.find((s) => s.text === '$12,400')?.where).toBe('/plan.md');
  });

  it('strategy: a sliding window records the turns it newly leaves out', async () => {
    const messages = [
      user(NEEDLE),
      assistant('Noted.'),
      user('What is 2+2?'),
      assistant('4.'),
      user('And 3+3?'),
      assistant('6.'),
    ];
    const past = splitTurns(messages);
    const built = await slidingWindow.build({
      turns: past,
      query: 'next',
      settings: { windowTurns: 2 },
      data: null,
      env: { rank: async () => ({ method: 'none', scores: new Map() }), count: (t) => t.length },
    });
    const pins = getPins({});
    // The previous call carried turns 0 and 1 of two past turns: turn 0 is newly left out.
    const removal = strategyRemoval({
      previous: { keptTurns: [0, 1], pastTurns: 2 },
      past,
      built,
      system: 'You are helpful.',
      pins,
    })!;
    expect(removal.turns).toEqual([0]);
    const record = strategyRecord(removal);
    expect(record.kind).toBe('strategy');
    expect(record.removed.map((r) => r.text)).toEqual([NEEDLE, 'Noted.']);
    expect(texts(record.lost)).toEqual(['4,817 kg', '/srv/vault/ledger.csv']);
    // Left out before already: nothing new to record.
    expect(
      strategyRemoval({
        previous: { keptTurns: [1, 2], pastTurns: 3 },
        past,
        built,
        system: '',
        pins,
      }),
    ).toBeUndefined();
  });

  it('a stored record is checked before it is shown; a malformed one gets a reason', () => {
    const record = buildCompactionRecord({
      kind: 'strategy',
      before: [],
      after: [],
      removed: [{ label: 'Turn', text: NEEDLE }],
    });
    expect(readRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, record });
    const bad = readRecord({ ...record, lost: 'everything' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/^This event's compaction record cannot be read \(lost:/);
  });

  it('keeps each removed text once; a record stored with both copies still reads', () => {
    const record = buildCompactionRecord({
      kind: 'offload',
      before: [{ label: 'Tool result', text: NEEDLE }],
      after: [{ label: 'Notice', text: 'saved' }],
      removed: [{ label: 'Tool result', text: NEEDLE }],
    });
    expect(record.before[0]).toEqual({
      label: 'Tool result',
      text: '',
      chars: NEEDLE.length,
      cut: 0,
      sameAsRemoved: 0,
    });
    expect(JSON.stringify(record).split('4,817 kg of ore').length - 1).toBe(1);
    // Before sameAsRemoved existed, before held the text itself.
    const stored = JSON.parse(JSON.stringify(record));
    stored.before[0] = { label: 'Tool result', text: NEEDLE, chars: NEEDLE.length, cut: 0 };
    expect(readRecord(stored)).toEqual({ ok: true, record: stored });
    expect(readRecord({ ...stored, before: [{ ...stored.before[0], sameAsRemoved: -1 }] }).ok).toBe(
      false,
    );
  });

  it('bounds every text it keeps and says the cut', () => {
    const long = `${NEEDLE} ${'x'.repeat(RECORD_TEXT_CHARS + 500)}`;
    const record = buildCompactionRecord({
      kind: 'offload',
      before: [{ label: 'Tool result', text: long }],
      after: [{ label: 'Notice', text: 'saved' }],
      removed: [{ label: 'Tool result', text: long }],
    });
    expect(record.removed[0]?.text.length).toBe(RECORD_TEXT_CHARS);
    expect(record.removed[0]?.cut).toBe(long.length - RECORD_TEXT_CHARS);
    expect(record.removed[0]?.chars).toBe(long.length);
    // The fates are computed on the whole text.
    expect(record.counts.total).toBe(2);
  });
});

describe('pins', () => {
  it('a pinned message is never summarized: it stays verbatim after the summary', async () => {
    const thread = longThread(12);
    const state: ThreadState = {};
    expect(toggleMessagePin(state, thread[0]!.id)).toEqual({ ok: true, pinned: true });
    const { sent, entries } = await summarizeOnce(thread, state);
    const record = recordOf(entries, 'summarize');
    expect(sent.messages[1]).toBe(thread[0]);
    expect(record.removed.map((r) => r.messageId)).not.toContain(thread[0]!.id);
    expect(texts(record.kept)).not.toContain('4,817 kg'); // not removed, so not listed at all
    expect(texts(record.lost)).not.toContain('4,817 kg');
    // The stored summary applies the same way on the next call.
    const next = await summarizeOnce([...thread], state);
    expect(next.sent.messages.some((m) => m.id === thread[0]!.id)).toBe(true);
    expect(getCompactionState(state).summary).toBeDefined();
  });

  it('a sliding window never drops a pinned message (with its tool-call group)', async () => {
    const group = toolGroup([{ name: 'read_file', args: { file_path: '/a.md' }, result: 'A' }]);
    const messages = [user(NEEDLE), ...group, assistant('Noted.'), user('q2'), assistant('a2')];
    const state: ThreadState = {};
    toggleMessagePin(state, group[0]!.id);
    const past = splitTurns(messages);
    const built = await slidingWindow.build({
      turns: past,
      query: 'next',
      settings: { windowTurns: 1 },
      data: null,
      env: { rank: async () => ({ method: 'none', scores: new Map() }), count: (t) => t.length },
    });
    const pins = getPins(state);
    const carried = withPinned(built, past, pins);
    const ids = carried.messages.map((m) => m.id);
    expect(ids).toContain(group[0]!.id);
    expect(ids).toContain(group[1]!.id); // its result travels with it
    expect(ids).not.toContain(messages[0]!.id);
    expect(pinnedIds(messages, pins)).toEqual(new Set([group[0]!.id, group[1]!.id]));
    const removal = strategyRemoval({
      previous: { keptTurns: [0], pastTurns: 1 },
      past,
      built: carried,
      system: '',
      pins,
    })!;
    expect(removal.messages.map((m) => m.id)).not.toContain(group[0]!.id);
  });

  it('pinned specifics go to the summary prompt as must-keep; a summary that drops one is flagged', async () => {
    const state: ThreadState = {};
    const [needle] = extractSpecifics('4,817 kg');
    toggleSpecificPin(state, needle!);
    const { requests, entries } = await summarizeOnce(longThread(12), state);
    const prompt = requests[0]!.messages[0]!.content;
    expect(prompt).toContain('MUST appear in the summary');
    expect(prompt).toContain('- 4,817 kg');
    expect(recordOf(entries, 'summarize').pinnedDropped).toEqual(['4,817 kg']);
    expect(
      recordOf(entries, 'summarize')
        .lost.concat(recordOf(entries, 'summarize').recoverable)
        .find((s) => s.text === '4,817 kg')?.pinned,
    ).toBe(true);

    // A summary that keeps it is not flagged.
    const keeping = SUMMARY_DROPPING_NEEDLE.replace(
      'We went through the release steps.',
      'The vault holds 4817 kg of ore.',
    );
    const kept = await summarizeOnce(longThread(12), structuredClone(state), keeping);
    expect(recordOf(kept.entries, 'summarize').pinnedDropped).toBeUndefined();
  });

  it('the Demo summarizer keeps the pinned specifics the summary request lists as must-keep', async () => {
    const thread = longThread(12);
    // The needle only in the second sentence of an answer: the extractive summary would not quote it.
    thread[0] = user('Help me plan the weather-cli release.');
    thread[3] = assistant(`Plan step 1. ${NEEDLE}`);
    const demo = async (request: ModelRequest) => planDemoReply(request).content;
    const plain = await summarizeOnce(thread, {}, undefined, demo);
    expect(recordOf(plain.entries, 'summarize').kept.map((s) => s.text)).not.toContain('4,817 kg');

    const state: ThreadState = {};
    const [needle] = extractSpecifics('4,817 kg');
    toggleSpecificPin(state, needle!);
    const pinned = await summarizeOnce(thread, state, undefined, demo);
    const record = recordOf(pinned.entries, 'summarize');
    expect(record.pinnedDropped).toBeUndefined();
    expect(record.kept.find((s) => s.text === '4,817 kg')).toMatchObject({
      pinned: true,
      where: 'Earlier summary',
    });
    const summary = pinned.sent.messages.find(isSummaryMessage)!.content;
    expect(summary).toContain(
      '- Pinned: 4,817 kg (“The vault holds 4,817 kg of ore and the ledger is',
    );
  });

  it('refuses past the bound with a reason and unpins on a second press', () => {
    const state: ThreadState = {};
    expect(toggleMessagePin(state, 'm1')).toEqual({ ok: true, pinned: true });
    expect(toggleMessagePin(state, 'm1')).toEqual({ ok: true, pinned: false });
    for (let i = 0; i < 200; i++) toggleMessagePin(state, `m${i}`);
    const refused = toggleMessagePin(state, 'one-more');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toContain('At most 200 messages');
  });
});

describe('Compact now', () => {
  it('previews without writing, and applies what it previewed', async () => {
    const counter = await loadEncoder('cl100k_base');
    const fs = await memoryFs();
    const state: ThreadState = {};
    const messages = longThread(4);
    const input = {
      threadId: 'thread_1',
      messages,
      state,
      settings: SETTINGS,
      contextWindow: 128_000,
      counter,
      summarize: async () => SUMMARY_DROPPING_NEEDLE,
      model: 'gpt-4o',
      system: 'You are helpful.',
      fs,
      signal: new AbortController().signal,
      now: () => Date.UTC(2026, 0, 1),
    };
    const files = await fs.list();
    const preview = await previewCompaction(input);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.pending.record.preview).toBe(true);
    expect(texts(preview.pending.record.recoverable)).toContain('4,817 kg');
    // Nothing written, nothing stored.
    expect(await fs.list()).toEqual(files);
    expect(state).toEqual({});

    const entry = await applyCompaction(fs, state, preview.pending);
    expect(entry.kind).toBe('summarize');
    expect(entry.record?.preview).toBeUndefined();
    expect(getCompactionState(state).summary?.summary).toBe(SUMMARY_DROPPING_NEEDLE);
    expect((await fs.read(historyPath('thread_1')))?.content).toContain(NEEDLE);
    // A second apply of the same preview is refused (the thread was compacted since).
    await expect(applyCompaction(fs, state, preview.pending)).rejects.toThrow(/compacted since/);
  });

  it('says when there is nothing to compact', async () => {
    const counter = await loadEncoder('cl100k_base');
    const result = await previewCompaction({
      threadId: 't',
      messages: [user('hi'), assistant('hello')],
      state: {},
      settings: SETTINGS,
      contextWindow: 128_000,
      counter,
      summarize: async () => SUMMARY_DROPPING_NEEDLE,
      model: 'gpt-4o',
      system: '',
      fs: await memoryFs(),
      signal: new AbortController().signal,
    });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('Nothing to compact') });
  });
});

describe('retention over a replay (the arena’s "Specifics kept")', () => {
  const rec = (kept: string[], lost: string[]) =>
    buildCompactionRecord({
      kind: 'strategy',
      before: [],
      after: [{ label: 'Context', text: kept.join(' and ') }],
      removed: [{ label: 'Turn', text: [...kept, ...lost].join(' and ') }],
    });

  it('counts a specific as retained only when no removal left it lost', () => {
    const tally = createRetentionTally();
    tally.add(rec(['4,817 kg', '/srv/a.csv'], []));
    // A later removal loses the path: it no longer counts as retained.
    tally.add(rec(['4,817 kg'], ['/srv/a.csv']));
    tally.add(rec([], ['Grace Hopper']));
    expect(tally.result()).toEqual({ specifics: 3, retained: 1, inContext: 1, removals: 3 });
    expect(retentionShare(tally.result())).toBeCloseTo(1 / 3);
    expect(retentionShare(createRetentionTally().result())).toBeNull();
  });

  it('a replay measures it per strategy: sequential removes nothing, a window of 1 loses the early needle', async () => {
    const turn = (n: number, text: string, answer: string) => [
      { role: 'user' as const, id: `u${n}`, content: text, createdAt: n * 1000 },
      { role: 'assistant' as const, id: `a${n}`, content: answer, createdAt: n * 1000 + 1 },
    ];
    const transcript: Transcript = {
      id: 'needle',
      title: 'needle',
      source: 'scenario',
      messages: [
        ...turn(1, NEEDLE, 'Noted.'),
        ...turn(2, 'Tell me a joke.', 'Why did the chicken cross the road?'),
        ...turn(3, 'What is two plus two?', 'Four.'),
      ],
      probes: [],
    };
    const window1 = defaultSelection('sliding-window');
    window1.settings = { ...window1.settings, windowTurns: 1 };
    const [seq, win] = await runArena({
      transcript,
      entries: [
        { key: 'seq', label: 'seq', selection: defaultSelection('sequential') },
        { key: 'win', label: 'win', selection: window1 },
      ],
      counter: createApproximateCounter(),
      signal: new AbortController().signal,
    });
    expect(seq!.retention).toEqual({ specifics: 0, retained: 0, inContext: 0, removals: 0 });
    expect(totalsOf(seq!).specificsKept).toBeNull();
    expect(win!.retention?.removals).toBeGreaterThan(0);
    expect(win!.retention?.specifics).toBeGreaterThanOrEqual(2);
    expect(totalsOf(win!).specificsKept).toBe(0);
  });
});

describe('labels', () => {
  it('quotes the start of a message on one line, whatever its length or whitespace', () => {
    const naive = (text: string, max = 40) => {
      const line = text.replace(/\s+/g, ' ').trim();
      return line.length > max ? `${line.slice(0, max - 1)}…` : line;
    };
    const texts = [
      '',
      '   ',
      'short',
      '  leading and trailing  ',
      'exactly forty characters long, no more!!',
      'exactly forty-one characters long, no more',
      `word${' '.repeat(5_000)}after a long run of spaces`,
      'tabs\tand\nnew\r\nlines\u00a0and nbsp',
      'x'.repeat(200_000),
      `${'a b '.repeat(30)}\n\n\n`,
    ];
    for (const text of texts)
      for (const max of [1, 2, 10, 40]) expect(snippet(text, max)).toBe(naive(text, max));
  });
});
