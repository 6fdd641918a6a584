// The Retrieval strategy on a thread whose messages carry their speakers' names (an imported
// conversation between two people): documents say who said what, and the ranker knows the names
// without inferring them.
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../agent/types';
import { bm25Rank } from '../../harness/pipeline';
import { splitTurns } from '../turns';
import { conversationMessages, documents, rankDocuments } from './retrieval';

const AT = Date.UTC(2023, 4, 8, 13, 0);
const line = (i: number, speaker: 'Caroline' | 'Melanie', content: string): ModelMessage =>
  speaker === 'Caroline'
    ? { role: 'user', id: `D1:${i}`, content, createdAt: AT + i * 60_000, speaker }
    : { role: 'assistant', id: `D1:${i}`, content, createdAt: AT + i * 60_000, speaker };

// Nobody addresses anybody by name here, so only the names the messages carry tell who is who.
const turns = splitTurns([
  line(1, 'Caroline', 'I went to a support group yesterday.'),
  line(2, 'Melanie', 'I painted a lake at sunrise last week.'),
  line(3, 'Caroline', 'I painted a sunset after the group.'),
  line(4, 'Melanie', 'The weather has been lovely.'),
]);

describe('retrieval over a conversation with named speakers', () => {
  it('documents name the speaker instead of the role; the ranker reads the names', () => {
    const messages = documents(turns, 'message', false);
    expect(messages.map((d) => d.text)).toEqual([
      'Caroline said: I went to a support group yesterday.',
      'Melanie said: I painted a lake at sunrise last week.',
      'Caroline said: I painted a sunset after the group.',
      'Melanie said: The weather has been lovely.',
    ]);
    expect(messages[1]!.label).toBe('turn 1, Melanie');
    expect(documents(turns, 'turn', false)[0]!.text).toBe(
      'Caroline: I went to a support group yesterday.\nMelanie: I painted a lake at sunrise last week.',
    );
    expect(conversationMessages(turns)[0]).toMatchObject({ speaker: 'Caroline', name: 'Caroline' });
  });

  it('a question naming one speaker favours that speaker’s messages', async () => {
    const env = { rank: bm25Rank(), count: () => 0 };
    const docs = documents(turns, 'message', false);
    const ask = (question: string) =>
      rankDocuments(env, question, turns, docs, { k: 1, ranking: 'conversation' });
    const melanie = await ask('What did Melanie paint?');
    expect(melanie.method).toContain('speaker (Melanie)');
    expect(melanie.ranked[0]!.doc.messageIds).toEqual(['D1:2']);
    const caroline = await ask('What did Caroline paint?');
    expect(caroline.method).toContain('speaker (Caroline)');
    expect(caroline.ranked[0]!.doc.messageIds).toEqual(['D1:3']);
  });

  it('the method line says the day a question names and that it asks for a name', async () => {
    const env = { rank: bm25Rank(), count: () => 0 };
    const docs = documents(turns, 'message', false);
    const { method } = await rankDocuments(
      env,
      'Where did Caroline paint a sunset on 8 May, 2023?',
      turns,
      docs,
      { k: 1, ranking: 'conversation' },
    );
    expect(method).toContain('dates (May 2023, 8 May 2023)');
    expect(method).toContain('answer type (a name)');
  });

  it('the method line names the word families and the first place they ordered', async () => {
    const env = { rank: bm25Rank(), count: () => 0 };
    // The last line, days later, shares no word with the question, only a word's family.
    const thread = splitTurns([
      line(1, 'Caroline', 'I collect stamps from old letters.'),
      line(2, 'Melanie', 'That sounds like a calm hobby.'),
      line(5000, 'Caroline', 'My coin collection grew a lot this year.'),
      line(5001, 'Melanie', 'The weather has been lovely.'),
    ]);
    const docs = documents(thread, 'message', false);
    const ask = (question: string) =>
      rankDocuments(env, question, thread, docs, { k: 2, ranking: 'conversation' });
    // No speaker named: the ranking scores the match and its neighbour only.
    const { method, ranked } = await ask('What does she collect?');
    // The ranking scores two messages, so the family orders the places from the third on.
    expect(method).toContain('word families from place 3 (collection)');
    expect(ranked.filter((r) => r.score > 0).map((r) => r.doc.messageIds![0])).toEqual([
      'D1:1',
      'D1:2',
      'D1:5000',
      'D1:5001',
    ]);
    // A question whose words have no other family member in the thread: nothing said.
    const stamps = await ask('old stamps');
    expect(stamps.method).not.toContain('word families');
  });
});
