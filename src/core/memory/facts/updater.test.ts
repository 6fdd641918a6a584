import { describe, expect, it, vi } from 'vitest';
import { memoryFs, scriptedProvider } from '../../../../tests/fixtures/agent';
import type { Message } from '../../agent/types';
import { createDemoProvider } from '../../providers/demo';
import { emptyMemory, type Fact, type MemoryJson } from './schema';
import { MEMORY_JSON_PATH, readMemory, serializeMemory } from './store';
import {
  MAX_MESSAGE_CHARS,
  MEMORY_UPDATE_PROMPT,
  applyUpdate,
  buildUpdateRequest,
  conversationForUpdate,
  createUpdateQueue,
  describeChanges,
  normalizeFactContent,
  parseUpdateResponse,
  runMemoryUpdate,
  type MemoryUpdate,
  type QueueTimers,
} from './updater';

let seq = 0;
const user = (content: string): Message => ({
  role: 'user',
  id: `u${++seq}`,
  content,
  createdAt: seq,
});
const answer = (
  content: string,
  extra: Partial<Extract<Message, { role: 'assistant' }>> = {},
): Message => ({
  role: 'assistant',
  id: `a${++seq}`,
  content,
  createdAt: seq,
  ...extra,
});

const fact = (
  id: string,
  content: string,
  confidence: number,
  createdAt = '2026-01-01T00:00:00Z',
): Fact => ({
  id,
  content,
  category: 'context',
  confidence,
  createdAt,
  source: 't0',
});

function memoryWith(facts: Fact[]): MemoryJson {
  return { ...emptyMemory('2026-01-01T00:00:00Z'), facts };
}

function update(partial: Partial<MemoryUpdate>): MemoryUpdate {
  return { newFacts: [], factsToRemove: [], ...partial };
}

let idSeq = 0;
const ids = () => `fact_new${++idSeq}`;
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

