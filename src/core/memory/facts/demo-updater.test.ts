import { describe, expect, it } from 'vitest';
import type { Message, ModelRequest } from '../../agent/types';
import { DEMO_TAG, createDemoProvider, planDemoReply } from '../../providers/demo';
import { demoMemoryUpdate, factsFrom } from './demo-updater';
import { emptyMemory, type MemoryJson } from './schema';
import { buildUpdateRequest, parseUpdateResponse } from './updater';

let seq = 0;
const user = (content: string): Message => ({
  role: 'user',
  id: `u${++seq}`,
  content,
  createdAt: seq,
});
const assistant = (content: string): Message => ({
  role: 'assistant',
  id: `a${++seq}`,
  content,
  createdAt: seq,
});

function answerFor(messages: Message[], memory: MemoryJson = emptyMemory()) {
  const text = demoMemoryUpdate(buildUpdateRequest(messages, memory, { model: 'demo' }));
  expect(text).toBeDefined();
  const parsed = parseUpdateResponse(text ?? '');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.update;
}

describe('the Demo provider as memory updater', () => {
  it('answers only update requests', () => {
    const chat: ModelRequest = {
      model: 'demo',
      system: 'You are helpful.',
      messages: [user('I prefer tea') as never],
      tools: [],
    };
    expect(demoMemoryUpdate(chat)).toBeUndefined();
  });

  it('extracts simple stated facts with categories and confidences', () => {
    const update = answerFor([
      user('Hi! My name is Ada Lovelace. I prefer concise answers with code.'),
      assistant('Nice to meet you, Ada. I prefer long answers.'),
      user(
        "I work at Acme. I work on the billing service in Go. I'm learning Rust. Remember that the staging database is read-only.",
      ),
      user('What is my name?'),
    ]);
    expect(update.newFacts).toEqual([
      { content: "The user's name is Ada Lovelace.", category: 'context', confidence: 0.95 },
      { content: 'Prefers concise answers with code.', category: 'preference', confidence: 0.95 },
      { content: 'Works at Acme.', category: 'context', confidence: 0.95 },
      { content: 'Works on the billing service in Go.', category: 'context', confidence: 0.95 },
      { content: 'Is learning Rust.', category: 'goal', confidence: 0.9 },
      { content: 'The staging database is read-only.', category: 'context', confidence: 0.95 },
    ]);
    expect(update.user?.workContext).toEqual({
      summary: 'Works at Acme. Works on the billing service in Go.',
      shouldUpdate: true,
    });
    expect(update.user?.topOfMind).toEqual({ summary: 'Is learning Rust.', shouldUpdate: true });
    expect(update.history?.recentMonths?.shouldUpdate).toBe(false);
  });

  it('keeps "remember" facts in their own words and refuses secrets', () => {
    expect(factsFrom('Please remember that I prefer dark mode.')).toEqual([
      { content: 'Prefers dark mode.', category: 'preference', confidence: 1 },
    ]);
    expect(factsFrom('remember my API key is sk-abcdefghijkl')).toEqual([]);
    expect(factsFrom('Do you prefer tea?')).toEqual([]);
    expect(factsFrom('I usually deploy on Fridays')).toEqual([
      { content: 'Usually deploy on Fridays.', category: 'behavior', confidence: 0.85 },
    ]);
  });

  it('does not repeat known facts, and replaces or forgets old ones by id', () => {
    const memory = emptyMemory();
    memory.facts = [
      {
        id: 'f_name',
        content: "The user's name is Ada.",
        category: 'context',
        confidence: 0.95,
        createdAt: '',
        source: 't',
      },
      {
        id: 'f_job',
        content: 'Works at Acme.',
        category: 'context',
        confidence: 0.95,
        createdAt: '',
        source: 't',
      },
      {
        id: 'f_tea',
        content: 'Likes green tea.',
        category: 'preference',
        confidence: 0.9,
        createdAt: '',
        source: 't',
      },
    ];
    const update = answerFor(
      [user('My name is Ada. I work at Globex now. Forget that I like green tea.')],
      memory,
    );
    expect(update.newFacts.map((f) => f.content)).toEqual(['Works at Globex.']);
    expect(update.factsToRemove.sort()).toEqual(['f_job', 'f_tea']);
  });

  it('finds facts in ordinary sentences, one per clause, with the user as the subject (issue 33)', () => {
    const update = answerFor(
      [
        user("hey there, I'm Priya, a data engineer in Lisbon"),
        assistant('Hi Priya! Saved to /memories/AGENTS.md.'),
        user('I prefer Python'),
        user('my manager is Tomás'),
        user("I work at Acme and I'm learning Rust."),
      ],
      emptyMemory(),
    );
    expect(update.newFacts.map((f) => f.content)).toEqual([
      "The user's name is Priya.",
      'Is a data engineer.',
      'Lives in Lisbon.',
      'Prefers Python.',
      "The user's manager is Tomás.",
      'Works at Acme.',
      'Is learning Rust.',
    ]);
    expect(update.user?.workContext?.summary).toBe(
      "Is a data engineer. The user's manager is Tomás. Works at Acme.",
    );
  });

  it('is what planDemoReply and the provider answer, as pure JSON without the demo tag', async () => {
    const request = buildUpdateRequest([user('I live in Lyon.')], emptyMemory(), { model: 'demo' });
    const reply = planDemoReply(request);
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).not.toContain(DEMO_TAG);
    expect(JSON.parse(reply.content).newFacts).toEqual([
      { content: 'Lives in Lyon.', category: 'context', confidence: 0.95 },
    ]);
    const response = await createDemoProvider({ delayMs: 0 }).complete(request, {
      signal: new AbortController().signal,
    });
    expect(response.message.content).toBe(reply.content);
    // Deterministic.
    expect(planDemoReply(request).content).toBe(reply.content);
  });
});