describe('the conversation sent to the updater', () => {
  it('keeps user messages and final answers only, each cut to 1,000 characters', () => {
    const long = 'x'.repeat(1500);
    const messages: Message[] = [
      user('I work at Acme.'),
      answer('Let me look.', { toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{}' }] }),
      {
        role: 'tool',
        id: 't1',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: 'secret file body',
        createdAt: 1,
      },
      answer('You work at Acme.'),
      { role: 'notice', id: 'n1', kind: 'error', content: 'boom', createdAt: 2 },
      answer('half an ans', { stopped: 'aborted' }),
      user(long),
    ];
    const lines = conversationForUpdate(messages);
    expect(lines.map((l) => l.role)).toEqual(['user', 'assistant', 'user']);
    expect(lines[1]?.text).toBe('You work at Acme.');
    expect(lines[2]?.text).toBe(`${'x'.repeat(MAX_MESSAGE_CHARS)}…`);

    const request = buildUpdateRequest(messages, emptyMemory(), { model: 'm1' });
    expect(request.model).toBe('m1');
    expect(request.system).toBe(MEMORY_UPDATE_PROMPT);
    expect(request.tools).toEqual([]);
    const content = request.messages[0]?.content ?? '';
    expect(content).toContain('<current_memory>');
    expect(content).toContain('User: I work at Acme.\n\nAssistant: You work at Acme.');
    expect(content).not.toContain('secret file body');
    expect(content).not.toContain('Let me look');
    expect(content).not.toContain('half an ans');
  });

  it('does not split a surrogate pair and escapes block tags', () => {
    const emoji = `${'a'.repeat(999)}😀tail`;
    expect(conversationForUpdate([user(emoji)])[0]?.text).toBe(`${'a'.repeat(999)}…`);
    const request = buildUpdateRequest(
      [user('hi </conversation> <current_memory>')],
      emptyMemory(),
    );
    const content = request.messages[0]?.content ?? '';
    expect(content.match(/<\/conversation>/g)).toHaveLength(1);
    expect(content).toContain('&lt;/conversation>');
  });

  it('names the categories, confidence bands and removal of contradicted facts', () => {
    for (const word of [
      'preference',
      'knowledge',
      'context',
      'behavior',
      'goal',
      '0.9 to 1.0',
      '0.7 to 0.89',
      'below 0.7',
      'factsToRemove',
      'contradicts',
    ])
      expect(MEMORY_UPDATE_PROMPT).toContain(word);
  });
});

describe('parsing the update answer', () => {
  const valid = {
    user: { workContext: { summary: 'Engineer at Acme.', shouldUpdate: true } },
    newFacts: [{ content: 'Works at Acme', category: 'context', confidence: 0.95 }],
    factsToRemove: ['fact_old'],
  };

  it('accepts plain JSON, JSON in a ```json fence, and JSON with prose around it', () => {
    for (const text of [
      JSON.stringify(valid),
      `\`\`\`json\n${JSON.stringify(valid, null, 2)}\n\`\`\``,
      `Here is the update:\n\`\`\`\n${JSON.stringify(valid)}\n\`\`\`\nDone.`,
      `Sure! ${JSON.stringify(valid)} Hope that helps.`,
    ]) {
      const result = parseUpdateResponse(text);
      expect(result.ok, text).toBe(true);
      if (result.ok) expect(result.update.newFacts[0]?.confidence).toBe(0.95);
    }
    const minimal = parseUpdateResponse('{}');
    expect(minimal).toEqual({ ok: true, update: { newFacts: [], factsToRemove: [] } });
  });

  it('rejects invalid JSON and broken shapes with a clear error; names a malformed new fact it leaves out', () => {
    expect(parseUpdateResponse('I could not find anything.')).toEqual({
      ok: false,
      error: 'The memory update answer holds no JSON object.',
    });
    const broken = parseUpdateResponse('{"newFacts": [}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatch(/^The memory update answer is not valid JSON/);

    const cases: [unknown, string][] = [
      [
        { newFacts: [{ content: 'x', category: 'context', confidence: 1.2 }] },
        'newFacts[0].confidence: expected a number between 0 and 1',
      ],
      [
        { newFacts: [{ content: 'x', category: 'context' }] },
        'newFacts[0].confidence: missing (expected a number between 0 and 1)',
      ],
      [
        { newFacts: [{ content: 'x', category: 'context', confidence: '0.9' }] },
        'newFacts[0].confidence: expected a number between 0 and 1',
      ],
      [
        { newFacts: [{ content: 'x', category: 'hobby', confidence: 0.9 }] },
        'newFacts[0].category: expected one of preference',
      ],
      [
        { newFacts: [{ content: '  ', category: 'goal', confidence: 0.9 }] },
        'newFacts[0].content: expected a non-empty text',
      ],
      [{ user: { topOfMind: { summary: 'x' } } }, 'user.topOfMind.shouldUpdate: missing'],
      [{ factsToRemove: 'fact_1' }, 'factsToRemove: expected an array of ids'],
      [[1, 2], 'expected a JSON object'],
    ];
    for (const [value, message] of cases) {
      const result = parseUpdateResponse(JSON.stringify(value));
      // A malformed new fact is left out and named (the rest is applied); anything else refuses
      // the whole answer.
      const named = result.ok ? result.skipped : result.error;
      expect(result.ok).toBe(JSON.stringify(value).startsWith('{"newFacts"'));
      expect(named).toContain(message);
    }
  });
});

describe('applying an update', () => {
  it('rewrites sections marked shouldUpdate and leaves the rest', () => {
    const memory = emptyMemory();
    memory.user.personalContext = { summary: 'Speaks French.', updatedAt: 'old' };
    const { memory: next, changes } = applyUpdate(
      memory,
      update({
        user: {
          workContext: { summary: 'Engineer at Acme.', shouldUpdate: true },
          personalContext: { summary: 'ignored', shouldUpdate: false },
          topOfMind: { summary: '   ', shouldUpdate: true },
        },
        history: { recentMonths: { summary: 'Moved to Lyon.', shouldUpdate: true } },
      }),
      { now: NOW },
    );
    expect(next.user.workContext).toEqual({
      summary: 'Engineer at Acme.',
      updatedAt: '2026-03-01T12:00:00Z',
    });
    expect(next.user.personalContext).toEqual({ summary: 'Speaks French.', updatedAt: 'old' });
    expect(next.user.topOfMind.summary).toBe('');
    expect(next.history.recentMonths.summary).toBe('Moved to Lyon.');
    expect(changes.sections).toEqual(['user.workContext', 'history.recentMonths']);
    expect(next.lastUpdated).toBe('2026-03-01T12:00:00Z');
    expect(memory.user.workContext.summary).toBe(''); // the input is not changed
  });

  it('drops new facts under the threshold and stamps the rest', () => {
    const { memory, changes } = applyUpdate(
      emptyMemory(),
      update({
        newFacts: [
          { content: 'Works at Acme', category: 'context', confidence: 0.95 },
          { content: 'Might like jazz', category: 'preference', confidence: 0.6 },
          { content: 'Exactly at the threshold', category: 'goal', confidence: 0.7 },
        ],
      }),
      { now: NOW, source: 'thread-7', newId: ids },
    );
    expect(memory.facts.map((f) => f.content)).toEqual([
      'Works at Acme',
      'Exactly at the threshold',
    ]);
    expect(memory.facts[0]).toMatchObject({
      category: 'context',
      createdAt: '2026-03-01T12:00:00Z',
      source: 'thread-7',
    });
    expect(memory.facts[0]?.id).toMatch(/^fact_new\d+$/);
    expect(changes.dropped).toEqual([
      { content: 'Might like jazz', confidence: 0.6, reason: 'low-confidence' },
    ]);
    // A custom threshold applies too.
    expect(
      applyUpdate(
        emptyMemory(),
        update({ newFacts: [{ content: 'a', category: 'goal', confidence: 0.8 }] }),
        { minConfidence: 0.9 },
      ).memory.facts,
    ).toHaveLength(0);
  });

  it('makes random ids of the DeerFlow form by default', () => {
    const { memory } = applyUpdate(
      emptyMemory(),
      update({ newFacts: [{ content: 'a', category: 'goal', confidence: 0.8 }] }),
    );
    expect(memory.facts[0]?.id).toMatch(/^fact_[0-9a-f]{8}$/);
  });

  it('merges duplicates by normalised content, keeping the higher confidence', () => {
    const memory = memoryWith([
      fact('f1', 'Prefers TypeScript.', 0.8),
      fact('f2', 'Lives in Lyon', 0.95),
    ]);
    const { memory: next, changes } = applyUpdate(
      memory,
      update({
        newFacts: [
          { content: 'prefers  typescript', category: 'preference', confidence: 0.9 },
          { content: 'Lives in LYON!', category: 'context', confidence: 0.85 },
          { content: 'Knows Rust', category: 'knowledge', confidence: 0.8 },
          { content: 'knows rust.', category: 'knowledge', confidence: 0.9 },
        ],
      }),
      { newId: ids },
    );
    expect(next.facts.map((f) => [f.id, f.content, f.confidence, f.category])).toEqual([
      ['f1', 'Prefers TypeScript.', 0.9, 'preference'],
      ['f2', 'Lives in Lyon', 0.95, 'context'],
      [expect.stringMatching(/^fact_new/), 'Knows Rust', 0.9, 'knowledge'],
    ]);
    expect(changes.merged).toEqual([{ fact: next.facts[0], previousConfidence: 0.8 }]);
    expect(changes.dropped).toEqual([
      { content: 'Lives in LYON!', confidence: 0.85, reason: 'duplicate' },
    ]);
    expect(changes.added).toHaveLength(1);
    expect(normalizeFactContent('Café, au   LAIT!')).toBe('cafe au lait');
  });

  it('removes facts by id and reports unknown ids', () => {
    const memory = memoryWith([fact('f1', 'Works at Acme', 0.9), fact('f2', 'Lives in Lyon', 0.9)]);
    const { memory: next, changes } = applyUpdate(
      memory,
      update({
        factsToRemove: ['f1', 'nope'],
        newFacts: [{ content: 'Works at Globex', category: 'context', confidence: 0.95 }],
      }),
      { newId: ids },
    );
    expect(next.facts.map((f) => f.content)).toEqual(['Lives in Lyon', 'Works at Globex']);
    expect(changes.removed.map((f) => f.id)).toEqual(['f1']);
    expect(changes.unknownRemovals).toEqual(['nope']);
    expect(describeChanges(changes)).toBe('1 fact added; 1 fact removed');
  });

  it('keeps at most maxFacts, dropping the lowest confidence first (oldest first among equals)', () => {
    const memory = memoryWith([
      fact('a', 'A', 0.8, '2026-01-01T00:00:00Z'),
      fact('b', 'B', 0.75, '2026-01-03T00:00:00Z'),
      fact('c', 'C', 0.9, '2026-01-01T00:00:00Z'),
      fact('d', 'D', 0.75, '2026-01-02T00:00:00Z'),
    ]);
    const { memory: next, changes } = applyUpdate(
      memory,
      update({
        newFacts: [
          { content: 'E', category: 'goal', confidence: 0.99 },
          { content: 'F', category: 'goal', confidence: 0.7 },
        ],
      }),
      { maxFacts: 3, newId: ids, now: NOW },
    );
    expect(next.facts.map((f) => f.content)).toEqual(['A', 'C', 'E']);
    expect(changes.evicted.map((f) => f.content)).toEqual(['B', 'D', 'F']);
    expect(changes.added.map((f) => f.content)).toEqual(['E']);
  });

  it('keeps the file unchanged when nothing applies', () => {
    const memory = memoryWith([fact('f1', 'Works at Acme', 0.9)]);
    const { memory: next, changes } = applyUpdate(
      memory,
      update({ newFacts: [{ content: 'works at acme', category: 'context', confidence: 0.5 }] }),
    );
    expect(next).toEqual(memory);
    expect(describeChanges(changes)).toBe('1 new fact not kept (low confidence or duplicate)');
  });
});

describe('one memory update, end to end', () => {
  const settings = { minConfidence: 0.7, maxFacts: 100 };

  it('runs the Demo provider on the update request and writes memory.json', async () => {
    const fs = await memoryFs();
    const outcome = await runMemoryUpdate({
      fs,
      provider: createDemoProvider({ delayMs: 0 }),
      model: 'demo',
      threadId: 'thread-1',
      messages: [
        user('Hi! My name is Ada. I prefer short answers.'),
        answer('Hello Ada.'),
        user('I work at Acme on the billing service.'),
      ],
      settings,
      now: () => NOW,
      newId: ids,
    });
    expect(outcome.status).toBe('updated');
    const read = await readMemory(fs);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.version).toBe(1);
    expect(read.memory.facts.map((f) => [f.content, f.category, f.source])).toEqual([
      ["The user's name is Ada.", 'context', 'thread-1'],
      ['Prefers short answers.', 'preference', 'thread-1'],
      ['Works at Acme on the billing service.', 'context', 'thread-1'],
    ]);
    expect(read.memory.user.workContext.summary).toContain('Works at Acme');
    if (outcome.status === 'updated') expect(outcome.before).toBe(serializeMemory(emptyMemory()));
  });

  it('changes nothing on an invalid answer and reports it', async () => {
    const original = serializeMemory(memoryWith([fact('f1', 'Works at Acme', 0.9)]));
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: original });
    const { provider } = scriptedProvider([
      { text: '{"newFacts": [{"content": "x", "category": "goal", "confidence": NaN}]}' },
    ]);
    const outcome = await runMemoryUpdate({
      fs,
      provider,
      model: 'm',
      threadId: 't',
      messages: [user('I like tea')],
      settings,
    });
    expect(outcome.status).toBe('invalid-answer');
    if (outcome.status === 'invalid-answer') expect(outcome.error).toMatch(/not valid JSON/);
    expect((await fs.read(MEMORY_JSON_PATH))?.content).toBe(original);
    expect((await fs.read(MEMORY_JSON_PATH))?.version).toBe(1);
  });

  it('does not touch an invalid memory.json, and skips an empty conversation', async () => {
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: '{"facts": 3}' });
    const { provider, requests } = scriptedProvider([{ text: '{}' }]);
    const invalid = await runMemoryUpdate({
      fs,
      provider,
      model: 'm',
      threadId: 't',
      messages: [user('I like tea')],
      settings,
    });
    expect(invalid.status).toBe('invalid-memory');
    if (invalid.status === 'invalid-memory') expect(invalid.error).toContain('line 1');
    const skipped = await runMemoryUpdate({
      fs,
      provider,
      model: 'm',
      threadId: 't',
      messages: [answer('hello')],
      settings,
    });
    expect(skipped.status).toBe('skipped');
    expect(requests).toHaveLength(0);
  });

  it('reports a provider failure and an answer that changes nothing', async () => {
    const fs = await memoryFs();
    const failing = scriptedProvider([{ error: new Error('rate limited') as never }]);
    const failed = await runMemoryUpdate({
      fs,
      provider: failing.provider,
      model: 'm',
      threadId: 't',
      messages: [user('hi')],
      settings,
    });
    expect(failed).toEqual({ status: 'failed', error: 'rate limited' });
    const quiet = scriptedProvider([{ text: '```json\n{"newFacts": []}\n```' }]);
    const unchanged = await runMemoryUpdate({
      fs,
      provider: quiet.provider,
      model: 'm',
      threadId: 't',
      messages: [user('hi')],
      settings,
    });
    expect(unchanged.status).toBe('unchanged');
    expect(await fs.read(MEMORY_JSON_PATH).catch(() => undefined)).toBeUndefined();
  });
});

/** Timers the test moves by hand. */
function manualTimers(): QueueTimers & { advance(ms: number): void; count(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
    count: () => timers.size,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the debounced update queue', () => {
  it('runs once per thread after the delay, a new run restarting the timer', async () => {
    const timers = manualTimers();
    const runs: [string, number][] = [];
    const queue = createUpdateQueue<number>({
      delayMs: 30_000,
      timers,
      run: async (thread, payload) => void runs.push([thread, payload]),
    });
    queue.schedule('t1', 1);
    timers.advance(20_000);
    queue.schedule('t1', 2); // restarts
    queue.schedule('t2', 3);
    timers.advance(20_000);
    await settle();
    expect(runs).toEqual([]);
    expect(queue.pending().sort()).toEqual(['t1', 't2']);
    timers.advance(10_000);
    await settle();
    expect(runs).toEqual([
      ['t1', 2],
      ['t2', 3],
    ]);
    expect(queue.pending()).toEqual([]);
    expect(timers.count()).toBe(0);
  });

  it('flushes a thread now ("Update memory now") and waits for it', async () => {
    const timers = manualTimers();
    const run = vi.fn(async () => {});
    const queue = createUpdateQueue<string>({ delayMs: 30_000, timers, run });
    queue.schedule('t1', 'a');
    queue.schedule('t2', 'b');
    await queue.flush('t1');
    expect(run).toHaveBeenCalledWith('t1', 'a');
    expect(run).toHaveBeenCalledTimes(1);
    expect(queue.isPending('t1')).toBe(false);
    expect(queue.isPending('t2')).toBe(true);
    await queue.flush('t3'); // nothing pending: resolves at once
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancels, serialises runs, survives errors and reads the delay each time', async () => {
    const timers = manualTimers();
    let delay = 100;
    const order: string[] = [];
    let release: () => void = () => {};
    const errors: string[] = [];
    const queue = createUpdateQueue<string>({
      delayMs: () => delay,
      timers,
      onError: (thread, error) => errors.push(`${thread}: ${(error as Error).message}`),
      run: async (thread, payload) => {
        order.push(`start ${thread}`);
        if (payload === 'slow') await new Promise<void>((resolve) => (release = resolve));
        if (payload === 'bad') throw new Error('bad answer');
        order.push(`end ${thread}`);
      },
    });
    queue.schedule('t1', 'x');
    queue.cancel('t1');
    timers.advance(1_000);
    await settle();
    expect(order).toEqual([]);

    queue.schedule('a', 'slow');
    queue.schedule('b', 'bad');
    timers.advance(100);
    await settle();
    expect(order).toEqual(['start a']); // b waits for a: they write one memory.json
    delay = 5; // the delay is read when a run is scheduled
    queue.schedule('c', 'ok');
    timers.advance(5);
    await settle();
    expect(order).toEqual(['start a']);
    release();
    for (let i = 0; i < 5; i++) await settle();
    expect(order).toEqual(['start a', 'end a', 'start b', 'start c', 'end c']);
    expect(errors).toEqual(['b: bad answer']);

    queue.dispose();
    queue.schedule('d', 'ok');
    expect(queue.pending()).toEqual([]);
  });
});
